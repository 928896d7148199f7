import type { ErrorEnvelope, PageInfo } from '@hcm/contracts';
import type {
  DailyWorkers,
  HoursReport,
  LateEarlyFrequency,
  LateEarlyWorker,
  TroopReport,
  TroopWorker,
} from '@hcm/contracts/timekeeping-reports';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeBatch } from '../../../bulk/index.ts';
import type { Tx } from '../../../db/database.ts';
import { inScope } from '../../../db/tenant-scope.ts';
import { download, readSheet } from '../../../resources/testing/kit.ts';
import { todayInVietnam } from '../../../resources/documents/vietnamese-format.ts';
import { createTestDatabase, testEngines, type TestDatabase } from '../../../testing/engines.ts';
import { accessTokenFor, makeTenant, makeUser } from '../../../testing/factories.ts';
import { httpClient, type HttpClient } from '../../../testing/http-client.ts';
import { rows } from '../../../testing/migrated-database.ts';
import { movableClock } from '../../../testing/movable-clock.ts';
import { startTestServer, type TestServer } from '../../../testing/test-server.ts';
import { dayRecordStore } from '../tables/day-records.ts';
import type { DayRecordRow } from '../timesheet/day-record-row.ts';

const BASE = '/api/tm/reports';
type Refusal = ErrorEnvelope & { errors?: { field: string; code: string }[] };
const shift = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/*
 * The timekeeping reports against PostgreSQL (docs/timekeeping-reports.md). The tenant: Công ty
 * → Nhà máy → Xưởng may, and Văn phòng beside the factory; day records written through the bulk
 * path as the engine writes them, for today and yesterday (the server's clock, fixed for the
 * suite) and for March 2026; a workshop manager who reaches only the workshop.
 */
describe.each(await testEngines())('the timekeeping reports on $engine', ({ engine }) => {
  const clock = movableClock();
  const today = todayInVietnam(clock.now());
  const yesterday = shift(today, -1);
  let database: TestDatabase;
  let server: TestServer;
  let http: HttpClient;
  let tenantId = '';
  let hr = '';
  let manager = '';
  let stranger = '';
  const unit = { company: '', factory: '', workshop: '', office: '' };
  const w: Record<string, string> = {};

  const get = <T>(token: string, path: string) => http.get<T>(`${BASE}${path}`, token);
  const troop = async (token: string, query: string) => {
    const res = await get<{ data: TroopReport }>(token, `/troop?${query}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data;
  };
  const names = async (token: string, query: string) => {
    const res = await get<{ data: TroopWorker[]; page: PageInfo }>(token, `/troop/workers?${query}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body;
  };
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
    firstIn: new Date(`${workDate}T01:00:00Z`),
    flags: 0,
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
  const away = { workedMinutes: 0, workUnits: 0, punchPairs: null, punchCount: 0, firstIn: null };
  /** a day late by `minutes` */
  const late = (date: string, workerId: string, minutes: number) =>
    day(date, workerId, { lateMinutes: minutes, workedMinutes: 480 - minutes });

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    server = await startTestServer({ ...database.env, LOG_LEVEL: 'warn' }, { clock: clock.now });
    http = httpClient(server.url);
    const deps = { db: server.db.orm, passwords: server.passwords };
    tenantId = (await makeTenant(server.db.orm)).id;
    const user = async (permissions: string[], dataScope?: 'UNITS') =>
      (await makeUser(deps, { tenantId, permissions, ...(dataScope ? { dataScope } : {}) })).user;
    hr = await accessTokenFor(server.db.orm, await user(['timesheet.view', 'timesheet.export']));
    const boss = await user(['timekeeping.view'], 'UNITS');
    manager = await accessTokenFor(server.db.orm, boss);
    stranger = await accessTokenFor(server.db.orm, await user(['worker.view']));
    await inScope(server.db.orm, { tenantId, userId: null }, async (tx: Tx) => {
      const one = async (query: ReturnType<typeof sql>) =>
        (await rows<{ id: string }>(tx, query))[0]?.id ?? '';
      const addUnit = (code: string, name: string, parent: string | null) =>
        one(sql`insert into organization_units (tenant_id, code, name, parent_id)
                values (${tenantId}, ${code}, ${name}, ${parent}) returning id`);
      unit.company = await addUnit('CTY', 'Công ty', null);
      unit.factory = await addUnit('NM', 'Nhà máy', unit.company);
      unit.workshop = await addUnit('XM', 'Xưởng may', unit.factory);
      unit.office = await addUnit('VP', 'Văn phòng', unit.company);
      const position = await one(
        sql`insert into positions (tenant_id, code, name) values (${tenantId}, 'QD', 'Quản đốc') returning id`,
      );
      await tx.execute(sql`insert into position_direct_units (tenant_id, position_id, organization_unit_id, ordinal)
                           values (${tenantId}, ${position}, ${unit.workshop}, 0)`);
      const add = async (code: string, name: string, unitId: string, joined: string | null = null) => {
        w[code] =
          await one(sql`insert into workers (tenant_id, code, full_name, gender, organization_unit_id, joined_date)
                values (${tenantId}, ${code}, ${name}, 'FEMALE', ${unitId}, ${joined}) returning id`);
      };
      await add('NV000', 'Phạm Quản Đốc', unit.workshop);
      await add('NV001', 'Nguyễn Thị Mai', unit.workshop);
      await add('NV002', 'Trần Văn Hùng', unit.factory);
      await add('NV003', 'Lê Thị Lan', unit.office);
      await add('NV004', 'Đỗ Văn Tuấn', unit.factory);
      await add('NV005', 'Vũ Thị Hoa', unit.workshop);
      await add('NV006', 'Bùi Văn Bình', unit.factory);
      // joins tomorrow: not on today's roll
      await add('NV007', 'Hồ Văn Sơn', unit.workshop, shift(today, 1));
      // left today: on yesterday's roll, not today's — by his approved resignation, before the
      // daily sweep applies it (still WORKING), as the general timesheet lists him
      await add('NV008', 'Ngô Văn Cường', unit.factory);
      await tx.execute(sql`insert into resignations (tenant_id, worker_id, decision_number, effective_date, approval_status)
                           values (${tenantId}, ${w.NV008}, 'QĐ-01', ${today}, 'APPROVED')`);
      await tx.execute(
        sql`update workers set job_position_id = ${position}, user_id = ${boss.id} where id = ${w.NV000}`,
      );
      const march = (d: number) => `2026-03-${String(d).padStart(2, '0')}`;
      await writeBatch(
        tx,
        dayRecordStore,
        [
          // today
          late(today, w.NV001 as string, 12),
          day(today, w.NV002 as string, {
            outcome: 'INCOMPLETE',
            daySymbol: null,
            flags: 2,
            punchPairs: '480~',
          }),
          day(today, w.NV003 as string, { ...away, outcome: 'LEAVE', daySymbol: 'P', paidLeaveUnits: 1000 }),
          day(today, w.NV005 as string, {
            ...away,
            outcome: 'LEAVE',
            daySymbol: 'KL',
            paidUnits: 0,
            unpaidLeaveUnits: 1000,
          }),
          day(today, w.NV006 as string, { ...away, workedMinutes: 480, workUnits: 1000 }),
          // yesterday
          day(yesterday, w.NV001 as string, {
            outcome: 'INCOMPLETE',
            daySymbol: null,
            flags: 1,
            punchPairs: '~1020',
          }),
          day(yesterday, w.NV002 as string, {
            outcome: 'INCOMPLETE',
            daySymbol: null,
            flags: 2,
            punchPairs: '480~',
          }),
          day(yesterday, w.NV004 as string, { ...away, outcome: 'ABSENT', daySymbol: null, paidUnits: 0 }),
          day(yesterday, w.NV006 as string, {
            ...away,
            outcome: 'REST',
            dayType: 'REST_DAY',
            daySymbol: null,
            paidUnits: 0,
          }),
          day(yesterday, w.NV008 as string, {}),
          // March 2026: Mai late 7 times (2…8) and early once; Hùng late 6 times; Tuấn late once;
          // Lan (office) late twice; the manager late 3 times
          ...[2, 3, 4, 5, 6, 7, 8].map((d) => late(march(d), w.NV001 as string, 10)),
          day(march(9), w.NV001 as string, { earlyMinutes: 20, workedMinutes: 460, nightMinutes: 60 }),
          ...[2, 3, 4, 5, 6, 9].map((d) => late(march(d), w.NV002 as string, 5)),
          late(march(10), w.NV004 as string, 30),
          ...[2, 3].map((d) => late(march(d), w.NV003 as string, 15)),
          ...[2, 3, 4].map((d) => late(march(d), w.NV000 as string, 1)),
          day('2026-04-01', w.NV002 as string, {
            nightMinutes: 120,
            overtimeMinutes: 90,
            otWeekdayDayMinutes: 30,
            otWeekdayNightMinutes: 60,
          }),
        ],
        { actor: { scope: { tenantId, userId: null }, ip: null, userAgent: 'test' } },
      );
      // HR corrected Hùng's yesterday to paid leave: counted as such, his missing checkout no longer
      await tx.execute(sql`update tm_day_records set corrected_symbol = 'P', correction_reason = 'Nghỉ phép',
                             corrected_at = now() where worker_id = ${w.NV002} and work_date = ${yesterday}`);
    });
  });
  afterAll(async () => {
    await server.stop();
    await database.dispose();
  });

  it('counts today’s troop by unit: present, late, leave, away, not checked in; the roll by joining and leaving', async () => {
    const report = await troop(hr, `organizationUnitId=${unit.company}`);
    expect(report.date).toBe(today);
    const byCode = Object.fromEntries(
      report.units.map(({ code, organizationUnitId: _, name: __, ...c }) => [code, c]),
    );
    expect(byCode.NM).toEqual({
      onRoll: 3,
      present: 1,
      late: 0,
      // Hùng's checkout is still to come today
      missingPunch: 0,
      businessTrip: 1,
      paidLeave: 0,
      unpaidLeave: 0,
      absent: 0,
      dayOff: 0,
      notCheckedIn: 1,
    });
    // the workshop, a unit below the factory, is a row of its own; Sơn joins tomorrow
    expect(byCode.XM).toMatchObject({ onRoll: 3, present: 1, late: 1, unpaidLeave: 1, notCheckedIn: 1 });
    expect(byCode.VP).toMatchObject({ onRoll: 1, paidLeave: 1 });
    expect(report.total).toMatchObject({ onRoll: 7, present: 2, late: 1, businessTrip: 1, notCheckedIn: 2 });
  });

  it('counts a past day: a missing punch, absence, a day off, a corrected day by its symbol, a leaver still on the roll', async () => {
    const report = await troop(hr, `organizationUnitId=${unit.factory}&date=${yesterday}`);
    expect(report.total).toEqual({
      onRoll: 7,
      // Mai (in out missing) and Cường
      present: 2,
      late: 0,
      missingPunch: 1,
      businessTrip: 0,
      paidLeave: 1,
      unpaidLeave: 0,
      absent: 1,
      dayOff: 1,
      // the manager and Hoa: nothing computed yet
      notCheckedIn: 2,
    });
  });

  it('names the workers behind a figure, by code, a page at a time', async () => {
    const missing = await names(hr, `figure=notCheckedIn`);
    expect(missing.data.map((n) => n.code)).toEqual(['NV000', 'NV004']);
    const lateOnes = await names(hr, `figure=late&organizationUnitId=${unit.factory}`);
    expect(lateOnes.data).toEqual([
      expect.objectContaining({
        code: 'NV001',
        fullName: 'Nguyễn Thị Mai',
        unitName: 'Xưởng may',
        firstIn: '08:00',
        lateMinutes: 12,
      }),
    ]);
    const page = await names(hr, `pageSize=3&pageIndex=2`);
    expect(page.page).toMatchObject({ pageIndex: 2, pageSize: 3, total: 7 });
    expect(page.data.map((n) => n.code)).toEqual(['NV003', 'NV004', 'NV005']);
  });

  it('counts for a manager only the workers he reaches', async () => {
    const report = await troop(manager, `organizationUnitId=${unit.company}`);
    expect(report.units.map((u) => u.code)).toEqual(['XM']);
    expect(report.total.onRoll).toBe(3);
    const lateOnes = await get<{ data: LateEarlyWorker[] }>(manager, '/late-early/workers?month=2026-03');
    expect(lateOnes.body.data.map((n) => n.code)).toEqual(['NV001', 'NV000']);
  });

  it('gives the troop of every day of a period', async () => {
    const res = await get<{ data: DailyWorkers }>(hr, `/daily-workers?from=${yesterday}&to=${today}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const [before, now] = res.body.data.days;
    // the whole company: Lan of the office too, with nothing recorded yesterday
    expect(before).toMatchObject({
      date: yesterday,
      onRoll: 8,
      present: 2,
      paidLeave: 1,
      absent: 1,
      dayOff: 1,
      notCheckedIn: 3,
    });
    expect(now).toMatchObject({
      date: today,
      onRoll: 7,
      present: 2,
      late: 1,
      businessTrip: 1,
      notCheckedIn: 2,
    });
  });

  it('groups workers by times late or early, six and more together', async () => {
    const res = await get<{ data: LateEarlyFrequency }>(
      hr,
      `/late-early?organizationUnitId=${unit.factory}&month=2026-03`,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const report = res.body.data;
    // Tuấn once, the manager 3 times, Hùng 6 and Mai 7 (six or more); Lan is of the office
    expect(report.groups).toEqual([
      { times: 1, late: 1, early: 1 },
      { times: 2, late: 0, early: 0 },
      { times: 3, late: 1, early: 0 },
      { times: 4, late: 0, early: 0 },
      { times: 5, late: 0, early: 0 },
      { times: 6, late: 2, early: 0 },
    ]);
    expect(report).toMatchObject({
      lateWorkers: 4,
      earlyWorkers: 1,
      lateMinutes: 70 + 30 + 30 + 3,
      earlyMinutes: 20,
    });
    const six = await get<{ data: LateEarlyWorker[] }>(
      hr,
      `/late-early/workers?month=2026-03&kind=late&times=6`,
    );
    expect(six.body.data.map((n) => [n.code, n.lateTimes])).toEqual([
      ['NV001', 7],
      ['NV002', 6],
    ]);
  });

  it('adds up working and night hours by day or month and by unit', async () => {
    const res = await get<{ data: HoursReport }>(hr, `/working-hours?from=2026-03-01&to=2026-04-30&by=month`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const working = res.body.data;
    expect(working.periods.map((p) => p.period)).toEqual(['2026-03', '2026-04']);
    expect(working.periods[1]).toEqual({ period: '2026-04', minutes: 480, overtimeMinutes: 90, workers: 1 });
    expect(working.units.find((u) => u.code === 'VP')).toMatchObject({ minutes: 2 * 465, workers: 1 });
    const night = await get<{ data: HoursReport }>(hr, `/night-working-hours?from=2026-03-01&to=2026-04-30`);
    expect(night.body.data.periods).toHaveLength(61);
    expect(night.body.data.total).toEqual({ minutes: 180, overtimeMinutes: 60, workers: 2 });
    expect(night.body.data.periods.find((p) => p.period === '2026-03-09')).toMatchObject({ minutes: 60 });
  });

  it('exports the table as a workbook in the caller’s language', async () => {
    const file = await download(`${server.url}${BASE}/troop/export?organizationUnitId=${unit.company}`, hr);
    expect(file.status).toBe(200);
    const sheet = await readSheet(file.bytes);
    expect(sheet[0]?.slice(0, 3)).toEqual(['Đơn vị', 'Quân số', 'Có mặt']);
    expect(sheet.at(-1)?.slice(0, 3)).toEqual(['Tổng cộng', 7, 2]);
    // the manager may read, not export
    expect((await download(`${server.url}${BASE}/troop/export`, manager)).status).toBe(403);
  });

  it('refuses bad parameters in the error envelope, and callers without the permission', async () => {
    const refused = async (query: string, field: string) => {
      const res = await get<Refusal>(hr, query);
      expect(res.status, query).toBe(400);
      expect(res.body.errors?.[0]?.field, query).toBe(field);
    };
    await refused('/daily-workers?from=2026-01-01&to=2027-01-02', 'to');
    await refused('/daily-workers?from=2026-03-10&to=2026-03-01', 'to');
    await refused('/late-early?from=2026-02-30&to=2026-03-01', 'from');
    await refused('/late-early?from=2026-03-01', 'to');
    await refused('/working-hours?month=2026-03&from=2026-03-01&to=2026-03-02', 'month');
    await refused('/troop?date=2026-13-01', 'date');
    expect((await get<Refusal>(hr, '/working-hours?month=2026-3')).status).toBe(400);
    expect((await get<Refusal>(hr, '/troop/workers?figure=everyone')).status).toBe(400);
    const unknown = await get<Refusal>(hr, '/troop?organizationUnitId=00000000-0000-4000-8000-000000000000');
    expect(unknown.status).toBe(404);
    expect((await get<Refusal>(stranger, '/troop')).status).toBe(403);
  });
});
