import type { ErrorEnvelope } from '@hcm/contracts';
import type { TroopReport, TroopWorker } from '@hcm/contracts/timekeeping-reports';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeBatch } from '../../../bulk/index.ts';
import type { Tx } from '../../../db/database.ts';
import { inScope } from '../../../db/tenant-scope.ts';
import { startResourceTestKit, type Caller, type ResourceTestKit } from '../../../resources/testing/kit.ts';
import { testEngines } from '../../../testing/engines.ts';
import { accessTokenFor, makeUser } from '../../../testing/factories.ts';
import { rows } from '../../../testing/migrated-database.ts';
import { workflowTemplateResource } from '../../system/workflow-templates/resources.ts';
import { punchStore } from '../tables/punches.ts';
import { daysBetween, requestDocumentsUse } from '../requests/effects.ts';
import { recomputeThrough } from '../timesheet/engine-queue.ts';
import { punchAt } from '../timesheet/factories.ts';
import { requestDayRecomputation, requestRecomputationForPunches } from '../timesheet/recompute-keys.ts';
import { drainDayRecomputation } from '../timesheet/recompute-job.ts';
import { presenceRequestDocuments } from './document-source.ts';
import { businessTripResource, conferenceResource } from './resource.ts';
import { lockedMonthsIn, officeWeekInputs } from '../requests/office-week-inputs.ts';

const TRIPS = '/api/tm/business-trips';
const CONFERENCES = '/api/tm/conferences';
type Saved = { data: { id: string; version: number; approvalStatus: string; approvedAt: string | null } };
type Refusal = ErrorEnvelope & {
  errors?: { field: string; code: string; message: string; params?: Record<string, unknown> }[];
  params?: { reason?: string; month?: string };
};

/*
 * Business trips and conferences against PostgreSQL (docs/presence-requests.md). The clock stands
 * at Tuesday 20 January 2026, 10:00 in Vietnam. The engine's inputs: the office shift (08:00–17:00,
 * lunch 12:00–13:00) on weekdays, Saturday and Sunday rest days. A fitter goes on a trip from
 * Monday 5 to Sunday 11 January with no punch; a seamstress punched out at 15:00 on Monday 12
 * January for a conference until 17:00. The tests drain the engine's keys themselves.
 */
describe.each(await testEngines())('business trips and conferences on $engine', ({ engine }) => {
  let kit: ResourceTestKit;
  let hr: Caller;
  let approver = '';
  let approverId = '';
  const template = { trip: '', conference: '' };
  const worker = { seamstress: '', fitter: '' };
  const lockedMonths = new Set<string>();
  const stubQueue = { enqueue: async () => [] } as never;
  const WEEK = daysBetween('2026-01-05', '2026-01-11');
  const MONDAY = '2026-01-12';

  const locks = lockedMonthsIn(lockedMonths);
  const inputs = officeWeekInputs(presenceRequestDocuments, locks);

  const post = <T = Saved>(token: string, path: string, body?: unknown) =>
    kit.http.post<T>(path, body, token);
  const inTenant = <T>(work: (tx: Tx) => Promise<T>) =>
    inScope(kit.server.db.orm, { tenantId: hr.tenantId, userId: null }, work);
  const drain = () => drainDayRecomputation(kit.server.db.orm, hr.tenantId, inputs);
  const count = async (table: 'tm_business_trips' | 'tm_conferences') =>
    (
      await rows<{ n: number }>(
        kit.server.db.orm,
        sql`select count(*)::int as n from ${sql.identifier(table)} where tenant_id = ${hr.tenantId}`,
      )
    )[0]?.n;
  /** The day's whole record as the timesheet reads it (computed_at aside: when, not what). */
  const dayRecord = async (workerId: string, day: string) =>
    (
      await rows<{ record: Record<string, unknown> }>(
        kit.server.db.orm,
        sql`select to_jsonb(d) - 'computed_at' as record from tm_day_records d
             where tenant_id = ${hr.tenantId} and worker_id = ${workerId} and work_date = ${day}`,
      )
    )[0]?.record;
  const records = (workerId: string, days: readonly string[]) =>
    Promise.all(days.map((day) => dayRecord(workerId, day)));
  const trip = (overrides: Record<string, unknown> = {}) => ({
    workerId: worker.fitter,
    fromDate: '2026-01-05',
    toDate: '2026-01-11',
    destination: 'Nhà máy Bình Dương',
    purpose: 'Lắp đặt dây chuyền mới',
    transport: 'Xe công ty',
    advanceAmount: 3_500_000,
    ...overrides,
  });
  const conference = (overrides: Record<string, unknown> = {}) => ({
    workerId: worker.seamstress,
    workDate: MONDAY,
    fromTime: '15:00',
    toTime: '17:00',
    place: 'Hội trường tầng 3',
    subject: 'Hội nghị an toàn lao động',
    ...overrides,
  });
  const create = async (path: string, body: Record<string, unknown>) => {
    const res = await post(hr.token, path, body);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data;
  };
  const workflow = (id: string) => ({
    workflowTemplateId: id,
    steps: [{ workFlowStepTemplateId: `${id}#1`, assigneeUserId: approverId }],
  });
  const requestApproval = async (path: string, id: string) => {
    const res = await post(
      hr.token,
      `${path}/${id}/request-approval`,
      workflow(path === TRIPS ? template.trip : template.conference),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  };
  const approve = (path: string, id: string) =>
    post<Saved | Refusal>(approver, `${path}/${id}/approve`, { note: 'Đồng ý' });
  const troop = async (date: string) => {
    const res = await kit.http.get<{ data: TroopReport }>(`/api/tm/reports/troop?date=${date}`, hr.token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data.total;
  };

  beforeAll(async () => {
    kit = await startResourceTestKit(engine);
    recomputeThrough(stubQueue);
    requestDocumentsUse({ clock: () => new Date('2026-01-20T03:00:00Z'), locks });
    hr = await kit.caller(
      [businessTripResource, conferenceResource, workflowTemplateResource],
      [
        'action_log.view',
        'timesheet.view',
        'business_trip_application.request-approval',
        'business_trip_application.cancel-approval',
        'conference_application.request-approval',
        'conference_application.cancel-approval',
      ],
    );
    const made = await makeUser(
      { db: kit.server.db.orm, passwords: kit.server.passwords },
      {
        tenantId: hr.tenantId,
        fullName: 'Trần Trưởng Phòng',
        permissions: [
          'business_trip_application.view',
          'business_trip_application.approve',
          'conference_application.view',
          'conference_application.approve',
        ],
      },
    );
    approverId = made.user.id;
    approver = await accessTokenFor(kit.server.db.orm, made.user);
    const templateOf = async (code: string, type: string) => {
      const saved = await post<{ data: { id: string } }>(hr.token, '/api/system/workflow-templates', {
        code,
        name: `Duyệt ${code}`,
        workflowTemplateTypes: [type],
        steps: [
          {
            name: 'Trưởng phòng duyệt',
            assignmentType: 'USER',
            assignmentId: approverId,
            slaAmount: 1,
            slaUnit: 'HOURS',
          },
        ],
      });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      return saved.body.data.id;
    };
    template.trip = await templateOf('QT_CT', 'BUSINESS_TRIP');
    template.conference = await templateOf('QT_HH', 'CONFERENCE');
    await inTenant(async (tx) => {
      const one = async (query: ReturnType<typeof sql>) =>
        (await rows<{ id: string }>(tx, query))[0]?.id ?? '';
      const unit = await one(
        sql`insert into organization_units (tenant_id, code, name) values (${hr.tenantId}, 'XM', 'Xưởng may') returning id`,
      );
      const addWorker = (code: string, name: string) =>
        one(sql`insert into workers (tenant_id, code, full_name, gender, organization_unit_id)
                values (${hr.tenantId}, ${code}, ${name}, 'FEMALE', ${unit}) returning id`);
      worker.seamstress = await addWorker('NV001', 'Nguyễn Thị May');
      worker.fitter = await addWorker('NV002', 'Lê Văn Lắp');
      const batch = [`${MONDAY} 07:58`, `${MONDAY} 15:00`].map((local) => ({
        punchedAt: new Date(punchAt(local).at),
        deviceCode: 'MCC-01',
        attendanceCode: '1',
        workerId: worker.seamstress,
        source: 'DEVICE' as const,
      }));
      await writeBatch(tx, punchStore, batch, {
        actor: { scope: { tenantId: hr.tenantId, userId: null }, ip: null, userAgent: 'test' },
      });
      await requestRecomputationForPunches(tx, stubQueue, hr.tenantId, batch);
      // the fitter's days exist (absent on working days) before any trip
      await requestDayRecomputation(
        tx,
        stubQueue,
        hr.tenantId,
        daysBetween('2026-01-01', '2026-02-03').map((workDate) => ({ workerId: worker.fitter, workDate })),
      );
    });
    await drain();
  });
  afterAll(async () => {
    await kit?.stop();
  });

  it('refuses a bad trip in the error envelope, naming the field, and writes nothing', async () => {
    await create(TRIPS, trip({ fromDate: '2026-02-16', toDate: '2026-02-20', destination: 'Đà Nẵng' }));
    const before = await count('tm_business_trips');
    const cases: [string, Record<string, unknown>, string, RegExp?][] = [
      ['to before from', { fromDate: '2026-03-10', toDate: '2026-03-09' }, 'toDate', /before/],
      ['more than 366 days', { fromDate: '2026-03-01', toDate: '2027-03-02' }, 'toDate', /367 days/],
      [
        'an hour that is no time of day',
        { fromDate: '2026-03-02', toDate: '2026-03-02', fromTime: '25:00', toTime: '26:00' },
        'fromTime',
      ],
      [
        'hours over several days',
        { fromDate: '2026-03-02', toDate: '2026-03-03', fromTime: '08:00', toTime: '12:00' },
        'fromTime',
        /one day/,
      ],
      [
        'one time without the other',
        { fromDate: '2026-03-02', toDate: '2026-03-02', fromTime: '08:00' },
        'toTime',
      ],
      [
        'the end before the start',
        { fromDate: '2026-03-02', toDate: '2026-03-02', fromTime: '14:00', toTime: '09:00' },
        'toTime',
      ],
      [
        'overlapping another trip',
        { fromDate: '2026-02-19', toDate: '2026-02-24' },
        'fromDate',
        /Đà Nẵng from 16\/02\/2026 to 20\/02\/2026/,
      ],
      ['no destination', { fromDate: '2026-03-02', toDate: '2026-03-02', destination: '' }, 'destination'],
      [
        'a negative advance',
        { fromDate: '2026-03-02', toDate: '2026-03-02', advanceAmount: -1 },
        'advanceAmount',
      ],
    ];
    for (const [what, overrides, field, message] of cases) {
      const res = await post<Refusal>(hr.token, TRIPS, trip(overrides));
      expect(res.status, what).toBe(400);
      const error = (res.body as Refusal).errors?.find((e) => e.field === field);
      expect(error, `${what}: ${JSON.stringify(res.body)}`).toBeDefined();
      if (message) expect(error?.message, what).toMatch(message);
    }
    expect(await count('tm_business_trips')).toBe(before);
    // the browser says it in the user's language from the key and its values
    const overlap = await post<Refusal>(
      hr.token,
      TRIPS,
      trip({ fromDate: '2026-02-19', toDate: '2026-02-24' }),
    );
    expect((overlap.body as Refusal).errors?.[0]).toMatchObject({
      code: 'error.tripOverlap',
      params: { destination: 'Đà Nẵng', from: '16/02/2026', to: '20/02/2026' },
    });
    // hours of one day beside that trip's days are fine; two one-day trips whose hours do not meet too
    await create(
      TRIPS,
      trip({ fromDate: '2026-03-02', toDate: '2026-03-02', fromTime: '08:00', toTime: '12:00' }),
    );
    const afternoon = await create(
      TRIPS,
      trip({ fromDate: '2026-03-02', toDate: '2026-03-02', fromTime: '13:00', toTime: '17:00' }),
    );
    // updated to the whole day, the afternoon trip meets the morning one: refused, unchanged
    const update = (body: Record<string, unknown>) =>
      post<Saved | Refusal>(hr.token, `${TRIPS}/${afternoon.id}/update`, {
        ...body,
        version: afternoon.version,
      });
    const whole = await update({ fromTime: null, toTime: null });
    expect(whole.status, JSON.stringify(whole.body)).toBe(400);
    expect((whole.body as Refusal).errors?.[0]).toMatchObject({ field: 'fromDate' });
    // moved to the next day with its times cleared, it is a whole-day trip
    const moved = await update({
      fromDate: '2026-03-03',
      toDate: '2026-03-03',
      fromTime: null,
      toTime: null,
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect((moved.body as Saved).data).toMatchObject({
      fromTime: null,
      toTime: null,
      fromDate: '2026-03-03',
    });
  });

  it('refuses a bad conference, and one meeting another of the same day', async () => {
    await create(CONFERENCES, conference({ workDate: '2026-03-04', fromTime: '09:00', toTime: '11:00' }));
    const before = await count('tm_conferences');
    const cases: [string, Record<string, unknown>, string, RegExp?][] = [
      ['the end before the start', { fromTime: '11:00', toTime: '10:00' }, 'toTime'],
      ['a minute past the day', { fromTime: '23:00', toTime: '24:01' }, 'toTime'],
      [
        'overlapping hours',
        { workDate: '2026-03-04', fromTime: '10:30', toTime: '12:00' },
        'workDate',
        /09:00–11:00/,
      ],
      ['the whole of a day with one', { workDate: '2026-03-04', fromTime: null, toTime: null }, 'workDate'],
      ['no place', { place: '  ' }, 'place'],
    ];
    for (const [what, overrides, field, message] of cases) {
      const res = await post<Refusal>(hr.token, CONFERENCES, conference(overrides));
      expect(res.status, what).toBe(400);
      const error = (res.body as Refusal).errors?.find((e) => e.field === field);
      expect(error, `${what}: ${JSON.stringify(res.body)}`).toBeDefined();
      if (message) expect(error?.message, what).toMatch(message);
    }
    expect(await count('tm_conferences')).toBe(before);
  });

  it('an employee files a trip for themselves only (their role reaches their own record)', async () => {
    const made = await makeUser(
      { db: kit.server.db.orm, passwords: kit.server.passwords },
      {
        tenantId: hr.tenantId,
        permissions: ['business_trip_application.view', 'business_trip_application.create'],
        dataScope: 'SELF',
      },
    );
    await inTenant((tx) =>
      tx.execute(sql`update workers set user_id = ${made.user.id} where id = ${worker.seamstress}`),
    );
    const token = await accessTokenFor(kit.server.db.orm, made.user);
    const own = await post(
      token,
      TRIPS,
      trip({ workerId: worker.seamstress, fromDate: '2026-04-06', toDate: '2026-04-07' }),
    );
    expect(own.status, JSON.stringify(own.body)).toBe(200);
    const before = await count('tm_business_trips');
    const other = await post<Refusal>(token, TRIPS, trip({ fromDate: '2026-04-06', toDate: '2026-04-07' }));
    // without worker.view another's record is not theirs to name (docs/request-documents.md)
    expect(other.status).toBe(403);
    expect(other.body).toMatchObject({ code: 'FORBIDDEN', params: { permissions: ['worker.view'] } });
    expect(await count('tm_business_trips')).toBe(before);
  });

  it('a week-long trip shows its symbol on the working days and nothing on the rest days; canceled, the week is exactly as it was', async () => {
    const original = await records(worker.fitter, WEEK);
    expect(original.map((d) => d?.outcome)).toEqual([
      'ABSENT',
      'ABSENT',
      'ABSENT',
      'ABSENT',
      'ABSENT',
      'REST',
      'REST',
    ]);
    expect(await troop('2026-01-07')).toMatchObject({ businessTrip: 0, absent: 1 });

    const made = await create(TRIPS, trip());
    const listed = await kit.http.get<{ data: { id: string; name: string }[] }>(
      `${TRIPS}?pageSize=50`,
      hr.token,
    );
    expect(listed.body.data.find((r) => r.id === made.id)?.name).toBe('Lê Văn Lắp – 05/01/2026–11/01/2026');
    await requestApproval(TRIPS, made.id);
    expect(await drain()).toMatchObject({ computed: 0 }); // waiting for approval changes nothing
    const approved = await approve(TRIPS, made.id);
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect((approved.body as Saved).data.approvedAt).not.toBe(null);
    // the troop report reads the approved trip itself: counted before the engine has run
    expect(await troop('2026-01-07')).toMatchObject({ businessTrip: 1, absent: 0 });
    const named = await kit.http.get<{ data: TroopWorker[] }>(
      '/api/tm/reports/troop/workers?date=2026-01-07&figure=businessTrip',
      hr.token,
    );
    expect(named.status, JSON.stringify(named.body)).toBe(200);
    expect(named.body.data.map((w) => w.fullName)).toEqual(['Lê Văn Lắp']);
    expect(await drain()).toMatchObject({ computed: 7 }); // every day of the trip, nothing else
    const during = await records(worker.fitter, WEEK);
    expect(during.map((d) => [d?.outcome, d?.day_symbol, d?.work_units])).toEqual([
      ['WORKED', '+', 1000],
      ['WORKED', '+', 1000],
      ['WORKED', '+', 1000],
      ['WORKED', '+', 1000],
      ['WORKED', '+', 1000],
      ['REST', null, 0],
      ['REST', null, 0],
    ]);
    expect(during[0]).toMatchObject({ worked_minutes: 480, punch_count: 0, flags: 0 });
    expect(during.slice(5)).toEqual(original.slice(5));

    const canceled = await post(hr.token, `${TRIPS}/${made.id}/cancel-approved`, {
      reason: 'Chuyến bị hoãn',
    });
    expect(canceled.status, JSON.stringify(canceled.body)).toBe(200);
    expect(canceled.body.data).toMatchObject({ approvalStatus: 'CANCELED', approvedAt: null });
    expect(await drain()).toMatchObject({ computed: 7 });
    expect(await records(worker.fitter, WEEK)).toEqual(original);
    expect(await troop('2026-01-07')).toMatchObject({ businessTrip: 0, absent: 1 });
    const again = await post<Refusal>(hr.token, `${TRIPS}/${made.id}/cancel-approved`, { reason: 'Lần nữa' });
    expect(again.status).toBe(409);
  });

  it('a two-hour conference inside a day with punches counts those hours as worked; canceled, the day is as it was', async () => {
    const original = await dayRecord(worker.seamstress, MONDAY);
    expect(original).toMatchObject({ outcome: 'WORKED', worked_minutes: 360, early_minutes: 120 });
    const made = await create(CONFERENCES, conference());
    await requestApproval(CONFERENCES, made.id);
    expect((await approve(CONFERENCES, made.id)).status).toBe(200);
    expect(await drain()).toMatchObject({ computed: 1 });
    expect(await dayRecord(worker.seamstress, MONDAY)).toMatchObject({
      outcome: 'WORKED',
      worked_minutes: 480,
      early_minutes: 0,
      work_units: 1000,
      day_symbol: '+',
      punch_count: 2,
    });
    const canceled = await post(hr.token, `${CONFERENCES}/${made.id}/cancel-approved`, {
      reason: 'Hội nghị dời sang tuần sau',
    });
    expect(canceled.status, JSON.stringify(canceled.body)).toBe(200);
    expect(await drain()).toMatchObject({ computed: 1 });
    expect(await dayRecord(worker.seamstress, MONDAY)).toEqual(original);
    const timeline = await rows<{ action: string; note: string }>(
      kit.server.db.orm,
      sql`select action, note from approval_events where record_id = ${made.id} and from_status = 'APPROVED'`,
    );
    expect(timeline).toEqual([{ action: 'CANCEL_APPROVAL', note: 'Hội nghị dời sang tuần sau' }]);
  });

  it('approves in a batch: a whole-day conference writes H; each document changes its own days', async () => {
    const ids = [
      (
        await create(
          CONFERENCES,
          conference({ workerId: worker.fitter, workDate: '2026-01-13', fromTime: null, toTime: null }),
        )
      ).id,
      (
        await create(
          CONFERENCES,
          conference({ workerId: worker.fitter, workDate: '2026-01-14', fromTime: null, toTime: null }),
        )
      ).id,
    ];
    const requested = await post<{ data: { succeeded: number } }>(
      hr.token,
      `${CONFERENCES}/request-approval/batch`,
      {
        ids,
        workflow: workflow(template.conference),
      },
    );
    expect(requested.body.data, JSON.stringify(requested.body)).toMatchObject({ succeeded: 2 });
    const approved = await post<{ data: { succeeded: number; failed: number } }>(
      approver,
      `${CONFERENCES}/approve/batch`,
      { ids },
    );
    expect(approved.body.data, JSON.stringify(approved.body)).toMatchObject({ succeeded: 2, failed: 0 });
    expect(await drain()).toMatchObject({ computed: 2 });
    for (const day of ['2026-01-13', '2026-01-14'])
      expect(await dayRecord(worker.fitter, day)).toMatchObject({
        outcome: 'WORKED',
        day_symbol: 'H',
        work_units: 1000,
      });
  });

  it('a trip into a locked month is refused in words (409 monthLocked) and no day changes', async () => {
    const days = daysBetween('2026-01-30', '2026-02-02');
    const original = await records(worker.fitter, days);
    const made = await create(TRIPS, trip({ fromDate: '2026-01-30', toDate: '2026-02-02' }));
    await requestApproval(TRIPS, made.id);
    lockedMonths.add('2026-02');
    try {
      const refused = await approve(TRIPS, made.id);
      expect(refused.status).toBe(409);
      expect((refused.body as Refusal).params).toMatchObject({ reason: 'monthLocked', month: '2026-02' });
      const still = await kit.http.get<Saved>(`${TRIPS}/${made.id}`, hr.token);
      expect(still.body.data.approvalStatus).toBe('WAIT_APPROVE');
      expect(await drain()).toMatchObject({ computed: 0 });
      expect(await records(worker.fitter, days)).toEqual(original);
    } finally {
      lockedMonths.delete('2026-02');
    }
  });
});
