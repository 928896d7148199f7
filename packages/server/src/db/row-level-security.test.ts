import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createPasswordHasher, type PasswordHasher } from '../services/iam/passwords/password-hasher.ts';
import { testEngines } from '../testing/engines.ts';
import { makeTenant, makeUser } from '../testing/factories.ts';
import { migratedDatabaseDuringSuite, refusal, rows } from '../testing/migrated-database.ts';
import type { Database, Db } from './database.ts';
import type { TenantRow } from './schema.ts';
import { inScope } from './tenant-scope.ts';
import { allOf } from '../../../../scripts/testing/all-of.ts';

describe.each(await testEngines('both'))(
  'row-level security holds the tenant line by itself on $engine',
  ({ engine }) => {
    const database = migratedDatabaseDuringSuite(engine);
    let db: Database;
    let passwords: PasswordHasher;
    let a: TenantRow;
    let b: TenantRow;

    beforeAll(async () => {
      db = database();
      passwords = await createPasswordHasher();
      a = await makeTenant(db.orm);
      b = await makeTenant(db.orm);
      // Each tenant: one user whose own role holds one grant (made through inScope).
      await makeUser({ db: db.orm, passwords }, { tenantId: a.id, permissions: ['role.view'] });
      await makeUser({ db: db.orm, passwords }, { tenantId: b.id, permissions: ['role.view'] });
    });

    const scopeOf = (tenant: TenantRow) => ({ tenantId: tenant.id, userId: null });
    const roleTenants = (d: Db) =>
      rows<{ tenant_id: string }>(d, sql`select * from roles`).then((r) => r.map((x) => x.tenant_id));

    it('every tenant-owned table follows the pattern: keys lead with tenant_id, RLS forced, one policy', async () => {
      // Tables with a NOT NULL tenant_id that are global on purpose (system users administer them).
      // api_client_secrets: the token endpoint finds a client by its id before any tenant is
      // known, through the owner connection; the application role holds no grant on it at all.
      // directory_bind_secrets: the password the server binds to a tenant's directory with,
      // read by the owner connection only, like the JWT signing key.
      const outOfReach = ['api_client_secrets', 'directory_bind_secrets'];
      const globalOnPurpose = ['tenant_subscriptions', ...outOfReach];
      for (const table of outOfReach) {
        const [secrets] = await rows<{ reach: boolean }>(
          db.orm,
          sql`select has_table_privilege('hcm_app', ${table}, 'SELECT,INSERT,UPDATE,DELETE') as reach`,
        );
        expect(secrets?.reach, table).toBe(false);
      }
      // Unique across tenants on purpose: a client id is looked up before its tenant is known
      // (server-generated and random, so a clash reveals nothing of another tenant).
      const globalKeys = ['api_clients_client_id_key'];
      const tables = await rows<{ name: string; rls: boolean; forced: boolean }>(
        db.orm,
        sql`select c.relname as name, c.relrowsecurity as rls, c.relforcerowsecurity as forced
            from pg_class c join pg_namespace n on n.oid = c.relnamespace
            where n.nspname = 'public' and c.relkind in ('r', 'p')
              and exists (select 1 from pg_attribute a where a.attrelid = c.oid and a.attname = 'tenant_id'
                          and a.attnotnull and not a.attisdropped)
            order by 1`,
      );
      const owned = tables.filter((t) => !globalOnPurpose.includes(t.name));
      expect(owned.map((t) => t.name)).toEqual(
        expect.arrayContaining(['roles', 'role_permissions', 'user_roles']),
      );
      const keys = await rows<{ table: string; index: string; first: string | null }>(
        db.orm,
        sql`select c.relname as table, ic.relname as index, a.attname as first
            from pg_index i join pg_class c on c.oid = i.indrelid join pg_class ic on ic.oid = i.indexrelid
            left join pg_attribute a on a.attrelid = c.oid and a.attnum = i.indkey[0]
            where (i.indisprimary or i.indisunique)`,
      );
      const foreignKeys = await rows<{ table: string; name: string; target: string; has_tenant: boolean }>(
        db.orm,
        sql`select c.relname as table, k.conname as name, t.relname as target,
                   exists (select 1 from pg_attribute a where a.attrelid = k.conrelid
                           and a.attname = 'tenant_id' and a.attnum = any (k.conkey)) as has_tenant
            from pg_constraint k join pg_class c on c.oid = k.conrelid join pg_class t on t.oid = k.confrelid
            where k.contype = 'f'`,
      );
      const policies = await rows<{
        table: string;
        name: string;
        qual: string;
        check: string;
        search: boolean;
        cmd: string;
      }>(
        db.orm,
        sql`select tablename as table, policyname as name, qual, with_check as check, cmd,
                   roles = array['hcm_search']::name[] as search
            from pg_policies where schemaname = 'public'`,
      );
      const ownedNames = new Set(owned.map((t) => t.name));
      for (const t of owned) {
        expect({ table: t.name, rls: t.rls, forced: t.forced }).toEqual({
          table: t.name,
          rls: true,
          forced: true,
        });
        for (const k of keys.filter((k) => k.table === t.name && !globalKeys.includes(k.index)))
          expect({ index: k.index, first: k.first }).toEqual({ index: k.index, first: 'tenant_id' });
        for (const f of foreignKeys.filter((f) => f.table === t.name && ownedNames.has(f.target)))
          expect({ fk: f.name, hasTenant: f.has_tenant }).toEqual({ fk: f.name, hasTenant: true });
        // hcm_search's read-only policy lets the keyword functions of migration 0006 use the
        // indexes; hcm_app never has it (application-role-reach.test.ts).
        for (const p of policies.filter((p) => p.table === t.name && p.search))
          expect({ name: p.name, cmd: p.cmd, qual: p.qual }).toEqual({
            name: `${t.name}_keyword_search`,
            cmd: 'SELECT',
            qual: 'true',
          });
        const own = policies.filter((p) => p.table === t.name && !p.search);
        expect(own.map((p) => p.name)).toEqual([`${t.name}_tenant_isolation`]);
        expect(own[0]?.qual).toMatch(
          /tenant_id = \(?NULLIF\(current_setting\('app\.tenant_id'::text, true\), ''::text\)\)?::uuid/,
        );
        expect(own[0]?.check).toBe(own[0]?.qual);
      }
    });

    it('the owner, outside inScope, sees both tenants’ rows (so the checks below can fail)', async () => {
      const tenants = await roleTenants(db.orm);
      expect(tenants).toEqual(expect.arrayContaining([a.id, b.id]));
    });

    it('select without a tenant filter sees only the scope’s rows', async () => {
      const seen = await inScope(db.orm, scopeOf(a), roleTenants);
      expect(seen.length).toBeGreaterThan(0);
      expect(new Set(seen)).toEqual(new Set([a.id]));
      for (const table of ['role_permissions', 'user_roles', 'users']) {
        const tenantsSeen = await inScope(db.orm, scopeOf(a), (tx) =>
          rows<{ tenant_id: string }>(tx, sql.raw(`select tenant_id from ${table}`)),
        );
        expect(new Set(tenantsSeen.map((r) => r.tenant_id)), table).toEqual(new Set([a.id]));
      }
    });

    it('update and delete without a tenant filter change only the scope’s rows', async () => {
      const updated = await inScope(db.orm, scopeOf(a), (tx) =>
        rows<{ tenant_id: string }>(tx, sql`update roles set name = 'Đổi tên' returning tenant_id`),
      );
      expect(new Set(updated.map((r) => r.tenant_id))).toEqual(new Set([a.id]));
      const names = await rows<{ tenant_id: string; name: string }>(
        db.orm,
        sql`select tenant_id, name from roles`,
      );
      expect(
        allOf(
          names.filter((r) => r.tenant_id === b.id),
          (r) => r.name !== 'Đổi tên',
        ),
      ).toBe(true);

      await inScope(db.orm, scopeOf(a), (tx) => tx.execute(sql`delete from roles`));
      const left = await roleTenants(db.orm);
      expect(left).not.toContain(a.id);
      expect(left).toContain(b.id);
    });

    it('an insert carrying another tenant’s id is rejected by WITH CHECK', async () => {
      expect(
        await refusal(
          inScope(db.orm, scopeOf(a), (tx) =>
            tx.execute(
              sql`insert into roles (tenant_id, id, code, name) values (${b.id}, ${randomUUID()}, 'X', 'X')`,
            ),
          ),
        ),
      ).toMatch(/row-level security/);
      await expect(
        inScope(db.orm, scopeOf(a), (tx) => tx.execute(sql`update roles set tenant_id = ${b.id}`)),
      ).resolves.toBeDefined(); // a has no role left: nothing to move; now give it one and retry
      await inScope(db.orm, scopeOf(a), (tx) =>
        tx.execute(sql`insert into roles (tenant_id, code, name) values (${a.id}, 'MINE', 'Của A')`),
      );
      expect(
        await refusal(
          inScope(db.orm, scopeOf(a), (tx) => tx.execute(sql`update roles set tenant_id = ${b.id}`)),
        ),
      ).toMatch(/row-level security/);
    });

    it('system scope (no tenant) sees no tenant row, and only system users', async () => {
      const system = { tenantId: null, userId: null };
      expect(await inScope(db.orm, system, roleTenants)).toEqual([]);
      // a user of each kind, so that "only system users" is seen, not vacuously true
      await makeUser({ db: db.orm, passwords }, { tenantId: a.id });
      await makeUser({ db: db.orm, passwords }, { tenantId: null, permissions: ['tenant.view'] });
      const users = await inScope(db.orm, system, (tx) =>
        rows<{ tenant_id: string | null }>(tx, sql`select tenant_id from users`),
      );
      expect(allOf(users, (u) => u.tenant_id === null)).toBe(true);
      // and a tenant scope sees no system role
      const systemRolesFromA = await inScope(db.orm, scopeOf(a), (tx) =>
        rows(tx, sql`select * from system_roles`),
      );
      expect(systemRolesFromA).toEqual([]);
      expect(await inScope(db.orm, system, (tx) => rows(tx, sql`select * from system_roles`))).not.toEqual(
        [],
      );
    });

    it('global tables: a tenant reads its own tenant row, subscription and every pack, and writes none', async () => {
      const own = await inScope(db.orm, scopeOf(a), async (tx) => ({
        tenants: await rows<{ id: string }>(tx, sql`select id from tenants`),
        subscriptions: await rows<{ tenant_id: string }>(tx, sql`select tenant_id from tenant_subscriptions`),
        packs: await rows(tx, sql`select id from service_packs`),
      }));
      expect(own.tenants.map((t) => t.id)).toEqual([a.id]);
      expect(new Set(own.subscriptions.map((s) => s.tenant_id))).toEqual(new Set([a.id]));
      expect(own.packs.length).toBeGreaterThanOrEqual(2);
      for (const write of [
        sql`update tenants set name = 'Chiếm quyền' returning 1`,
        sql`update service_packs set price = 0 returning 1`,
        sql`update tenant_subscriptions set ends_at = ends_at + interval '10 years' returning 1`,
      ]) {
        expect(await inScope(db.orm, scopeOf(a), (tx) => rows(tx, write))).toEqual([]);
      }
      expect(
        await refusal(
          inScope(db.orm, scopeOf(a), (tx) =>
            tx.execute(sql`insert into tenants (code, name) values ('x', 'X')`),
          ),
        ),
      ).toMatch(/row-level security/);
      const system = await inScope(db.orm, { tenantId: null, userId: null }, (tx) =>
        rows<{ id: string }>(tx, sql`select id from tenants`),
      );
      expect(system.map((t) => t.id)).toEqual(expect.arrayContaining([a.id, b.id]));
    });
  },
);
