// The general timesheet (docs/general-timesheet.md) on PostgreSQL: the month grid of a
// 1,000-worker unit (31 cells and the totals per worker) answered by readGridPage as the API does
// it — in the caller's tenant transaction, one page of 1,000 workers, serialised to JSON — beside
// the raw SQL of the same two reads (the unit's workers, their day records of the month) by the
// owner in the same run; and the route itself over HTTP (the app built in this process: the
// token check, the route's serializer, compression as a browser asks for it). Issue 30's figure:
// ≤ 300 ms. Not part of the test run.
//
//   npx tsx bench/general-timesheet.ts [--workers 10000] [--runs 20]
//
// 10,000 workers in ten workshops of 1,000 (one measured); each a month of day records written as
// the engine writes them (office hours, Sundays off, some late, some on leave, a few corrected).
import { get } from 'node:http';
import { parseArgs } from 'node:util';
import { GeneralTimesheetPaths } from '../shared/contracts/src/modules/general-timesheet.ts';
import { buildApp } from '../packages/server/src/app.ts';
import { prepareDatabase } from '../packages/server/src/bootstrap/prepare-database.ts';
import { loadConfig } from '../packages/server/src/config.ts';
import { createLogger } from '../packages/server/src/http/logger.ts';
import { createPasswordHasher } from '../packages/server/src/services/iam/passwords/password-hasher.ts';
import { ensureMonthPartitions } from '../packages/server/src/bulk/index.ts';
import { openDatabase } from '../packages/server/src/db/open-database.ts';
import { inScope } from '../packages/server/src/db/tenant-scope.ts';
import { resolveCalendars } from '../packages/server/src/services/tm/calendar/resolve.ts';
import { readGridPage } from '../packages/server/src/services/tm/general-timesheet/read-grid.ts';
import { dayRecordStore } from '../packages/server/src/services/tm/tables/day-records.ts';
import { timesheetInputs } from '../packages/server/src/services/tm/timesheet/wiring.ts';
import { accessTokenFor, makeTenant, makeUser } from '../packages/server/src/testing/factories.ts';
import { timeRuns } from './lib/measure.ts';
import { DataEnvelope } from '../shared/contracts/src/index.ts';
import { PgDialect } from '../packages/server/node_modules/drizzle-orm/pg-core/index.js';
import { withScratchDatabase } from './lib/scratch-database.ts';
import { rawClientOf, serverRequire } from './lib/server-deps.ts';

/** fast-json-stringify, the server's copy: what the app's serializer compiles a response schema with. */
const fastJsonStringify = serverRequire('fast-json-stringify') as (
  schema: unknown,
  options: { schema: object },
) => (data: unknown) => string;

// the grid's read of the days, where the code has one (a checkout before it had none)
const routes = await import('../packages/server/src/services/tm/general-timesheet/routes.ts');
// the schema of the grid's answer (a checkout before it was exported has none to time)
const PageSchema = 'PageSchema' in routes ? routes.PageSchema : null;
const monthRead = await import('../packages/server/src/services/tm/general-timesheet/month-columns.ts').then(
  (module) => module.monthColumnsQuery,
  () => null,
);

const { values } = parseArgs({
  options: { workers: { type: 'string', default: '10000' }, runs: { type: 'string', default: '20' } },
});
const WORKERS = Number(values.workers);
const RUNS = Number(values.runs);
const UNIT_SIZE = 1000;
const ms = (value: number) => `${value.toFixed(1)} ms`;

await withScratchDatabase(async (env) => {
  // the API's process: requests only, no job worker or sweep polling beside the measurements
  const config = loadConfig({
    ...env,
    HCM_PROCESS_ROLE: 'api',
    CONTRACT_VALIDITY_SWEEP_MINUTES: '0',
    LOG_LEVEL: 'warn',
  });
  const db = await openDatabase(config.database);
  try {
    const passwords = await createPasswordHasher();
    await prepareDatabase({ config, db, passwords, print: () => undefined });
    const raw = rawClientOf(db.orm);
    const tenant = await makeTenant(db.orm, { code: 'general_timesheet_bench' });
    const t = tenant.id;
    const { user } = await makeUser(
      { db: db.orm, passwords },
      { tenantId: t, permissions: ['timesheet.view'] },
    );
    const token = await accessTokenFor(db.orm, user);
    await raw.query(
      `insert into organization_units (tenant_id, code, name, type_code) values ($1, 'CTY', 'Công ty', 'CONG_TY')`,
      [t],
    );
    await raw.query(
      `insert into organization_units (tenant_id, code, name, type_code, parent_id)
       select $1, 'PX' || x, 'Phân xưởng ' || x, 'PHONG', (select id from organization_units where tenant_id = $1 and code = 'CTY')
         from generate_series(1, $2::int) x`,
      [t, Math.ceil(WORKERS / UNIT_SIZE)],
    );
    await raw.query(
      `insert into workers (tenant_id, code, full_name, gender, organization_unit_id)
       select $1, 'CN' || lpad(i::text, 6, '0'), 'Công nhân ' || i, 'FEMALE',
              (select id from organization_units where tenant_id = $1 and code = 'PX' || (1 + (i - 1) / ${UNIT_SIZE}))
         from generate_series(1, $2::int) i`,
      [t, WORKERS],
    );
    await inScope(db.orm, { tenantId: t, userId: null }, (tx) =>
      ensureMonthPartitions(tx, dayRecordStore, '2026-03-01', '2026-03-31'),
    );
    const started = Date.now();
    await raw.query(
      `insert into tm_day_records (tenant_id, work_date, worker_id, shift_code, day_type, outcome, day_symbol,
          scheduled_minutes, worked_minutes, late_minutes, early_minutes, overtime_minutes, ot_weekday_day_minutes,
          work_units, paid_leave_units, paid_units, punch_pairs, punch_count,
          corrected_symbol, correction_reason, corrected_at)
       select $1, d::date, w.id,
              case when extract(dow from d) = 0 then null else 'HC' end,
              case when extract(dow from d) = 0 then 'REST_DAY' else 'WEEKDAY' end,
              case when extract(dow from d) = 0 then 'REST' when (n + extract(day from d)::int) % 29 = 0 then 'LEAVE' else 'WORKED' end,
              case when extract(dow from d) = 0 then null when (n + extract(day from d)::int) % 29 = 0 then 'P' else '+' end,
              480, case when extract(dow from d) = 0 then 0 else 470 end,
              case when (n + extract(day from d)::int) % 13 = 0 then 10 else 0 end, 0,
              case when (n + extract(day from d)::int) % 17 = 0 then 60 else 0 end,
              case when (n + extract(day from d)::int) % 17 = 0 then 60 else 0 end,
              case when extract(dow from d) = 0 or (n + extract(day from d)::int) % 29 = 0 then 0 else 1000 end,
              case when (n + extract(day from d)::int) % 29 = 0 then 1000 else 0 end,
              case when extract(dow from d) = 0 then 0 else 1000 end,
              case when extract(dow from d) = 0 then null else '480~1010' end, 2,
              case when (n + extract(day from d)::int) % 97 = 0 then '+' end,
              case when (n + extract(day from d)::int) % 97 = 0 then 'Quên chấm công ra' end,
              case when (n + extract(day from d)::int) % 97 = 0 then now() end
         from (select id, row_number() over (order by code)::int as n from workers where tenant_id = $1) w,
              generate_series('2026-03-01'::date, '2026-03-31'::date, '1 day') d`,
      [t],
    );
    await raw.query('ANALYZE');
    const unit = (
      (await raw.query(`select id from organization_units where tenant_id = $1 and code = 'PX1'`, [t]))
        .rows as { id: string }[]
    )[0]?.id as string;
    console.log(
      `${WORKERS.toLocaleString('en')} workers, ${(WORKERS * 31).toLocaleString('en')} day records of March 2026 written in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );

    // the route over HTTP, as the browser asks for it (compressed), the answer read whole
    const app = await buildApp({ config, db, logger: createLogger(config.logLevel) });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/api/tm/general-timesheet?organizationUnitId=${unit}&month=2026-03&pageSize=${UNIT_SIZE}`;
    let sent = 0;
    let plain = 0;
    // node:http, not fetch: the bytes as sent (fetch would decompress them); what the browser
    // then does with them is not measured here
    const ask = (encoding: string) =>
      new Promise<number>((resolve, reject) => {
        const request = get(url, {
          headers: { authorization: `Bearer ${token}`, 'accept-encoding': encoding },
        });
        request.on('error', reject);
        request.on('response', (answer) => {
          let bytes = 0;
          answer.on('data', (chunk: Buffer) => (bytes += chunk.length));
          answer.on('error', reject);
          answer.on('end', () =>
            answer.statusCode === 200
              ? resolve(bytes)
              : reject(new Error(`the grid answered ${answer.statusCode}`)),
          );
        });
      });
    try {
      const http = await timeRuns(RUNS, async () => (sent = await ask('gzip, deflate, br, zstd')));
      const identity = await timeRuns(RUNS, async () => (plain = await ask('identity')));
      console.log(
        `\nthe route over HTTP, GET ${GeneralTimesheetPaths.grid} (a 1,000-worker page; the token check, the route's serializer): compressed as a browser asks (br, ${(sent / 1024).toFixed(0)} KiB sent): p50 ${ms(http.p50)}, p95 ${ms(http.p95)}; uncompressed (${(plain / 1024).toFixed(0)} KiB): p50 ${ms(identity.p50)}, p95 ${ms(identity.p95)}`,
      );
    } finally {
      await app.close();
    }

    const scope = { tenantId: t, userId: null };
    const inputs = timesheetInputs();
    let bytes = 0;
    let rows = 0;
    const api = await timeRuns(RUNS, () =>
      inScope(db.orm, scope, async (tx) => {
        const page = await readGridPage(tx, scope, inputs, {
          organizationUnitId: unit,
          month: '2026-03',
          pageSize: UNIT_SIZE,
        });
        rows = page.rows.length;
        bytes = Buffer.byteLength(JSON.stringify({ data: page }));
      }),
    );
    console.log(
      `\nthe month grid of a ${rows.toLocaleString('en')}-worker unit through readGridPage (tenant transaction, the unit, the page of workers, their day records, the labour calendar, totals, JSON of ${(bytes / 1024).toFixed(0)} KiB): p50 ${ms(api.p50)}, p95 ${ms(api.p95)} over ${RUNS} runs`,
    );
    const unserialised = await timeRuns(RUNS, () =>
      inScope(db.orm, scope, (tx) =>
        readGridPage(tx, scope, inputs, { organizationUnitId: unit, month: '2026-03', pageSize: UNIT_SIZE }),
      ),
    );
    console.log(
      `  of which without the JSON of the answer: p50 ${ms(unserialised.p50)}, p95 ${ms(unserialised.p95)}`,
    );
    const calendar = await timeRuns(RUNS, () =>
      inScope(db.orm, scope, (tx) =>
        resolveCalendars(tx, {
          tenantId: t,
          organizationUnitIds: [unit],
          from: '2026-03-01',
          to: '2026-03-31',
        }),
      ),
    );
    console.log(
      `  of which the labour calendar of the unit (standard days): p50 ${ms(calendar.p50)}, p95 ${ms(calendar.p95)}`,
    );
    // the app's general serializer (fast-json-stringify from the response schema) on the same
    // page, which the route no longer uses for it (routes.ts)
    const page = await inScope(db.orm, scope, (tx) =>
      readGridPage(tx, scope, inputs, { organizationUnitId: unit, month: '2026-03', pageSize: UNIT_SIZE }),
    );
    const schemaSerializer = PageSchema && fastJsonStringify(DataEnvelope(PageSchema), { schema: {} });
    const bySchema = await timeRuns(RUNS, () => schemaSerializer?.({ data: page }));
    const byStringify = await timeRuns(RUNS, () => JSON.stringify({ data: page }));
    // what the browser does first with the answer (V8's JSON.parse, as in Chromium)
    const text = JSON.stringify({ data: page });
    const parsed = await timeRuns(RUNS, () => JSON.parse(text));
    console.log(
      `  the answer parsed back (JSON.parse, the browser's first step): p50 ${ms(parsed.p50)}, p95 ${ms(parsed.p95)}`,
    );
    console.log(
      `  the answer serialised alone: JSON.stringify p50 ${ms(byStringify.p50)}, p95 ${ms(byStringify.p95)}; fast-json-stringify of the response schema p50 ${ms(bySchema.p50)}, p95 ${ms(bySchema.p95)}`,
    );
    // the same two data reads as raw SQL by the owner, no transaction, nothing done with the rows
    const COLUMNS = `worker_id, work_date, day_symbol, outcome, day_type, shift_code, punch_pairs, worked_minutes,
      late_minutes, early_minutes, overtime_minutes, night_minutes, ot_weekday_day_minutes, ot_weekday_night_minutes,
      ot_rest_day_minutes, ot_rest_night_minutes, ot_holiday_day_minutes, ot_holiday_night_minutes, work_units,
      paid_leave_units, unpaid_leave_units, paid_units, flags, held_at, corrected_symbol, corrected_paid_units,
      correction_reason, corrected_by, corrected_at`;
    const unitWorkers = async () =>
      (
        await raw.query(
          `with recursive tree as (select id from organization_units where id = $1
             union select u.id from organization_units u join tree t on u.parent_id = t.id)
           select w.id, w.code, w.full_name, w.organization_unit_id from workers w join tree t on t.id = w.organization_unit_id
            order by w.code, w.id limit ${UNIT_SIZE + 1}`,
          [unit],
        )
      ).rows as { id: string }[];
    const ids = (await unitWorkers()).slice(0, UNIT_SIZE).map((w) => w.id);
    const rawRuns = await timeRuns(RUNS, async () => {
      const workers = await unitWorkers();
      await raw.query(
        `select ${COLUMNS} from tm_day_records where tenant_id = $1 and worker_id = any($2::uuid[])
            and work_date between '2026-03-01' and '2026-03-31'`,
        [t, workers.map((w) => w.id)],
      );
    });
    console.log(
      `  beside the raw SQL of its two data reads (the workers; their day records, the same columns): p50 ${ms(rawRuns.p50)}, p95 ${ms(rawRuns.p95)}`,
    );
    if (monthRead) {
      // the API's own read of the days (month-columns.ts), the very statement, run as the owner
      const statement = new PgDialect().sqlToQuery(monthRead(t, ids, '2026-03-01', '2026-03-31'));
      const same = await timeRuns(RUNS, async () => {
        await unitWorkers();
        await raw.query(statement.sql, statement.params);
      });
      console.log(
        `  the same, the days as the API reads them now (a lateral read per worker: an array per field, the sums, the sparse days): p50 ${ms(same.p50)}, p95 ${ms(same.p95)}`,
      );
    }
    const aggregated = await timeRuns(RUNS, async () => {
      const workers = await unitWorkers();
      await raw.query(
        `select worker_id, json_agg(json_build_array(${COLUMNS.replace('worker_id, ', '')})) as days
           from tm_day_records where tenant_id = $1 and worker_id = any($2::uuid[])
            and work_date between '2026-03-01' and '2026-03-31' group by worker_id`,
        [t, workers.map((w) => w.id)],
      );
    });
    console.log(
      `  the same, the days as one JSON array per worker: p50 ${ms(aggregated.p50)}, p95 ${ms(aggregated.p95)}`,
    );
  } finally {
    await db.close();
  }
});
