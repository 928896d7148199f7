import { index, integer, pgTable, primaryKey, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';
import { tenantKeyColumns } from '../../../db/tables/columns.ts';

/* The typed mirror of migration 0048. */

export type RenditionState = 'QUEUED' | 'RUNNING' | 'DONE' | 'FAILED';

/** A printed document's conversion to PDF: asked by one user, kept a short time. */
export const documentRenditions = pgTable(
  'document_renditions',
  {
    ...tenantKeyColumns(),
    requestedBy: uuid('requested_by').notNull(),
    state: varchar('state', { length: 16 }).$type<RenditionState>().notNull().default('QUEUED'),
    fileName: varchar('file_name', { length: 300 }).notNull(),
    sourceKey: varchar('source_key', { length: 300 }).notNull(),
    pdfKey: varchar('pdf_key', { length: 300 }),
    pdfSize: integer('pdf_size'),
    error: varchar('error', { length: 500 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ name: 'document_renditions_pkey', columns: [t.tenantId, t.id] }),
    index('document_renditions_expires_idx').on(t.expiresAt),
  ],
);

export const documentRenditionTables = { documentRenditions };
