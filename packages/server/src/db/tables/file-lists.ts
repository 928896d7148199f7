import { index, pgTable, primaryKey, smallint, uuid } from 'drizzle-orm/pg-core';

/*
 * The shape of migration 0037's tables (hcm_create_file_list_table): the files attached to a
 * record, one table per record kind, all of one shape, which the engine's files fields
 * (resources/write/file-lists.ts) take; each module declares its own tables with it
 * (services/<module>/tables/file-lists.ts). The foreign keys live in the SQL only.
 */

/** A record kind's attached files: (tenant, record, file) with the place it was attached in. */
export const fileListTable = <N extends string>(name: N) =>
  pgTable(
    name,
    {
      tenantId: uuid('tenant_id').notNull(),
      recordId: uuid('record_id').notNull(),
      fileId: uuid('file_id').notNull(),
      ordinal: smallint('ordinal').notNull(),
    },
    (t) => [
      primaryKey({ name: `${name}_pkey`, columns: [t.tenantId, t.recordId, t.fileId] }),
      index(`${name}_file_idx`).on(t.tenantId, t.fileId),
    ],
  );
export type FileListTableOf = ReturnType<typeof fileListTable>;
