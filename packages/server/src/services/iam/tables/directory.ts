import type { DirectorySettingsBody, DirectorySyncResult } from '@hcm/contracts/directory';
import { integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/* The typed mirror of migration 0030 (users from the organisation's directory). */

/** The settings as stored: the body without its version (the row's) and the bind password (below). */
export type StoredDirectorySettings = Omit<DirectorySettingsBody, 'version' | 'bindPassword'>;

/** A tenant's directory settings (tenant-owned, one row at most) and its last sync. */
export const directorySettings = pgTable('directory_settings', {
  tenantId: uuid('tenant_id').primaryKey(),
  settings: jsonb('settings').$type<StoredDirectorySettings>().notNull(),
  lastSync: jsonb('last_sync').$type<DirectorySyncResult>(),
  version: integer('version').notNull().default(1),
  lastModifiedAt: timestamp('last_modified_at', { withTimezone: true }).notNull().defaultNow(),
  lastModifiedBy: uuid('last_modified_by'),
});

/** The password the server binds with: the owner connection's only (no hcm_app grant). */
export const directoryBindSecrets = pgTable('directory_bind_secrets', {
  tenantId: uuid('tenant_id').primaryKey(),
  password: text('password').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const directoryTables = { directorySettings, directoryBindSecrets };
