import { eq } from 'drizzle-orm';
import type { Db } from './database.ts';
import {
  systemConfiguration,
  tenantConfigurations,
  type StoredSettings,
} from './tables/system-configuration.ts';

/**
 * The settings a tenant works with (System › Configuration): its own row, else the system
 * defaults' row (also for a system user, tenantId null); undefined when neither is saved. A row
 * saved before a setting existed lacks it, so each reader fills in its own built-in value. Read in
 * the caller's transaction: its scope sees its tenant's row and the shared defaults. The one
 * reader for the engine and the modules alike (the engine may not import the configuration service).
 */
export async function readTenantSettings(
  db: Db,
  tenantId: string | null,
): Promise<Partial<StoredSettings> | undefined> {
  if (tenantId !== null) {
    const [own] = await db
      .select({ settings: tenantConfigurations.settings })
      .from(tenantConfigurations)
      .where(eq(tenantConfigurations.tenantId, tenantId));
    if (own) return own.settings;
  }
  const [system] = await db
    .select({ settings: systemConfiguration.settings })
    .from(systemConfiguration)
    .where(eq(systemConfiguration.id, 1));
  return system?.settings;
}
