import type { ErrorEnvelope } from '@hcm/contracts';
import { DevicePaths, type PunchRow } from '@hcm/contracts/attendance-devices';
import { CheckInPaths, type CheckInRow, type CheckInToday } from '@hcm/contracts/check-in';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testEngines, type TestDatabase } from '../../../testing/engines.ts';
import {
  accessTokenFor,
  createWorker,
  makeTenant,
  makeUser,
  type WorkerInput,
} from '../../../testing/factories.ts';
import { httpClient, type HttpClient } from '../../../testing/http-client.ts';
import { movableClock } from '../../../testing/movable-clock.ts';
import { startTestServer, type TestServer } from '../../../testing/test-server.ts';

/*
 * Check-in from the browser or a phone (docs/check-in.md) over real HTTP against the real server
 * and database: the modes a unit allows and what each refuses, a sub-unit inheriting its
 * parent's settings, a retry with the same key, the one-a-minute limit, a manager's decision on a
 * self-declared check-in, and bad input writing nothing. One engine: nothing here is
 * engine-specific.
 */

const HR_PERMISSIONS = [
  'organization_unit.create',
  'organization_unit.view',
  'worker.create',
  'worker.view',
  'user_access_control.view',
  'position.create',
  'position.view',
  ...['view', 'create', 'update', 'delete'].map((a) => `timekeeping.${a}`),
  ...['view', 'create', 'update', 'delete'].map((a) => `check_in_setting.${a}`),
];

/** The office in Hà Nội, and points at known distances north of it (1° of latitude ≈ 111.2 km). */
const OFFICE = { latitude: 21.028511, longitude: 105.854167 };
const north = (metres: number) => ({
  latitude: OFFICE.latitude + metres / 111_195,
  longitude: OFFICE.longitude,
});

const [first] = await testEngines();
describe.each(first ? [first] : [])('check-in from the browser on $engine', ({ engine }) => {
  const clock = movableClock();
  let database: TestDatabase;
  let server: TestServer;
  let http: HttpClient;
  let hr: string;
  let tenantId: string;
  let company: string;
  let branch: string;
  let remote: string;
  let sequence = 0;

  const make = async (path: string, body: Record<string, unknown>, token = hr) => {
    const res = await http.post<{ data: { id: string } }>(path, body, token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data.id;
  };
  /** A worker of `unit` with an account of their own; answers the worker's id and token. */
  const workerOf = async (unit: string, extra: Record<string, unknown> = {}, dataScope?: 'UNITS') => {
    const { user } = await makeUser(
      { db: server.db.orm, passwords: server.passwords },
      { tenantId, permissions: [], ...(dataScope ? { dataScope } : {}) },
    );
    sequence += 1;
    const id = await createWorker({ http, token: hr }, {
      code: `CI${String(sequence).padStart(4, '0')}`,
      organizationUnitId: unit,
      joinedDate: '2024-01-02',
      fullName: `Nguyễn Văn Chấm ${sequence}`,
      userId: user.id,
      ...extra,
    } as WorkerInput);
    return { id, token: await accessTokenFor(server.db.orm, user) };
  };
  const checkIn = (token: string, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
    http.request<{ data: CheckInRow } & Partial<ErrorEnvelope>>('POST', CheckInPaths.checkIns, {
      body: { clientKey: randomUUID(), ...body },
      token,
      headers,
    });
  const count = async (query: ReturnType<typeof sql>) => {
    const result = (await server.db.orm.execute(query)) as unknown as { rows: { n: string | number }[] };
    return Number(result.rows[0]?.n ?? 0);
  };
  const webPunches = (workerId: string) =>
    count(sql`select count(*) as n from tm_punches where worker_id = ${workerId} and source = 'WEB'`);
  const storedCheckIns = (workerId: string) =>
    count(sql`select count(*) as n from tm_check_ins where worker_id = ${workerId}`);
  /** The day asked for again (a waiting key) or already computed by the queue. */
  const dayRequested = (workerId: string) =>
    count(sql`select (select count(*) from tm_day_recompute_keys where worker_id = ${workerId})
                   + (select count(*) from tm_day_records where worker_id = ${workerId}) as n`);

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    server = await startTestServer({ ...database.env, LOG_LEVEL: 'warn' }, { clock: clock.now });
    http = httpClient(server.url);
    tenantId = (await makeTenant(server.db.orm)).id;
    const { user } = await makeUser(
      { db: server.db.orm, passwords: server.passwords },
      { tenantId, permissions: HR_PERMISSIONS },
    );
    hr = await accessTokenFor(server.db.orm, user);
    company = await make('/api/om/organization-units', {
      code: 'CONG_TY',
      name: 'Công ty',
      typeCode: 'PHONG',
    });
    branch = await make('/api/om/organization-units', {
      code: 'CN_HA_NOI',
      name: 'Chi nhánh Hà Nội',
      typeCode: 'PHONG',
      parentId: company,
    });
    remote = await make('/api/om/organization-units', {
      code: 'KINH_DOANH',
      name: 'Kinh doanh',
      typeCode: 'PHONG',
    });
    // the company: by location (one office, 200 m) or from the office network; the branch says nothing
    await make('/api/tm/check-in-settings', {
      organizationUnitId: company,
      allowLocation: true,
      allowNetwork: true,
      allowSelfDeclared: false,
      maxAccuracyMetres: 50,
      locations: [
        {
          name: 'Văn phòng Hoàn Kiếm',
          ...OFFICE,
          latitude: String(OFFICE.latitude),
          longitude: String(OFFICE.longitude),
          radiusMetres: 200,
        },
      ],
      networks: [{ name: 'Wi-Fi văn phòng', address: '127.0.0.0/8' }],
    });
    // sales: self-declared only, from a network that is not this test's
    await make('/api/tm/check-in-settings', {
      organizationUnitId: remote,
      allowSelfDeclared: true,
      networks: [{ name: 'Văn phòng khác', address: '10.20.0.0/16' }],
    });
  });
  afterAll(async () => {
    await server?.stop();
    await database?.dispose();
  });

  it('accepts a check-in inside the radius: one WEB punch with its evidence, and the day asked for again', async () => {
    const worker = await workerOf(company);
    const res = await checkIn(
      worker.token,
      { mode: 'LOCATION', ...north(120), accuracyMetres: 20 },
      {
        'user-agent': 'Mozilla/5.0 (iPhone) test',
      },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({
      status: 'ACCEPTED',
      mode: 'LOCATION',
      distanceMetres: 120,
      accuracyMetres: 20,
      locationName: 'Văn phòng Hoàn Kiếm',
      checkedAt: clock.now().toISOString(),
    });
    expect(await webPunches(worker.id)).toBe(1);
    expect(await dayRequested(worker.id)).toBeGreaterThan(0);
    const evidence = (await server.db.orm.execute(
      sql`select user_agent, client_ip from tm_check_ins where worker_id = ${worker.id}`,
    )) as unknown as { rows: { user_agent: string; client_ip: string }[] };
    expect(evidence.rows).toEqual([{ user_agent: 'Mozilla/5.0 (iPhone) test', client_ip: '127.0.0.1' }]);
    const today = await http.get<{ data: CheckInToday }>(CheckInPaths.today, worker.token);
    expect(today.body.data.modes).toEqual(['LOCATION', 'NETWORK']);
    expect(today.body.data.settingsUnitName).toBe('Công ty');
    expect(today.body.data.checkIns.map((row) => row.id)).toEqual([res.body.data.id]);
    // HR finds it among the raw punches, as a WEB punch under the worker's code
    const day = new Date(clock.now().getTime() + 7 * 3_600_000).toISOString().slice(0, 10);
    const search = await http.get<{ data: PunchRow[] }>(
      `${DevicePaths.punches}?from=${day}&to=${day}&workerId=${worker.id}`,
      hr,
    );
    expect(search.status, JSON.stringify(search.body)).toBe(200);
    expect(search.body.data.map((p) => [p.source, p.deviceCode, p.attendanceCode])).toEqual([
      ['WEB', 'WEB', res.body.data.workerCode],
    ]);
  });

  it('refuses outside the radius, saying how far and the radius allowed, and writes nothing', async () => {
    const worker = await workerOf(company);
    const res = await checkIn(worker.token, { mode: 'LOCATION', ...north(450), accuracyMetres: 10 });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('CHECK_IN_REFUSED');
    expect(res.body.params).toEqual({
      reason: 'tooFar',
      distanceMetres: 450,
      radiusMetres: 200,
      locationName: 'Văn phòng Hoàn Kiếm',
    });
    expect(res.body.message).toContain('450 m');
    expect(await storedCheckIns(worker.id)).toBe(0);
    expect(await webPunches(worker.id)).toBe(0);
  });

  it('refuses a position whose accuracy circle is too large to tell, even at the office door', async () => {
    const worker = await workerOf(company);
    const res = await checkIn(worker.token, { mode: 'LOCATION', ...north(10), accuracyMetres: 1200 });
    expect(res.status).toBe(403);
    expect(res.body.params).toEqual({ reason: 'poorAccuracy', accuracyMetres: 1200, maxAccuracyMetres: 50 });
    expect(await storedCheckIns(worker.id)).toBe(0);
  });

  it('accepts from an allowed network and refuses from another, ignoring a forwarded address it does not trust', async () => {
    const inside = await workerOf(company);
    const ok = await checkIn(inside.token, { mode: 'NETWORK' });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.data).toMatchObject({ status: 'ACCEPTED', mode: 'NETWORK', clientIp: '127.0.0.1' });
    expect(await webPunches(inside.id)).toBe(1);

    // a unit whose office is elsewhere: the portal sees 127.0.0.1, whatever X-Forwarded-For
    // claims, because TRUST_PROXY is off (docs/check-in.md, "Which address")
    const factory = await make('/api/om/organization-units', {
      code: 'NHA_MAY',
      name: 'Nhà máy',
      typeCode: 'PHONG',
    });
    await make('/api/tm/check-in-settings', {
      organizationUnitId: factory,
      allowNetwork: true,
      networks: [{ name: 'Cáp quang nhà máy', address: '203.113.10.0/24' }],
    });
    const outside = await workerOf(factory);
    const refused = await checkIn(outside.token, { mode: 'NETWORK' }, { 'x-forwarded-for': '203.113.10.5' });
    expect(refused.status).toBe(403);
    expect(refused.body.params).toEqual({ reason: 'wrongNetwork', clientIp: '127.0.0.1' });
    expect(await storedCheckIns(outside.id)).toBe(0);

    // sales allows networks 10.20.0.0/16 only in its list, but not the NETWORK mode itself
    const sales = await workerOf(remote);
    const wrongMode = await checkIn(sales.token, { mode: 'NETWORK' });
    expect(wrongMode.status).toBe(403);
    expect(wrongMode.body.params).toEqual({
      reason: 'modeNotAllowed',
      mode: 'NETWORK',
      allowed: 'SELF_DECLARED',
    });
  });

  it('lets a sub-unit without settings of its own use its parent’s', async () => {
    const worker = await workerOf(branch);
    const today = await http.get<{ data: CheckInToday }>(CheckInPaths.today, worker.token);
    expect(today.body.data).toMatchObject({ modes: ['LOCATION', 'NETWORK'], settingsUnitName: 'Công ty' });
    const res = await checkIn(worker.token, { mode: 'LOCATION', ...north(50), accuracyMetres: 15 });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await webPunches(worker.id)).toBe(1);
  });

  it('keeps one settings row per unit, and hands a unit whose own row is inactive back to its parent', async () => {
    const second = await http.post<ErrorEnvelope>(
      '/api/tm/check-in-settings',
      { organizationUnitId: company },
      hr,
    );
    expect(second.status).toBe(409);
    const own = await make('/api/tm/check-in-settings', {
      organizationUnitId: branch,
      allowSelfDeclared: true,
    });
    const worker = await workerOf(branch);
    const modes = async () =>
      (await http.get<{ data: CheckInToday }>(CheckInPaths.today, worker.token)).body.data;
    expect(await modes()).toMatchObject({ modes: ['SELF_DECLARED'], settingsUnitName: 'Chi nhánh Hà Nội' });
    const off = await http.post(`/api/tm/check-in-settings/${own}/inactive`, {}, hr);
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    expect(await modes()).toMatchObject({ modes: ['LOCATION', 'NETWORK'], settingsUnitName: 'Công ty' });
  });

  it('stores one check-in and one punch when a phone retries with the same key', async () => {
    const worker = await workerOf(company);
    const body = { clientKey: randomUUID(), mode: 'LOCATION', ...north(30), accuracyMetres: 8 };
    const answers = await Promise.all([checkIn(worker.token, body), checkIn(worker.token, body)]);
    const again = await checkIn(worker.token, body);
    for (const answer of [...answers, again]) expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(new Set([...answers, again].map((answer) => answer.body.data.id)).size).toBe(1);
    expect(await storedCheckIns(worker.id)).toBe(1);
    expect(await webPunches(worker.id)).toBe(1);
  });

  it('allows one check-in a minute, and the next one after it', async () => {
    const worker = await workerOf(company);
    expect((await checkIn(worker.token, { mode: 'NETWORK' })).status).toBe(200);
    clock.advance(30_000);
    const soon = await checkIn(worker.token, { mode: 'NETWORK' });
    expect(soon.status).toBe(429);
    expect(soon.body.code).toBe('TOO_MANY_REQUESTS');
    expect(soon.body.params).toEqual({ retryAfterSeconds: 30 });
    expect(soon.headers.get('retry-after')).toBe('30');
    clock.advance(30_000);
    expect((await checkIn(worker.token, { mode: 'NETWORK' })).status).toBe(200);
    expect(await webPunches(worker.id)).toBe(2);
  });

  it('keeps a self-declared check-in pending: it counts once the manager confirms it, never when refused', async () => {
    const worker = await workerOf(remote);
    const pending = await checkIn(worker.token, { mode: 'SELF_DECLARED', note: 'Gặp khách hàng ở Bắc Ninh' });
    expect(pending.status, JSON.stringify(pending.body)).toBe(200);
    expect(pending.body.data.status).toBe('PENDING');
    expect(await webPunches(worker.id)).toBe(0);
    // the worker cannot confirm their own
    const own = await http.post<ErrorEnvelope>(CheckInPaths.confirm(pending.body.data.id), {}, worker.token);
    expect(own.status).toBe(403);
    const list = await http.get<{ data: CheckInRow[] }>(CheckInPaths.pending, hr);
    expect(list.body.data.map((row) => row.id)).toContain(pending.body.data.id);
    const confirmed = await http.post<{ data: CheckInRow }>(
      CheckInPaths.confirm(pending.body.data.id),
      {},
      hr,
    );
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    expect(confirmed.body.data.status).toBe('CONFIRMED');
    expect(await webPunches(worker.id)).toBe(1);
    expect(await dayRequested(worker.id)).toBeGreaterThan(0);
    // decided once
    expect((await http.post(CheckInPaths.refuse(pending.body.data.id), {}, hr)).status).toBe(409);

    clock.advance(61_000);
    const second = await checkIn(worker.token, { mode: 'SELF_DECLARED', note: 'Quên điện thoại' });
    const refused = await http.post<{ data: CheckInRow }>(
      CheckInPaths.refuse(second.body.data.id),
      { note: 'Không đúng' },
      hr,
    );
    expect(refused.body.data.status).toBe('REFUSED');
    expect(await webPunches(worker.id)).toBe(1);
  });

  it('judges the address the trusted proxy saw once TRUST_PROXY says there is one', async () => {
    const office = await make('/api/om/organization-units', {
      code: 'VAN_PHONG_HCM',
      name: 'Văn phòng Hồ Chí Minh',
      typeCode: 'PHONG',
    });
    await make('/api/tm/check-in-settings', {
      organizationUnitId: office,
      allowNetwork: true,
      networks: [{ name: 'Cáp quang văn phòng', address: '203.113.10.0/24' }],
    });
    const worker = await workerOf(office);
    // the same database behind a portal that trusts one proxy hop (here: the test's own request)
    const behindProxy = await startTestServer(
      { ...database.env, LOG_LEVEL: 'warn', TRUST_PROXY: '1' },
      {
        clock: clock.now,
      },
    );
    try {
      const proxied = httpClient(behindProxy.url);
      const res = await proxied.request<{ data: CheckInRow }>('POST', CheckInPaths.checkIns, {
        body: { clientKey: randomUUID(), mode: 'NETWORK' },
        token: worker.token,
        headers: { 'x-forwarded-for': '203.113.10.5' },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.data).toMatchObject({ status: 'ACCEPTED', clientIp: '203.113.10.5' });
    } finally {
      await behindProxy.stop();
    }
  });

  it("lets the head of the worker's unit decide, and no manager of another unit", async () => {
    const head = await make('/api/om/positions', {
      code: 'TRUONG_KINH_DOANH',
      name: 'Trưởng phòng kinh doanh',
      directUnits: [remote],
    });
    const manager = await workerOf(company, { jobPositionId: head }, 'UNITS');
    const other = await make('/api/om/positions', {
      code: 'TRUONG_NHA_MAY',
      name: 'Giám đốc nhà máy',
      directUnits: [branch],
    });
    const elsewhere = await workerOf(company, { jobPositionId: other }, 'UNITS');
    const worker = await workerOf(remote);
    const sent = await checkIn(worker.token, { mode: 'SELF_DECLARED', note: 'Đi công trường' });
    expect(sent.body.data.status).toBe('PENDING');
    const mine = await http.get<{ data: CheckInRow[] }>(CheckInPaths.pending, manager.token);
    expect(mine.body.data.map((row) => row.id)).toContain(sent.body.data.id);
    const theirs = await http.get<{ data: CheckInRow[] }>(CheckInPaths.pending, elsewhere.token);
    expect(theirs.body.data.map((row) => row.id)).not.toContain(sent.body.data.id);
    const refused = await http.post<ErrorEnvelope>(
      CheckInPaths.confirm(sent.body.data.id),
      {},
      elsewhere.token,
    );
    expect(refused.status).toBe(403);
    expect(refused.body.params).toEqual({ reason: 'outOfScope' });
    expect(await webPunches(worker.id)).toBe(0);
    const confirmed = await http.post<{ data: CheckInRow }>(
      CheckInPaths.confirm(sent.body.data.id),
      {},
      manager.token,
    );
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    expect(await webPunches(worker.id)).toBe(1);
  });

  it('writes nothing for bad input: coordinates out of range, a missing point, a bad key, a huge body', async () => {
    const worker = await workerOf(company);
    const bad = [
      { mode: 'LOCATION', latitude: 91, longitude: 105, accuracyMetres: 5 },
      { mode: 'LOCATION', latitude: 21, longitude: -181, accuracyMetres: 5 },
      { mode: 'LOCATION', latitude: 21, accuracyMetres: 5 },
      { mode: 'LOCATION', latitude: 'north', longitude: 105, accuracyMetres: 5 },
      { mode: 'BLUETOOTH' },
      { mode: 'NETWORK', clientKey: 'short' },
      { mode: 'SELF_DECLARED', note: 'x'.repeat(501) },
      { mode: 'NETWORK', note: 'y'.repeat(5000) },
    ];
    for (const body of bad) {
      const res = await checkIn(worker.token, body);
      expect([400, 413], JSON.stringify(body)).toContain(res.status);
    }
    expect(await storedCheckIns(worker.id)).toBe(0);
    // settings with a point off the Earth or a network that is none are refused too
    const settings = await http.post<ErrorEnvelope>(
      '/api/tm/check-in-settings',
      {
        organizationUnitId: branch,
        allowLocation: true,
        locations: [{ name: 'X', latitude: '95', longitude: '105', radiusMetres: 100 }],
        networks: [{ name: 'Y', address: '300.1.2.3/24' }],
      },
      hr,
    );
    expect(settings.status).toBe(400);
    expect(settings.body.errors?.map((error) => error.field)).toEqual([
      'locations[0].latitude',
      'networks[0].address',
    ]);
    // an account with no employee record is told so
    const { user } = await makeUser(
      { db: server.db.orm, passwords: server.passwords },
      { tenantId, permissions: [] },
    );
    const strangerToken = await accessTokenFor(server.db.orm, user);
    const stranger = await checkIn(strangerToken, { mode: 'NETWORK' });
    expect(stranger.status).toBe(403);
    expect(stranger.body.params).toEqual({ reason: 'noWorker' });
    const strangerToday = await http.get<{ data: CheckInToday }>(CheckInPaths.today, strangerToken);
    expect(strangerToday.body.data).toEqual({
      workerId: null,
      workerName: null,
      modes: [],
      settingsUnitName: null,
      checkIns: [],
    });
  });
});
