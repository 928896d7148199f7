import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../db/database.ts';
import { resolveServerPaths } from '../../../paths.ts';
import { testEngines } from '../../../testing/engines.ts';
import { makeTenant } from '../../../testing/factories.ts';
import { rows } from '../../../testing/migrated-database.ts';
import { emptyDatabase, migrationsBefore } from '../../../testing/stepwise-migration.ts';
import { createTenant } from '../../tenant/tenants/create-tenant.ts';
import { STATUTORY_REGION_WAGES } from './data/index.ts';
import { statutoryParameterRows, statutoryParameters } from './seed.ts';

const MIGRATION = '0072_statutory_payroll_parameters';

/** The migrations folder up to and including `tag` (the journal cut after it). */
function migrationsThrough(tag: string): { dir: string; dispose(): void } {
  const dir = mkdtempSync(join(tmpdir(), 'hcm-migrations-'));
  cpSync(resolveServerPaths().migrationsDir, dir, { recursive: true });
  const path = join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(path, 'utf8')) as { entries: { tag: string }[] };
  const at = journal.entries.findIndex((entry) => entry.tag === tag);
  if (at < 0) throw new Error(`migration ${tag} is not in the journal`);
  writeFileSync(path, JSON.stringify({ ...journal, entries: journal.entries.slice(0, at + 1) }));
  return { dir, dispose: () => rmSync(dir, { recursive: true, force: true }) };
}

interface Parameter {
  code: string;
  name: string;
  value: string;
  unit: string | null;
  effectiveDate: string;
  description: string | null;
}
interface Wage {
  region: string;
  amount: string;
  effectiveDate: string;
  note: string | null;
}

/** A row as the product gives it, comparable with what the database answers. */
const asGiven = (p: Parameter) => ({ ...p, value: Number(p.value) });
const expectedParameters = () =>
  statutoryParameterRows()
    .map((p) => asGiven({ ...p }))
    .sort(byKey);
function byKey(a: { code: string; effectiveDate: string }, b: { code: string; effectiveDate: string }) {
  return a.code.localeCompare(b.code) || a.effectiveDate.localeCompare(b.effectiveDate);
}
const expectedWages = () =>
  STATUTORY_REGION_WAGES.map((w) => ({
    region: w.region,
    amount: w.amount,
    effectiveDate: w.effectiveFrom,
    note: w.note,
  })).sort((a, b) => a.region.localeCompare(b.region) || a.effectiveDate.localeCompare(b.effectiveDate));

/*
 * The statutory parameters and region wages reach every tenant: a new one through its seed (the
 * starter of services/pm/statutory/seed.ts, the region wage seed file), one that existed before
 * through migration 0072, which inserts only what the tenant lacks. Both engines.
 */
describe.each(await testEngines('both'))('statutory parameters for every tenant on $engine', ({ engine }) => {
  let scratch: Awaited<ReturnType<typeof emptyDatabase>>;
  let before: ReturnType<typeof migrationsBefore>;
  let through: ReturnType<typeof migrationsThrough>;
  let db: Database;
  let empty = '';
  let edited = '';
  let seeded = '';

  const parametersOf = async (tenantId: string) =>
    (
      await rows<Parameter>(
        db.orm,
        sql`select code, name, value::text as value, unit, effective_date::text as "effectiveDate", description
              from parameters where tenant_id = ${tenantId}`,
      )
    )
      .map(asGiven)
      .sort(byKey);
  const wagesOf = async (tenantId: string) =>
    (
      await rows<Wage>(
        db.orm,
        sql`select region, amount::text as amount, effective_date::text as "effectiveDate", note
              from region_wages where tenant_id = ${tenantId} order by region, effective_date`,
      )
    ).map((w) => ({ ...w, amount: Number(w.amount) }));
  const addParameter = (tenantId: string, code: string, value: number, date: string, name = code) =>
    db.orm.execute(sql`
      insert into parameters (tenant_id, code, name, value, unit, effective_date)
      values (${tenantId}, ${code}, ${name}, ${value}, 'VND', ${date})`);
  const addWage = (tenantId: string, region: string, amount: number, date: string) =>
    db.orm.execute(sql`
      insert into region_wages (tenant_id, region, amount, effective_date, note)
      values (${tenantId}, ${region}, ${amount}, ${date}, 'HR')`);

  beforeAll(async () => {
    scratch = await emptyDatabase(engine);
    db = scratch.db;
    before = migrationsBefore(MIGRATION);
    through = migrationsThrough(MIGRATION);
    await db.migrate(before.dir);
    // a tenant created with the product's seed before the migration
    seeded = (
      await createTenant(db.orm, {
        code: `statutory_${engine}`,
        name: 'Công ty Mới',
        seeds: { files: [], starters: [statutoryParameters] },
      })
    ).id;
    empty = (await makeTenant(db.orm, { licence: null })).id;
    edited = (await makeTenant(db.orm, { licence: null })).id;
    // HR's own values: a base salary changed, a rate entered in lower case, a row of its own
    // beyond the data, a region wage changed
    await addParameter(edited, 'LUONG_CO_SO', 2_400_000, '2024-07-01', 'Lương cơ sở (HR sửa)');
    await addParameter(edited, 'tl_bhxh_nld', 9, '2024-07-01');
    await addParameter(edited, 'LUONG_CO_SO', 2_700_000, '2027-01-01');
    await addWage(edited, 'I', 5_400_000, '2026-01-01');
    await db.migrate(through.dir);
  });
  afterAll(async () => {
    before?.dispose();
    through?.dispose();
    await scratch?.dispose();
  });

  it('gives a tenant that had none every statutory parameter and region wage', async () => {
    expect(await parametersOf(empty)).toEqual(expectedParameters());
    expect(await wagesOf(empty)).toEqual(expectedWages());
  });

  it("adds to a tenant what it lacks and leaves HR's rows as they are", async () => {
    const stored = await parametersOf(edited);
    const own = (code: string, date: string) =>
      stored.filter((p) => p.code.toUpperCase() === code && p.effectiveDate === date);
    expect(own('LUONG_CO_SO', '2024-07-01')).toEqual([
      expect.objectContaining({ value: 2_400_000, name: 'Lương cơ sở (HR sửa)' }),
    ]);
    expect(own('TL_BHXH_NLD', '2024-07-01')).toEqual([
      expect.objectContaining({ code: 'tl_bhxh_nld', value: 9 }),
    ]);
    expect(own('LUONG_CO_SO', '2027-01-01')).toEqual([expect.objectContaining({ value: 2_700_000 })]);
    // everything else as the product gives it
    const kept = new Set(['LUONG_CO_SO 2024-07-01', 'TL_BHXH_NLD 2024-07-01', 'LUONG_CO_SO 2027-01-01']);
    expect(stored.filter((p) => !kept.has(`${p.code.toUpperCase()} ${p.effectiveDate}`))).toEqual(
      expectedParameters().filter((p) => !kept.has(`${p.code} ${p.effectiveDate}`)),
    );
    const wages = await wagesOf(edited);
    expect(wages).toHaveLength(8);
    expect(wages.find((w) => w.region === 'I' && w.effectiveDate === '2026-01-01')).toMatchObject({
      amount: 5_400_000,
      note: 'HR',
    });
  });

  it('writes nothing when run again', async () => {
    const sqlText = readFileSync(join(resolveServerPaths().migrationsDir, `${MIGRATION}.sql`), 'utf8');
    const counts = async () =>
      rows<{ n: number }>(
        db.orm,
        sql`select (select count(*) from parameters)::int + (select count(*) from region_wages)::int as n`,
      );
    const first = await counts();
    await db.orm.execute(sql.raw(sqlText));
    expect(await counts()).toEqual(first);
  });

  it('gives a tenant created with the seed the same parameters, to which the migration adds nothing', async () => {
    expect(await parametersOf(seeded)).toEqual(expectedParameters());
    // written by the product, active
    const [row] = await rows<{ createdBy: string | null; status: string }>(
      db.orm,
      sql`select created_by as "createdBy", status from parameters where tenant_id = ${seeded} limit 1`,
    );
    expect(row).toEqual({ createdBy: null, status: 'ACTIVE' });
  });

  it('seeds a tenant created after the others have their rows (no clash across tenants)', async () => {
    const tenant = await createTenant(db.orm, {
      code: `statutory_late_${engine}`,
      name: 'Công ty Sau',
      seeds: { files: [], starters: [statutoryParameters] },
    });
    expect(await parametersOf(tenant.id)).toEqual(expectedParameters());
    expect(await parametersOf(seeded)).toEqual(expectedParameters());
  });
});

describe("the product's seeds", () => {
  it('give every new tenant the statutory parameters, checked as the API checks a row', async () => {
    // imported here: the product's seeds load every declared resource, which this file's other
    // suites do not need
    const { productSeeds } = await import('../../tenant/seeds/product-seeds.ts');
    expect((await productSeeds()).starters).toContain(statutoryParameters);
    expect(new Set(statutoryParameterRows().map((p) => `${p.code} ${p.effectiveDate}`)).size).toBe(
      statutoryParameterRows().length,
    );
  });
});
