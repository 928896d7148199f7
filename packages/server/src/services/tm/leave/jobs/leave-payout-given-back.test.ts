import { LeaveApplicationPaths, type LeaveBalanceView } from '@hcm/contracts/leave-applications';
import { LeavePolicyPaths, type LeavePayout } from '@hcm/contracts/leave-policies';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { statutoryRules } from '../../testing/statutory-leave-rules.ts';
import type { Tx } from '../../../../db/database.ts';
import { inScope } from '../../../../db/tenant-scope.ts';
import {
  startResourceTestKit,
  type Caller,
  type ResourceTestKit,
} from '../../../../resources/testing/kit.ts';
import { testEngines } from '../../../../testing/engines.ts';
import { refusal, rows } from '../../../../testing/migrated-database.ts';
import { leavePolicyResource } from '../policies/resource.ts';
import { runLeaveDay } from './daily.ts';
import { LEAVING_ADJUSTMENT_REASON } from './payout.ts';

/*
 * A resignation canceled or moved after its payout (docs/leave.md "A resignation canceled or
 * moved after its payout") against PostgreSQL (PGlite with HCM_TEST_ENGINES=both). The rules from
 * 1 January 2025: the whole year on 1 January (YEARLY), nothing carried over. The workers, hired
 * 1 March 2022 (12 days in 2026): Hoa, who took 2 days in February (and a day canceled after
 * approval, given back), resigns from 1 July 2026 and the resignation is canceled after her
 * payout; Khánh resigns from 1 August, then an earlier resignation from 1 July is approved (his
 * last day moves to 30 June), then that one is canceled (back to 31 July). The om module refuses
 * to cancel or change an approved resignation (docs/employees.md "Edits"): a cancellation here is
 * what an operator's correction writes (or a cancel after approval, if om gains one); a second
 * approved resignation with an earlier date is what the API allows.
 */
describe.each(await testEngines())('leave payouts given back on $engine', ({ engine }) => {
  let kit: ResourceTestKit;
  let hr: Caller;
  const w = { hoa: '', khanh: '' };
  const inTenant = <T>(work: (tx: Tx) => Promise<T>) =>
    inScope(kit.server.db.orm, { tenantId: hr.tenantId, userId: null }, work);
  const day = (today: string) => runLeaveDay(kit.server.db.orm, hr.tenantId, today);
  /** A worker's 2026 entries of the settlements as [kind, day, amount, payout number]. */
  const settlements = async (workerId: string) =>
    (
      await rows<{ kind: string; on_day: string; amount: number; payout_no: number | null }>(
        kit.server.db.orm,
        sql`select kind, on_day::text as on_day, amount, payout_no from tm_leave_ledger
             where tenant_id = ${hr.tenantId} and worker_id = ${workerId} and year = 2026
               and kind in ('PAID_OUT', 'ADJUSTED')
             order by created_at, on_day, kind`,
      )
    ).map((r) => [r.kind, r.on_day, r.amount, r.payout_no] as const);
  const balance = async (workerId: string) => {
    const res = await kit.http.get<{ data: LeaveBalanceView }>(
      `${LeaveApplicationPaths.balance.replace(':workerId', workerId)}?year=2026`,
      hr.token,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const { accrued, taken, adjusted, paidOut, balance: left } = res.body.data;
    return { accrued, taken, adjusted, paidOut, balance: left };
  };
  const payouts = async (month: string) => {
    const res = await kit.http.get<{ data: LeavePayout[] }>(
      `${LeavePolicyPaths.payouts}?month=${month}`,
      hr.token,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data.map((p) => [p.workerCode, p.lastDay, p.days, p.givenBack] as const);
  };
  const resign = (workerId: string, number: string, effective: string) =>
    inTenant(async (tx) => {
      const [made] = await rows<{ id: string }>(
        tx,
        sql`insert into resignations (tenant_id, worker_id, decision_number, effective_date, approval_status)
            values (${hr.tenantId}, ${workerId}, ${number}, ${effective}, 'APPROVED') returning id`,
      );
      return made?.id ?? '';
    });
  /** What an operator's correction (or a cancel after approval) leaves: the resignation CANCELED. */
  const cancel = (resignationId: string) =>
    inTenant((tx) =>
      tx.execute(sql`update resignations set approval_status = 'CANCELED' where id = ${resignationId}`),
    );
  const quiet = { givenBack: 0, accrued: 0, carried: 0, expired: 0, paidOut: 0 };

  beforeAll(async () => {
    kit = await startResourceTestKit(engine);
    hr = await kit.caller([leavePolicyResource], ['leave_request.view']);
    const made = await kit.http.post(
      '/api/tm/leave-policies',
      statutoryRules({ effectiveFrom: '2025-01-01', accrualMode: 'YEARLY' }),
      hr.token,
    );
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    await inTenant(async (tx) => {
      const one = async (query: ReturnType<typeof sql>) =>
        (await rows<{ id: string }>(tx, query))[0]?.id ?? '';
      const unit = await one(
        sql`insert into organization_units (tenant_id, code, name) values (${hr.tenantId}, 'KT', 'Kế toán') returning id`,
      );
      const add = (code: string, name: string) =>
        one(sql`insert into workers (tenant_id, code, full_name, gender, organization_unit_id, joined_date)
                values (${hr.tenantId}, ${code}, ${name}, 'FEMALE', ${unit}, '2022-03-01') returning id`);
      w.hoa = await add('NV101', 'Đỗ Thị Hoa');
      w.khanh = await add('NV102', 'Vũ Minh Khánh');
      // 2 days taken in February; a day in March taken and given back (canceled after approval)
      const leave = '0b5e7c1e-3a4f-4c55-9d8e-2f1a6b7c8d90';
      await tx.execute(sql`insert into tm_leave_ledger (tenant_id, worker_id, year, kind, on_day, amount, document_id, reason)
        values (${hr.tenantId}, ${w.hoa}, 2026, 'TAKEN', '2026-02-10', -2000, null, null),
               (${hr.tenantId}, ${w.hoa}, 2026, 'TAKEN', '2026-03-02', -1000, ${leave}, null),
               (${hr.tenantId}, ${w.hoa}, 2026, 'TAKEN', '2026-03-02', 1000, ${leave}, 'canceled after approval')`);
    });
    // 2025 caught up in January and 2026, the whole year on its first day
    expect(await day('2026-01-01')).toMatchObject({ accrued: 4, stopped: false });
  });
  afterAll(async () => {
    await kit?.stop();
  });

  it('gives back a payout whose resignation is canceled: balance as before, payroll nets to zero, once', async () => {
    const resignation = await resign(w.hoa, 'QĐ-NV-01', '2026-07-01');
    const before = await balance(w.hoa);
    expect(before).toEqual({
      accrued: '12.000',
      taken: '2.000',
      adjusted: '0.000',
      paidOut: '0.000',
      balance: '10.000',
    });
    // her last day: 6 months of 12 count (6 days); 6 − 2 taken = 4 paid out
    expect(await day('2026-06-30')).toMatchObject({ ...quiet, paidOut: 2 });
    expect(await settlements(w.hoa)).toEqual([
      ['ADJUSTED', '2026-06-30', -6_000, null],
      ['PAID_OUT', '2026-06-30', -4_000, 1],
    ]);
    expect(await balance(w.hoa)).toMatchObject({ adjusted: '-6.000', paidOut: '4.000', balance: '0.000' });
    expect(await payouts('2026-06')).toEqual([['NV101', '2026-06-30', '4.000', false]]);

    await cancel(resignation);
    expect(await day('2026-07-03')).toMatchObject({ ...quiet, givenBack: 2 });
    expect((await settlements(w.hoa)).slice(2)).toEqual([
      ['ADJUSTED', '2026-06-30', 6_000, null],
      ['PAID_OUT', '2026-06-30', 4_000, 1],
    ]);
    expect(await balance(w.hoa)).toEqual(before);
    // the payout's month lists it given back beside it: payroll's net is zero
    expect(await payouts('2026-06')).toEqual([
      ['NV101', '2026-06-30', '4.000', false],
      ['NV101', '2026-06-30', '-4.000', true],
    ]);
    // reruns, that day and the next, write nothing
    expect(await day('2026-07-03')).toMatchObject(quiet);
    expect(await day('2026-07-04')).toMatchObject(quiet);
    expect((await settlements(w.hoa)).length).toBe(4);
  });

  it('moves a payout to the new last day, and back: each payout given back once, one payout standing', async () => {
    await resign(w.khanh, 'QĐ-NV-02', '2026-08-01');
    // 7 months count: 7 days, all untaken
    expect(await day('2026-07-31')).toMatchObject({ ...quiet, paidOut: 2 });
    expect(await settlements(w.khanh)).toEqual([
      ['ADJUSTED', '2026-07-31', -5_000, null],
      ['PAID_OUT', '2026-07-31', -7_000, 1],
    ]);

    // an earlier resignation approved: his last day is 30 June
    const earlier = await resign(w.khanh, 'QĐ-NV-03', '2026-07-01');
    expect(await day('2026-08-03')).toMatchObject({ ...quiet, givenBack: 2, paidOut: 2 });
    expect((await settlements(w.khanh)).slice(2)).toEqual([
      ['ADJUSTED', '2026-07-31', 5_000, null],
      ['PAID_OUT', '2026-07-31', 7_000, 1],
      ['ADJUSTED', '2026-06-30', -6_000, null],
      ['PAID_OUT', '2026-06-30', -6_000, 2],
    ]);
    expect(await balance(w.khanh)).toMatchObject({ adjusted: '-6.000', paidOut: '6.000', balance: '0.000' });
    expect(await payouts('2026-06')).toEqual([
      ['NV101', '2026-06-30', '4.000', false],
      ['NV101', '2026-06-30', '-4.000', true],
      ['NV102', '2026-06-30', '6.000', false],
    ]);
    expect(await payouts('2026-07')).toEqual([
      ['NV102', '2026-07-31', '7.000', false],
      ['NV102', '2026-07-31', '-7.000', true],
    ]);
    expect(await day('2026-08-03')).toMatchObject(quiet);

    // the earlier one canceled: 31 July again, a third payout on the first one's day
    await cancel(earlier);
    expect(await day('2026-08-10')).toMatchObject({ ...quiet, givenBack: 2, paidOut: 2 });
    expect((await settlements(w.khanh)).slice(6)).toEqual([
      ['ADJUSTED', '2026-06-30', 6_000, null],
      ['PAID_OUT', '2026-06-30', 6_000, 2],
      ['ADJUSTED', '2026-07-31', -5_000, null],
      ['PAID_OUT', '2026-07-31', -7_000, 3],
    ]);
    expect(await balance(w.khanh)).toMatchObject({ adjusted: '-5.000', paidOut: '7.000', balance: '0.000' });
    expect(await payouts('2026-07')).toEqual([
      ['NV102', '2026-07-31', '7.000', false],
      ['NV102', '2026-07-31', '-7.000', true],
      ['NV102', '2026-07-31', '7.000', false],
    ]);
    expect(await day('2026-08-10')).toMatchObject(quiet);
    expect(await day('2026-09-01')).toMatchObject(quiet);
  });

  it('refuses a second payout of one number, a second giving back, and a payout without its number', async () => {
    const entry = (amount: number, payoutNo: number | null) =>
      inTenant((tx) =>
        tx.execute(sql`insert into tm_leave_ledger (tenant_id, worker_id, year, kind, on_day, amount, payout_no)
                       values (${hr.tenantId}, ${w.khanh}, 2026, 'PAID_OUT', '2026-07-31', ${amount}, ${payoutNo})`),
      );
    expect(await refusal(entry(-1_000, 3))).toMatch(/tm_leave_ledger_paid_out_key/);
    expect(await refusal(entry(1_000, 1))).toMatch(/tm_leave_ledger_paid_out_key/);
    expect(await refusal(entry(-1_000, null))).toMatch(/tm_leave_ledger_payout_no_check/);
    const adjusted = inTenant((tx) =>
      tx.execute(sql`insert into tm_leave_ledger (tenant_id, worker_id, year, kind, on_day, amount, reason, payout_no)
                     values (${hr.tenantId}, ${w.khanh}, 2026, 'ADJUSTED', '2026-07-31', -1000, ${LEAVING_ADJUSTMENT_REASON}, 4)`),
    );
    expect(await refusal(adjusted)).toMatch(/tm_leave_ledger_payout_no_check/);
  });
});
