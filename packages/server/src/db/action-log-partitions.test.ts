import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveServerPaths } from '../paths.ts';
import { testEngines } from '../testing/engines.ts';
import { makeTenant } from '../testing/factories.ts';
import { refusal, rows } from '../testing/migrated-database.ts';
import { emptyDatabase, migrationsBefore } from '../testing/stepwise-migration.ts';
import type { Database } from './database.ts';
import { inScope } from './tenant-scope.ts';

const CONVERSION = '0051_action_log_partitions';

interface Entry {
  id: string;
  tenant_id: string;
  record_id: string;
  changes: unknown;
  created_at: string;
}

/** The entries written before the conversion: months begin at +07, so 17:30Z on 31 January is February. */
const WRITTEN = [
  { record: 'a-january', at: '2025-01-31T16:30:00Z' },
  { record: 'a-february', at: '2025-01-31T17:30:00Z' },
  { record: 'a-june', at: '2026-06-10T00:00:00Z' },
  { record: 'b-june', at: '2026-06-11T00:00:00Z' },
];

// A migration, and partitioning (DDL, row-level security of partitions): both engines.
describe.each(await testEngines('both'))(
  'action_logs converted to month partitions on $engine',
  ({ engine }) => {
    let scratch: Awaited<ReturnType<typeof emptyDatabase>>;
    let before: ReturnType<typeof migrationsBefore>;
    let db: Database;
    let a: string;
    let b: string;
    let entriesBefore: Entry[];
    let grantsBefore: string[];
    const entries = () =>
      rows<Entry>(
        db.orm,
        sql`select id, tenant_id, record_id, changes, to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS') as created_at
          from action_logs order by record_id`,
      );
    const grants = async () =>
      (
        await rows<{ grant: string }>(
          db.orm,
          sql`select grantee || ' ' || privilege_type as grant from information_schema.role_table_grants
            where table_schema = 'public' and table_name = 'action_logs' order by 1`,
        )
      ).map((row) => row.grant);

    beforeAll(async () => {
      scratch = await emptyDatabase(engine);
      before = migrationsBefore(CONVERSION);
      db = scratch.db;
      await db.migrate(before.dir);
      a = (await makeTenant(db.orm)).id;
      b = (await makeTenant(db.orm)).id;
      for (const { record, at } of WRITTEN)
        await db.orm
          .execute(sql`insert into action_logs (tenant_id, resource, record_id, action, changes, created_at)
        values (${record.startsWith('a') ? a : b}, 'job_title', ${record}, 'UPDATE',
                ${JSON.stringify({ name: { before: 'Cũ', after: record } })}::jsonb, ${at}::timestamptz)`);
      entriesBefore = await entries();
      grantsBefore = await grants();
      await db.migrate(resolveServerPaths().migrationsDir);
    });
    afterAll(async () => {
      before?.dispose();
      await scratch?.dispose();
    });

    it('keeps every entry as it was, each in the partition of its month in Vietnam', async () => {
      expect(entriesBefore).toHaveLength(WRITTEN.length);
      expect(await entries()).toEqual(entriesBefore);
      const placed = await rows<{ record_id: string; part: string }>(
        db.orm,
        sql`select record_id, tableoid::regclass::text as part from action_logs order by record_id`,
      );
      expect(Object.fromEntries(placed.map((row) => [row.record_id, row.part]))).toEqual({
        'a-february': 'action_logs_2025_02',
        'a-january': 'action_logs_2025_01',
        'a-june': 'action_logs_2026_06',
        'b-june': 'action_logs_2026_06',
      });
      expect(await rows(db.orm, sql`select to_regclass('action_logs_unpartitioned') as old`)).toEqual([
        { old: null },
      ]);
    });

    it('is partitioned by created_at with the key, indexes, policy and grants of the old table', async () => {
      const [parent] = await rows<{ kind: string; rls: boolean; forced: boolean; key: string }>(
        db.orm,
        sql`select c.relkind::text as kind, c.relrowsecurity as rls, c.relforcerowsecurity as forced,
                 pg_get_partkeydef(c.oid) as key
          from pg_class c where c.oid = 'action_logs'::regclass`,
      );
      expect(parent).toEqual({ kind: 'p', rls: true, forced: true, key: 'RANGE (created_at)' });
      const [primary] = await rows<{ definition: string }>(
        db.orm,
        sql`select pg_get_constraintdef(oid) as definition from pg_constraint
          where conrelid = 'action_logs'::regclass and contype = 'p'`,
      );
      expect(primary?.definition).toBe('PRIMARY KEY (tenant_id, created_at, id)');
      const indexes = await rows<{ name: string }>(
        db.orm,
        sql`select indexname as name from pg_indexes where tablename = 'action_logs' order by 1`,
      );
      expect(indexes.map((index) => index.name)).toEqual([
        'action_logs_created_at_idx',
        'action_logs_pkey',
        'action_logs_record_history_idx',
        'action_logs_record_idx',
      ]);
      expect(await grants()).toEqual(grantsBefore);
      // every partition: row-level security forced and the one tenant policy, as any tenant table
      const partitions = await rows<{ name: string; forced: boolean; policies: string[] }>(
        db.orm,
        sql`select c.relname as name, c.relforcerowsecurity as forced,
                 array(select policyname::text from pg_policies p where p.tablename = c.relname) as policies
          from pg_inherits i join pg_class c on c.oid = i.inhrelid
          where i.inhparent = 'action_logs'::regclass order by 1`,
      );
      for (const partition of partitions)
        expect(partition).toEqual({
          name: partition.name,
          forced: true,
          policies: [`${partition.name}_tenant_isolation`],
        });
      // the months held, the DEFAULT partition, and this month and the next two (by the database's clock)
      const [ahead] = await rows<{ months: string[] }>(
        db.orm,
        sql`select array(select 'action_logs_' || to_char((now() at time zone 'UTC') + interval '7 hours' + make_interval(months => m), 'YYYY_MM')
                       from generate_series(0, 2) as m) as months`,
      );
      const names = partitions.map((partition) => partition.name);
      expect(names).toEqual(
        expect.arrayContaining([
          'action_logs_default',
          'action_logs_2025_01',
          'action_logs_2025_02',
          ...(ahead?.months ?? []),
        ]),
      );
    });

    it('holds the tenant line: a tenant reads and writes only its own entries, and new ones land in their month', async () => {
      const seen = await inScope(db.orm, { tenantId: b, userId: null }, (tx) =>
        rows<{ record_id: string }>(tx, sql`select record_id from action_logs`),
      );
      expect(seen.map((row) => row.record_id)).toEqual(['b-june']);
      expect(
        await refusal(
          inScope(db.orm, { tenantId: b, userId: null }, (tx) =>
            tx.execute(
              sql`insert into action_logs (tenant_id, resource, action) values (${a}, 'job_title', 'CREATE')`,
            ),
          ),
        ),
      ).toMatch(/row-level security/);
      const [written] = await inScope(db.orm, { tenantId: a, userId: null }, (tx) =>
        rows<{ part: string; month: string }>(
          tx,
          sql`insert into action_logs (tenant_id, resource, record_id, action) values (${a}, 'job_title', 'a-now', 'CREATE')
            returning tableoid::regclass::text as part,
                      'action_logs_' || to_char((now() at time zone 'UTC') + interval '7 hours', 'YYYY_MM') as month`,
        ),
      );
      expect(written?.part).toBe(written?.month);
    });

    it('drops a month past the cutoff only when it holds no entry', async () => {
      await db.orm.execute(sql`delete from action_logs where record_id = 'a-january'`);
      const [dropped] = await rows<{ dropped: number }>(
        db.orm,
        sql`select hcm_drop_empty_month_partitions('action_logs'::regclass, '2025-03-01 00:00:00+07') as dropped`,
      );
      expect(dropped?.dropped).toBe(1);
      expect(await rows(db.orm, sql`select to_regclass('action_logs_2025_01')::text as part`)).toEqual([
        { part: null },
      ]);
      // February still holds an entry: kept, its row-level security forced again
      const [february] = await rows<{ forced: boolean }>(
        db.orm,
        sql`select relforcerowsecurity as forced from pg_class where oid = 'action_logs_2025_02'::regclass`,
      );
      expect(february?.forced).toBe(true);
    });
  },
);
