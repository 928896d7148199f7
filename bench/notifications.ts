// Notifications (packages/server/README.md, "Notifications"): what telling a whole tenant costs,
// what the bell's 20-second poll costs a user with a long inbox, and how long a pushed
// notification takes to reach open streams when another process sends it (LISTEN/NOTIFY on
// PostgreSQL). Not part of the test run. See bench/README.md.
//
//   npx tsx bench/notifications.ts [--users 5000] [--inbox 20000] [--streams 200] [--runs 200]
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';
import { openDatabase } from '../packages/server/src/db/open-database.ts';
import { inScope } from '../packages/server/src/db/tenant-scope.ts';
import { loadConfig } from '../packages/server/src/config.ts';
import { countUnread } from '../packages/server/src/services/notification/inbox/count-unread.ts';
import { sendNotifications } from '../packages/server/src/services/notification/send-notifications.ts';
import { accessTokenFor, makeTenant } from '../packages/server/src/testing/factories.ts';
import { openNotificationStream } from '../packages/server/src/testing/notification-stream.ts';
import { startTestServer } from '../packages/server/src/testing/test-server.ts';
import { percentile, timeRuns } from './lib/measure.ts';
import { withScratchDatabase } from './lib/scratch-database.ts';
import { rawClientOf } from './lib/server-deps.ts';

const { values } = parseArgs({
  options: {
    users: { type: 'string', default: '5000' },
    inbox: { type: 'string', default: '20000' },
    streams: { type: 'string', default: '200' },
    runs: { type: 'string', default: '200' },
  },
});
const USERS = Number(values.users);
const INBOX = Number(values.inbox);
const STREAMS = Number(values.streams);
const RUNS = Number(values.runs);
const ms = (n: number) => `${n.toFixed(1)} ms`;

await withScratchDatabase(async (env) => {
  const server = await startTestServer({ ...env, LOG_LEVEL: 'warn' });
  // "another process": its own connections to the same database, as a second API node has
  const sender = await openDatabase(loadConfig({ ...env, PORT: '0' }).database);
  try {
    const tenant = await makeTenant(server.db.orm, { code: 'bench_notify' });
    const client = rawClientOf(server.db.orm);
    await client.query(
      `INSERT INTO users (id, tenant_id, username, full_name, user_level, status)
       SELECT md5($1::text || i)::uuid, $1::uuid, 'nv' || i, 'Nhân viên ' || i, 'TENANT', 'ACTIVE'
       FROM generate_series(1, $2::int) AS i`,
      [tenant.id, USERS],
    );
    const { rows } = (await client.query('SELECT id FROM users WHERE tenant_id = $1 ORDER BY username', [
      tenant.id,
    ])) as { rows: { id: string }[] };
    const ids = rows.map((r) => r.id);
    const scope = { tenantId: tenant.id, userId: null };

    // 1. one notification to the whole tenant
    const sendTimes: number[] = [];
    for (let run = 0; run < 5; run++) {
      const started = performance.now();
      await inScope(sender.orm, scope, (tx) =>
        sendNotifications(tx, tenant.id, ids, {
          title: `Thông báo nghỉ Tết ${run}`,
          attachedLink: '/dashboard',
        }),
      );
      sendTimes.push(performance.now() - started);
    }
    console.log(
      `send to ${USERS} users: median ${ms(percentile(sendTimes, 50))}, slowest ${ms(Math.max(...sendTimes))}`,
    );

    // 2. the bell's poll for a user with a long inbox, a third of it unread
    const heavy = ids[0] as string;
    await client.query(
      `INSERT INTO user_notifications (tenant_id, user_id, title, send_at, is_read, read_at)
       SELECT $1::uuid, $2::uuid, 'Cũ ' || i, now() - i * interval '1 minute', i % 3 <> 0,
              CASE WHEN i % 3 <> 0 THEN now() END
       FROM generate_series(1, $3::int) AS i`,
      [tenant.id, heavy, INBOX],
    );
    await client.query('ANALYZE user_notifications');
    const poll = await timeRuns(RUNS, () =>
      inScope(server.db.orm, { tenantId: tenant.id, userId: heavy }, (tx) => countUnread(tx, heavy)),
    );
    console.log(`count-unread, inbox of ${INBOX + 5}: p50 ${ms(poll.p50)}, p95 ${ms(poll.p95)}`);

    // 3. a push from the other process to STREAMS open streams of as many users
    const listeners = await Promise.all(
      ids
        .slice(0, STREAMS)
        .map(async (id) =>
          openNotificationStream(
            `${server.url}/api/notification/me/notifications/stream`,
            await accessTokenFor(server.db.orm, { id, tenantId: tenant.id }),
          ),
        ),
    );
    const latencies: number[] = [];
    for (let run = 0; run < 5; run++) {
      const started = performance.now();
      await inScope(sender.orm, scope, (tx) =>
        sendNotifications(tx, tenant.id, ids.slice(0, STREAMS), { title: `Đẩy ${run}` }),
      );
      await Promise.all(
        listeners.map(async (tab) => {
          await tab.next('notification', 30_000);
          latencies.push(performance.now() - started);
        }),
      );
    }
    for (const tab of listeners) tab.close();
    console.log(
      `push to ${STREAMS} open streams (5 rounds), from the send's start: p50 ${ms(percentile(latencies, 50))}, p95 ${ms(percentile(latencies, 95))}, slowest ${ms(Math.max(...latencies))}`,
    );
  } finally {
    await sender.close();
    await server.stop();
  }
});
