import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, timestamp, varchar } from 'drizzle-orm/pg-core';

/*
 * The typed mirror of migration 0017: Vietnam's provinces, districts and wards, national
 * reference data with no tenant (every scope reads, start-up alone writes). In the engine because
 * the engine's area fields read it (resources/write/area-fields.ts, resources/import/area-cells.ts).
 */

export const AreaGenerations = ['CURRENT', 'FORMER'] as const;
/** CURRENT: the two-level model since 1 July 2025; FORMER: the 63 provinces before it. */
export type AreaGeneration = (typeof AreaGenerations)[number];
export const AreaTypes = ['PROVINCE', 'DISTRICT', 'WARD'] as const;
export type AreaType = (typeof AreaTypes)[number];

export const areas = pgTable(
  'areas',
  {
    generation: varchar('generation', { length: 8 }).$type<AreaGeneration>().notNull(),
    code: varchar('code', { length: 10 }).notNull(),
    type: varchar('type', { length: 8 }).$type<AreaType>().notNull(),
    parentCode: varchar('parent_code', { length: 10 }),
    /** the official name with its kind: "Phường Ba Đình", "Tỉnh Cao Bằng" */
    name: varchar('name', { length: 100 }).notNull(),
    /** without the kind: "Ba Đình", "Cao Bằng" ("Phường 12" stays whole) */
    shortName: varchar('short_name', { length: 100 }).notNull(),
    /** the kind in Vietnamese: Tỉnh, Thành phố, Quận, Huyện, Thị xã, Phường, Xã, Thị trấn, Đặc khu */
    division: varchar('division', { length: 20 }).notNull(),
    /** name folded for search: lower case, no diacritics, đ → d */
    searchText: varchar('search_text', { length: 100 }).notNull(),
  },
  (t) => [
    primaryKey({ name: 'areas_pkey', columns: [t.generation, t.code] }),
    index('areas_parent_idx').on(t.generation, t.parentCode, t.code),
  ],
);

/** Which data file each generation was loaded from (its checksum), and when. */
export const areaSources = pgTable('area_sources', {
  generation: varchar('generation', { length: 8 }).$type<AreaGeneration>().primaryKey(),
  source: varchar('source', { length: 200 }).notNull(),
  checksum: varchar('checksum', { length: 64 }).notNull(),
  rowCount: integer('row_count').notNull(),
  loadedAt: timestamp('loaded_at', { withTimezone: true })
    .notNull()
    .default(sql`now()`),
});

/** Provinces, districts and wards (national reference data, no tenant). */
export const areaTables = { areas, areaSources };
