import type { ErrorEnvelope } from '@hcm/contracts';
import {
  LeavePolicyPaths,
  type LeaveAccrualRun,
  type LeavePayout,
  type LeaveWorkerCase,
} from '@hcm/contracts/leave-policies';
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
import { rows } from '../../../../testing/migrated-database.ts';
import { leavePolicyResource } from '../policies/resource.ts';
import { policyOn, STATUTORY_POLICY } from '../policies/policy-on.ts';
import { runLeaveDay } from './daily.ts';

const API = '/api/tm/leave-policies';
type Refusal = ErrorEnvelope & { errors?: { field: string; code: string }[] };

/*
 * The leave rules and the ledger's jobs against PostgreSQL and PGlite (docs/leave.md). The rules
 * from 1 January 2025: monthly on the 5th, up to 5 days carried over, expiring on 31 March. The
 * workers: An (hired 2 January 2019: 13 days), Bình (hired Wednesday 18 March 2026: 9 months),
 * Cường (hired 1 June 2020, leaving: last day 14 July 2026), Dũng (heavy work, hired 2015: 16).
 * The days move as the tests call the day's run with their own date (the schedule's clock).
 */
describe.each(await testEngines())('leave rules and jobs on $engine', ({ engine }) => {
  let kit: ResourceTestKit;
  let hr: Caller;
  const w = { an: '', binh: '', cuong: '', dung: '' };
  const inTenant = <T>(work: (tx: Tx) => Promise<T>) =>
    inScope(kit.server.db.orm, { tenantId: hr.tenantId, userId: null }, work);
  const day = (today: string) => runLeaveDay(kit.server.db.orm, hr.tenantId, today);
  /** A worker's entries of a year as [kind, day, amount]. */
  const ledger = async (workerId: string, year: number) =>
    (
      await rows<{ kind: string; on_day: string; amount: number }>(
        kit.server.db.orm,
        sql`select kind, on_day::text as on_day, amount from tm_leave_ledger
             where tenant_id = ${hr.tenantId} and worker_id = ${workerId} and year = ${year}
             order by on_day, created_at`,
      )
    ).map((r) => [r.kind, r.on_day, r.amount] as const);
  const total = async (workerId: string, year: number, kind?: string) =>
    (await ledger(workerId, year)).filter((e) => !kind || e[0] === kind).reduce((s, e) => s + e[2], 0);
  const countPolicies = async () =>
    (
      await rows<{ n: number }>(
        kit.server.db.orm,
        sql`select count(*)::int as n from tm_leave_policies where tenant_id = ${hr.tenantId}`,
      )
    )[0]?.n;
  const enter = (workerId: string, year: number, kind: string, onDay: string, amount: number) =>
    inTenant((tx) =>
      tx.execute(sql`insert into tm_leave_ledger (tenant_id, worker_id, year, kind, on_day, amount)
                     values (${hr.tenantId}, ${workerId}, ${year}, ${kind}, ${onDay}, ${amount})`),
    );

  beforeAll(async () => {
    kit = await startResourceTestKit(engine);
    hr = await kit.caller([leavePolicyResource]);
    await inTenant(async (tx) => {
      const one = async (query: ReturnType<typeof sql>) =>
        (await rows<{ id: string }>(tx, query))[0]?.id ?? '';
      const unit = await one(
        sql`insert into organization_units (tenant_id, code, name) values (${hr.tenantId}, 'XM', 'Xưởng may') returning id`,
      );
      const add = (code: string, name: string, joined: string) =>
        one(sql`insert into workers (tenant_id, code, full_name, gender, organization_unit_id, joined_date)
                values (${hr.tenantId}, ${code}, ${name}, 'MALE', ${unit}, ${joined}) returning id`);
      w.an = await add('NV001', 'Nguyễn Văn An', '2019-01-02');
      w.binh = await add('NV002', 'Trần Văn Bình', '2026-03-18');
      w.cuong = await add('NV003', 'Lê Văn Cường', '2020-06-01');
      w.dung = await add('NV004', 'Phạm Văn Dũng', '2015-01-01');
    });
  });
  afterAll(async () => {
    await kit?.stop();
  });

  it("sets a worker's case (heavy work: 14 days), and refuses one that is not", async () => {
    const path = (id: string) => LeavePolicyPaths.workerCase.replace(':workerId', id);
    const put = <T>(to: string, body: unknown, token: string) =>
      kit.http.request<T>('PUT', to, { body, token });
    const bad = await put<Refusal>(path(w.dung), { leaveCase: 'HAZARDOUS' }, hr.token);
    expect(bad.status).toBe(400);
    const nobody = await put<Refusal>(
      path('00000000-0000-4000-8000-000000000000'),
      { leaveCase: 'HEAVY' },
      hr.token,
    );
    expect(nobody.status).toBe(400);
    expect(nobody.body.errors?.[0]?.field).toBe('workerId');
    expect((await put<Refusal>(path('not-an-id'), { leaveCase: 'HEAVY' }, hr.token)).status).toBe(400);
    const first = await put(path(w.dung), { leaveCase: 'SPECIAL', note: 'Nhầm' }, hr.token);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const set = await put<{ data: LeaveWorkerCase }>(
      path(w.dung),
      { leaveCase: 'HEAVY', note: 'Công việc nặng nhọc, độc hại (Thông tư 11/2020)' },
      hr.token,
    );
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    const listed = await kit.http.get<{ data: LeaveWorkerCase[] }>(LeavePolicyPaths.workerCases, hr.token);
    expect(listed.body.data).toEqual([
      {
        workerId: w.dung,
        workerCode: 'NV004',
        workerName: 'Phạm Văn Dũng',
        leaveCase: 'HEAVY',
        note: 'Công việc nặng nhọc, độc hại (Thông tư 11/2020)',
      },
    ]);
  });

  it('before any rules: the statutory ones', async () => {
    expect(await inTenant((tx) => policyOn(tx, '2026-01-01'))).toEqual(STATUTORY_POLICY);
    expect(STATUTORY_POLICY.days).toEqual({ STANDARD: 12_000, HEAVY: 14_000, SPECIAL: 16_000 });
  });

  it('refuses bad rules with field errors, and writes nothing', async () => {
    const cases: [string, Record<string, unknown>, string, number][] = [
      [
        'an expiry day no year has',
        { carryOverMaxDays: '5', carryOverExpiresOn: '02-30' },
        'carryOverExpiresOn',
        400,
      ],
      [
        'an expiry three years in four lack',
        { carryOverMaxDays: '5', carryOverExpiresOn: '02-29' },
        'carryOverExpiresOn',
        400,
      ],
      [
        'an expiry that is no MM-DD',
        { carryOverMaxDays: '5', carryOverExpiresOn: '3-31' },
        'carryOverExpiresOn',
        400,
      ],
      ['an expiry with nothing carried over', { carryOverExpiresOn: '03-31' }, 'carryOverExpiresOn', 400],
      ['a share of a month between the steps', { monthCountsFrom: '0.7' }, 'monthCountsFrom', 400],
      ['an update day February lacks', { updateDay: 29 }, 'updateDay', 400],
      ['more than 100 days', { baseDays: '101' }, 'baseDays', 400],
      ['a rounding that is not one', { rounding: 'UP' }, 'rounding', 400],
    ];
    for (const [what, body, field, status] of cases) {
      const res = await kit.http.post<Refusal>(API, statutoryRules(body), hr.token);
      expect(res.status, what).toBe(status);
      expect(
        res.body.errors?.some((e) => e.field === field),
        `${what}: ${JSON.stringify(res.body)}`,
      ).toBe(true);
    }
    expect(await countPolicies()).toBe(0);
  });

  it('keeps the rules by effective date: the version in force on a day', async () => {
    const made = await kit.http.post<{ data: Record<string, unknown> }>(
      API,
      statutoryRules({
        effectiveFrom: '2025-01-01',
        updateDay: 5,
        carryOverMaxDays: '5',
        carryOverExpiresOn: '03-31',
      }),
      hr.token,
    );
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    expect(made.body.data).toMatchObject({
      baseDays: '12.0',
      rounding: 'HALF_DAY_NEAREST',
      accrualMode: 'MONTHLY',
    });
    const again = await kit.http.post<Refusal>(
      API,
      statutoryRules({ effectiveFrom: '2025-01-01' }),
      hr.token,
    );
    expect(again.status).toBe(409);
    expect(again.body.errors?.[0]?.field).toBe('effectiveFrom');
    const later = await kit.http.post(
      API,
      statutoryRules({ effectiveFrom: '2030-01-01', baseDays: '15' }),
      hr.token,
    );
    expect(later.status).toBe(200);
    const inForce = await inTenant(async (tx) => [
      await policyOn(tx, '2024-12-31'),
      await policyOn(tx, '2026-06-01'),
      await policyOn(tx, '2030-01-01'),
    ]);
    expect(inForce.map((p) => [p.effectiveFrom, p.days.STANDARD, p.updateDay, p.carryOverExpiresOn])).toEqual(
      [
        [null, 12_000, 1, null],
        ['2025-01-01', 12_000, 5, '03-31'],
        ['2030-01-01', 15_000, 1, null],
      ],
    );
  });

  it("HR runs a year's accrual now: how many entries were written, and none on a rerun", async () => {
    const future = await kit.http.post<Refusal>(LeavePolicyPaths.accrue, { year: 2999 }, hr.token);
    expect(future.status).toBe(400);
    expect(future.body.errors?.[0]?.field).toBe('year');
    const run = await kit.http.post<{ data: LeaveAccrualRun }>(
      LeavePolicyPaths.accrue,
      { year: 2025 },
      hr.token,
    );
    expect(run.status, JSON.stringify(run.body)).toBe(200);
    // An, Cường and Dũng, twelve months each (Bình joined in 2026)
    expect(run.body.data).toEqual({ year: 2025, written: 36 });
    const rerun = await kit.http.post<{ data: LeaveAccrualRun }>(
      LeavePolicyPaths.accrue,
      { year: 2025 },
      hr.token,
    );
    expect(rerun.body.data).toEqual({ year: 2025, written: 0 });
    // 2025: An 12 + 1 (five full years on 1 January 2025), Cường 12 (four), Dũng 14 + 2
    expect(await total(w.an, 2025)).toBe(13_000);
    expect(await total(w.cuong, 2025)).toBe(12_000);
    expect(await total(w.dung, 2025)).toBe(16_000);
    expect((await ledger(w.an, 2025))[0]).toEqual(['ACCRUED', '2025-01-05', 1_000]);
  });

  it('carries over up to 5 days of last year on 1 January, once', async () => {
    await enter(w.an, 2025, 'TAKEN', '2025-08-01', -10_000);
    expect(await day('2025-12-31')).toMatchObject({ carried: 0 });
    expect(await day('2026-01-01')).toMatchObject({ accrued: 0, carried: 3 });
    expect(await ledger(w.an, 2026)).toEqual([['CARRIED_OVER', '2026-01-01', 3_000]]);
    expect(await ledger(w.dung, 2026)).toEqual([['CARRIED_OVER', '2026-01-01', 5_000]]);
    expect(await ledger(w.binh, 2026)).toEqual([]);
    expect(await day('2026-01-01')).toMatchObject({ carried: 0 });
  });

  it('accrues on the update day, not before, and a rerun writes nothing', async () => {
    expect(await day('2026-01-04')).toMatchObject({ accrued: 0 });
    expect(await day('2026-01-05')).toMatchObject({ accrued: 3 });
    expect(await day('2026-02-04')).toMatchObject({ accrued: 0 });
    expect(await day('2026-02-05')).toMatchObject({ accrued: 3 });
    expect(await day('2026-02-05')).toMatchObject({ accrued: 0, carried: 0, expired: 0, paidOut: 0 });
    // 13 days a month apart, half days nearest: 1, then 2 in all
    expect((await ledger(w.an, 2026)).filter((e) => e[0] === 'ACCRUED')).toEqual([
      ['ACCRUED', '2026-01-05', 1_000],
      ['ACCRUED', '2026-02-05', 1_000],
    ]);
  });

  it('expires on 31 March what was carried and not taken by then', async () => {
    await enter(w.dung, 2026, 'TAKEN', '2026-02-10', -2_000);
    const run = await day('2026-03-31');
    expect(run).toMatchObject({ expired: 3 });
    expect((await ledger(w.an, 2026)).filter((e) => e[0] === 'EXPIRED')).toEqual([
      ['EXPIRED', '2026-03-31', -3_000],
    ]);
    expect((await ledger(w.dung, 2026)).filter((e) => e[0] === 'EXPIRED')).toEqual([
      ['EXPIRED', '2026-03-31', -3_000],
    ]);
    expect((await ledger(w.cuong, 2026)).filter((e) => e[0] === 'EXPIRED')).toEqual([
      ['EXPIRED', '2026-03-31', -5_000],
    ]);
    expect(await day('2026-03-31')).toMatchObject({ accrued: 0, expired: 0 });
    // Bình joined on the 18th: his first month's share on his first day
    expect((await ledger(w.binh, 2026))[0]?.[1]).toBe('2026-03-18');
  });

  it('pays out the untaken leave when a resignation takes effect, once, and payroll reads it', async () => {
    await day('2026-04-05');
    await inTenant((tx) =>
      tx.execute(sql`insert into resignations (tenant_id, worker_id, decision_number, effective_date, approval_status)
                     values (${hr.tenantId}, ${w.cuong}, 'QĐ-01', '2026-07-15', 'APPROVED')`),
    );
    expect(await day('2026-07-13')).toMatchObject({ paidOut: 0 });
    expect(await day('2026-07-14')).toMatchObject({ paidOut: 1 });
    // 13 days × 6 months that count / 12 = 6.5 (July's 10 of 23 weekdays do not count)
    expect(await total(w.cuong, 2026, 'ACCRUED')).toBe(6_500);
    expect((await ledger(w.cuong, 2026)).at(-1)).toEqual(['PAID_OUT', '2026-07-14', -6_500]);
    expect(await total(w.cuong, 2026)).toBe(0);
    expect(await day('2026-07-14')).toMatchObject({ accrued: 0, paidOut: 0 });
    expect(await day('2026-08-05')).toMatchObject({ paidOut: 0 });
    expect((await ledger(w.cuong, 2026)).filter((e) => e[1] > '2026-07-14')).toEqual([]);
    const read = await kit.http.get<{ data: LeavePayout[] }>(
      `${LeavePolicyPaths.payouts}?month=2026-07`,
      hr.token,
    );
    expect(read.status, JSON.stringify(read.body)).toBe(200);
    expect(read.body.data).toEqual([
      {
        workerId: w.cuong,
        workerCode: 'NV003',
        workerName: 'Lê Văn Cường',
        lastDay: '2026-07-14',
        days: '6.500',
        givenBack: false,
        recordedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) as string,
      },
    ]);
    const none = await kit.http.get<{ data: LeavePayout[] }>(
      `${LeavePolicyPaths.payouts}?month=2026-06`,
      hr.token,
    );
    expect(none.body.data).toEqual([]);
    const bad = await kit.http.get(`${LeavePolicyPaths.payouts}?month=2026-13`, hr.token);
    expect(bad.status).toBe(400);
  });

  it("by the year's last update day each worker has the year's entitlement", async () => {
    await day('2026-12-05');
    expect(await total(w.an, 2026, 'ACCRUED')).toBe(13_000);
    expect(await total(w.binh, 2026, 'ACCRUED')).toBe(9_000);
    expect(await total(w.dung, 2026, 'ACCRUED')).toBe(16_000);
    expect(await day('2026-12-31')).toMatchObject({ accrued: 0, carried: 0, expired: 0, paidOut: 0 });
  });
});
