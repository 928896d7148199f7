// Notification › form (packages/server/README.md, "Notification events and email"): what sending
// one notification with email to a whole tenant costs the request that sends it (the audience
// resolved, an inbox row and a logged email with its job per employee, in one transaction), and
// how fast the email queue then gets the mails to a real SMTP server (in process). Not part of
// the test run. See bench/README.md.
//
//   npx tsx bench/notification-events.ts [--employees 2000] [--poll 2]
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';
import { accessTokenFor, makeTenant, makeUser } from '../packages/server/src/testing/factories.ts';
import { startTestSmtpServer } from '../packages/server/src/testing/smtp-server.ts';
import { startTestServer } from '../packages/server/src/testing/test-server.ts';
import { withScratchDatabase } from './lib/scratch-database.ts';
import { rawClientOf } from './lib/server-deps.ts';

const { values } = parseArgs({
  options: { employees: { type: 'string', default: '2000' }, poll: { type: 'string', default: '2' } },
});
const EMPLOYEES = Number(values.employees);
const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

await withScratchDatabase(async (env) => {
  const smtp = await startTestSmtpServer();
  const server = await startTestServer({
    ...env,
    LOG_LEVEL: 'warn',
    SMTP_URL: smtp.url,
    JOB_POLL_SECONDS: values.poll,
  });
  try {
    const tenant = await makeTenant(server.db.orm, { code: 'bench_events' });
    const { user: hr } = await makeUser(
      { db: server.db.orm, passwords: server.passwords },
      { tenantId: tenant.id, permissions: ['notification.view', 'notification.create'] },
    );
    const token = await accessTokenFor(server.db.orm, hr);
    const client = rawClientOf(server.db.orm);
    const unit = '00000000-0000-4000-8000-000000000001';
    await client.query(
      `INSERT INTO organization_units (tenant_id, id, code, name, type_code) VALUES ($1, $2, 'CTY', 'Công ty', 'CONG_TY')`,
      [tenant.id, unit],
    );
    await client.query(
      `INSERT INTO users (id, tenant_id, username, full_name, email, user_level, status)
       SELECT md5($1::text || i)::uuid, $1::uuid, 'nv' || i, 'Nhân viên ' || i, 'nv' || i || '@congty.vn', 'TENANT', 'ACTIVE'
       FROM generate_series(1, $2::int) AS i`,
      [tenant.id, EMPLOYEES],
    );
    await client.query(
      `INSERT INTO workers (tenant_id, code, full_name, gender, organization_unit_id, user_id)
       SELECT $1::uuid, 'NV' || i, 'Nhân viên ' || i, 'FEMALE', $2::uuid, md5($1::text || i)::uuid
       FROM generate_series(1, $3::int) AS i`,
      [tenant.id, unit, EMPLOYEES],
    );
    await client.query('ANALYZE');

    const started = performance.now();
    const res = await fetch(`${server.url}/api/notification/events/send-ver2`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({
        title: 'Lịch nghỉ Tết Nguyên đán 2027',
        content: 'Công ty nghỉ Tết từ 05/02 đến 14/02/2027.',
        sendEmail: true,
        audiences: [{ assignmentType: 'ALL_PERSONNEL' }],
      }),
    });
    const answered = performance.now() - started;
    const body = (await res.json()) as { data?: { recipientCount: number; emailCount: number } };
    if (res.status !== 200) throw new Error(`send-ver2 answered ${res.status}: ${JSON.stringify(body)}`);
    console.log(
      `send with email to ${body.data?.recipientCount} employees: answered in ${s(answered)} (${body.data?.emailCount} emails queued)`,
    );
    while (smtp.received.length < EMPLOYEES && performance.now() - started < 30 * 60_000)
      await new Promise((resolve) => setTimeout(resolve, 250));
    const all = performance.now() - started;
    console.log(
      `all ${smtp.received.length} emails accepted by the SMTP server ${s(all)} after the send (${(smtp.received.length / ((all - answered) / 1000)).toFixed(0)} emails/s, one process, poll ${values.poll} s)`,
    );
  } finally {
    await server.stop();
    await smtp.stop();
  }
});
