import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { statutoryRules } from '../../testing/statutory-leave-rules.ts';
import { writeBatch } from '../../../../bulk/index.ts';
import type { Tx } from '../../../../db/database.ts';
import { inScope } from '../../../../db/tenant-scope.ts';
import {
  startResourceTestKit,
  type Caller,
  type ResourceTestKit,
} from '../../../../resources/testing/kit.ts';
import { testEngines } from '../../../../testing/engines.ts';
import { rows } from '../../../../testing/migrated-database.ts';
import { statementsDuring } from '../../../../testing/statements-during.ts';
import { dayRecordStore } from '../../tables/day-records.ts';
import type { DayRecordRow } from '../../timesheet/day-record-row.ts';
import { leavePolicyResource } from '../policies/resource.ts';
import { MONTHS_ADJUSTMENT_REASON } from './accrue.ts';
import { runLeaveDay } from './daily.ts';

/*
 * The months that count read from the day records (docs/leave.md "The months that count"), against
 * PostgreSQL and PGlite. The rules from 1 January 2026: YEARLY (the whole year on its first day),
 * half a month counts; a tenant-wide standard of 22 working days a month (half: 11). 2022 hires
 * have 12 days a year:
 * - Hoa: January 11 days worked (exactly half), February 10 worked and one day absent, March 5
 *   worked and 6 on sick leave (Ô): February does not count;
 * - Lan: 11 days of unpaid leave (KL) in each of January to March: the month a year art. 65
 *   counts is used up by the end of February, March does not count;
 * - Mai: 11 days of maternity leave (TS) in each of January to March: all count;
 * - An: no day records: the employment period (12 months);
 * - Minh and Tuấn, hired on Monday 16 March: 11 and 10 days worked of March.
 */
describe.each(await testEngines())('annual leave by the timesheet on $engine', ({ engine }) => {
  let kit: ResourceTestKit;
  let hr: Caller;
  const w = { hoa: '', lan: '', mai: '', an: '', minh: '', tuan: '' };
  const inTenant = <T>(work: (tx: Tx) => Promise<T>) =>
    inScope(kit.server.db.orm, { tenantId: hr.tenantId, userId: null }, work);
  const day = (today: string) => runLeaveDay(kit.server.db.orm, hr.tenantId, today);
  const ledger = async (workerId: string) =>
    (
      await rows<{ kind: string; on_day: string; amount: number; reason: string | null }>(
        kit.server.db.orm,
        sql`select kind, on_day::text as on_day, amount, reason from tm_leave_ledger
             where tenant_id = ${hr.tenantId} and worker_id = ${workerId} and year = 2026
             order by on_day, created_at`,
      )
    ).map((r) => [r.kind, r.on_day, r.amount] as const);
  const total = async (workerId: string) => (await ledger(workerId)).reduce((sum, e) => sum + e[2], 0);
  /** `count` day records of a month from its first day, as the engine writes them. */
  const days = (
    workerId: string,
    month: string,
    count: number,
    values: Partial<DayRecordRow>,
    first = 1,
  ): DayRecordRow[] =>
    Array.from({ length: count }, (_, i) => ({
      workDate: `2026-${month}-${String(first + i).padStart(2, '0')}`,
      workerId,
      shiftCode: 'HC',
      dayType: 'WEEKDAY',
      outcome: 'WORKED',
      daySymbol: '+',
      scheduledMinutes: 480,
      workedMinutes: 480,
      workUnits: 1000,
      paidUnits: 1000,
      paidLeaveUnits: 0,
      unpaidLeaveUnits: 0,
      punchCount: 2,
      ...values,
    }));
  const away = (symbol: string): Partial<DayRecordRow> => ({
    outcome: 'LEAVE',
    daySymbol: symbol,
    workedMinutes: 0,
    workUnits: 0,
    paidUnits: 0,
    unpaidLeaveUnits: 1000,
    punchCount: 0,
  });

  beforeAll(async () => {
    kit = await startResourceTestKit(engine);
    hr = await kit.caller([leavePolicyResource]);
    const made = await kit.http.post(
      '/api/tm/leave-policies',
      statutoryRules({ effectiveFrom: '2026-01-01', accrualMode: 'YEARLY' }),
      hr.token,
    );
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    await inTenant(async (tx) => {
      const one = async (query: ReturnType<typeof sql>) =>
        (await rows<{ id: string }>(tx, query))[0]?.id ?? '';
      const unit = await one(
        sql`insert into organization_units (tenant_id, code, name) values (${hr.tenantId}, 'XM', 'Xưởng may') returning id`,
      );
      const add = (code: string, name: string, joined: string) =>
        one(sql`insert into workers (tenant_id, code, full_name, gender, organization_unit_id, joined_date)
                values (${hr.tenantId}, ${code}, ${name}, 'FEMALE', ${unit}, ${joined}) returning id`);
      w.hoa = await add('NV001', 'Nguyễn Thị Hoa', '2022-01-03');
      w.lan = await add('NV002', 'Trần Thị Lan', '2022-01-03');
      w.mai = await add('NV003', 'Lê Thị Mai', '2022-01-03');
      w.an = await add('NV004', 'Phạm Thị An', '2022-01-03');
      w.minh = await add('NV005', 'Vũ Văn Minh', '2026-03-16');
      w.tuan = await add('NV006', 'Đỗ Văn Tuấn', '2026-03-16');
      await tx.execute(sql`delete from standard_working_days where tenant_id = ${hr.tenantId}`);
      await tx.execute(sql`insert into standard_working_days (tenant_id, code, name, effective_date, method, days)
                           values (${hr.tenantId}, 'NC22', '22 ngày', '2021-01-01', 'FIXED', 22)`);
      await writeBatch(
        tx,
        dayRecordStore,
        [
          ...days(w.hoa, '01', 11, {}),
          ...days(w.hoa, '02', 10, {}),
          ...days(w.hoa, '02', 1, { outcome: 'ABSENT', daySymbol: null, workUnits: 0, paidUnits: 0 }, 11),
          ...days(w.hoa, '03', 5, {}),
          ...days(w.hoa, '03', 6, away('Ô'), 6),
          ...['01', '02', '03'].flatMap((month) => days(w.lan, month, 11, away('KL'))),
          ...['01', '02', '03'].flatMap((month) => days(w.mai, month, 11, away('TS'))),
          ...days(w.minh, '03', 11, {}, 16),
          ...days(w.tuan, '03', 10, {}, 16),
          // a day of April: read once April is over
          ...days(w.tuan, '04', 1, {}),
        ],
        { actor: { scope: { tenantId: hr.tenantId, userId: null }, ip: null, userAgent: 'test' } },
      );
    });
  });
  afterAll(async () => {
    await kit?.stop();
  });

  it('writes the whole year on 1 January, with no month over yet', async () => {
    // 2025's twelve months of the four 2022 hires (last year caught up in January), and 2026's year
    expect(await day('2026-01-01')).toMatchObject({ accrued: 4 * 12 + 4 });
    for (const id of [w.hoa, w.lan, w.mai, w.an])
      expect(await ledger(id)).toEqual([['ACCRUED', '2026-01-01', 12_000]]);
    expect(await ledger(w.minh)).toEqual([]);
  });

  it('on 1 April takes back a month that did not count, and a hire mid-March gets what March gives', async () => {
    const sent = await statementsDuring(() => day('2026-04-01'), { ownOnly: true });
    // Hoa's and Lan's corrections, Minh's and Tuấn's year from their first day
    expect(await ledger(w.hoa)).toEqual([
      ['ACCRUED', '2026-01-01', 12_000],
      ['ADJUSTED', '2026-04-01', -1_000],
    ]);
    expect(await ledger(w.lan)).toEqual([
      ['ACCRUED', '2026-01-01', 12_000],
      ['ADJUSTED', '2026-04-01', -1_000],
    ]);
    expect(await total(w.mai)).toBe(12_000);
    expect(await total(w.an)).toBe(12_000);
    // 10 months (March counts) and 9 (it does not), of 12 days
    expect(await ledger(w.minh)).toEqual([['ACCRUED', '2026-03-16', 10_000]]);
    expect(await ledger(w.tuan)).toEqual([['ACCRUED', '2026-03-16', 9_000]]);
    const reasons = await rows<{ reason: string }>(
      kit.server.db.orm,
      sql`select distinct reason from tm_leave_ledger where tenant_id = ${hr.tenantId} and kind = 'ADJUSTED'`,
    );
    expect(reasons).toEqual([{ reason: MONTHS_ADJUSTMENT_REASON }]);
    if (engine !== 'pglite')
      // the six workers' records in one statement, never one per worker or per month
      expect(sent.filter((s) => s.includes('from tm_day_records'))).toHaveLength(1);
  });

  it('writes nothing on a rerun, nor on the days after', async () => {
    expect(await day('2026-04-01')).toMatchObject({ accrued: 0 });
    const sent = await statementsDuring(() => day('2026-04-02'), { ownOnly: true });
    expect(await day('2026-04-02')).toMatchObject({ accrued: 0 });
    if (engine !== 'pglite')
      // nothing due: the day records are not read
      expect(sent.filter((s) => s.includes('from tm_day_records'))).toEqual([]);
  });

  it("gives back what was taken when HR corrects the month's records, once; judges April once it is over", async () => {
    await inTenant((tx) =>
      tx.execute(sql`update tm_day_records set corrected_symbol = '+', corrected_paid_units = 1000,
                            correction_reason = 'Quên chấm công', corrected_at = now()
                      where worker_id = ${w.hoa} and work_date = '2026-02-11'`),
    );
    expect(await day('2026-05-01')).toMatchObject({ accrued: 2 });
    expect(await ledger(w.hoa)).toEqual([
      ['ACCRUED', '2026-01-01', 12_000],
      ['ADJUSTED', '2026-04-01', -1_000],
      ['ADJUSTED', '2026-05-01', 1_000],
    ]);
    expect(await total(w.lan)).toBe(11_000);
    // April over: Tuấn's one day of it does not count it (8 months), the others' April has no records
    expect(await ledger(w.tuan)).toEqual([
      ['ACCRUED', '2026-03-16', 9_000],
      ['ADJUSTED', '2026-05-01', -1_000],
    ]);
    expect(await total(w.an)).toBe(12_000);
    expect(await day('2026-05-01')).toMatchObject({ accrued: 0 });
    expect(await day('2026-06-01')).toMatchObject({ accrued: 0 });
  });
});
