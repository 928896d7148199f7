import { randomUUID } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { getTableName, sql } from 'drizzle-orm';
import { Compile } from 'typebox/compile';
import { noteBulkWrite } from '../../../db/analyze.ts';
import type { Tx } from '../../../db/database.ts';
import { controlCharacterError, toFieldErrors } from '../../../http/validation.ts';
import type { ResourceDefinition } from '../../../resources/index.ts';
import { listsOf, saveLists } from '../../../resources/write/lists.ts';
import { uniqueFieldsOf, uniqueKey } from '../../../resources/write/uniqueness.ts';

type Row = Record<string, unknown>;

/** One seed file, checked: the resource it fills and its rows (create bodies), in file order. */
export interface SeedFile {
  /** the file's path under the seed folder, with forward slashes (e.g. om/ethnicities.json) */
  readonly file: string;
  readonly resource: ResourceDefinition;
  readonly rows: readonly Row[];
}

/**
 * Starter data made for one tenant at its creation, after the files: rows that name the
 * tenant's own records (a workflow step assigned to its administrator role), or that need more
 * than a row (a document template's file). Returns rows written per resource.
 */
export interface StarterSeed {
  readonly name: string;
  readonly seed: (tx: Tx, tenantId: string) => Promise<SeedCounts>;
}

/** The product's reference data for a new tenant: every seed file, sorted by path, then the starters. */
export interface TenantSeeds {
  readonly files: readonly SeedFile[];
  readonly starters?: readonly StarterSeed[];
}

/** No seed data: a tenant created with these gets nothing. */
export const NO_SEEDS: TenantSeeds = { files: [] };

/** A seed file that cannot be loaded: the message names the file and, when it is one, the row. */
export class SeedDataError extends Error {
  constructor(message: string) {
    super(`Seed data: ${message}`);
    this.name = 'SeedDataError';
  }
}

/**
 * Tenant seed files are the .json ones; other files of the folder are not (notes, and data
 * with a loader of its own, such as the national areas' areas/*.tsv).
 */
const SEED_FILE = /\.json$/i;

async function filesUnder(root: string, dir = root): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const found: string[] = [];
  for (const entry of entries) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) found.push(...(await filesUnder(root, path)));
    else found.push(relative(root, path).split(sep).join('/'));
  }
  return found.sort();
}

/** The kinds a seed row may not give: ids of other records differ from tenant to tenant. */
const BY_ID = new Set(['reference', 'treeParent']);

/**
 * Checks one file's rows against its resource: each a create body its POST / would accept (the
 * same schema, control characters refused as there), no id of another record, and no two rows
 * sharing a unique value (case-insensitive for text).
 */
function checkRows(file: string, resource: ResourceDefinition, data: unknown): Row[] {
  const fail = (problem: string): never => {
    throw new SeedDataError(`${file}: ${problem}`);
  };
  if (!Array.isArray(data)) fail('must be a JSON array of create bodies');
  const rows = data as unknown[];
  const validator = Compile(resource.schemas.createBody);
  const unique = uniqueFieldsOf(resource);
  const firstRowOf = new Map<string, number>();
  rows.forEach((row, index) => {
    const at = `${file} row ${index + 1}`;
    const bad = (problem: string): never => {
      throw new SeedDataError(`${at}: ${problem}`);
    };
    if (row === null || typeof row !== 'object' || Array.isArray(row)) bad('is not an object');
    const body = row as Row;
    const control = controlCharacterError(body);
    if (control) bad(`${control.instancePath.slice(1)}: ${control.message ?? 'has a control character'}`);
    if (!validator.Check(body)) {
      const errors = toFieldErrors(validator.Errors(body));
      bad(errors.map((e) => `${e.field}: ${e.message} (${e.code})`).join('; ') || 'is not a valid body');
    }
    for (const [name, spec] of Object.entries(resource.fields))
      if (BY_ID.has(spec.kind) && body[name] !== undefined && body[name] !== null)
        bad(`${name}: a seed row cannot name another record by its id (ids differ from tenant to tenant)`);
    for (const name of unique) {
      if (body[name] === undefined || body[name] === null) continue;
      const key = `${name}\u0000${uniqueKey(resource, name, body[name])}`;
      const first = firstRowOf.get(key);
      if (first !== undefined) bad(`${name}: ${JSON.stringify(body[name])} is already on row ${first}`);
      firstRowOf.set(key, index + 1);
    }
  });
  return rows as Row[];
}

/** Checks rows a starter builds against their resource, as the files' rows are (a SeedDataError otherwise). */
export function checkStarterRows(name: string, resource: ResourceDefinition, rows: readonly Row[]): Row[] {
  return checkRows(`starter ${name}`, resource, [...rows]);
}

/**
 * Reads and checks every seed file under `dir`: `<service>/<path>.json`, a JSON array of the
 * bodies POST /api/<service>/<path> accepts, for a tenant resource of `resources` (files other
 * than .json are not seeds and are left alone). Anything
 * wrong (unknown path, a system resource, bad JSON, a row the API would refuse) throws a
 * SeedDataError naming the file and the row: the server does not start with bad seed data.
 * A folder that does not exist holds no seeds.
 */
export async function loadTenantSeeds(
  dir: string,
  resources: readonly ResourceDefinition[],
): Promise<TenantSeeds> {
  let paths: string[];
  try {
    paths = await filesUnder(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return NO_SEEDS;
    throw error;
  }
  const byPath = new Map(resources.map((resource) => [resource.basePath, resource]));
  const files: SeedFile[] = [];
  for (const file of paths) {
    // Not a tenant seed: a note, or data with a loader of its own (seed-data/areas/*.tsv, the
    // national areas, loaded once for every tenant by services/om/areas).
    if (!SEED_FILE.test(file)) continue;
    const match = /^([a-z][a-z0-9-]*)\/([a-z][a-z0-9-]*)\.json$/.exec(file);
    if (!match) throw new SeedDataError(`${file}: a seed file is <service>/<path>.json`);
    const apiPath = `/api/${match[1]}/${match[2]}`;
    const resource = byPath.get(apiPath) ?? fail(file, `no declared resource is served at ${apiPath}`);
    if (resource.scope !== 'tenant')
      fail(file, `${apiPath} is a system resource: seed data is loaded into each new tenant`);
    let data: unknown;
    try {
      data = JSON.parse(await readFile(join(dir, file), 'utf8'));
    } catch (error) {
      fail(file, `is not JSON (${error instanceof Error ? error.message : String(error)})`);
    }
    files.push({ file, resource, rows: checkRows(file, resource, data) });
  }
  return { files };
}

function fail(file: string, problem: string): never {
  throw new SeedDataError(`${file}: ${problem}`);
}

/** Rows per INSERT statement. */
const CHUNK = 500;

/** What one seeding wrote: rows per resource. */
export type SeedCounts = Record<string, number>;

/**
 * Writes the seeds into the new tenant `tenantId`, inside the caller's transaction (the tenant's
 * creation): a multi-row INSERT per 500 rows of a file, the lists of a row (enumSet, children)
 * through the resource's own list writer, and the resource's validate, beforeCreate and
 * afterCreate hooks as an import runs them. The rows are the product's, not a user's: no
 * created-by, and no action-log rows. The tenant is set for row-level security meanwhile and
 * the previous setting put back.
 */
export async function seedTenant(tx: Tx, tenantId: string, seeds: TenantSeeds): Promise<SeedCounts> {
  const counts: SeedCounts = {};
  if (seeds.files.length === 0 && !seeds.starters?.length) return counts;
  const before = (await tx.execute(
    sql`select current_setting('app.tenant_id', true) as tenant`,
  )) as unknown as { rows: { tenant: string | null }[] };
  await tx.execute(sql`select set_config('app.tenant_id', ${tenantId}, true)`);
  for (const { resource, rows } of seeds.files)
    counts[resource.name] =
      (counts[resource.name] ?? 0) + (await writeSeedRows(tx, tenantId, resource, rows));
  for (const starter of seeds.starters ?? [])
    for (const [name, n] of Object.entries(await starter.seed(tx, tenantId)))
      counts[name] = (counts[name] ?? 0) + n;
  await tx.execute(sql`select set_config('app.tenant_id', ${before.rows[0]?.tenant ?? ''}, true)`);
  return counts;
}

/**
 * Writes checked rows (create bodies) of one resource into the tenant set for row-level
 * security: a multi-row INSERT per 500 rows, the lists of a row (enumSet, children) through the
 * resource's own list writer, and its validate, beforeCreate and afterCreate hooks as an import
 * runs them. No created-by, no action-log rows. Returns how many rows it wrote.
 */
export async function writeSeedRows(
  tx: Tx,
  tenantId: string,
  resource: ResourceDefinition,
  rows: readonly Row[],
): Promise<number> {
  const caller = { tenantId, userId: null };
  const { hooks } = resource;
  const listNames = Object.keys(resource.lists);
  const given = rows.map((row) =>
    Object.fromEntries(Object.entries(row).filter(([name]) => !listNames.includes(name))),
  );
  for (const row of given) {
    await hooks.validate?.({ tx, caller }, row, null);
    await hooks.beforeCreate?.({ tx, caller }, row);
  }
  // Ids made here, so that a row's lists and hooks find their record whatever order the
  // database answers in.
  const values = given.map((row) => ({
    ...row,
    id: randomUUID(),
    tenantId,
    createdBy: null,
    lastModifiedBy: null,
  }));
  const byId = new Map(values.map((row, index) => [String(row.id), rows[index] ?? {}]));
  for (let start = 0; start < values.length; start += CHUNK) {
    const statement = tx.insert(resource.table).values(values.slice(start, start + CHUNK));
    if (listNames.length === 0 && !hooks.afterCreate) {
      await statement;
      continue;
    }
    for (const record of (await statement.returning()) as Row[]) {
      const lists = listsOf(resource, byId.get(String(record.id)) ?? {});
      if (Object.keys(lists).length > 0) await saveLists(tx, resource, String(record.id), lists);
      await hooks.afterCreate?.({ tx, caller }, { ...record, ...lists });
    }
  }
  // a tenant's first tables have no statistics yet: analysed once the tenant's creation commits
  noteBulkWrite(tx, getTableName(resource.table), rows.length);
  return rows.length;
}
