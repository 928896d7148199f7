import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/database.ts';
import { areas } from '../../db/tables/areas.ts';
import type { Language, ResourceDefinition } from '../types.ts';
import { areaFieldsOf } from '../write/area-fields.ts';
import type { Sheet } from './read-sheet.ts';
import type { ImportRow } from './validate-rows.ts';

/*
 * Area columns of an import (contract kind `area`): a province cell may be its code ("79"), its
 * name ("Thành phố Hồ Chí Minh") or its short name ("Hồ Chí Minh", "ho chi minh"); a ward cell
 * its code or its name among the wards of the row's province. The cells become codes before the
 * row checks; what names nothing, or more than one area, stays as typed and fails the row checks
 * (the pattern). Then each row's codes are checked against the areas in force, as a write would
 * (write/area-fields.ts): the import inserts without passing through that check.
 */

type AreaLevel = 'province' | 'ward';
const CURRENT = 'CURRENT';
const CODE_WIDTH: Record<AreaLevel, number> = { province: 2, ward: 5 };
const TYPE_OF: Record<AreaLevel, 'PROVINCE' | 'WARD'> = { province: 'PROVINCE', ward: 'WARD' };

/**
 * Lower case, no diacritics, đ → d, single spaces: "Thành phố Hồ Chí Minh" → "thanh pho ho chi
 * minh". The fold of areas.search_text: services/om/areas builds that column with this one.
 */
export function foldName(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[đĐ]/g, 'd')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/** Lower case and single spaces, accents kept (composed): the first, stricter match. */
const lowerName = (text: string) => text.normalize('NFC').toLocaleLowerCase('vi').replace(/\s+/g, ' ').trim();

/**
 * A cell of digits as the area code it stands for: Excel drops the leading zeros of a number
 * (Hà Nội 01 becomes 1, Phường Ba Đình 00004 becomes 4), so up to the level's width they are put
 * back. Anything else: undefined.
 */
export function areaCodeOf(level: AreaLevel, cell: unknown): string | undefined {
  const text =
    typeof cell === 'number'
      ? Number.isInteger(cell) && cell >= 0
        ? String(cell)
        : ''
      : String(cell).trim();
  return /^\d+$/.test(text) && text.length <= CODE_WIDTH[level]
    ? text.padStart(CODE_WIDTH[level], '0')
    : undefined;
}

interface Area {
  code: string;
  type: string;
  parentCode: string | null;
  name: string;
  shortName: string;
}

/** Every area in force (34 provinces, 3,321 wards): one query, whatever the file. */
async function areasInForce(tx: Tx): Promise<Area[]> {
  return tx
    .select({
      code: areas.code,
      type: areas.type,
      parentCode: areas.parentCode,
      name: areas.name,
      shortName: areas.shortName,
    })
    .from(areas)
    .where(eq(areas.generation, CURRENT));
}

/**
 * The areas of one level by what a cell may say, strictest first: the name as written (any
 * case), the short name as written, then both without accents. A cell is the one area of the
 * first way that finds any; two there name neither. A cell typed without accents is only
 * compared without them: "thanh an" names neither Xã Thanh An nor Xã Thạnh An of Hồ Chí Minh,
 * "Thạnh An" names the second. Wards are keyed within their province.
 */
function nameIndex(all: readonly Area[], level: AreaLevel) {
  const ways = [
    (area: Area) => lowerName(area.name),
    (area: Area) => lowerName(area.shortName),
    (area: Area) => foldName(area.name),
    (area: Area) => foldName(area.shortName),
  ];
  const typed = [lowerName, lowerName, foldName, foldName];
  const maps = ways.map(() => new Map<string, Set<string>>());
  for (const area of all) {
    if (area.type !== TYPE_OF[level]) continue;
    ways.forEach((way, i) => {
      const key = `${area.parentCode ?? ''}\u0000${way(area)}`;
      const map = maps[i] as Map<string, Set<string>>;
      map.set(key, (map.get(key) ?? new Set()).add(area.code));
    });
  }
  /** the code of the one area `text` names (a ward: within `province`), else undefined */
  return (text: string, province = ''): string | undefined => {
    const accented = lowerName(text) !== foldName(text);
    for (const [i, map] of maps.entries()) {
      if (i < 2 && !accented) continue;
      const codes = map.get(`${province}\u0000${(typed[i] as (t: string) => string)(text)}`);
      if (codes) return codes.size === 1 ? [...codes][0] : undefined;
    }
    return undefined;
  };
}

/**
 * Turns the area cells of the sheet into codes: digits into the code (zeros put back), a
 * province's name into its code, then a ward's name into the code of the ward of that name in
 * the row's province (resolved first). A cell naming nothing or two areas stays as typed. One
 * read of the areas in force, and none when every area cell is already a code.
 */
export async function resolveAreaCells(tx: Tx, definition: ResourceDefinition, sheet: Sheet): Promise<void> {
  const indexOf = new Map(sheet.columns.map(({ name }, index) => [name, index]));
  const fields = areaFieldsOf(definition).filter(({ name }) => indexOf.has(name));
  if (fields.length === 0) return;
  const named: typeof fields = [];
  for (const field of fields) {
    const index = indexOf.get(field.name) as number;
    let names = false;
    for (const row of sheet.rows) {
      const cell = row.cells[index];
      if (typeof cell !== 'string' && typeof cell !== 'number') continue;
      const code = areaCodeOf(field.level, cell);
      if (code !== undefined) row.cells[index] = code;
      else if (typeof cell === 'string' && cell.trim() !== '') names = true;
    }
    if (names) named.push(field);
  }
  if (named.length === 0) return;
  const all = await areasInForce(tx);
  // provinces before wards: a ward's name is looked up in its row's province
  const levels: AreaLevel[] = ['province', 'ward'];
  for (const level of levels) {
    const find = nameIndex(all, level);
    for (const { name, parent } of named.filter((field) => field.level === level)) {
      const index = indexOf.get(name) as number;
      const parentIndex = parent === undefined ? undefined : indexOf.get(parent);
      for (const row of sheet.rows) {
        const cell = row.cells[index];
        if (typeof cell !== 'string' || areaCodeOf(level, cell) !== undefined) continue;
        const province = parentIndex === undefined ? undefined : row.cells[parentIndex];
        if (level === 'ward' && typeof province !== 'string') continue;
        const code = find(cell, level === 'ward' ? (province as string) : '');
        if (code) row.cells[index] = code;
      }
    }
  }
}

const say = (language: Language, vi: string, en: string) => (language === 'vi' ? vi : en);

/**
 * The rows whose area codes are not in force at their level, or whose ward is not of the row's
 * province (or has none), with a message per cell: the import's counterpart of refuseBadAreas,
 * on a row's own values. Values that break the pattern are left to the row checks. A ward whose
 * province field is not a column of the sheet (a sub-import setting the ward alone) is left to
 * the write. One read of the areas in force.
 */
export async function areaProblemsOfRows(
  tx: Tx,
  definition: ResourceDefinition,
  rows: readonly ImportRow[],
  language: Language,
): Promise<Map<number, string[]>> {
  const problems = new Map<number, string[]>();
  const fields = areaFieldsOf(definition);
  const isCode = (level: AreaLevel, value: unknown): value is string =>
    typeof value === 'string' && value.length === CODE_WIDTH[level] && /^\d+$/.test(value);
  if (!rows.some((row) => fields.some(({ name, level }) => isCode(level, row.values[name])))) return problems;
  const byCode = new Map((await areasInForce(tx)).map((area) => [area.code, area]));
  const label = (name: string) => definition.fields[name]?.label[language] ?? name;
  for (const { rowNumber, values } of rows) {
    const complain = (name: string, vi: string, en: string) =>
      problems.set(rowNumber, [
        ...(problems.get(rowNumber) ?? []),
        `${label(name)}: ${say(language, vi, en)}`,
      ]);
    for (const { name, level, parent } of fields) {
      const code = values[name];
      if (!isCode(level, code)) continue;
      const area = byCode.get(code);
      if (area?.type !== TYPE_OF[level]) {
        if (level === 'province')
          complain(
            name,
            `không phải tỉnh/thành phố hiện hành (${code})`,
            `is not a province in force (${code})`,
          );
        else complain(name, `không phải phường/xã hiện hành (${code})`, `is not a ward in force (${code})`);
        continue;
      }
      if (parent === undefined || !(parent in definition.fields)) continue;
      const province = values[parent];
      if (province === undefined || province === null)
        complain(name, `cần ${label(parent)}`, `needs ${label(parent)}`);
      else if (isCode('province', province) && byCode.get(province)?.type === 'PROVINCE') {
        const shown = byCode.get(province)?.name ?? province;
        if (area.parentCode !== province)
          complain(name, `không thuộc ${shown} (${code})`, `is not a ward of ${shown} (${code})`);
      }
    }
  }
  return problems;
}
