import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  char,
  index,
  integer,
  pgTable,
  timestamp,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';

/*
 * The typed mirror of migrations 0018 and 0039 (services/storage). tenant_id is null for the system's
 * files; its foreign key and the row-level-security policy live in the SQL only. In the engine
 * because the engine's file fields read it (resources/write/file-fields.ts, resources/files).
 */
export const files = pgTable(
  'files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: uuid('tenant_id'),
    originalName: varchar('original_name', { length: 255 }).notNull(),
    fileName: varchar('file_name', { length: 255 }).notNull(),
    storageKey: varchar('storage_key', { length: 500 }).notNull(),
    hashed: char('hashed', { length: 64 }).notNull(),
    ownerId: varchar('owner_id', { length: 100 }),
    ownerType: varchar('owner_type', { length: 50 }).notNull(),
    version: integer('version').notNull().default(1),
    size: bigint('size', { mode: 'number' }).notNull(),
    type: varchar('type', { length: 150 }).notNull(),
    deleted: boolean('deleted').notNull().default(false),
    isPublic: boolean('is_public').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    createdBy: uuid('created_by'),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    deletedBy: uuid('deleted_by'),
    /** where the 200×200 thumbnail of a raster image is stored (migration 0039); null: none */
    thumbnailKey: varchar('thumbnail_key', { length: 520 }),
  },
  (t) => [
    index('files_created_at_idx').on(t.tenantId, sql`${t.createdAt} DESC`, t.id),
    index('files_owner_idx').on(t.tenantId, t.ownerType, t.ownerId, t.originalName),
    index('files_hash_idx').on(t.tenantId, t.hashed),
    // a user's own uploads (migration 0044: resources/files/readable-files.ts)
    index('files_created_by_idx').on(t.tenantId, t.createdBy),
  ],
);

export type FileRow = typeof files.$inferSelect;

/** Files (services/storage). */
export const fileTables = { files };
