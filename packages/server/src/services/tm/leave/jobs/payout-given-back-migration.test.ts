import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../../db/database.ts';
import { resolveServerPaths } from '../../../../paths.ts';
import { testEngines } from '../../../../testing/engines.ts';
import { makeTenant } from '../../../../testing/factories.ts';
import { refusal, rows } from '../../../../testing/migrated-database.ts';
import { emptyDatabase, migrationsBefore } from '../../../../testing/stepwise-migration.ts';

const MIGRATION = '0071_leave_payout_given_back';

/*
 * Migration 0071 on a ledger written before it: two tenants' payouts (0065's one a worker and
 * year) become each worker's payout number 1, the other entries have none; a payout may then be
 * given back once, and a second payout follows under the next number. Both engines (a migration).
 */
describe.each(await testEngines('both'))('migration 0071 (payouts given back) on $engine', ({ engine }) => {
  let scratch: Awaited<ReturnType<typeof emptyDatabase>>;
  let before: ReturnType<typeof migrationsBefore>;
  let db: Database;
  const workers: string[] = [];
  let refusedBefore = '';

  const write = (worker: string, kind: string, amount: number, payoutNo?: number) =>
    db.orm.execute(sql`
      insert into tm_leave_ledger (tenant_id, worker_id, year, kind, on_day, amount, reason
        ${payoutNo === undefined ? sql`` : sql`, payout_no`})
      select tenant_id, id, 2026, ${kind}, '2026-06-30', ${amount}, ${kind === 'ADJUSTED' ? 'pro rata' : null}
        ${payoutNo === undefined ? sql`` : sql`, ${payoutNo}::smallint`}
        from workers where id = ${worker}`);

  beforeAll(async () => {
    scratch = await emptyDatabase(engine);
    before = migrationsBefore(MIGRATION);
    db = scratch.db;
    await db.migrate(before.dir);
    for (const code of ['NV1', 'NV2']) {
      const tenant = (await makeTenant(db.orm)).id;
      const [unit] = await rows<{ id: string }>(
        db.orm,
        sql`insert into organization_units (tenant_id, code, name) values (${tenant}, 'P', 'Phòng') returning id`,
      );
      const [worker] = await rows<{ id: string }>(
        db.orm,
        sql`insert into workers (tenant_id, code, full_name, gender, organization_unit_id)
            values (${tenant}, ${code}, ${code}, 'MALE', ${unit?.id}) returning id`,
      );
      workers.push(worker?.id ?? '');
    }
    for (const worker of workers) {
      await write(worker, 'ACCRUED', 12_000);
      await write(worker, 'ADJUSTED', -6_000);
      await write(worker, 'PAID_OUT', -6_000);
    }
    refusedBefore = await refusal(write(workers[0] ?? '', 'PAID_OUT', 6_000));
    await db.migrate(resolveServerPaths().migrationsDir);
  });
  afterAll(async () => {
    before?.dispose();
    await scratch?.dispose();
  });

  it('numbers the payouts written before it 1, in every tenant, and no other entry', async () => {
    expect(refusedBefore).toMatch(/tm_leave_ledger_sign_check/);
    const numbered = await rows<{ kind: string; payout_no: number | null }>(
      db.orm,
      sql`select kind, payout_no from tm_leave_ledger order by kind, worker_id`,
    );
    expect(numbered).toEqual([
      { kind: 'ACCRUED', payout_no: null },
      { kind: 'ACCRUED', payout_no: null },
      { kind: 'ADJUSTED', payout_no: null },
      { kind: 'ADJUSTED', payout_no: null },
      { kind: 'PAID_OUT', payout_no: 1 },
      { kind: 'PAID_OUT', payout_no: 1 },
    ]);
  });

  it('gives a payout back once, and lets the next number follow it', async () => {
    const worker = workers[1] ?? '';
    await write(worker, 'PAID_OUT', 6_000, 1);
    expect(await refusal(write(worker, 'PAID_OUT', 6_000, 1))).toMatch(/tm_leave_ledger_paid_out_key/);
    await write(worker, 'PAID_OUT', -5_000, 2);
    expect(await refusal(write(worker, 'PAID_OUT', -5_000, 2))).toMatch(/tm_leave_ledger_paid_out_key/);
    expect(await refusal(write(worker, 'PAID_OUT', -5_000))).toMatch(/tm_leave_ledger_payout_no_check/);
  });
});
