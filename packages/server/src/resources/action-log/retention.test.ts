import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { testEngines } from '../../testing/engines.ts';
import { makeTenant } from '../../testing/factories.ts';
import { migratedDatabaseDuringSuite, rows } from '../../testing/migrated-database.ts';
import { purgeActionLogs, retentionCutoff, retentionMonthsOf } from './retention.ts';

/** The purge's clock: a fixed instant, never the wall's. */
const NOW = new Date('2026-12-15T03:00:00Z');
/** Each tenant's entries, this many months old (and a day, so no age falls on a cutoff). */
const AGES = [1, 7, 13, 25, 30];

const monthsAgo = (months: number) => {
  const at = retentionCutoff(NOW, months);
  at.setUTCDate(at.getUTCDate() - 1);
  return at;
};

describe('action-log retention: the cutoff', () => {
  it('counts calendar months back from now, held to the floor and the ceiling', () => {
    expect(retentionCutoff(NOW, 24).toISOString()).toBe('2024-12-15T03:00:00.000Z');
    expect(retentionMonthsOf(undefined)).toBe(24);
    expect(retentionMonthsOf(1)).toBe(6);
    expect(retentionMonthsOf(500)).toBe(120);
    expect(retentionMonthsOf(12)).toBe(12);
  });
});

// The purge's SQL is the same on both engines: the server's (the partitioned table is proven on both
// by db/action-log-partitions.test.ts).
describe.each(await testEngines())('action-log retention: the purge on $engine', ({ engine }) => {
  const database = migratedDatabaseDuringSuite(engine);

  it("deletes only entries older than each tenant's own retention, only that tenant's, in chunks", async () => {
    const db = database().orm;
    /** A tenant with AGES entries, and its retention setting when it has one (stored as saved). */
    const tenantWith = async (setting: number | undefined) => {
      const { id } = await makeTenant(db);
      if (setting !== undefined)
        await db.execute(sql`insert into tenant_configurations (tenant_id, settings)
          values (${id}, ${JSON.stringify({ actionLogRetentionMonths: setting })}::jsonb)`);
      for (const age of AGES)
        await db.execute(sql`insert into action_logs (tenant_id, resource, record_id, action, created_at)
          values (${id}, 'job_title', ${`age-${age}`}, 'UPDATE', ${monthsAgo(age).toISOString()}::timestamptz)`);
      return id;
    };
    const sixMonths = await tenantWith(6);
    const byDefault = await tenantWith(undefined);
    const twelve = await tenantWith(12);
    const belowFloor = await tenantWith(1);
    await db.execute(sql`insert into system_action_logs (resource, action, created_at)
      values ('tenant', 'UPDATE', ${monthsAgo(60).toISOString()}::timestamptz)`);

    const purged = await purgeActionLogs(db, NOW, { chunk: 2 });

    const kept = async (tenantId: string) =>
      (
        await rows<{ record_id: string }>(
          db,
          sql`select record_id from action_logs where tenant_id = ${tenantId} order by created_at desc`,
        )
      ).map((row) => row.record_id);
    expect(await kept(sixMonths)).toEqual(['age-1']);
    expect(await kept(byDefault)).toEqual(['age-1', 'age-7', 'age-13']);
    expect(await kept(twelve)).toEqual(['age-1', 'age-7']);
    expect(await kept(belowFloor)).toEqual(['age-1']);
    const report = (id: string) => purged.tenants.find((entry) => entry.tenantId === id);
    expect(report(sixMonths)).toMatchObject({ months: 6, deleted: 4 });
    expect(report(byDefault)).toMatchObject({ months: 24, deleted: 2 });
    expect(report(belowFloor)).toMatchObject({ months: 6, deleted: 4 });
    // a system user's log is not a tenant's: untouched
    expect(await rows(db, sql`select 1 from system_action_logs where resource = 'tenant'`)).toHaveLength(1);
    // a second run finds nothing more to delete
    const again = await purgeActionLogs(db, NOW, { chunk: 2 });
    expect(again.tenants.reduce((sum, entry) => sum + entry.deleted, 0)).toBe(0);
  });
});
