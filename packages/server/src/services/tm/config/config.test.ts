import type { ErrorEnvelope } from '@hcm/contracts';
import type { GeneralTimesheetPage } from '@hcm/contracts/general-timesheet';
import {
  SEEDED_TIMEKEEPING_SETTINGS,
  TimekeepingConfigPaths,
  type TimekeepingConfig,
  type TimekeepingConfigSaved,
} from '@hcm/contracts/timekeeping-config';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeBatch } from '../../../bulk/index.ts';
import type { Tx } from '../../../db/database.ts';
import { inScope } from '../../../db/tenant-scope.ts';
import { startResourceTestKit, type Caller, type ResourceTestKit } from '../../../resources/testing/kit.ts';
import { testEngines } from '../../../testing/engines.ts';
import { accessTokenFor, makeUser } from '../../../testing/factories.ts';
import { rows } from '../../../testing/migrated-database.ts';
import { punchStore } from '../tables/punches.ts';
import { punchAt } from '../timesheet/factories.ts';
import { requestRecomputationForPunches } from '../timesheet/recompute-keys.ts';
import { drainDayRecomputation } from '../timesheet/recompute-job.ts';
import { timesheetInputs } from '../timesheet/wiring.ts';

type Refusal = ErrorEnvelope & {
  errors?: { field: string; code: string }[];
  params?: Record<string, unknown>;
};

/*
 * Timekeeping › General config against the real server (docs/timekeeping-config.md): a version
 * effective from April writes X for a worked day; the server's own jobs compute April's days
 * again and March keeps its "+"; refusals name the field and write nothing; an approved month
 * refuses a version that would change it; removing the version brings "+" back.
 */
describe.each(await testEngines())('timekeeping general config on $engine', ({ engine }) => {
  let kit: ResourceTestKit;
  let hr: Caller;
  let viewer: { token: string };
  let unitId = '';
  let workerId = '';
  const stubQueue = { enqueue: async () => [] } as never;
  const version = (month: string) => TimekeepingConfigPaths.version.replace(':month', month);
  const body = (symbols: Record<string, string | null>, reason = 'Công ty ghi X cho ngày làm việc') => ({
    ...SEEDED_TIMEKEEPING_SETTINGS,
    symbols: { ...SEEDED_TIMEKEEPING_SETTINGS.symbols, ...symbols },
    reason,
  });
  const inTenant = <T>(work: (tx: Tx) => Promise<T>) =>
    inScope(kit.server.db.orm, { tenantId: hr.tenantId, userId: hr.userId }, work);
  const symbolOf = async (day: string) =>
    (
      await rows<{ day_symbol: string | null }>(
        kit.server.db.orm,
        sql`select day_symbol from tm_day_records
             where tenant_id = ${hr.tenantId} and worker_id = ${workerId} and work_date = ${day}`,
      )
    )[0]?.day_symbol;
  const stored = () =>
    rows<{ effective_month: string; version: number; worked: string | null }>(
      kit.server.db.orm,
      sql`select effective_month, version, symbols->>'WORKED' as worked from tm_timekeeping_settings
           where tenant_id = ${hr.tenantId} order by effective_month`,
    );
  const put = <T = { data: TimekeepingConfigSaved }>(month: string, payload: unknown, token = hr.token) =>
    kit.http.request<T>('PUT', version(month), { body: payload, token });

  beforeAll(async () => {
    kit = await startResourceTestKit(engine);
    hr = await kit.caller(
      [],
      ['action_log.view', 'timekeeping.view', 'timekeeping.update', 'timesheet.view'],
    );
    const made = await makeUser(
      { db: kit.server.db.orm, passwords: kit.server.passwords },
      { tenantId: hr.tenantId, fullName: 'Nguyễn Văn Xem', permissions: ['timekeeping.view'] },
    );
    viewer = { token: await accessTokenFor(kit.server.db.orm, made.user) };
    await inTenant(async (tx) => {
      const one = async <T>(query: ReturnType<typeof sql>) => (await rows<T>(tx, query))[0] as T;
      unitId = (
        await one<{ id: string }>(
          sql`insert into organization_units (tenant_id, code, name) values (${hr.tenantId}, 'VP', 'Văn phòng') returning id`,
        )
      ).id;
      workerId = (
        await one<{ id: string }>(
          sql`insert into workers (tenant_id, code, full_name, gender, organization_unit_id)
              values (${hr.tenantId}, 'NV1', 'Lê Thị Mai', 'FEMALE', ${unitId}) returning id`,
        )
      ).id;
      const shift = await one<{ id: string }>(
        sql`insert into work_shifts (tenant_id, code, name, kind, start_time, end_time, required_hours)
            values (${hr.tenantId}, 'HC', 'Hành chính', 'FIXED', '08:00', '17:00', 8) returning id`,
      );
      await tx.execute(sql`
        insert into work_shift_breaks (tenant_id, shift_id, position, start_time, end_time, paid)
        values (${hr.tenantId}, ${shift.id}, 0, '12:00', '13:00', false)`);
      const calendar = await one<{ id: string }>(
        sql`insert into tm_work_calendars (tenant_id, code, name, target_type, from_date, pattern_type,
              work_shift_id, approval_status, approved_at)
            values (${hr.tenantId}, 'LLV1', 'Lịch hành chính', 'WORKER', '2026-01-01', 'WEEKLY', ${shift.id}, 'APPROVED', now())
            returning id`,
      );
      await tx.execute(sql`
        insert into tm_work_calendar_workers (tenant_id, calendar_id, worker_id, ordinal)
        values (${hr.tenantId}, ${calendar.id}, ${workerId}, 0)`);
      for (const weekday of ['MON', 'TUE', 'WED', 'THU', 'FRI'])
        await tx.execute(sql`
          insert into tm_work_calendar_weekdays (tenant_id, calendar_id, weekday)
          values (${hr.tenantId}, ${calendar.id}, ${weekday})`);
      await tx.execute(sql`delete from labour_rules where tenant_id = ${hr.tenantId}`);
      await tx.execute(sql`
        insert into labour_rules (tenant_id, code, name, effective_date, normal_hours_per_day, normal_hours_per_week,
          night_start_hour, night_end_hour, overtime_weekday_percent, overtime_rest_day_percent,
          overtime_holiday_percent, night_work_percent, night_overtime_percent)
        values (${hr.tenantId}, 'LD2019', 'Bộ luật Lao động 2019', '2021-02-01', 8, 48, 22, 6, 150, 200, 300, 30, 20)`);
      // a worked Monday in March and a worked Wednesday in April
      const batch = ['2026-03-02 07:58', '2026-03-02 17:03', '2026-04-01 07:55', '2026-04-01 17:01'].map(
        (local) => ({
          punchedAt: new Date(punchAt(local).at),
          deviceCode: 'MCC-01',
          attendanceCode: '1',
          workerId,
          source: 'DEVICE' as const,
        }),
      );
      await writeBatch(tx, punchStore, batch, {
        actor: { scope: { tenantId: hr.tenantId, userId: null }, ip: null, userAgent: 'test' },
      });
      await requestRecomputationForPunches(tx, stubQueue, hr.tenantId, batch);
    });
    await drainDayRecomputation(kit.server.db.orm, hr.tenantId, timesheetInputs());
  });
  afterAll(async () => {
    await kit?.stop();
  });

  it('computes with the seeded symbols until the tenant stores its own', async () => {
    expect([await symbolOf('2026-03-02'), await symbolOf('2026-04-01')]).toEqual(['+', '+']);
    const res = await kit.http.get<{ data: TimekeepingConfig }>(
      `${TimekeepingConfigPaths.config}?month=2026-04`,
      hr.token,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ month: '2026-04', inForce: null, versions: [] });
    expect(res.body.data.seeded.symbols).toMatchObject({
      WORKED: '+',
      ANNUAL_LEAVE: 'P',
      UNPAID_LEAVE: 'KL',
    });
  });

  it('refuses bad settings field by field and writes nothing', async () => {
    const slash = await put<Refusal>('2026-04', body({ WORKED: '+/P' }));
    expect(slash.status).toBe(400);
    expect(slash.body.errors?.map((e) => e.field)).toEqual(['symbols.WORKED']);
    const long = await put<Refusal>('2026-04', body({ SICK: 'ỐMĐAUDÀIQUÁ' }));
    expect(long.body.errors).toEqual([
      expect.objectContaining({ field: 'symbols.SICK', code: 'error.maxlength' }),
    ]);
    // "KL" for paid leave too: a hand-written KL would count both ways
    const clash = await put<Refusal>('2026-04', body({ ANNUAL_LEAVE: 'KL' }));
    expect(clash.status).toBe(400);
    expect(clash.body.errors?.map((e) => e.field).sort()).toEqual([
      'symbols.ANNUAL_LEAVE',
      'symbols.UNPAID_LEAVE',
    ]);
    const blank = await put<Refusal>('2026-04', body({ WORKED: 'X' }, '   '));
    expect(blank.body.errors?.map((e) => e.field)).toEqual(['reason']);
    const month = await put<Refusal>('2026-13', body({ WORKED: 'X' }));
    expect(month.body.errors?.map((e) => e.field)).toEqual(['effectiveMonth']);
    const unknown = await put<Refusal>('2026-04', body({ NIGHT_WATCH: 'Đ' }));
    expect(unknown.status).toBe(400);
    const minutes = await put<Refusal>('2026-04', { ...body({}), repeatPunchSeconds: 86_400 });
    expect(minutes.body.errors?.map((e) => e.field)).toEqual(['repeatPunchSeconds']);
    const denied = await put<Refusal>('2026-04', body({ WORKED: 'X' }), viewer.token);
    expect(denied.status).toBe(403);
    expect(await stored()).toEqual([]);
  });

  it('writes X from April on: April computed again by the server’s jobs, March kept', async () => {
    const saved = await put('2026-04', body({ WORKED: 'X', ABSENT: 'KP' }));
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data).toEqual({
      effectiveMonth: '2026-04',
      version: 1,
      recomputed: { from: '2026-04', until: null },
    });
    await expect.poll(() => symbolOf('2026-04-01'), { timeout: 30_000 }).toBe('X');
    expect(await symbolOf('2026-03-02')).toBe('+');

    const april = await kit.http.get<{ data: TimekeepingConfig }>(
      `${TimekeepingConfigPaths.config}?month=2026-05`,
      hr.token,
    );
    expect(april.body.data.inForce).toMatchObject({
      effectiveMonth: '2026-04',
      reason: 'Công ty ghi X cho ngày làm việc',
      version: 1,
    });
    expect(april.body.data.inForce?.symbols).toMatchObject({ WORKED: 'X', ABSENT: 'KP', ANNUAL_LEAVE: 'P' });
    const march = await kit.http.get<{ data: TimekeepingConfig }>(
      `${TimekeepingConfigPaths.config}?month=2026-03`,
      viewer.token,
    );
    expect(march.body.data.inForce).toBeNull();
    expect(march.body.data.versions.map((v) => v.effectiveMonth)).toEqual(['2026-04']);

    // the general timesheet's legend is the month's
    const grid = (month: string) =>
      kit.http.get<{ data: GeneralTimesheetPage }>(
        `/api/tm/general-timesheet?organizationUnitId=${unitId}&month=${month}`,
        hr.token,
      );
    const legendOf = async (month: string) => {
      const res = await grid(month);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.data.legend.filter((e) => e.key === 'WORKED' || e.key === 'ABSENT');
    };
    expect(await legendOf('2026-04')).toEqual([
      { key: 'WORKED', symbol: 'X' },
      { key: 'ABSENT', symbol: 'KP' },
    ]);
    expect(await legendOf('2026-03')).toEqual([{ key: 'WORKED', symbol: '+' }]);

    const logged = await rows<{ action: string }>(
      kit.server.db.orm,
      sql`select action from action_logs where tenant_id = ${hr.tenantId} and resource = 'timekeeping'
            and record_id = 'config/2026-04'`,
    );
    expect(logged.map((r) => r.action)).toEqual(['CREATE']);
  });

  it('replaces a version only with its current version number', async () => {
    const again = await put<Refusal>('2026-04', body({ WORKED: 'V' }));
    expect(again.status).toBe(409);
    const stale = await put<Refusal>('2026-04', { ...body({ WORKED: 'V' }), version: 7 });
    expect(stale.status).toBe(409);
    expect(await stored()).toEqual([{ effective_month: '2026-04', version: 1, worked: 'X' }]);
  });

  it('refuses a version that would change an approved month, and takes one after it', async () => {
    await inTenant((tx) =>
      tx.execute(sql`
        insert into tm_timesheets (tenant_id, code, name, organization_unit_id, month, approval_status, approved_at)
        values (${hr.tenantId}, 'BCC_06', 'Bảng công 06/2026', ${unitId}, '2026-06', 'APPROVED', now())`),
    );
    const locked = await put<Refusal>('2026-05', body({ WORKED: 'C' }));
    expect(locked.status).toBe(409);
    expect(locked.body.code).toBe('MONTH_LOCKED');
    expect(locked.body.params).toMatchObject({ month: '2026-06' });
    const after = await put('2026-07', body({ WORKED: 'C' }));
    expect(after.status, JSON.stringify(after.body)).toBe(200);
    expect((await stored()).map((s) => s.effective_month)).toEqual(['2026-04', '2026-07']);
    // April's version now governs April to June, which holds the approved month: it cannot change
    const april = await put<Refusal>('2026-04', { ...body({ WORKED: 'V' }), version: 1 });
    expect(april.status).toBe(409);
    const removal = await kit.http.request<Refusal>('DELETE', version('2026-04'), {
      token: hr.token,
      body: { reason: 'Nhầm', version: 1 },
    });
    expect(removal.status).toBe(409);
    await inTenant((tx) => tx.execute(sql`delete from tm_timesheets where code = 'BCC_06'`));
  });

  it('removing April’s version brings the seeded "+" back to April', async () => {
    const removed = await kit.http.request<{ data: TimekeepingConfigSaved }>('DELETE', version('2026-04'), {
      token: hr.token,
      body: { reason: 'Quay lại ký hiệu theo mẫu 01a-LĐTL', version: 1 },
    });
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    expect(removed.body.data.recomputed).toEqual({ from: '2026-04', until: '2026-07' });
    await expect.poll(() => symbolOf('2026-04-01'), { timeout: 30_000 }).toBe('+');
    expect((await stored()).map((s) => s.effective_month)).toEqual(['2026-07']);
  });

  it('takes one of two saves of a new month sent at once, and tells the other', async () => {
    const answers = await Promise.all([
      put<Refusal>('2026-11', body({ WORKED: 'A' }, 'Người thứ nhất')),
      put<Refusal>('2026-11', body({ WORKED: 'B' }, 'Người thứ hai')),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const [november] = (await stored()).filter((s) => s.effective_month === '2026-11');
    expect(november?.version).toBe(1);
  });
});
