import { LookupErrorKeys, type LookupRow } from '@hcm/contracts/payroll-lookup-tables';
import { describe, expect, it } from 'vitest';
import vi from '../../../../../../shared/ui/i18n/vi.json' with { type: 'json' };
import en from '../../../../../../shared/ui/i18n/en.json' with { type: 'json' };
import { STATUTORY_TABLES } from '../statutory/data/tables.ts';
import { storedFormOf } from './seed.ts';
import { checkRows, checkTableShape, type TableShape } from './validate.ts';

const bands: TableShape = {
  kind: 'band',
  keyType: 'MONEY',
  columns: [
    { code: 'THUE_SUAT', type: 'PERCENT' },
    { code: 'GIAM_TRU', type: 'MONEY' },
  ],
};
const keyed: TableShape = {
  kind: 'keyed',
  keyType: 'TEXT',
  columns: [
    { code: 'HE_SO', type: 'NUMBER' },
    { code: 'TU_NGAY', type: 'DATE' },
  ],
};
const band = (key: number | null, rate: number | string = 5, minus: number | string = 0): LookupRow => ({
  key,
  values: { THUE_SUAT: rate, GIAM_TRU: minus },
});
const codes = (errors: ReturnType<typeof checkRows>) => errors.map((e) => [e.field, e.code, e.params]);

describe('a lookup table version is checked before it is written', () => {
  it('takes the statutory income-tax bands as they are', () => {
    for (const table of STATUTORY_TABLES.map(storedFormOf))
      for (const version of table.versions) expect(checkRows(bands, version.rows)).toEqual([]);
  });

  it('refuses band bounds that do not ascend strictly, naming the row and both bounds', () => {
    expect(codes(checkRows(bands, [band(10), band(10), band(5), band(null)]))).toEqual([
      ['rows[1].key', LookupErrorKeys.bandOrder, { row: 2, bound: 10, previous: 10 }],
      ['rows[2].key', LookupErrorKeys.bandOrder, { row: 3, bound: 5, previous: 10 }],
    ]);
  });

  it('wants exactly one open band, the last', () => {
    expect(codes(checkRows(bands, [band(10), band(20)]))).toEqual([
      ['rows[1].key', LookupErrorKeys.openBand, { row: 2 }],
    ]);
    expect(codes(checkRows(bands, [band(null), band(20), band(null)]))).toEqual([
      ['rows[0].key', LookupErrorKeys.openBand, { row: 1 }],
    ]);
    expect(codes(checkRows(bands, [band(null)]))).toEqual([]);
  });

  it('refuses a band bound that is not a number', () => {
    expect(
      codes(checkRows(bands, [{ key: '10', values: { THUE_SUAT: 5, GIAM_TRU: 0 } }, band(null)])),
    ).toEqual([['rows[0].key', LookupErrorKeys.keyType, { row: 1, type: 'MONEY' }]]);
  });

  it('refuses values of the wrong type, missing or of an unknown column', () => {
    expect(
      codes(
        checkRows(bands, [
          band(10, '5%'),
          band(20, 10, 1.5),
          { key: 30, values: { THUE_SUAT: 15 } },
          { key: null, values: { THUE_SUAT: 20, GIAM_TRU: 0, OTHER: 1 } },
        ]),
      ),
    ).toEqual([
      [
        'rows[0].values.THUE_SUAT',
        LookupErrorKeys.valueType,
        { row: 1, column: 'THUE_SUAT', type: 'PERCENT' },
      ],
      // money is whole đồng
      ['rows[1].values.GIAM_TRU', LookupErrorKeys.valueType, { row: 2, column: 'GIAM_TRU', type: 'MONEY' }],
      ['rows[2].values.GIAM_TRU', LookupErrorKeys.valueMissing, { row: 3, column: 'GIAM_TRU' }],
      ['rows[3].values.OTHER', LookupErrorKeys.unknownColumn, { row: 4, column: 'OTHER' }],
    ]);
  });

  it('refuses a keyed table’s repeated key (text without regard to case) and a key of another type', () => {
    const row = (key: string | number | null, date = '2026-01-01'): LookupRow => ({
      key,
      values: { HE_SO: 1.5, TU_NGAY: date },
    });
    expect(
      codes(checkRows(keyed, [row('A1'), row('a1'), row(7), row(null), row('B', '2026-02-30')])),
    ).toEqual([
      ['rows[1].key', LookupErrorKeys.keyDuplicate, { row: 2, key: 'a1', first: 1 }],
      ['rows[2].key', LookupErrorKeys.keyType, { row: 3, type: 'TEXT' }],
      ['rows[3].key', LookupErrorKeys.keyType, { row: 4, type: 'TEXT' }],
      ['rows[4].values.TU_NGAY', LookupErrorKeys.valueType, { row: 5, column: 'TU_NGAY', type: 'DATE' }],
    ]);
  });

  it('refuses a code the catalogue gives, a band table keyed by text and a column twice', () => {
    const shape = (code: string, more: Partial<TableShape> = {}) => ({ code, ...keyed, ...more });
    expect(codes(checkTableShape(shape('LTT_VUNG')))).toEqual([
      ['code', LookupErrorKeys.codeTaken, { code: 'LTT_VUNG' }],
    ]);
    expect(codes(checkTableShape(shape('LUONG_HOP_DONG')))).toEqual([
      ['code', LookupErrorKeys.codeTaken, { code: 'LUONG_HOP_DONG' }],
    ]);
    expect(codes(checkTableShape(shape('BANG_A', { kind: 'band' })))).toEqual([
      ['keyType', LookupErrorKeys.bandKeyType, { type: 'TEXT' }],
    ]);
    expect(
      codes(
        checkTableShape(
          shape('BANG_B', {
            columns: [
              { code: 'A', type: 'NUMBER' },
              { code: 'A', type: 'TEXT' },
            ],
          }),
        ),
      ),
    ).toEqual([['columns[1].code', LookupErrorKeys.columnDuplicate, { column: 'A', row: 1 }]]);
  });

  it('has the words of every error in Vietnamese and English, with the values they carry', () => {
    for (const key of Object.values(LookupErrorKeys)) {
      const name = key.replace('error.', '') as keyof typeof vi.error;
      expect(vi.error[name], key).toBeTypeOf('string');
      expect(en.error[name as keyof typeof en.error], key).toBeTypeOf('string');
    }
    expect(vi.error.lookupBandOrder).toContain('{{previous}}');
    expect(en.error.lookupKeyDuplicate).toContain('{{first}}');
  });
});
