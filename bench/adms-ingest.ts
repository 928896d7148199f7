// Punches pushed by attendance devices through the ZKTeco ADMS endpoint (docs/attendance-devices.md)
// on PostgreSQL: a week of a factory's punches (--workers × 7 days × 4) uploaded as ATTLOG
// bodies of --lines lines by --devices devices at once, each a real HTTP request to the real
// server (serial → tenant, one tenant transaction, the bulk writer's COPY + INSERT … ON
// CONFLICT DO NOTHING, one action-log entry a body); the same uploads again (every line a
// duplicate, answered OK); beside the same rows written in the same run by one plain
// INSERT … SELECT of SQL, the floor. Not part of the test run.
//
//   npx tsx bench/adms-ingest.ts [--workers 2000] [--devices 4] [--lines 500]
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';
import { connectionOf } from '../packages/server/src/bulk/connection.ts';
import { inScope } from '../packages/server/src/db/tenant-scope.ts';
import { makeTenant } from '../packages/server/src/testing/factories.ts';
import { startTestServer } from '../packages/server/src/testing/test-server.ts';
import { withScratchDatabase } from './lib/scratch-database.ts';

const { values } = parseArgs({
  options: {
    workers: { type: 'string', default: '2000' },
    devices: { type: 'string', default: '4' },
    lines: { type: 'string', default: '500' },
  },
});
const WORKERS = Number(values.workers);
const DEVICES = Number(values.devices);
const LINES = Number(values.lines);
const DAYS = 7;

/** Local time in Vietnam of `day` (0…) at `minutes` after midnight, as devices send it. */
const local = (day: number, minutes: number, second: number) => {
  const base = Date.UTC(2026, 2, 2 + day, 0, minutes, second % 60);
  return new Date(base).toISOString().slice(0, 19).replace('T', ' ');
};

/** Each device's bodies: its share of the workers, four punches a day each. */
function bodiesOf(device: number): string[] {
  const lines: string[] = [];
  for (let w = device; w < WORKERS; w += DEVICES)
    for (let day = 0; day < DAYS; day++)
      for (const minutes of [465, 720, 780, 1035])
        lines.push(`${1000 + w}\t${local(day, minutes, w)}\t0\t1\t0\t0\t0`);
  const bodies: string[] = [];
  for (let i = 0; i < lines.length; i += LINES) bodies.push(lines.slice(i, i + LINES).join('\n') + '\n');
  return bodies;
}

await withScratchDatabase(async (env) => {
  const server = await startTestServer({ ...env, LOG_LEVEL: 'warn' });
  try {
    const tenant = await makeTenant(server.db.orm);
    const serials = Array.from({ length: DEVICES }, (_, i) => `BENCH${String(i).padStart(6, '0')}`);
    await inScope(server.db.orm, { tenantId: tenant.id, userId: null }, async (tx) => {
      for (const [i, serial] of serials.entries()) {
        const db = connectionOf(tx);
        const made = await db.query<{ id: string }>(
          'insert into tm_devices (tenant_id, code, name, serial_number) values ($1::uuid, $2, $3, $4) returning id',
          [tenant.id, `MCC-${i}`, `Máy ${i}`, serial],
        );
        await db.query('select hcm_adms_bind_serial($1, $2::uuid)', [serial, made.rows[0]?.id]);
      }
    });
    const bodies = serials.map((_, i) => bodiesOf(i));
    const total = bodies.flat().reduce((n, body) => n + body.split('\n').length - 1, 0);
    const push = async () => {
      const started = performance.now();
      await Promise.all(
        serials.map(async (serial, i) => {
          for (const body of bodies[i] ?? []) {
            const res = await fetch(`${server.url}/iclock/cdata?SN=${serial}&table=ATTLOG&Stamp=1`, {
              method: 'POST',
              headers: { 'content-type': 'text/plain' },
              body,
            });
            const text = await res.text();
            if (!text.startsWith('OK:')) throw new Error(`${serial}: ${res.status} ${text}`);
          }
        }),
      );
      return performance.now() - started;
    };
    const first = await push();
    const again = await push();
    const stored = await inScope(server.db.orm, { tenantId: tenant.id, userId: null }, (tx) =>
      connectionOf(tx).query<{ n: number }>('select count(*)::int as n from tm_punches'),
    );
    // The floor: the same number of rows in one INSERT … SELECT, in the tenant's scope, into a
    // fresh month (April) so no key meets a stored one.
    const floor = await inScope(server.db.orm, { tenantId: tenant.id, userId: null }, async (tx) => {
      const db = connectionOf(tx);
      await db.query("select hcm_ensure_month_partitions('tm_punches'::regclass, array['2026-04-01'::date])");
      const started = performance.now();
      await db.query(
        `insert into tm_punches (tenant_id, punched_at, device_code, attendance_code, source, raw_line)
         select $1::uuid, timestamptz '2026-04-01 00:00:00+07' + g * interval '1 second', 'FLOOR', (1000 + g % $2)::text, 'DEVICE', 'x'
           from generate_series(1, $3) g`,
        [tenant.id, WORKERS, total],
      );
      return performance.now() - started;
    });
    const rate = (ms: number) => `${Math.round(total / (ms / 1000)).toLocaleString('en')} lines/s`;
    console.log(
      JSON.stringify(
        {
          workers: WORKERS,
          devices: DEVICES,
          linesPerUpload: LINES,
          lines: total,
          stored: stored.rows[0]?.n,
          endpoint: { ms: Math.round(first), rate: rate(first) },
          endpointAgainAllDuplicates: { ms: Math.round(again), rate: rate(again) },
          rawSqlInsert: { ms: Math.round(floor), rate: rate(floor) },
        },
        null,
        2,
      ),
    );
  } finally {
    await server.stop();
  }
});
