import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { resolveServerPaths } from '../../../paths.ts';
import { foldName } from '../../../resources/import/area-cells.ts';
import { AreaTypes, type AreaGeneration, type AreaType } from '../../../db/tables/areas.ts';

/** packages/server/seed-data/areas: one file per generation (README.md there: sources, counts). */
export const AREA_DATA_DIR = join(resolveServerPaths().serverRoot, 'seed-data', 'areas');

export const AREA_FILES: Record<AreaGeneration, string> = { CURRENT: 'current.tsv', FORMER: 'former.tsv' };

export interface AreaRow {
  code: string;
  parentCode: string | null;
  type: AreaType;
  name: string;
  shortName: string;
  division: string;
  searchText: string;
}

export interface AreaFile {
  generation: AreaGeneration;
  /** the header line's account of where the rows come from */
  source: string;
  /** sha256 of the file: start-up reloads a generation only when it changes */
  checksum: string;
  rows: AreaRow[];
}

/**
 * The fold of areas.search_text: the engine's, so that an import's area cells (which the engine
 * resolves, and which may not import a module) fold as the stored names were folded.
 */
export const foldForSearch = foldName;

/** The kinds a name starts with, longest first ("Thành phố" before any shorter one). */
const DIVISIONS = ['Thành phố', 'Thị trấn', 'Thị xã', 'Đặc khu', 'Phường', 'Huyện', 'Quận', 'Tỉnh', 'Xã'];

/** "Phường Ba Đình" → Phường, "Ba Đình"; "Phường 12" keeps its whole name as the short one. */
export function splitName(name: string): { division: string; shortName: string } {
  const division = DIVISIONS.find((d) => name.startsWith(`${d} `));
  if (!division) throw new Error(`Area name "${name}" starts with no known kind (${DIVISIONS.join(', ')})`);
  const rest = name.slice(division.length + 1);
  return { division, shortName: /^\d+$/.test(rest) ? name : rest };
}

/** One generation's file as text, and its checksum (sha256 of the text). */
export function readAreaText(
  generation: AreaGeneration,
  dir = AREA_DATA_DIR,
): { text: string; checksum: string } {
  const text = readFileSync(join(dir, AREA_FILES[generation]), 'utf8');
  return { text, checksum: createHash('sha256').update(text).digest('hex') };
}

/** Reads and checks one generation's file: code, parent code, type, name per line; # comments. */
export function readAreaFile(generation: AreaGeneration, dir = AREA_DATA_DIR): AreaFile {
  const { text, checksum } = readAreaText(generation, dir);
  const lines = text.split('\n');
  const source = (lines[0]?.startsWith('#') ? lines[0].slice(1) : '').trim().slice(0, 200);
  const rows: AreaRow[] = [];
  for (const [index, line] of lines.entries()) {
    if (line === '' || line.startsWith('#')) continue;
    const [code, parent, type, name] = line.split('\t');
    if (!code || parent === undefined || !name || !AreaTypes.includes(type as AreaType))
      throw new Error(`${AREA_FILES[generation]} line ${index + 1}: expected code, parent code, type, name`);
    rows.push({
      code,
      parentCode: parent === '' ? null : parent,
      type: type as AreaType,
      name,
      ...splitName(name),
      searchText: foldForSearch(name),
    });
  }
  // The table has no foreign key from parent_code (migration 0017): the check is here.
  const codes = new Map(rows.map((r) => [r.code, r.type]));
  if (codes.size !== rows.length) throw new Error(`${AREA_FILES[generation]}: a code appears twice`);
  const parentType: Record<AreaType, AreaType | null> = {
    PROVINCE: null,
    DISTRICT: 'PROVINCE',
    WARD: 'DISTRICT',
  };
  for (const r of rows) {
    const parent = r.parentCode === null ? null : codes.get(r.parentCode);
    const expected = r.type === 'WARD' && generation === 'CURRENT' ? 'PROVINCE' : parentType[r.type];
    if ((parent ?? null) !== expected)
      throw new Error(`${AREA_FILES[generation]}: ${r.type} ${r.code} needs a ${expected ?? 'no'} parent`);
  }
  return { generation, source, checksum, rows };
}
