import type { ErrorEnvelope } from '@hcm/contracts';
import { dayCell, shownSymbol, type GeneralTimesheetPage } from '@hcm/contracts/general-timesheet';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeBatch } from '../../../bulk/index.ts';
import type { Tx } from '../../../db/database.ts';
import { inScope } from '../../../db/tenant-scope.ts';
import { startResourceTestKit, type Caller, type ResourceTestKit } from '../../../resources/testing/kit.ts';
import { testEngines } from '../../../testing/engines.ts';
import { accessTokenFor, makeUser } from '../../../testing/factories.ts';
import { rows } from '../../../testing/migrated-database.ts';
import { statementsDuring } from '../../../testing/statements-during.ts';
import { dayRecordStore } from '../tables/day-records.ts';
import type { DayRecordRow } from '../timesheet/day-record-row.ts';
import { requestDayRecomputation } from '../timesheet/recompute-keys.ts';
import { drainDayRecomputation } from '../timesheet/recompute-job.ts';
import { timesheetInputs } from '../timesheet/wiring.ts';
import { changeCell } from './correct-day.ts';

const GRID = '/api/tm/general-timesheet';
const CORRECT = '/api/tm/general-timesheet/corrections';
const CLEAR = '/api/tm/general-timesheet/corrections/clear';
type Refusal = ErrorEnvelope & { errors?: { field: string; code: string }[] };

/*
 * The general timesheet against PostgreSQL (docs/general-timesheet.md). The tenant: Công ty →
 * Nhà máy → Xưởng may, and Văn phòng beside the factory; a seamstress with a hand-built March
 * 2026 (day records written through the bulk path as the engine writes them), a worker of the
 * factory, one of the office, and a workshop manager who reaches only the workshop.
 */
describe.each(await testEngines())('the general timesheet on $engine', ({ engine }) => {
  let kit: ResourceTestKit;
  let hr: Caller;
  let manager = '';
  const unit = { company: '', factory: '', workshop: '', office: '' };
  const worker = { seamstress: '', fitter: '', clerk: '', manager: '' };

  const inTenant = <T>(work: (tx: Tx) => Promise<T>) =>
    inScope(kit.server.db.orm, { tenantId: hr.tenantId, userId: null }, work);
  const one = async (tx: Tx, query: ReturnType<typeof sql>) =>
    (await rows<{ id: string }>(tx, query))[0]?.id ?? '';
  /** a worker's day as the page shows it (the answer's columns read as one cell) */
  const cellOf = (page: GeneralTimesheetPage, code: string, day: number) => {
    const row = page.rows.find((r) => r.code === code);
    return row ? dayCell(page.texts, row.columns, day) : null;
  };
  const grid = (token: string, query: string) =>
    kit.http.get<{ data: GeneralTimesheetPage }>(`${GRID}?${query}`, token);
  const day = (workDate: string, workerId: string, values: Partial<DayRecordRow>): DayRecordRow => ({
    workDate,
    workerId,
    shiftCode: 'HC',
    dayType: 'WEEKDAY',
    outcome: 'WORKED',
    daySymbol: '+',
    scheduledMinutes: 480,
    workedMinutes: 480,
    workUnits: 1000,
    paidUnits: 1000,
    punchPairs: '480~1020',
    punchCount: 2,
    // COPY takes the same columns from every row: each given, zero unless the day says otherwise
    lateMinutes: 0,
    earlyMinutes: 0,
    overtimeMinutes: 0,
    nightMinutes: 0,
    otWeekdayDayMinutes: 0,
    otWeekdayNightMinutes: 0,
    otRestDayMinutes: 0,
    otRestNightMinutes: 0,
    paidLeaveUnits: 0,
    unpaidLeaveUnits: 0,
    ...values,
  });
  const correctionOf = async (workDate: string, workerId: string) =>
    (
      await rows<{
        corrected_symbol: string | null;
        correction_reason: string | null;
        day_symbol: string | null;
      }>(
        kit.server.db.orm,
        sql`select corrected_symbol, correction_reason, day_symbol from tm_day_records
             where tenant_id = ${hr.tenantId} and work_date = ${workDate} and worker_id = ${workerId}`,
      )
    )[0];

  beforeAll(async () => {
    kit = await startResourceTestKit(engine);
    hr = await kit.caller([], ['timesheet.view', 'timesheet.update', 'action_log.view']);
    const made = await makeUser(
      { db: kit.server.db.orm, passwords: kit.server.passwords },
      { tenantId: hr.tenantId, permissions: ['timesheet.view', 'timesheet.update'], dataScope: 'UNITS' },
    );
    manager = await accessTokenFor(kit.server.db.orm, made.user);
    await inTenant(async (tx) => {
      const addUnit = (code: string, name: string, parent: string | null) =>
        one(
          tx,
          sql`insert into organization_units (tenant_id, code, name, parent_id)
              values (${hr.tenantId}, ${code}, ${name}, ${parent}) returning id`,
        );
      unit.company = await addUnit('CTY', 'Công ty', null);
      unit.factory = await addUnit('NM', 'Nhà máy', unit.company);
      unit.workshop = await addUnit('XM', 'Xưởng may', unit.factory);
      unit.office = await addUnit('VP', 'Văn phòng', unit.company);
      const position = await one(
        tx,
        sql`insert into positions (tenant_id, code, name) values (${hr.tenantId}, 'QD_XM', 'Quản đốc xưởng may') returning id`,
      );
      await tx.execute(sql`insert into position_direct_units (tenant_id, position_id, organization_unit_id, ordinal)
                           values (${hr.tenantId}, ${position}, ${unit.workshop}, 0)`);
      const addWorker = (code: string, name: string, unitId: string, extra = sql``) =>
        one(
          tx,
          sql`insert into workers (tenant_id, code, full_name, gender, organization_unit_id)
              values (${hr.tenantId}, ${code}, ${name}, 'FEMALE', ${unitId}) returning id ${extra}`,
        );
      worker.seamstress = await addWorker('NV001', 'Nguyễn Thị Mai', unit.workshop);
      worker.fitter = await addWorker('NV002', 'Trần Văn Hùng', unit.factory);
      worker.clerk = await addWorker('NV003', 'Lê Thị Lan', unit.office);
      worker.manager = await addWorker('NV000', 'Phạm Quản Đốc', unit.workshop);
      // off the roll in March: one left in February, one joins in April
      const leaver = await addWorker('NV004', 'Đỗ Văn Nghỉ', unit.factory);
      await tx.execute(sql`update workers set working_status = 'UNEMPLOYED' where id = ${leaver}`);
      await tx.execute(sql`insert into resignations (tenant_id, worker_id, decision_number, effective_date, approval_status)
                           values (${hr.tenantId}, ${leaver}, 'QD-01', '2026-02-15', 'APPROVED')`);
      const joiner = await addWorker('NV005', 'Vũ Thị Mới', unit.factory);
      await tx.execute(sql`update workers set joined_date = '2026-04-01' where id = ${joiner}`);
      await tx.execute(sql`update workers set job_position_id = ${position}, user_id = ${made.user.id}
                            where id = ${worker.manager}`);
      // a company-wide rule of 26 standard days, and the Labour Code's rates for the engine
      await tx.execute(sql`delete from standard_working_days where tenant_id = ${hr.tenantId}`);
      await tx.execute(sql`insert into standard_working_days (tenant_id, code, name, effective_date, method, days)
                           values (${hr.tenantId}, 'NC26', '26 ngày', '2021-01-01', 'FIXED', 26)`);
      await tx.execute(sql`delete from labour_rules where tenant_id = ${hr.tenantId}`);
      await tx.execute(sql`
        insert into labour_rules (tenant_id, code, name, effective_date, normal_hours_per_day, normal_hours_per_week,
          night_start_hour, night_end_hour, overtime_weekday_percent, overtime_rest_day_percent,
          overtime_holiday_percent, night_work_percent, night_overtime_percent)
        values (${hr.tenantId}, 'LD2019', 'Bộ luật Lao động 2019', '2021-02-01', 8, 48, 22, 6, 150, 200, 300, 30, 20)`);
      await writeBatch(
        tx,
        dayRecordStore,
        [
          day('2026-03-02', worker.seamstress, {
            lateMinutes: 12,
            workedMinutes: 468,
            punchPairs: '492~1020',
          }),
          day('2026-03-03', worker.seamstress, {
            earlyMinutes: 10,
            workedMinutes: 470,
            overtimeMinutes: 60,
            otWeekdayDayMinutes: 60,
          }),
          day('2026-03-04', worker.seamstress, {
            outcome: 'LEAVE',
            daySymbol: 'P',
            workedMinutes: 0,
            workUnits: 0,
            paidLeaveUnits: 1000,
            punchPairs: null,
          }),
          day('2026-03-05', worker.seamstress, {
            outcome: 'LEAVE',
            daySymbol: 'KL',
            workedMinutes: 0,
            workUnits: 0,
            paidUnits: 0,
            unpaidLeaveUnits: 1000,
            punchPairs: null,
          }),
          day('2026-03-08', worker.seamstress, {
            dayType: 'REST_DAY',
            shiftCode: null,
            outcome: 'WORKED',
            workedMinutes: 0,
            workUnits: 0,
            paidUnits: 0,
            overtimeMinutes: 300,
            otRestDayMinutes: 240,
            otRestNightMinutes: 60,
            nightMinutes: 0,
            punchPairs: '1080~1380',
          }),
          day('2026-03-02', worker.fitter, {}),
          day('2026-03-02', worker.clerk, {}),
        ],
        { actor: { scope: { tenantId: hr.tenantId, userId: null }, ip: null, userAgent: 'test' } },
      );
    });
  });
  afterAll(async () => {
    await kit.stop();
  });

  it('shows a unit’s month as workers × days with each worker’s totals', async () => {
    const res = await grid(hr.token, `organizationUnitId=${unit.factory}&month=2026-03`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const page = res.body.data;
    expect(page.days).toHaveLength(31);
    // the unit's calendar for the columns' shading: 1 March 2026 a Sunday, 2 March a Monday
    expect(page.dayTypes.slice(0, 2)).toEqual(['WEEKLY_REST_DAY', 'WORKING_DAY']);
    // the factory and the workshop below it, by code; not the office, nor NV004 (left in
    // February) nor NV005 (joins in April)
    expect(page.rows.map((r) => r.code)).toEqual(['NV000', 'NV001', 'NV002']);
    const february = await grid(hr.token, `organizationUnitId=${unit.factory}&month=2026-02`);
    expect(february.body.data.rows.map((r) => r.code)).toEqual(['NV000', 'NV001', 'NV002', 'NV004']);
    const mai = page.rows.find((r) => r.code === 'NV001');
    const symbols = mai?.columns.symbol.map((_, i) => shownSymbol(page.texts, mai.columns, i));
    expect(symbols?.slice(0, 8)).toEqual(['', '+', '+', 'P', 'KL', '', '', '+']);
    expect(cellOf(page, 'NV001', 1)).toMatchObject({
      shiftCode: 'HC',
      pairs: '492~1020',
      lateMinutes: 12,
      workedMinutes: 468,
    });
    expect(cellOf(page, 'NV001', 7)).toMatchObject({ dayType: 'REST_DAY', overtimeMinutes: 300 });
    expect(mai?.totals).toEqual({
      standardDays: '26',
      workUnits: 2000,
      paidLeaveUnits: 1000,
      unpaidLeaveUnits: 1000,
      paidUnits: 3000,
      overtime: {
        weekdayDay: 60,
        weekdayNight: 0,
        restDay: 240,
        restNight: 60,
        holidayDay: 0,
        holidayNight: 0,
      },
      nightMinutes: 0,
      lateCount: 1,
      lateMinutes: 12,
      earlyCount: 1,
      earlyMinutes: 10,
    });
    expect(page.legend).toContainEqual({ key: 'ANNUAL_LEAVE', symbol: 'P' });
    expect(page.next).toBeNull();
  });

  it('pages workers by keyset, and refuses a cursor of another month', async () => {
    const first = await grid(hr.token, `organizationUnitId=${unit.company}&month=2026-03&pageSize=2`);
    expect(first.body.data.rows.map((r) => r.code)).toEqual(['NV000', 'NV001']);
    const cursor = first.body.data.next ?? '';
    const second = await grid(
      hr.token,
      `organizationUnitId=${unit.company}&month=2026-03&pageSize=2&after=${cursor}`,
    );
    expect(second.body.data.rows.map((r) => r.code)).toEqual(['NV002', 'NV003']);
    expect(second.body.data.next).toBeNull();
    const other = await kit.http.get<Refusal>(
      `${GRID}?organizationUnitId=${unit.company}&month=2026-04&after=${cursor}`,
      hr.token,
    );
    expect(other.status).toBe(400);
  });

  it('shows a manager only the units they lead', async () => {
    const res = await grid(manager, `organizationUnitId=${unit.company}&month=2026-03`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.rows.map((r) => r.code)).toEqual(['NV000', 'NV001']);
    // and cannot correct a worker outside them: as if there were none
    const refused = await kit.http.post<Refusal>(
      CORRECT,
      { workerId: worker.clerk, month: '2026-03', workDate: '2026-03-02', symbol: 'X', reason: 'Thử' },
      manager,
    );
    expect(refused.status).toBe(404);
    expect((await correctionOf('2026-03-02', worker.clerk))?.corrected_symbol).toBeNull();
  });

  it('keeps HR’s correction through a recomputation, logs it, and hands the day back when cleared', async () => {
    const reason = 'Quên chấm công ra, quản đốc xác nhận làm đủ ca';
    const res = await kit.http.post<{ data: { corrected: boolean } }>(
      CORRECT,
      {
        workerId: worker.seamstress,
        month: '2026-03',
        workDate: '2026-03-09',
        symbol: '+',
        paidUnits: 1000,
        reason,
      },
      hr.token,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    // the engine computes the day again (no shift, no punch): the correction stays
    await inTenant((tx) =>
      requestDayRecomputation(tx, { enqueue: async () => [] } as never, hr.tenantId, [
        { workerId: worker.seamstress, workDate: '2026-03-09' },
      ]),
    );
    const drained = await drainDayRecomputation(kit.server.db.orm, hr.tenantId, timesheetInputs());
    expect(drained.computed).toBe(1);
    expect(await correctionOf('2026-03-09', worker.seamstress)).toMatchObject({
      corrected_symbol: '+',
      correction_reason: reason,
    });
    const page = (await grid(hr.token, `organizationUnitId=${unit.workshop}&month=2026-03`)).body.data;
    const mai = page.rows.find((r) => r.code === 'NV001');
    expect(cellOf(page, 'NV001', 8)).toMatchObject({
      symbol: '+',
      paidUnits: 1000,
      correction: { reason, symbol: '+' },
    });
    expect(mai?.totals.workUnits).toBe(3000);
    const logged = await rows<{ changes: Record<string, { after: unknown }>; user_id: string }>(
      kit.server.db.orm,
      sql`select changes, user_id from action_logs where tenant_id = ${hr.tenantId} and resource = 'tm_day_record'
             and record_id = ${`2026-03-09|${worker.seamstress}`} order by created_at`,
    );
    expect(logged[0]?.user_id).toBe(hr.userId);
    expect(logged[0]?.changes.correctionReason?.after).toBe(reason);

    const cleared = await kit.http.post(
      CLEAR,
      { workerId: worker.seamstress, month: '2026-03', workDate: '2026-03-09', reason: 'Nhập nhầm ngày' },
      hr.token,
    );
    expect(cleared.status, JSON.stringify(cleared.body)).toBe(200);
    expect(await correctionOf('2026-03-09', worker.seamstress)).toMatchObject({
      corrected_symbol: null,
      correction_reason: null,
    });
    // the day asked for again: once computed, the engine's own cell (no shift, no punch: blank)
    await drainDayRecomputation(kit.server.db.orm, hr.tenantId, timesheetInputs());
    const again = (await grid(hr.token, `organizationUnitId=${unit.workshop}&month=2026-03`)).body.data;
    const back = cellOf(again, 'NV001', 8);
    expect(back?.symbol ?? null).toBeNull();
    expect(back?.correction).toBeUndefined();
    expect(again.rows.find((r) => r.code === 'NV001')?.totals.workUnits).toBe(2000);
  });

  it('refuses bad input and writes nothing', async () => {
    const base = {
      workerId: worker.fitter,
      month: '2026-03',
      workDate: '2026-03-02',
      symbol: 'Ô',
      reason: 'Ốm có giấy',
    };
    const cases: [Record<string, unknown>, number, string | null][] = [
      [{ ...base, reason: '' }, 400, 'reason'],
      [{ ...base, reason: '   ' }, 400, 'reason'],
      [{ ...base, reason: 'x'.repeat(501) }, 400, 'reason'],
      [{ ...base, workDate: '2026-04-01' }, 400, 'workDate'],
      [{ ...base, workDate: '2026-02-30', month: '2026-02' }, 400, 'workDate'],
      [{ ...base, workerId: '00000000-0000-4000-8000-000000000000' }, 404, null],
      [{ ...base, symbol: 'QUÁ_DÀI_RỒI' }, 400, 'symbol'],
      [{ ...base, symbol: null }, 400, 'symbol'],
      [{ ...base, paidUnits: 100_000 }, 400, null],
    ];
    for (const [body, status, field] of cases) {
      const res = await kit.http.post<Refusal>(CORRECT, body, hr.token);
      expect(res.status, JSON.stringify(body)).toBe(status);
      if (field) expect(res.body.errors?.map((e) => e.field.replace(/^\//, ''))).toContain(field);
    }
    expect(await correctionOf('2026-03-02', worker.fitter)).toMatchObject({
      corrected_symbol: null,
      day_symbol: '+',
    });
    const logged = await rows<{ n: number }>(
      kit.server.db.orm,
      sql`select count(*)::int as n from action_logs where tenant_id = ${hr.tenantId} and resource = 'tm_day_record'
             and record_id like ${`%|${worker.fitter}`}`,
    );
    expect(logged[0]?.n).toBe(0);
  });

  it('refuses a day of a locked month and writes nothing', async () => {
    // a test lock source here; timesheets/timesheets.test.ts locks the month through an approved timesheet
    const locks = {
      lockedMonths: async (_tx: unknown, ids: readonly string[]) =>
        new Map(ids.map((id) => [id, new Set(['2026-03'])] as const)),
    };
    const caller = { tenantId: hr.tenantId, userId: hr.userId };
    const refused = await inScope(kit.server.db.orm, caller, (tx) =>
      changeCell(
        tx,
        caller,
        { scope: caller, ip: null, userAgent: 'test' },
        { locks, queue: { enqueue: async () => [] } as never, now: new Date('2026-04-02T03:00:00Z') },
        {
          workerId: worker.fitter,
          month: '2026-03',
          workDate: '2026-03-02',
          reason: 'Sửa sau khi khoá',
          set: { symbol: 'X', paidUnits: null },
        },
      ).then(
        () => null,
        (error: { statusCode?: number; code?: string; message: string }) => error,
      ),
    );
    expect(refused?.statusCode).toBe(409);
    expect(refused?.code).toBe('MONTH_LOCKED');
    expect(refused?.message).toContain('locked');
    expect((await correctionOf('2026-03-02', worker.fitter))?.corrected_symbol).toBeNull();
  });

  it('reads a page in the same number of statements for one worker as for four', async () => {
    // once each first: the sign-in's own reads (the caller's rights) are kept after the first request
    await grid(hr.token, `organizationUnitId=${unit.office}&month=2026-03`);
    await grid(hr.token, `organizationUnitId=${unit.company}&month=2026-03`);
    const few = await statementsDuring(() =>
      grid(hr.token, `organizationUnitId=${unit.office}&month=2026-03`),
    );
    const many = await statementsDuring(() =>
      grid(hr.token, `organizationUnitId=${unit.company}&month=2026-03`),
    );
    if (engine !== 'pglite') {
      expect(many.length).toBe(few.length);
      // one read of the day records for the whole page, never one per worker
      expect(many.filter((s) => s.includes('from tm_day_records'))).toHaveLength(1);
    }
  });
});
