import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../db/database.ts';
import { resolveServerPaths } from '../../../paths.ts';
import { testEngines } from '../../../testing/engines.ts';
import { makeTenant } from '../../../testing/factories.ts';
import { refusal, rows } from '../../../testing/migrated-database.ts';
import { emptyDatabase, migrationsBefore } from '../../../testing/stepwise-migration.ts';

const FIRST = '0075_pay_periods';

/*
 * Migrations 0075–0076 on payroll lines written before pay periods (docs/payroll-periods.md,
 * "The model"): lines named their salary period (run_id); each salary period with lines becomes
 * a sheet of ITS OWN id — computed, in the salary period's approval status, with the workers its
 * lines name — so no line changes and what was approved stays approved; a salary period without
 * lines gets none. After them a sheet's lines go with it, and a salary period with sheets is not
 * deleted. Both engines (a migration).
 */
describe.each(await testEngines('both'))('migrations 0075–0076 (pay periods) on $engine', ({ engine }) => {
  let scratch: Awaited<ReturnType<typeof emptyDatabase>>;
  let before: ReturnType<typeof migrationsBefore>;
  let db: Database;
  const periods = { approved: '', open: '', empty: '' };
  let textRefusedBefore = '';

  const line = (tenant: string, period: string, worker: string, code: string, amount: number) =>
    db.orm.execute(sql`
      insert into payroll_result_lines (tenant_id, period_month, run_id, worker_id, component_code, value_type, amount)
      values (${tenant}, '2026-03-01', ${period}, ${worker}, ${code}, 'AMOUNT', ${amount})`);

  beforeAll(async () => {
    scratch = await emptyDatabase(engine);
    before = migrationsBefore(FIRST);
    db = scratch.db;
    await db.migrate(before.dir);
    const made: { tenant: string; workers: string[] }[] = [];
    for (const prefix of ['A', 'B']) {
      const tenant = (await makeTenant(db.orm)).id;
      const [unit] = await rows<{ id: string }>(
        db.orm,
        sql`insert into organization_units (tenant_id, code, name) values (${tenant}, 'XUONG', 'Xưởng') returning id`,
      );
      const workers: string[] = [];
      for (const n of [1, 2]) {
        const [worker] = await rows<{ id: string }>(
          db.orm,
          sql`insert into workers (tenant_id, code, full_name, gender, organization_unit_id)
              values (${tenant}, ${`${prefix}00${n}`}, ${`Nhân viên ${prefix}${n}`}, 'MALE', ${unit?.id}) returning id`,
        );
        workers.push(worker?.id ?? '');
      }
      made.push({ tenant, workers });
    }
    const [first, second] = made as [(typeof made)[0], (typeof made)[0]];
    const period = async (tenant: string, code: string, status: string) =>
      (
        await rows<{ id: string }>(
          db.orm,
          sql`insert into salary_periods (tenant_id, code, name, period_month, approval_status)
              values (${tenant}, ${code}, ${`Kỳ ${code}`}, '2026-03-01', ${status}) returning id`,
        )
      )[0]?.id ?? '';
    periods.approved = await period(first.tenant, 'KL_03_A', 'APPROVED');
    periods.empty = await period(first.tenant, 'KL_03_RONG', 'NEW');
    periods.open = await period(second.tenant, 'KL_03_B', 'NEW');
    for (const worker of first.workers) {
      await line(first.tenant, periods.approved, worker, 'LUONG', 20_000_000);
      await line(first.tenant, periods.approved, worker, 'THUE', 120_000);
    }
    await line(second.tenant, periods.open, second.workers[0] ?? '', 'LUONG', 15_000_000);
    textRefusedBefore = await refusal(
      db.orm.execute(sql`
        insert into payroll_result_lines (tenant_id, period_month, run_id, worker_id, component_code, value_type, text_value)
        values (${first.tenant}, '2026-03-01', ${periods.approved}, ${first.workers[0]}, 'VUNG', 'TEXT', 'I')`),
    );
    await db.migrate(resolveServerPaths().migrationsDir);
  });
  afterAll(async () => {
    before?.dispose();
    await scratch?.dispose();
  });

  it('makes each salary period with lines a sheet of its own id, in its approval status, with its lines’ workers', async () => {
    const sheets = await rows<Record<string, unknown>>(
      db.orm,
      sql`select id, code, salary_period_id, period_month::text as month, kind, template_id, compute_status,
                 approval_status, workers_total, workers_done
            from pay_periods order by code`,
    );
    expect(sheets).toEqual([
      {
        id: periods.approved,
        code: 'KL_03_A',
        salary_period_id: periods.approved,
        month: '2026-03-01',
        kind: 'REGULAR',
        template_id: null,
        compute_status: 'COMPUTED',
        approval_status: 'APPROVED',
        workers_total: 2,
        workers_done: 2,
      },
      {
        id: periods.open,
        code: 'KL_03_B',
        salary_period_id: periods.open,
        month: '2026-03-01',
        kind: 'REGULAR',
        template_id: null,
        compute_status: 'COMPUTED',
        approval_status: 'NEW',
        workers_total: 1,
        workers_done: 1,
      },
    ]);
    const workers = await rows<{
      pay_period_id: string;
      worker_code: string;
      unit_code: string;
      status: string;
    }>(
      db.orm,
      sql`select pay_period_id, worker_code, unit_code, status from pay_period_workers order by worker_code`,
    );
    expect(workers).toEqual([
      { pay_period_id: periods.approved, worker_code: 'A001', unit_code: 'XUONG', status: 'OK' },
      { pay_period_id: periods.approved, worker_code: 'A002', unit_code: 'XUONG', status: 'OK' },
      { pay_period_id: periods.open, worker_code: 'B001', unit_code: 'XUONG', status: 'OK' },
    ]);
    const [lines] = await rows<{ n: number }>(
      db.orm,
      sql`select count(*)::int as n from payroll_result_lines`,
    );
    expect(lines?.n).toBe(5);
  });

  it('keeps text values from then on, a sheet’s lines go with it, and a salary period with sheets stays', async () => {
    expect(textRefusedBefore).toMatch(/column "text_value" .* does not exist/);
    const [{ tenant_id: tenant, worker_id: worker } = { tenant_id: '', worker_id: '' }] = await rows<{
      tenant_id: string;
      worker_id: string;
    }>(
      db.orm,
      sql`select tenant_id, worker_id from payroll_result_lines where run_id = ${periods.open} limit 1`,
    );
    await db.orm.execute(sql`
      insert into payroll_result_lines (tenant_id, period_month, run_id, worker_id, component_code, value_type, text_value)
      values (${tenant}, '2026-03-01', ${periods.open}, ${worker}, 'VUNG', 'TEXT', 'I')`);
    expect(await refusal(db.orm.execute(sql`delete from salary_periods where id = ${periods.open}`))).toMatch(
      /pay_periods_salary_period_fkey/,
    );
    await db.orm.execute(sql`delete from pay_periods where id = ${periods.open}`);
    const [left] = await rows<{ n: number }>(
      db.orm,
      sql`select count(*)::int as n from payroll_result_lines where run_id = ${periods.open}`,
    );
    expect(left?.n).toBe(0);
    await db.orm.execute(sql`delete from salary_periods where id = ${periods.open}`);
    await db.orm.execute(sql`delete from salary_periods where id = ${periods.empty}`);
  });
});
