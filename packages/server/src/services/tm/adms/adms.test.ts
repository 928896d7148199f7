import type { ErrorEnvelope, PageEnvelope } from '@hcm/contracts';
import {
  AdmsLimits,
  DevicePaths,
  type DeviceCommandRow,
  type PendingSerial,
  type PunchRow,
  type QuarantinedPunch,
} from '@hcm/contracts/attendance-devices';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inScope } from '../../../db/tenant-scope.ts';
import { allOf } from '../../../../../../scripts/testing/all-of.ts';
import { createTestDatabase, testEngines, type TestDatabase } from '../../../testing/engines.ts';
import { accessTokenFor, createWorker, makeTenant, makeUser } from '../../../testing/factories.ts';
import { httpClient, type HttpClient } from '../../../testing/http-client.ts';
import { movableClock } from '../../../testing/movable-clock.ts';
import { startTestServer, type TestServer } from '../../../testing/test-server.ts';

/*
 * ADMS conversations as a ZKTeco device holds them (docs/attendance-devices.md), replayed over
 * real HTTP against the real server and database: the handshake, ATTLOG uploads with a line
 * sent twice and impossible dates, an unknown serial accepted by an administrator, a command
 * round trip, the device's time zone, two devices seeing one punch, and the limits.
 */

const PERMISSIONS = [
  'organization_unit.create',
  'organization_unit.view',
  'worker.create',
  'worker.view',
  ...['view', 'create', 'update', 'delete'].map((a) => `device.${a}`),
  ...['view', 'create', 'update', 'delete', 'export'].map((a) => `user_access_control.${a}`),
];

/** A moment as a device in Vietnam shows it: local time, no offset. */
const vietnam = (instant: Date) =>
  new Date(instant.getTime() + 7 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');
const day = (instant: Date) => vietnam(instant).slice(0, 10);

describe.each(await testEngines())('the ADMS push endpoint on $engine', ({ engine }) => {
  const clock = movableClock();
  let database: TestDatabase;
  let server: TestServer;
  let http: HttpClient;
  let hr: { tenantId: string; token: string };
  let other: { tenantId: string; token: string };
  let admin: string;
  let deviceId: string;
  let workerId: string;
  let secondWorkerId: string;
  let unit: string;
  const SERIAL = 'CKJJ202600001';

  const hrOf = async (tenantId: string) => {
    const deps = { db: server.db.orm, passwords: server.passwords };
    const { user } = await makeUser(deps, { tenantId, permissions: PERMISSIONS });
    return { tenantId, token: await accessTokenFor(server.db.orm, user) };
  };
  const make = async (path: string, body: Record<string, unknown>, token = hr.token) => {
    const res = await http.post<{ data: { id: string } }>(path, body, token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data.id;
  };
  /** What the device sends: plain text, as its firmware does. */
  const device = (method: 'GET' | 'POST', path: string, body?: string) =>
    http.request<string>(
      method,
      path,
      body === undefined ? {} : { raw: body, headers: { 'content-type': 'text/plain' } },
    );
  const punches = async (token = hr.token, filter = '') => {
    const now = clock.now();
    const res = await http.get<PageEnvelope<PunchRow>>(
      `${DevicePaths.punches}?from=${day(new Date(now.getTime() - 86_400_000))}&to=${day(now)}&pageSize=100${filter}`,
      token,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data;
  };
  const quarantine = async () => {
    const res = await http.get<{ data: QuarantinedPunch[] }>(
      `${DevicePaths.quarantine}?deviceId=${deviceId}`,
      hr.token,
    );
    expect(res.status).toBe(200);
    return res.body.data;
  };
  /** The worker's days asked of the timesheet engine: waiting keys, or days it already computed. */
  const daysRequested = async (worker: string) => {
    const result = (await server.db.orm.execute(
      sql`select (select count(*) from tm_day_recompute_keys where worker_id = ${worker})
               + (select count(*) from tm_day_records where worker_id = ${worker}) as n`,
    )) as unknown as { rows: { n: string | number }[] };
    return Number(result.rows[0]?.n ?? 0);
  };
  const commands = async (id = deviceId) => {
    const res = await http.get<{ data: DeviceCommandRow[] }>(DevicePaths.commands(id), hr.token);
    expect(res.status).toBe(200);
    return res.body.data;
  };

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    server = await startTestServer({ ...database.env, LOG_LEVEL: 'warn' }, { clock: clock.now });
    http = httpClient(server.url);
    hr = await hrOf((await makeTenant(server.db.orm)).id);
    other = await hrOf((await makeTenant(server.db.orm)).id);
    const { user } = await makeUser(
      { db: server.db.orm, passwords: server.passwords },
      { permissions: ['tenant.view', 'tenant.update'] },
    );
    admin = await accessTokenFor(server.db.orm, user);
    unit = await make('/api/om/organization-units', {
      code: 'XUONG_1',
      name: 'Xưởng 1',
      typeCode: 'PHONG',
    });
    workerId = await createWorker(
      { http, token: hr.token },
      { code: 'NV0001', organizationUnitId: unit, joinedDate: '2024-01-02', fullName: 'Nguyễn Thị Lan' },
    );
    secondWorkerId = await createWorker(
      { http, token: hr.token },
      { code: 'NV0002', organizationUnitId: unit, joinedDate: '2024-01-02', fullName: 'Trần Văn Minh' },
    );
    deviceId = await make('/api/tm/devices', {
      code: 'MCC-01',
      name: 'Cổng chính',
      serialNumber: SERIAL.toLowerCase(),
    });
    await make('/api/tm/device-users', { deviceId, workerId, pin: '1001' });
  });
  afterAll(async () => {
    await server?.stop();
    await database?.dispose();
  });

  it('answers the handshake with the options, and notes when and from where the device was seen', async () => {
    const res = await device('GET', `/iclock/cdata?SN=${SERIAL}&options=all&pushver=2.4.1&language=69`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/plain');
    const lines = res.body.split('\n');
    expect(lines[0]).toBe(`GET OPTION FROM: ${SERIAL}`);
    expect(lines).toContain('ATTLOGStamp=None');
    expect(lines).toContain('Realtime=1');
    expect(lines.some((line) => line.startsWith('TimeZone='))).toBe(false);
    const detail = await http.get<{ data: { serialNumber: string; lastSeenAt: string; lastSeenIp: string } }>(
      `/api/tm/devices/${deviceId}`,
      hr.token,
    );
    expect(detail.body.data.serialNumber).toBe(SERIAL);
    expect(detail.body.data.lastSeenAt).toBe(clock.now().toISOString());
    expect(detail.body.data.lastSeenIp).toBe('127.0.0.1');
  });

  it('stores an ATTLOG upload once, answers OK to every line, and quarantines impossible times', async () => {
    const now = clock.now();
    const early = new Date(now.getTime() - 2 * 3_600_000);
    const later = new Date(now.getTime() - 3_600_000);
    const body = [
      `1001\t${vietnam(early)}\t0\t1\t0\t0\t0`,
      `1001\t${vietnam(early)}\t0\t1\t0\t0\t0`, // the same line twice
      `1002\t${vietnam(later)}\t1\t1\t0\t0\t0`, // a PIN no worker has yet
      `1001\t2026-13-45 99:00:00\t0\t1\t0`, // garbage
      `1001\t2000-01-01 00:03:00\t0\t1\t0`, // the clock reset after a power cut
      `1002\t${vietnam(new Date(now.getTime() + 3 * 86_400_000))}\t0\t1\t0`, // far ahead
      '',
    ].join('\n');
    const first = await device('POST', `/iclock/cdata?SN=${SERIAL}&table=ATTLOG&Stamp=9999`, body);
    expect(first.status).toBe(200);
    expect(first.body).toBe('OK: 6');
    // a lost answer: the device sends the same upload again, and is answered the same
    const again = await device('POST', `/iclock/cdata?SN=${SERIAL}&table=ATTLOG&Stamp=9999`, body);
    expect(again.body).toBe('OK: 6');

    const stored = await punches();
    expect(stored.map((p) => [p.attendanceCode, p.punchedAt, p.workerId, p.deviceCode, p.source])).toEqual([
      ['1001', new Date(Math.floor(early.getTime() / 1000) * 1000).toISOString(), workerId, SERIAL, 'DEVICE'],
      ['1002', new Date(Math.floor(later.getTime() / 1000) * 1000).toISOString(), null, SERIAL, 'DEVICE'],
    ]);
    expect(stored.map((p) => p.workerName)).toEqual(['Nguyễn Thị Lan', null]);
    // the mapped worker's days go to the timesheet engine; the unmapped PIN's wait for a worker
    expect(await daysRequested(workerId)).toBeGreaterThan(0);
    expect(await daysRequested(secondWorkerId)).toBe(0);
    const now2 = clock.now();
    const csv = await fetch(
      `${server.url}${DevicePaths.punchesExport}?from=${day(new Date(now2.getTime() - 86_400_000))}&to=${day(now2)}`,
      { headers: { authorization: `Bearer ${hr.token}` } },
    );
    expect(csv.headers.get('content-type')).toContain('text/csv');
    const bytes = Buffer.from(await csv.arrayBuffer());
    // a BOM, so that Excel reads the file as UTF-8 (Vietnamese names)
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const csvLines = bytes.subarray(3).toString('utf8').split('\r\n');
    expect(csvLines[0]).toBe('time,device,pin,worker_code,worker_name,source,raw_line');
    expect(csvLines[1]).toContain(`${vietnam(early)},${SERIAL},1001,NV0001,Nguyễn Thị Lan,DEVICE,`);
    const kept = await quarantine();
    expect(kept.map((q) => q.reason).sort()).toEqual(['BAD_TIME', 'CLOCK_FUTURE', 'CLOCK_PAST']);
    expect(kept.find((q) => q.reason === 'CLOCK_PAST')).toMatchObject({
      pin: '1001',
      localTime: '2000-01-01 00:03:00',
    });
    // the next handshake hands back the stamp, so the device sends only what is newer
    const handshake = await device('GET', `/iclock/cdata?SN=${SERIAL}&options=all`);
    expect(handshake.body.split('\n')).toContain('ATTLOGStamp=9999');
  });

  it("reads the device's local time in the device's time zone", async () => {
    const tokyo = await make('/api/tm/devices', {
      code: 'MCC-TOKYO',
      name: 'Văn phòng Tokyo',
      serialNumber: 'TOKYO00001',
      timeZone: 'Asia/Tokyo',
    });
    const now = clock.now();
    // 09:00 in Tokyo is 00:00 UTC, 07:00 in Vietnam
    const utcMidnight = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
    const local = `${utcMidnight.toISOString().slice(0, 10)} 09:00:00`;
    const res = await device('POST', '/iclock/cdata?SN=TOKYO00001&table=ATTLOG', `77\t${local}\t0\t1\t0\n`);
    expect(res.body).toBe('OK: 1');
    const from = utcMidnight.toISOString().slice(0, 10);
    const list = await http.get<PageEnvelope<PunchRow>>(
      `${DevicePaths.punches}?from=${from}&to=${from}&deviceId=${tokyo}`,
      hr.token,
    );
    expect(list.body.data.map((p) => p.punchedAt)).toEqual([utcMidnight.toISOString()]);
    const refused = await http.post<ErrorEnvelope>(
      '/api/tm/devices',
      {
        code: 'MCC-MARS',
        name: 'Sao Hỏa',
        serialNumber: 'MARS000001',
        timeZone: 'Mars/Olympus_Mons',
      },
      hr.token,
    );
    expect(refused.status).toBe(400);
    expect(refused.body.errors?.map((e) => e.field)).toEqual(['timeZone']);
  });

  it('gives a PIN mapped later its earlier punches, and sends the device its users through the command queue', async () => {
    await make('/api/tm/device-users', { deviceId, workerId: secondWorkerId, pin: '1002' });
    expect((await punches()).find((p) => p.attendanceCode === '1002')?.workerId).toBe(secondWorkerId);
    // and their days, now theirs, go to the timesheet engine
    expect(await daysRequested(secondWorkerId)).toBeGreaterThan(0);
    // a PIN is unique per device, and a worker has one PIN per device
    const samePin = await http.post<ErrorEnvelope>(
      '/api/tm/device-users',
      { deviceId, workerId, pin: '1002' },
      hr.token,
    );
    expect(samePin.status).toBe(409);
    expect(samePin.body.errors?.map((e) => e.field)).toEqual(['pin']);

    const sync = await http.post<{ data: { queued: number } }>(
      DevicePaths.syncUsers(deviceId),
      undefined,
      hr.token,
    );
    expect(sync.body.data.queued).toBe(2);
    const queued = await commands();
    expect(allOf(queued, (c) => c.status === 'QUEUED')).toBe(true);
    expect(queued.map((c) => c.command)).toContain(
      'DATA UPDATE USERINFO PIN=1002\tName=Trần Văn Minh\tPri=0',
    );

    const heartbeat = await device('GET', `/iclock/getrequest?SN=${SERIAL}`);
    expect(heartbeat.status).toBe(200);
    const handed = heartbeat.body.trim().split('\n');
    expect(handed).toHaveLength(queued.length);
    expect(handed[0]).toMatch(/^C:1:DATA UPDATE USERINFO PIN=1001\tName=Nguyễn Thị Lan\tPri=0$/);
    expect(allOf(await commands(), (c) => c.status === 'SENT' && c.attempts === 1)).toBe(true);
    // sent once: the next heartbeat has nothing new
    expect((await device('GET', `/iclock/getrequest?SN=${SERIAL}`)).body).toBe('OK');

    const answers = handed
      .map((line) => /^C:(\d+):/.exec(line)?.[1])
      .map((id, i) => `ID=${id}&Return=${i === 0 ? -1002 : 0}&CMD=DATA`)
      .join('\n');
    const ack = await device('POST', `/iclock/devicecmd?SN=${SERIAL}`, answers);
    expect(ack.body).toBe('OK');
    const done = await commands();
    expect(done.find((c) => c.commandNo === 1)).toMatchObject({ status: 'FAILED', returnCode: -1002 });
    expect(done.filter((c) => c.status === 'DONE')).toHaveLength(queued.length - 1);
  });

  it('keeps the same punch seen by two devices as two facts (two keys)', async () => {
    await make('/api/tm/devices', { code: 'MCC-02', name: 'Cổng phụ', serialNumber: 'CKJJ202600002' });
    const at = vietnam(new Date(clock.now().getTime() - 30 * 60_000));
    expect(
      (await device('POST', `/iclock/cdata?SN=${SERIAL}&table=ATTLOG`, `1001\t${at}\t0\t1\t0\n`)).body,
    ).toBe('OK: 1');
    expect(
      (await device('POST', '/iclock/cdata?SN=CKJJ202600002&table=ATTLOG', `1001\t${at}\t0\t1\t0\n`)).body,
    ).toBe('OK: 1');
    const same = (await punches()).filter(
      (p) => p.attendanceCode === '1001' && vietnam(new Date(p.punchedAt)) === at,
    );
    expect(same.map((p) => p.deviceCode).sort()).toEqual([SERIAL, 'CKJJ202600002']);
    // only the first device maps PIN 1001 to a worker: the second device's punch waits for its own mapping
    expect(same.find((p) => p.deviceCode === SERIAL)?.workerId).toBe(workerId);
    expect(same.find((p) => p.deviceCode === 'CKJJ202600002')?.workerId).toBeNull();
  });

  it('refuses an unknown serial, lists it for the system administrator, and serves it once accepted into a tenant', async () => {
    const first = await device('GET', '/iclock/cdata?SN=UNKNOWN0042&options=all&pushver=3.1.2');
    expect(first.status).toBe(403);
    await device('GET', '/iclock/getrequest?SN=UNKNOWN0042');
    const pending = await http.get<PageEnvelope<PendingSerial>>(DevicePaths.pendingSerials, admin);
    expect(pending.status).toBe(200);
    expect(pending.body.data.find((p) => p.serialNumber === 'UNKNOWN0042')).toMatchObject({
      sourceIp: '127.0.0.1',
      pushVersion: '3.1.2',
      requests: 2,
    });
    // a tenant's user sees no platform list
    expect((await http.get(DevicePaths.pendingSerials, hr.token)).status).toBe(403);

    const accepted = await http.post<{ data: { deviceId: string } }>(
      DevicePaths.acceptSerial('UNKNOWN0042'),
      { tenantId: other.tenantId, code: 'MCC-B1', name: 'Nhà máy B' },
      admin,
    );
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    // in the tenant's action log, by the administrator who accepted it
    const logged = await inScope(server.db.orm, { tenantId: other.tenantId, userId: null }, (tx) =>
      tx.execute(sql`select action, record_id as "recordId" from action_logs where resource = 'device'`),
    );
    expect((logged as unknown as { rows: unknown[] }).rows).toEqual([
      { action: 'CREATE', recordId: accepted.body.data.deviceId },
    ]);
    const welcome = await device('GET', '/iclock/cdata?SN=UNKNOWN0042&options=all');
    expect(welcome.status).toBe(200);
    expect(welcome.body.startsWith('GET OPTION FROM: UNKNOWN0042')).toBe(true);
    const listed = await http.get<PageEnvelope<PendingSerial>>(DevicePaths.pendingSerials, admin);
    expect(listed.body.data.map((p) => p.serialNumber)).not.toContain('UNKNOWN0042');

    // the serial is the platform's one device: no other tenant can claim it, nor this one twice
    const claim = await http.post<ErrorEnvelope>(
      '/api/tm/devices',
      { code: 'MCC-X', name: 'Máy lạ', serialNumber: 'unknown0042' },
      hr.token,
    );
    expect(claim.status).toBe(409);
    expect(claim.body.errors?.map((e) => e.field)).toEqual(['serialNumber']);
    // and the tenants see only their own punches
    const at = vietnam(new Date(clock.now().getTime() - 10 * 60_000));
    await device('POST', '/iclock/cdata?SN=UNKNOWN0042&table=ATTLOG', `5\t${at}\t0\t1\t0\n`);
    expect((await punches(other.token)).map((p) => p.deviceCode)).toEqual(['UNKNOWN0042']);
    expect((await punches()).map((p) => p.deviceCode)).not.toContain('UNKNOWN0042');
  });

  it("finds a unit's punches, the units below it included, by keyset pages", async () => {
    const team = await make('/api/om/organization-units', {
      code: 'TO_MAY_1',
      name: 'Tổ may 1',
      typeCode: 'PHONG',
      parentId: unit,
    });
    const sewer = await createWorker(
      { http, token: hr.token },
      { code: 'NV0003', organizationUnitId: team, joinedDate: '2024-01-02', fullName: 'Lê Thị Hồng' },
    );
    await make('/api/tm/device-users', { deviceId, workerId: sewer, pin: '1003' });
    const at = vietnam(new Date(clock.now().getTime() - 20 * 60_000));
    await device('POST', `/iclock/cdata?SN=${SERIAL}&table=ATTLOG`, `1003\t${at}\t0\t1\t0\n`);
    const everyone = await punches();
    const ofUnit = await punches(hr.token, `&organizationUnitId=${unit}`);
    // the unit's workers and its team's, not the punches of a PIN nobody has
    expect(ofUnit.map((p) => p.id)).toEqual(everyone.filter((p) => p.workerId !== null).map((p) => p.id));
    expect(ofUnit.map((p) => p.workerCode)).toContain('NV0003');
    const ofTeam = await punches(hr.token, `&organizationUnitId=${team}`);
    expect(ofTeam.map((p) => [p.workerCode, vietnam(new Date(p.punchedAt))])).toEqual([['NV0003', at]]);
    // one row a page, following the cursor to the end
    const seen: string[] = [];
    let cursor: string | undefined;
    const now = clock.now();
    const period = `from=${day(new Date(now.getTime() - 86_400_000))}&to=${day(now)}`;
    do {
      const page = await http.get<PageEnvelope<PunchRow>>(
        `${DevicePaths.punches}?${period}&organizationUnitId=${unit}&pageSize=1${cursor ? `&cursor=${cursor}` : ''}`,
        hr.token,
      );
      expect(page.status).toBe(200);
      seen.push(...page.body.data.map((p) => p.id));
      cursor = page.body.page.nextCursor;
    } while (cursor);
    expect(seen).toEqual(ofUnit.map((p) => p.id));
    const foreign = await http.get<ErrorEnvelope>(
      `${DevicePaths.punches}?${period}&organizationUnitId=${team}&cursor=${Buffer.from('{"u":"x","p":1,"t":"2026-01-01","i":"y"}').toString('base64url')}`,
      hr.token,
    );
    expect(foreign.status).toBe(400);
  });

  it("imports another system's CSV into the same store: checked whole, stored once", async () => {
    const upload = async (csv: string) => {
      const form = new FormData();
      form.append('file', new Blob([csv], { type: 'text/csv' }), 'cham-cong.csv');
      const res = await fetch(`${server.url}${DevicePaths.punchesImport}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${hr.token}` },
        body: form,
      });
      return { status: res.status, body: (await res.json()) as Record<string, unknown> };
    };
    const now = clock.now();
    const [d, t] = vietnam(new Date(now.getTime() - 5 * 3_600_000)).split(' ') as [string, string];
    const vn = `${d.slice(8, 10)}/${d.slice(5, 7)}/${d.slice(0, 4)} ${t.slice(0, 5)}`;
    const atDevice = vietnam(new Date(now.getTime() - 4 * 3_600_000));
    const csv = [
      '\uFEFFThời gian;Mã nhân viên;Máy chấm công;PIN',
      `${vn};NV0002;;`,
      `${atDevice};;MCC-01;1001`, // the device by its code, the PIN as on the device
      `${vn};nv0002;;`, // the same punch again
      '',
    ].join('\r\n');
    const before = (await punches()).length;
    const bad = await upload(csv.replace(`${atDevice};;MCC-01;1001`, '2026-02-30 08:00;NV9999;;'));
    expect(bad.status).toBe(400);
    expect((bad.body.errors as { field: string }[]).map((e) => e.field)).toEqual(['rows[3].time']);
    const unknown = await upload(csv.replace(`${vn};NV0002;;`, `${vn};NV9999;;`));
    expect((unknown.body.errors as { field: string }[]).map((e) => e.field)).toEqual(['rows[2].workerCode']);
    // two days ahead of the server's clock: a file is read before it is sent, so a typo
    const ahead = vietnam(new Date(now.getTime() + 2 * 86_400_000));
    const future = await upload(csv.replace(`${atDevice};;MCC-01;1001`, `${ahead};NV0002;;`));
    expect((future.body.errors as { field: string }[]).map((e) => e.field)).toEqual(['rows[3].time']);
    expect(await punches()).toHaveLength(before);

    const first = await upload(csv);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.data).toEqual({ received: 3, written: 2, unchanged: 1 });
    const again = await upload(csv);
    expect(again.body.data).toEqual({ received: 3, written: 0, unchanged: 3 });
    const imported = (await punches()).filter((p) => p.source === 'IMPORT');
    expect(
      imported.map((p) => [p.deviceCode, p.attendanceCode, p.workerName, vietnam(new Date(p.punchedAt))]),
    ).toEqual([
      ['IMPORT', 'NV0002', 'Trần Văn Minh', `${d} ${t.slice(0, 5)}:00`],
      [SERIAL, '1001', 'Nguyễn Thị Lan', atDevice],
    ]);
  });

  it('reads the same punches from an .xlsx sheet, a date cell or text, and refuses a sheet too wide', async () => {
    const upload = async (bytes: Buffer) => {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(bytes)]), 'cham-cong.xlsx');
      const res = await fetch(`${server.url}${DevicePaths.punchesImport}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${hr.token}` },
        body: form,
      });
      return { status: res.status, body: (await res.json()) as Record<string, unknown> };
    };
    const workbookOf = async (rows: unknown[][]) => {
      const workbook = new ExcelJS.Workbook();
      const sheet = workbook.addWorksheet('Chấm công');
      for (const row of rows) sheet.addRow(row);
      return Buffer.from(await workbook.xlsx.writeBuffer());
    };
    const now = clock.now();
    const asDateCell = vietnam(new Date(now.getTime() - 3 * 3_600_000));
    const asText = vietnam(new Date(now.getTime() - 150 * 60_000));
    // a sheet as HR keeps it: a number column beside the ones read; Excel's date cell holds the
    // wall time (exceljs writes a Date's UTC fields), the other time is typed text
    const sheet = await workbookOf([
      ['STT', 'Mã NV', 'Thời gian'],
      [1, 'NV0002', new Date(`${asDateCell.replace(' ', 'T')}Z`)],
      [2, 'NV0002', asText],
    ]);
    const first = await upload(sheet);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.data).toEqual({ received: 2, written: 2, unchanged: 0 });
    expect((await upload(sheet)).body.data).toEqual({ received: 2, written: 0, unchanged: 2 });
    const stored = (await punches())
      .filter((p) => p.source === 'IMPORT')
      .map((p) => vietnam(new Date(p.punchedAt)));
    expect(stored).toEqual(expect.arrayContaining([asDateCell, asText]));

    const wide = await upload(
      await workbookOf([['Mã NV', 'Thời gian', ...Array.from({ length: 20 }, () => 'x')]]),
    );
    expect(wide.status).toBe(400);
    expect(JSON.stringify(wide.body)).toContain('at most 16 columns');
    const bad = await upload(
      await workbookOf([
        ['Mã NV', 'Thời gian'],
        ['NV0002', 'hôm qua'],
      ]),
    );
    expect((bad.body.errors as { field: string }[]).map((e) => e.field)).toEqual(['rows[2].time']);
  });

  it('refuses a switched-off device, a request without a serial, and uploads over the limits', async () => {
    expect((await device('GET', '/iclock/getrequest')).status).toBe(400);
    const tooMany = Array.from(
      { length: AdmsLimits.maxLines + 1 },
      (_, i) => `${i}\t2026-01-01 08:00:00`,
    ).join('\n');
    const lines = await device('POST', `/iclock/cdata?SN=${SERIAL}&table=ATTLOG`, tooMany);
    expect(lines.status).toBe(413);
    const huge = await device(
      'POST',
      `/iclock/cdata?SN=${SERIAL}&table=ATTLOG`,
      'x'.repeat(AdmsLimits.maxBodyBytes + 1),
    );
    expect(huge.status).toBe(413);
    const off = await http.post(`/api/tm/devices/${deviceId}/inactive`, undefined, hr.token);
    expect(off.status).toBe(200);
    expect((await device('GET', `/iclock/getrequest?SN=${SERIAL}`)).status).toBe(403);
  });

  // Last: it moves the server's clock past the API tokens' lifetime; only the device speaks after.
  it('sends a command again when its answer never came, and gives up after the last attempt', async () => {
    const [tokyo] = (
      await http.get<PageEnvelope<{ id: string }>>('/api/tm/devices?keyword=TOKYO00001', hr.token)
    ).body.data;
    await make('/api/tm/device-users', { deviceId: tokyo?.id, workerId, pin: '77' });
    const heartbeat = async () => (await device('GET', '/iclock/getrequest?SN=TOKYO00001')).body.trim();
    const command = 'C:1:DATA UPDATE USERINFO PIN=77\tName=Nguyễn Thị Lan\tPri=0';
    expect(await heartbeat()).toBe(command);
    expect(await heartbeat()).toBe('OK'); // sent, waiting for its answer
    for (let attempt = 2; attempt <= AdmsLimits.commandAttempts; attempt++) {
      clock.advance((AdmsLimits.commandRetryMinutes + 1) * 60_000);
      expect(await heartbeat()).toBe(command);
    }
    clock.advance((AdmsLimits.commandRetryMinutes + 1) * 60_000);
    expect(await heartbeat()).toBe('OK'); // FAILED: never sent again
    // a late answer is taken all the same (the device is told OK, never to send it again)
    expect((await device('POST', '/iclock/devicecmd?SN=TOKYO00001', 'ID=1&Return=0&CMD=DATA')).body).toBe(
      'OK',
    );
  });
});
