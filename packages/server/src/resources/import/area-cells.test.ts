import { describe, expect, it } from 'vitest';
import type { Tx } from '../../db/database.ts';
import type { ResourceDefinition } from '../types.ts';
import { areaCodeOf, areaProblemsOfRows, foldName, resolveAreaCells } from './area-cells.ts';
import type { Sheet } from './read-sheet.ts';

/* The pure parts of area import cells; the look-ups: services/om/workers/address-imports.test.ts. */

describe('area cells', () => {
  it('fold a name as areas.search_text does: lower case, no accents, đ → d, single spaces', () => {
    expect(foldName('  Thành phố   Hồ Chí Minh ')).toBe('thanh pho ho chi minh');
    expect(foldName('Tỉnh ĐẮK LẮK')).toBe('tinh dak lak');
    // composed or decomposed, the same
    expect(foldName('Hòa'.normalize('NFD'))).toBe(foldName('Hòa'.normalize('NFC')));
  });

  it('read digits as a code, putting back the zeros Excel drops, and nothing else', () => {
    expect(areaCodeOf('province', 1)).toBe('01');
    expect(areaCodeOf('province', ' 79 ')).toBe('79');
    expect(areaCodeOf('ward', 4)).toBe('00004');
    expect(areaCodeOf('ward', '26743')).toBe('26743');
    expect(areaCodeOf('province', 123)).toBeUndefined();
    expect(areaCodeOf('province', 7.9)).toBeUndefined();
    expect(areaCodeOf('province', -1)).toBeUndefined();
    expect(areaCodeOf('province', 'Hà Nội')).toBeUndefined();
  });
});

/** A transaction that answers every select with these areas, counting the selects. */
function fakeAreas() {
  const areas = [
    { code: '01', type: 'PROVINCE', parentCode: null, name: 'Thành phố Hà Nội', shortName: 'Hà Nội' },
    {
      code: '79',
      type: 'PROVINCE',
      parentCode: null,
      name: 'Thành phố Hồ Chí Minh',
      shortName: 'Hồ Chí Minh',
    },
    { code: '00004', type: 'WARD', parentCode: '01', name: 'Phường Ba Đình', shortName: 'Ba Đình' },
    { code: '26743', type: 'WARD', parentCode: '79', name: 'Phường Bến Thành', shortName: 'Bến Thành' },
    // the same name in another province names the ward of the row's province only
    { code: '99999', type: 'WARD', parentCode: '01', name: 'Phường Bến Thành', shortName: 'Bến Thành' },
  ];
  const counter = { selects: 0 };
  const tx = {
    select: () => {
      counter.selects++;
      return { from: () => ({ where: async () => areas }) };
    },
  } as unknown as Tx;
  return { tx, counter };
}

const definition = {
  fields: {
    province: { area: { level: 'province' }, label: { vi: 'Tỉnh', en: 'Province' } },
    ward: { area: { level: 'ward', parent: 'province' }, label: { vi: 'Phường', en: 'Ward' } },
  },
} as unknown as ResourceDefinition;

describe('area look-ups', () => {
  it('read the areas once for 10,000 rows of names, a ward within its row’s province', async () => {
    const { tx, counter } = fakeAreas();
    const cells = [
      ['ha noi', 'Bến Thành'],
      ['Hồ Chí Minh', 'ben thanh'],
      [1, 4],
      ['Đà Lạt', 'Bến Thành'],
    ];
    const sheet: Sheet = {
      columns: [
        { name: 'province', header: 'Tỉnh' },
        { name: 'ward', header: 'Phường' },
      ],
      rows: Array.from({ length: 10_000 }, (_, i) => ({
        rowNumber: i + 2,
        cells: [...(cells[i % cells.length] as unknown[])] as Sheet['rows'][number]['cells'],
      })),
    };
    await resolveAreaCells(tx, definition, sheet);
    expect(counter.selects).toBe(1);
    expect(sheet.rows.slice(0, 4).map((row) => row.cells)).toEqual([
      ['01', '99999'],
      ['79', '26743'],
      ['01', '00004'],
      ['Đà Lạt', 'Bến Thành'],
    ]);

    const rows = sheet.rows.map(({ rowNumber, cells: [province, ward] }) => ({
      rowNumber,
      values: { province, ward },
    }));
    rows.push({ rowNumber: 10_002, values: { province: '01', ward: '26743' } });
    const problems = await areaProblemsOfRows(tx, definition, rows, 'en');
    expect(counter.selects).toBe(2);
    expect([...problems]).toEqual([[10_002, ['Ward: is not a ward of Thành phố Hà Nội (26743)']]]);
  });

  it('read nothing when every area cell is a code', async () => {
    const { tx, counter } = fakeAreas();
    const sheet: Sheet = {
      columns: [{ name: 'province', header: 'Tỉnh' }],
      rows: [{ rowNumber: 2, cells: ['79'] }],
    };
    await resolveAreaCells(tx, definition, sheet);
    expect(counter.selects).toBe(0);
  });
});
