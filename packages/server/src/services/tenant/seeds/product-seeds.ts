import { join } from 'node:path';
import { resolveServerPaths } from '../../../paths.ts';
import { declaredResources } from '../../declared-resources.ts';
import { statutoryParameters } from '../../pm/statutory/seed.ts';
import { starterDocumentTemplates } from './documents/starter-documents.ts';
import { starterLookupTables } from '../../pm/lookup-tables/seed.ts';
import { starterWorkflows } from './starter-workflows.ts';
import { payrollDefaultsStarter } from '../../pm/templates/seed-defaults.ts';
import { loadTenantSeeds, type TenantSeeds } from './tenant-seeds.ts';

/**
 * The product's seed folder, packages/server/seed-data: found from this file's location like
 * the migrations, so the bundle (dist/main.mjs, inside packages/server) reads the same files.
 */
export const SEED_DATA_DIR = join(resolveServerPaths().serverRoot, 'seed-data');

let loaded: Promise<TenantSeeds> | undefined;

/**
 * The reference data every new tenant of the product gets (README, "Seed data"): the files, then
 * the starters (the default workflows, assigned to the tenant's administrator role, and the
 * starter document templates, whose bytes app.ts puts in the file store, and the statutory
 * payroll parameters); read and
 * checked once per process, at start-up (bootstrap/prepare-database.ts), so that a bad file
 * stops the server before it serves anything. A failed load is not kept: the next call tries again.
 */
export function productSeeds(): Promise<TenantSeeds> {
  loaded ??= loadTenantSeeds(SEED_DATA_DIR, declaredResources).then(
    (seeds) => ({
      ...seeds,
      starters: [
        starterWorkflows,
        starterDocumentTemplates,
        statutoryParameters,
        starterLookupTables,
        payrollDefaultsStarter,
      ],
    }),
    (error: unknown) => {
      loaded = undefined;
      throw error;
    },
  );
  return loaded;
}
