import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createPasswordHasher } from '../services/iam/passwords/password-hasher.ts';
import { testEngines } from '../testing/engines.ts';
import { makeTenant, makeUser } from '../testing/factories.ts';
import { migratedDatabaseDuringSuite, refusal, rows } from '../testing/migrated-database.ts';
import type { Database } from './database.ts';
import type { TenantRow } from './schema.ts';
import { jobTitles } from '../services/om/tables/categories.ts';
import { APP_ROLE, inScope } from './tenant-scope.ts';

/**
 * Tables the application role may read without a FORCE row-level-security policy: global
 * reference data that every tenant reads and no tenant owns. Keep this list short; a table
 * that holds a tenant's data or a secret does not belong here (docs/architecture.md).
 */
export const GLOBAL_REFERENCE_TABLES: readonly string[] = [];

/**
 * Tables with row-level security ENABLEd for the application role but not FORCEd for the
 * owner, because the owner must read them before any tenant is known: users (sign-in and
 * refresh find the user by name or id). The application role is confined by their policies
 * all the same: FORCE only decides whether the table's owner is.
 */
const OWNER_READS_BEFORE_SCOPE: readonly string[] = ['users'];

/**
 * Tables that hold secrets, sign-in state or the server's own bookkeeping (the tenants still
 * owed the payroll defaults, seeded at start): the owner connection alone reaches them.
 */
const OWNER_ONLY_TABLES = [
  'server_secrets',
  'refresh_tokens',
  'sign_in_failures',
  'captcha_challenges',
  'payroll_defaults_owed',
];

describe.each(await testEngines('both'))('what the application role can reach on $engine', ({ engine }) => {
  const database = migratedDatabaseDuringSuite(engine);
  let db: Database;
  let a: TenantRow;
  let b: TenantRow;

  beforeAll(async () => {
    db = database();
    a = await makeTenant(db.orm);
    b = await makeTenant(db.orm);
    const passwords = await createPasswordHasher();
    await makeUser({ db: db.orm, passwords }, { tenantId: a.id });
    for (const [tenant, names] of [
      [a, ['Kỹ sư phần mềm', 'Kế toán trưởng']],
      [b, ['Kỹ sư cầu đường', 'Kỹ sư điện']],
    ] as const)
      await db.orm
        .insert(jobTitles)
        .values(names.map((name, i) => ({ tenantId: tenant.id, code: `JT${i}`, name })));
  });

  it('reads no table except through a FORCE row-level-security policy or the global reference list', async () => {
    const readable = await rows<{ name: string; enabled: boolean; forced: boolean; policies: number }>(
      db.orm,
      sql`select c.relname as name, c.relrowsecurity as enabled, c.relforcerowsecurity as forced,
                 (select count(*)::int from pg_policies p where p.schemaname = 'public' and p.tablename = c.relname
                    and ('public' = any (p.roles) or ${APP_ROLE} = any (p.roles))) as policies
          from pg_class c join pg_namespace n on n.oid = c.relnamespace
          where n.nspname = 'public' and c.relkind in ('r', 'p', 'v', 'm')
            and has_table_privilege(${APP_ROLE}, c.oid, 'SELECT')
          order by 1`,
    );
    expect(readable.length).toBeGreaterThan(10);
    const unguarded = readable.filter(
      (t) =>
        !(t.enabled && t.policies > 0 && (t.forced || OWNER_READS_BEFORE_SCOPE.includes(t.name))) &&
        !GLOBAL_REFERENCE_TABLES.includes(t.name),
    );
    expect(unguarded.map((t) => t.name)).toEqual([]);
  });

  it('cannot read or write the signing key, refresh tokens, sign-in failures or captcha challenges', async () => {
    for (const table of OWNER_ONLY_TABLES) {
      const privileges = await rows<{ any: boolean }>(
        db.orm,
        sql`select has_any_column_privilege(${APP_ROLE}, ${table}::regclass, 'SELECT, INSERT, UPDATE, REFERENCES')
                   or has_table_privilege(${APP_ROLE}, ${table}::regclass, 'DELETE, TRUNCATE') as any`,
      );
      expect({ table, any: privileges[0]?.any }).toEqual({ table, any: false });
      expect(
        await refusal(
          inScope(db.orm, { tenantId: a.id, userId: null }, (tx) =>
            rows(tx, sql.raw(`select * from ${table}`)),
          ),
        ),
      ).toMatch(/permission denied/);
    }
  });

  it('leaves pg_catalog as PostgreSQL ships it: ILIKE and lower() are not LEAKPROOF', async () => {
    const marked = await rows<{ proname: string }>(
      db.orm,
      sql`select proname from pg_proc where proleakproof and proname in ('texticlike', 'lower')`,
    );
    expect(marked).toEqual([]);
  });

  describe('keyword search through hcm_keyword_matches', () => {
    const matches = (tenant: TenantRow | null, pattern: string, table = 'job_titles') =>
      inScope(db.orm, { tenantId: tenant?.id ?? null, userId: null }, (tx) =>
        rows<{ id: string }>(
          tx,
          sql`select j.tenant_id from job_titles j where j.id in
                (select hcm_keyword_matches(${table}::regclass, ${sql.param(['code', 'name'])}::text[], ${pattern}))`,
        ),
      );

    it("finds the calling tenant's rows only", async () => {
      const found = await matches(a, '%kỹ sư%');
      expect(found).toHaveLength(1);
      expect(found.map((r) => (r as unknown as { tenant_id: string }).tenant_id)).toEqual([a.id]);
      expect(await matches(b, '%kỹ sư%')).toHaveLength(2);
    });

    it('finds nothing without a tenant (system scope)', async () => {
      expect(await matches(null, '%%')).toEqual([]);
    });

    it('reaches only the tables a migration opted in', async () => {
      expect(await refusal(matches(a, '%a%', 'roles'))).toMatch(/permission denied/);
    });

    it('is not a door the application role can walk through by itself', async () => {
      const [membership] = await rows<{ member: boolean }>(
        db.orm,
        sql`select pg_has_role(${APP_ROLE}, 'hcm_search', 'MEMBER') as member`,
      );
      expect(membership?.member).toBe(false);
      const direct = await inScope(db.orm, { tenantId: a.id, userId: null }, (tx) =>
        rows(tx, sql`select * from job_titles where tenant_id = ${b.id}`),
      );
      expect(direct).toEqual([]);
    });
  });
});
