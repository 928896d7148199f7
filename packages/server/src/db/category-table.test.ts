import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { testEngines } from '../testing/engines.ts';
import { makeTenant } from '../testing/factories.ts';
import { migratedDatabaseDuringSuite, refusal, rows } from '../testing/migrated-database.ts';
import type { Database } from './database.ts';
import { inScope } from './tenant-scope.ts';

/** Everything PostgreSQL says about a table, its own name replaced by `T` so that two compare. */
async function describeTable(db: Database, name: string) {
  const anonymous = (text: unknown) => String(text).replaceAll(name, 'T');
  const query = async (statement: ReturnType<typeof sql>) =>
    (await rows<Record<string, unknown>>(db.orm, statement)).map((row) =>
      Object.fromEntries(Object.entries(row).map(([key, value]) => [key, anonymous(value)])),
    );
  return {
    columns: await query(sql`select column_name, data_type, character_maximum_length, is_nullable,
        column_default from information_schema.columns where table_schema = 'public' and table_name = ${name}
        order by ordinal_position`),
    constraints: await query(sql`select conname, pg_get_constraintdef(oid) as definition from pg_constraint
        where conrelid = ${name}::regclass order by conname`),
    indexes: await query(sql`select indexname, indexdef from pg_indexes
        where schemaname = 'public' and tablename = ${name} order by indexname`),
    security: await query(sql`select relrowsecurity as enabled, relforcerowsecurity as forced from pg_class
        where oid = ${name}::regclass`),
    policies: await query(sql`select policyname, permissive, roles::text as roles, cmd, qual, with_check
        from pg_policies where schemaname = 'public' and tablename = ${name} order by policyname`),
    grants: await query(sql`select grantee, privilege_type from information_schema.role_table_grants
        where table_schema = 'public' and table_name = ${name} order by grantee, privilege_type`),
  };
}

describe.each(await testEngines('both'))(
  'a category table from one statement (migration 0009) on $engine',
  ({ engine }) => {
    const database = migratedDatabaseDuringSuite(engine);
    let db: Database;

    beforeAll(async () => {
      db = database();
      await db.orm.execute(sql`select hcm_create_category_table('scratch_categories')`);
    });

    it('is identical to job_titles: columns, constraints, indexes, row-level security, policies, grants', async () => {
      const made = await describeTable(db, 'scratch_categories');
      const byHand = await describeTable(db, 'job_titles');
      expect(made.columns).toHaveLength(13); // name_en since migration 0049
      expect(made.policies.map((p) => p.policyname)).toEqual(['T_keyword_search', 'T_tenant_isolation']);
      expect(made.grants.filter((g) => g.grantee === 'hcm_app').map((g) => g.privilege_type)).toEqual([
        'DELETE',
        'INSERT',
        'SELECT',
        'UPDATE',
      ]);
      expect(made).toEqual(byHand);
    });

    it('keeps each tenant to its own rows, and keyword search finds them through hcm_keyword_matches', async () => {
      const a = await makeTenant(db.orm);
      const b = await makeTenant(db.orm);
      const scope = (tenantId: string) => ({ tenantId, userId: null });
      for (const tenant of [a, b])
        await inScope(db.orm, scope(tenant.id), (tx) =>
          tx.execute(
            sql`insert into scratch_categories (tenant_id, code, name) values (${tenant.id}, 'CODE_1', ${tenant.code})`,
          ),
        );
      const seen = await inScope(db.orm, scope(a.id), async (tx) => ({
        names: await rows<{ name: string }>(tx, sql`select name from scratch_categories`),
        matches: await rows<{ id: string }>(
          tx,
          sql`select hcm_keyword_matches('scratch_categories'::regclass, ${sql.param(['code', 'name'])}::text[], '%code%') as id`,
        ),
      }));
      expect(seen.names).toEqual([{ name: a.code }]);
      expect(seen.matches).toHaveLength(1);
      expect(
        await refusal(
          inScope(db.orm, scope(a.id), (tx) =>
            tx.execute(
              sql`insert into scratch_categories (tenant_id, code, name) values (${b.id}, 'CODE_2', 'x')`,
            ),
          ),
        ),
      ).toMatch(/row-level security/);
    });

    it('finds a keyword in the English name through the trigram index, in every category table (0055)', async () => {
      // a keyword looks in code, name and name_en: an index without name_en reads every tenant's rows
      const indexes = await rows<{ tablename: string; indexdef: string }>(
        db.orm,
        sql`select i.tablename, i.indexdef from pg_indexes i
            where i.schemaname = 'public' and i.indexname = i.tablename || '_keyword_idx'
              and i.indexdef like '%code gin_trgm_ops, name gin_trgm_ops%'
              and exists (select 1 from information_schema.columns c
                          where c.table_schema = 'public' and c.table_name = i.tablename and c.column_name = 'name_en')
            order by i.tablename`,
      );
      expect(indexes.map((index) => index.tablename)).toEqual(
        expect.arrayContaining(['job_titles', 'ethnicities', 'religions', 'positions', 'scratch_categories']),
      );
      for (const index of indexes)
        expect(index.indexdef, index.tablename).toMatch(
          /USING gin \(tenant_id, code gin_trgm_ops, name gin_trgm_ops, name_en gin_trgm_ops\)$/,
        );
      const a = await makeTenant(db.orm);
      await inScope(db.orm, { tenantId: a.id, userId: null }, (tx) =>
        tx.execute(
          sql`insert into scratch_categories (tenant_id, code, name, name_en) values (${a.id}, 'EN_1', 'Kỹ sư', 'Engineer')`,
        ),
      );
      const matches = await inScope(db.orm, { tenantId: a.id, userId: null }, (tx) =>
        rows<{ id: string }>(
          tx,
          sql`select hcm_keyword_matches('scratch_categories'::regclass, ${sql.param(['code', 'name', 'name_en'])}::text[], '%ngineer%') as id`,
        ),
      );
      expect(matches).toHaveLength(1);
    });

    it('refuses a name that is not a plain lower-case table name', async () => {
      expect(
        await refusal(db.orm.execute(sql`select hcm_create_category_table('x; drop table tenants')`)),
      ).toMatch(/not a lower-case table name/);
    });

    it('secures any tenant table with hcm_secure_tenant_table: forced, with the tenant policy', async () => {
      await db.orm.execute(
        sql`create table scratch_notes (tenant_id uuid not null references tenants (id), id uuid not null default gen_random_uuid(), note text, primary key (tenant_id, id))`,
      );
      await db.orm.execute(sql`select hcm_secure_tenant_table('scratch_notes')`);
      const notes = await describeTable(db, 'scratch_notes');
      const titles = await describeTable(db, 'job_titles');
      expect(notes.security).toEqual([{ enabled: 'true', forced: 'true' }]);
      expect(notes.policies).toEqual(titles.policies.filter((p) => p.policyname === 'T_tenant_isolation'));
    });
  },
);
