import type { ErrorEnvelope } from '@hcm/contracts';
import type { WorkShiftRecord } from '@hcm/contracts/work-shifts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inScope } from '../../../db/tenant-scope.ts';
import { startResourceTestKit, type Caller, type ResourceTestKit } from '../../../resources/testing/kit.ts';
import { testEngines } from '../../../testing/engines.ts';
import { httpClient } from '../../../testing/http-client.ts';
import { startTestServer, type TestServer } from '../../../testing/test-server.ts';
import { waitForState } from '../../../testing/wait-for-state.ts';
import { workShiftResource } from './resource.ts';
import type { ShiftPlan } from './shift-plan.ts';

const API = '/api/tm/work-shifts';
type Shift = WorkShiftRecord;

/** A day shift 08:00–17:00 with an unpaid lunch hour; `over` changes it. */
const dayShift = (code: string, over: Record<string, unknown> = {}) => ({
  code,
  name: `Ca ${code}`,
  kind: 'FIXED',
  startTime: '08:00',
  endTime: '17:00',
  breaks: [{ startTime: '12:00', endTime: '13:00', paid: false }],
  requiredHours: '8',
  workingDays: '1',
  coefficient: '1',
  ...over,
});

/*
 * Timekeeping › Work shift through the API (docs/work-shifts.md): what a tenant sets up, what is
 * refused (each rule a field error in the envelope, nothing written), the night hours the server
 * derives, and the plans the timesheet engine reads — kept, and refreshed after each update in
 * this process and in another one on the same database.
 */
describe.each(await testEngines())('work shifts on $engine', ({ engine }) => {
  let kit: ResourceTestKit;
  let hr: Caller;
  let other: TestServer | undefined;

  const create = (body: unknown, token = hr.token) => kit.http.post<{ data: Shift }>(API, body, token);
  const refusal = async (body: unknown) => {
    const res = await kit.http.post<ErrorEnvelope>(API, body, hr.token);
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    return res.body;
  };
  const plans = async (ids: string[], url = kit.server.url) =>
    (await httpClient(url).get<{ data: ShiftPlan[] }>(`${API}/plans?ids=${ids.join(',')}`, hr.token)).body
      .data;
  const count = async () => (await kit.http.get<{ data: number }>(`${API}/count`, hr.token)).body.data;

  beforeAll(async () => {
    kit = await startResourceTestKit(engine);
    hr = await kit.caller([workShiftResource]);
  });
  afterAll(async () => {
    await other?.stop();
    await kit?.stop();
  });

  it('keeps a fixed, an overnight, a split and a flexible shift, deriving their night hours', async () => {
    const made = await Promise.all([
      create(dayShift('CA_HC')),
      create(
        dayShift('CA_DEM', {
          startTime: '22:00',
          endTime: '06:00',
          breaks: [{ startTime: '02:00', endTime: '02:30', paid: false }],
          requiredHours: '7.5',
          coefficient: '1.3',
          checkInFrom: '21:00',
          checkInTo: '23:00',
          checkOutFrom: '05:00',
          checkOutTo: '08:00',
        }),
      ),
      create(
        dayShift('CA_GAY', {
          kind: 'SPLIT',
          endTime: '11:00',
          secondStartTime: '17:00',
          secondEndTime: '21:00',
          breaks: [],
          requiredHours: '7',
        }),
      ),
      create(
        dayShift('CA_LINHHOAT', {
          kind: 'FLEXIBLE',
          startTime: '07:00',
          endTime: '19:00',
          coreStartTime: '10:00',
          coreEndTime: '15:00',
          workingDays: '0.5',
        }),
      ),
    ]);
    for (const res of made) expect(res.status, JSON.stringify(res.body)).toBe(200);
    const [day, night, split] = made.map((res) => res.body.data);
    expect(day?.nightHours).toBe('0.000');
    // 22:00–06:00 less the unpaid half hour after midnight
    expect(night?.nightHours).toBe('7.500');
    expect(split?.nightHours).toBe('0.000');
    expect(night?.breaks).toEqual([{ startTime: '02:00', endTime: '02:30', paid: false }]);

    const byCode = new Map(
      (await plans(made.map((res) => res.body.data.id))).map((plan) => [plan.code, plan]),
    );
    expect(byCode.get('CA_DEM')).toMatchObject({
      kind: 'FIXED',
      segments: [
        { start: 1320, end: 1800, checkIn: { start: 1260, end: 1381 }, checkOut: { start: 1740, end: 1921 } },
      ],
      breaks: [{ start: 1560, end: 1590 }],
      requiredMinutes: 450,
      dayValue: 1000,
      coefficient: 130,
    });
    expect(byCode.get('CA_GAY')?.segments.map(({ start, end }) => [start, end])).toEqual([
      [480, 660],
      [1020, 1260],
    ]);
    expect(byCode.get('CA_LINHHOAT')).toMatchObject({ coreHours: [{ start: 600, end: 900 }], dayValue: 500 });
  });

  it('refuses a shift that breaks a rule, on the field, with the rule’s words, writing nothing', async () => {
    const before = await count();
    const cases: [Record<string, unknown>, string, string][] = [
      [dayShift('CA_X1', { checkInFrom: '08:30', checkInTo: '09:00' }), 'checkInFrom', 'check-in window'],
      [
        dayShift('CA_X2', { breaks: [{ startTime: '18:00', endTime: '18:30', paid: false }] }),
        'breaks',
        'outside',
      ],
      [
        dayShift('CA_X3', {
          kind: 'SPLIT',
          endTime: '11:00',
          secondStartTime: '10:00',
          secondEndTime: '14:00',
        }),
        'secondStartTime',
        'second segment starts before',
      ],
      [
        dayShift('CA_X4', {
          kind: 'SPLIT',
          startTime: '06:00',
          endTime: '14:00',
          secondStartTime: '20:00',
          secondEndTime: '08:00',
          breaks: [],
        }),
        'secondEndTime',
        'longer than 24 hours',
      ],
      [
        dayShift('CA_X5', {
          kind: 'SPLIT',
          endTime: '11:00',
          secondStartTime: '17:00',
          secondEndTime: '21:00',
          breaks: [],
          requiredHours: '7',
          checkOutFrom: '10:00',
          checkOutTo: '17:30',
        }),
        'checkOutTo',
        'next segment',
      ],
      [dayShift('CA_X6', { coefficient: '100.01' }), 'coefficient', 'from 1 to 100'],
      [dayShift('CA_X7', { requiredHours: '10' }), 'requiredHours', 'exceed'],
    ];
    for (const [body, field, words] of cases) {
      const envelope = await refusal(body);
      const error = envelope.errors?.find((candidate) => candidate.field === field);
      expect(error?.message, `${String(body.code)}: ${JSON.stringify(envelope)}`).toContain(words);
    }
    // below the coefficient's minimum and a bad clock time: refused by the contract's schema
    expect((await refusal(dayShift('CA_X8', { coefficient: '0.5' }))).errors?.[0]?.field).toBe('coefficient');
    expect((await refusal(dayShift('CA_X9', { startTime: '25:00' }))).errors?.[0]?.field).toBe('startTime');
    // never typed: the night hours are the server's
    expect((await refusal(dayShift('CA_X10', { nightHours: '8' }))).message).toBeTruthy();
    expect(await count()).toBe(before);
  });

  it('serves the plan from its cache and refreshes it after each update, here and in another process', async () => {
    const made = await create(
      dayShift('CA_SANG', { startTime: '06:00', endTime: '14:00', breaks: [], requiredHours: '8' }),
    );
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const { id } = made.body.data;
    other = await startTestServer(kit.database.env);
    // both processes keep the plan
    expect((await plans([id]))[0]?.segments[0]).toMatchObject({ start: 360, end: 840 });
    expect((await plans([id], other.url))[0]?.segments[0]).toMatchObject({ start: 360, end: 840 });

    const updated = await kit.http.post<{ data: Shift }>(
      `${API}/${id}/update`,
      { startTime: '04:00', endTime: '12:00', version: made.body.data.version },
      hr.token,
    );
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    // its night hours follow the new times (04:00–06:00)
    expect(updated.body.data.nightHours).toBe('2.000');
    // this process answers the new plan at once; the other once the database's notification arrives
    expect((await plans([id]))[0]?.segments[0]).toMatchObject({ start: 240, end: 720 });
    const seen = await waitForState(
      () => plans([id], other?.url),
      (answer) => answer[0]?.segments[0]?.start === 240,
    );
    expect(seen[0]?.segments[0]).toMatchObject({ start: 240, end: 720 });
  });

  it('derives the night hours from the tenant’s night window in force, not a constant', async () => {
    // a tenant whose rule, in force since 2020, counts night work from 21:00 to 05:00
    const tenant = await kit.caller([workShiftResource]);
    await inScope(kit.server.db.orm, { tenantId: tenant.tenantId, userId: null }, (tx) =>
      tx.execute(sql`insert into labour_rules (tenant_id, code, name, effective_date, normal_hours_per_day,
          normal_hours_per_week, night_start_hour, night_end_hour, overtime_weekday_percent,
          overtime_rest_day_percent, overtime_holiday_percent, night_work_percent, night_overtime_percent)
        values (${tenant.tenantId}, 'QT_2020', 'Quy tắc 2020', '2020-01-01', 8, 48, 21, 5, 150, 200, 300, 30, 20)`),
    );
    const res = await create(
      dayShift('CA_DEM_21', { startTime: '22:00', endTime: '06:00', breaks: [] }),
      tenant.token,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    // 22:00–05:00 of the shift lies in 21:00–05:00
    expect(res.body.data.nightHours).toBe('7.000');
  });

  it('answers only the caller’s tenant’s plans, and refuses a malformed list of ids', async () => {
    const mine = await create(dayShift('CA_RIENG'));
    const stranger = await kit.caller([workShiftResource]);
    const answer = await httpClient(kit.server.url).get<{ data: ShiftPlan[] }>(
      `${API}/plans?ids=${mine.body.data.id}`,
      stranger.token,
    );
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual([]);
    const bad = await kit.http.get<ErrorEnvelope>(`${API}/plans?ids=not-an-id`, hr.token);
    expect(bad.status).toBe(400);
    const tooMany = Array.from({ length: 101 }, () => mine.body.data.id).join(',');
    expect((await kit.http.get<ErrorEnvelope>(`${API}/plans?ids=${tooMany}`, hr.token)).status).toBe(400);
  });
});
