import { Paging, type PageEnvelope } from '@hcm/contracts';
import { and, asc, count, eq, isNull, like, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../../db/database.ts';
import { areas, type AreaGeneration, type AreaType } from '../../../db/tables/areas.ts';
import { notFound } from '../../../http/errors.ts';
import { foldForSearch } from './area-files.ts';
import type { Area, AreaDetail } from './schemas.ts';
import { likePattern } from '../../../resources/search/list-query.ts';

const parents = alias(areas, 'parents');

/** Provinces first, then districts, then wards; within a kind, the official (code) order. */
const typeOrder = sql`case ${areas.type} when 'PROVINCE' then 0 when 'DISTRICT' then 1 else 2 end`;

function selectAreas(db: Db) {
  return db
    .select({
      code: areas.code,
      name: areas.name,
      shortName: areas.shortName,
      division: areas.division,
      type: areas.type,
      generation: areas.generation,
      parentCode: areas.parentCode,
      parentName: parents.name,
    })
    .from(areas)
    .leftJoin(parents, and(eq(parents.generation, areas.generation), eq(parents.code, areas.parentCode)));
}

export function listProvinces(db: Db, generation: AreaGeneration): Promise<Area[]> {
  return selectAreas(db)
    .where(and(eq(areas.generation, generation), isNull(areas.parentCode)))
    .orderBy(asc(areas.code));
}

async function findOne(db: Db, generation: AreaGeneration, code: string) {
  const [area] = await selectAreas(db).where(and(eq(areas.generation, generation), eq(areas.code, code)));
  if (!area)
    throw notFound(`No ${generation === 'CURRENT' ? 'current' : 'former'} area has the code ${code}`);
  return area;
}

/**
 * A province's wards (CURRENT) or districts (FORMER), a district's wards; a ward has none.
 * 404 for a code unknown in the generation.
 */
export async function listChildren(db: Db, generation: AreaGeneration, code: string): Promise<Area[]> {
  await findOne(db, generation, code);
  return selectAreas(db)
    .where(and(eq(areas.generation, generation), eq(areas.parentCode, code)))
    .orderBy(asc(areas.code));
}

/** The area and the areas above it (province first). */
export async function getArea(db: Db, generation: AreaGeneration, code: string): Promise<AreaDetail> {
  const area = await findOne(db, generation, code);
  const ancestors: AreaDetail['ancestors'] = [];
  for (let parent = area.parentCode; parent !== null;) {
    const above: Area = await findOne(db, generation, parent);
    ancestors.unshift({ code: above.code, name: above.name, type: above.type });
    parent = above.parentCode;
  }
  return { ...area, ancestors };
}

export interface AreaSearch {
  keyword?: string;
  type?: AreaType;
  generation?: AreaGeneration;
  pageIndex?: number;
  pageSize?: number;
}

/** Areas whose name holds the keyword (no diacritics, no case) or whose code is the keyword, paged. */
export async function searchAreas(db: Db, query: AreaSearch): Promise<PageEnvelope<Area>> {
  const pageIndex = query.pageIndex ?? 1;
  const pageSize = query.pageSize ?? Paging.defaultPageSize;
  const conditions: SQL[] = [eq(areas.generation, query.generation ?? 'CURRENT')];
  if (query.type) conditions.push(eq(areas.type, query.type));
  const keyword = query.keyword?.trim() ?? '';
  if (keyword) {
    const matches = or(like(areas.searchText, likePattern(foldForSearch(keyword))), eq(areas.code, keyword));
    if (matches) conditions.push(matches);
  }
  const where = and(...conditions);
  const [total] = await db.select({ n: count() }).from(areas).where(where);
  const data = await selectAreas(db)
    .where(where)
    .orderBy(typeOrder, asc(areas.code))
    .limit(pageSize)
    .offset((pageIndex - 1) * pageSize);
  return { data, page: { pageIndex, pageSize, total: total?.n ?? 0 } };
}
