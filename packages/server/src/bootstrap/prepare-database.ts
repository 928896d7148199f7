import type { Config } from '../config.ts';
import type { Database } from '../db/database.ts';
import type { PasswordHasher } from '../services/iam/passwords/password-hasher.ts';
import { loadAreas } from '../services/om/areas/load-areas.ts';
import { seedOwedPayrollDefaults } from '../services/pm/templates/seed-defaults.ts';
import { productSeeds } from '../services/tenant/seeds/product-seeds.ts';
import type { TenantSeeds } from '../services/tenant/seeds/tenant-seeds.ts';
import { formatCredentialsBox } from './credentials-box.ts';
import { seedInitialData, type SeedResult } from './seed-initial-data.ts';

export interface PrepareDatabaseOptions {
  config: Config;
  db: Database;
  passwords: PasswordHasher;
  /** where the one-time credentials notice goes: stdout in main.ts, a buffer in tests */
  print: (text: string) => void;
  /**
   * The demo tenant's reference data: by default the product's seed files (`productSeeds()`),
   * read and checked here; test servers give none unless a suite asks (testing/test-server.ts).
   */
  seeds?: TenantSeeds;
  /**
   * load Vietnam's areas (services/om/areas) when their files changed: on by default; test
   * servers skip it unless a suite asks, so that each fresh test database does not pay ~1 s
   */
  areas?: boolean;
}

/**
 * Start-up work on the database: read and check the seed files (a bad one stops the start,
 * naming its file and row), migrate to the newest version, give the tenants a migration owes
 * their payroll defaults, then seed on first start.
 */
export async function prepareDatabase({
  config,
  db,
  passwords,
  print,
  seeds: given,
  areas = true,
}: PrepareDatabaseOptions): Promise<SeedResult> {
  const seeds = given ?? (await productSeeds());
  await db.migrate(config.migrationsDir);
  if (areas) await loadAreas(db.orm);
  // the tenants migration 0073 found get the default payroll components and template, once
  await seedOwedPayrollDefaults(db.orm);
  const seeded = await seedInitialData({ db: db.orm, passwords, seeds }, config.bootstrap);
  // Printed, never logged: log lines are kept and shipped; this is meant for one pair of eyes.
  if (seeded.generated.length > 0) print(formatCredentialsBox(seeded.generated));
  return seeded;
}
