import type { ConfigurationBody } from '@hcm/contracts/system';
import { integer, jsonb, pgTable, smallint, timestamp, uuid } from 'drizzle-orm/pg-core';

/*
 * The typed mirror of migration 0024's settings (System › Configuration; its API clients:
 * services/iam/tables). In the engine because the engine reads the tenant's settings
 * (db/tenant-settings.ts: time zone, working week).
 */

/** The settings as stored: the body without its version (the row's own column). */
export type StoredSettings = Omit<ConfigurationBody, 'version'>;

const settingColumns = () => ({
  settings: jsonb('settings').$type<StoredSettings>().notNull(),
  version: integer('version').notNull().default(1),
  lastModifiedAt: timestamp('last_modified_at', { withTimezone: true }).notNull().defaultNow(),
  lastModifiedBy: uuid('last_modified_by'),
});

/** The system defaults: one row, id 1 (shared: every scope reads, the system scope writes). */
export const systemConfiguration = pgTable('system_configuration', {
  id: smallint('id').primaryKey().default(1),
  ...settingColumns(),
});

/** A tenant's own settings (tenant-owned, one row at most). */
export const tenantConfigurations = pgTable('tenant_configurations', {
  tenantId: uuid('tenant_id').primaryKey(),
  ...settingColumns(),
});

export const configurationTables = { systemConfiguration, tenantConfigurations };
