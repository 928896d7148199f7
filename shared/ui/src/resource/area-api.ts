import { api } from '@hcm/session';

/*
 * What an area field (contract kind `area`) needs of Vietnam's areas (packages/server README
 * "Areas"): the provinces in force and a province's wards, each read once per page (national
 * facts that change with a release, and the server answers them cacheable).
 */

/** An area as GET /api/om/areas answers it. */
export interface Area {
  code: string;
  name: string;
  shortName: string;
  type: 'PROVINCE' | 'DISTRICT' | 'WARD';
  parentCode: string | null;
}

const AREAS = '/api/om/areas';
const read = new Map<string, Promise<Area[]>>();

function once(path: string): Promise<Area[]> {
  let found = read.get(path);
  if (!found) {
    found = api.get<Area[]>(path, { ignoreError: true }).catch((error: unknown) => {
      read.delete(path);
      throw error;
    });
    read.set(path, found);
  }
  return found;
}

/** The provinces in force, in the official order. */
export const provinces = () => once(`${AREAS}/provinces?generation=CURRENT`);

/** The wards of a province in force. */
export const wardsOf = (provinceCode: string) =>
  once(`${AREAS}/${encodeURIComponent(provinceCode)}/children?generation=CURRENT`);

/** "Phường Đa Kao" → "phuong da kao": what a typed keyword is matched against. */
export const foldText = (text: string) =>
  text.normalize('NFD').replace(/\p{M}/gu, '').replace(/đ/g, 'd').replace(/Đ/g, 'D').toLowerCase().trim();

/**
 * Whether what is typed names the area: each typed word starts one of the name's words, accents
 * and case aside ("ha noi", "ben thanh"), so "ha" finds Hà Nội and Hải Phòng, not "Thanh Hóa"
 * for its "tHAnh"; or it is the code.
 */
export function areaMatches(typed: string, area: Pick<Area, 'code' | 'name'>): boolean {
  const tokens = foldText(typed).split(/\s+/).filter(Boolean);
  if (tokens.length === 0 || area.code === typed.trim()) return true;
  const words = foldText(area.name).split(/\s+/);
  return tokens.every((token) => words.some((word) => word.startsWith(token)));
}
