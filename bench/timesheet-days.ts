// The timesheet engine (docs/timesheet-engine.md) on PostgreSQL: a large tenant's month of days
// (10,000 workers × 31 days from 4 punches a day, ≈ 1.24 million punches) computed through the
// incremental path, one late punch recomputed, and the month grid of a 1,000-worker unit read —
// each beside the raw SQL of the same reads or writes in the same run. Not part of the test run.
//
//   npx tsx bench/timesheet-days.ts [--workers 10000] [--runs 30] [--lanes 2] [--stand wired]
//
// The shifts come from a stand-in ShiftSource (every worker on office hours 08:00–17:00 every
// day: what the work calendars would resolve); the day types and rules come from the real
// labour calendar (the tenant's seeded Labour Code 2019 rule).
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';
import { loadConfig } from '../packages/server/src/config.ts';
import { openDatabase } from '../packages/server/src/db/open-database.ts';
import { inScope } from '../packages/server/src/db/tenant-scope.ts';
import { connectionOf } from '../packages/server/src/bulk/connection.ts';
import { startJobQueue } from '../packages/server/src/jobs/job-queue.ts';
import type { registerTimesheetJobs as RegisterJobs } from '../packages/server/src/services/tm/timesheet/jobs.ts';
import { labourCalendarDayTypes } from '../packages/server/src/services/tm/timesheet/calendar-day-types.ts';
import { eachDay } from '../packages/server/src/services/tm/timesheet/dates.ts';
import { officeShift } from '../packages/server/src/services/tm/timesheet/factories.ts';
import {
  noDocuments,
  noLocks,
  seededSettings,
  type AppliedShift,
  type TimesheetInputs,
} from '../packages/server/src/services/tm/timesheet/inputs.ts';
import { registerTimesheetJobs } from '../packages/server/src/services/tm/timesheet/jobs.ts';
import { timesheetInputs } from '../packages/server/src/services/tm/timesheet/wiring.ts';
import {
  requestDayRecomputation,
  requestRecomputationForPunches,
} from '../packages/server/src/services/tm/timesheet/recompute-keys.ts';
import {
  drainDayRecomputation,
  RECOMPUTE_LANES,
} from '../packages/server/src/services/tm/timesheet/recompute-job.ts';
import { makeTenant } from '../packages/server/src/testing/factories.ts';
import { timeRuns } from './lib/measure.ts';
import { withScratchDatabase } from './lib/scratch-database.ts';
import { rawClientOf } from './lib/server-deps.ts';

const { values } = parseArgs({
  options: {
    workers: { type: 'string', default: '10000' },
    runs: { type: 'string', default: '30' },
    lanes: { type: 'string', default: String(RECOMPUTE_LANES) },
    // wired: the running product's document sources (the six kinds, over their empty tables),
    // month locks and stored settings instead of the stand-ins: what each batch reads besides
    stand: { type: 'string', default: 'stand-in' },
  },
});
const WORKERS = Number(values.workers);
const RUNS = Number(values.runs);
const LANES = Number(values.lanes);
const UNIT_SIZE = 1000;
const DAYS = eachDay('2026-01-01', '2026-01-31');
const ms = (value: number) => `${value.toFixed(1)} ms`;
const s = (value: number) => `${(value / 1000).toFixed(2)} s`;
const timed = async <T>(work: () => Promise<T>) => {
  const started = performance.now();
  const result = await work();
  return { result, took: performance.now() - started };
};

/** A logger that says nothing (the queue's and the jobs' messages are not the figures). */
const quiet = (() => {
  const none = () => undefined;
  const logger: Record<string, unknown> = {
    level: 'silent',
    info: none,
    warn: none,
    error: none,
    debug: none,
    trace: none,
    fatal: none,
    silent: none,
  };
  logger.child = () => logger;
  return logger as unknown as Parameters<typeof RegisterJobs>[2];
})();

const plan = officeShift();
const inputs: TimesheetInputs = {
  shifts: {
    shifts: async (_tx, workerIds, from, to) => {
      const days = new Map<string, AppliedShift>(
        eachDay(from, to).map((d) => [d, { plan, assignmentId: null }]),
      );
      return new Map(workerIds.map((id) => [id, days]));
    },
  },
  dayTypes: labourCalendarDayTypes,
  ...(values.stand === 'wired'
    ? (({ documents, locks, settings }) => ({ documents, locks, settings }))(timesheetInputs())
    : { documents: noDocuments, locks: noLocks, settings: seededSettings }),
};

await withScratchDatabase(async (env) => {
  const config = loadConfig(env);
  const db = await openDatabase(config.database);
  // migrated first: the queue's connection takes the application role, which a new cluster
  // has only once the migrations made it
  await db.migrate(config.migrationsDir);
  const queue = await startJobQueue(db, quiet, { pollSeconds: 60, runJobs: false });
  try {
    await registerTimesheetJobs(queue, db.orm, quiet, inputs);
    const raw = rawClientOf(db.orm);
    const tenant = await makeTenant(db.orm, { code: 'timesheet_bench' });
    const scope = { tenantId: tenant.id, userId: null };
    await raw.query(
      `insert into organization_units (tenant_id, code, name)
       select $1, 'PX' || u, 'Phân xưởng ' || u from generate_series(1, $2::int) u`,
      [tenant.id, Math.ceil(WORKERS / UNIT_SIZE)],
    );
    await raw.query(
      `insert into workers (tenant_id, code, full_name, gender, organization_unit_id)
       select $1, 'CN' || lpad(i::text, 6, '0'), 'Công nhân ' || i, 'FEMALE',
              (select id from organization_units where tenant_id = $1 and code = 'PX' || (1 + (i - 1) / $3))
         from generate_series(1, $2::int) i`,
      [tenant.id, WORKERS, UNIT_SIZE],
    );
    // the tenant's labour rule: the seeded Labour Code 2019 one (seed-data/tm/labour-rules.json)
    await raw.query(`delete from labour_rules where tenant_id = $1`, [tenant.id]);
    await raw.query(
      `insert into labour_rules (tenant_id, code, name, effective_date, normal_hours_per_day, normal_hours_per_week,
         night_start_hour, night_end_hour, overtime_weekday_percent, overtime_rest_day_percent,
         overtime_holiday_percent, night_work_percent, night_overtime_percent)
       values ($1, 'LD2019', 'Bộ luật Lao động 2019', '2021-02-01', 8, 48, 22, 6, 150, 200, 300, 30, 20)`,
      [tenant.id],
    );
    await raw.query(
      `select hcm_ensure_month_partitions('tm_punches', array['2026-01-01', '2026-02-01']::date[])`,
    );
    await raw.query(`select hcm_ensure_month_partitions('tm_day_records', array['2026-01-01']::date[])`);
    // 4 punches a day, a few minutes either side of 08:00, 12:00, 13:00 and 17:00 (Vietnam's time)
    // one statement per unit of workers: a single one for the whole month can outlast the
    // connection's statement timeout on a loaded machine
    const made = await timed(async () => {
      for (let unit = 1; unit <= Math.ceil(WORKERS / UNIT_SIZE); unit++)
        await raw.query(
          `insert into tm_punches (tenant_id, punched_at, device_code, attendance_code, worker_id, source)
           select $1, d + t + make_interval(secs => (abs(hashtext(w.id::text || d::text || t::text)) % 600) - 300),
                  'MCC-' || (abs(hashtext(w.id::text)) % 50), w.code, w.id, 'DEVICE'
             from workers w
             join organization_units u on u.tenant_id = w.tenant_id and u.id = w.organization_unit_id and u.code = 'PX' || $2,
                  generate_series(timestamptz '2026-01-01 00:00+07', timestamptz '2026-01-31 00:00+07', interval '1 day') d,
                  unnest(array[interval '8 hours', interval '12 hours', interval '13 hours', interval '17 hours']) t
            where w.tenant_id = $1`,
          [tenant.id, unit],
        );
    });
    await raw.query('VACUUM ANALYZE tm_punches');
    const punches =
      (
        (await raw.query(`select count(*)::int as n from tm_punches where tenant_id = $1`, [tenant.id]))
          .rows as { n: number }[]
      )[0]?.n ?? 0;
    console.log(
      `PostgreSQL ${await db.serverVersion()}; ${WORKERS.toLocaleString('en')} workers in units of ${UNIT_SIZE}; ${punches.toLocaleString('en')} punches (made by SQL in ${s(made.took)})`,
    );
    const workerIds = (
      (await raw.query(`select id from workers where tenant_id = $1 order by id`, [tenant.id])).rows as {
        id: string;
      }[]
    ).map((r) => r.id);

    // baseline first: the same read (every punch of the month, by worker) and a write of one row
    // per (worker, day) — first in and last out — in two plain statements; the engine's month
    // then computes those rows again (an upsert of stored days, as a recomputation is)
    const baseline = await timed(async () => {
      // a unit at a time, as the statement timeout allows on a loaded machine
      for (let unit = 1; unit <= Math.ceil(WORKERS / UNIT_SIZE); unit++) {
        const ofUnit = `(select w.id from workers w join organization_units u on u.tenant_id = w.tenant_id
                          and u.id = w.organization_unit_id and u.code = 'PX' || $2 where w.tenant_id = $1)`;
        await raw.query(
          `select worker_id, punched_at, device_code from tm_punches where tenant_id = $1 and worker_id in ${ofUnit}
              and punched_at >= '2025-12-31 00:00+07' and punched_at < '2026-02-02 00:00+07' order by worker_id, punched_at`,
          [tenant.id, unit],
        );
        await raw.query(
          `insert into tm_day_records (tenant_id, work_date, worker_id, first_in, last_out, worked_minutes, day_symbol)
           select $1, (punched_at at time zone 'Asia/Ho_Chi_Minh')::date, worker_id, min(punched_at), max(punched_at),
                  least(1440, extract(epoch from max(punched_at) - min(punched_at))::int / 60), '+'
             from tm_punches where tenant_id = $1 and worker_id in ${ofUnit} group by 2, 3
           on conflict (tenant_id, work_date, worker_id) do update set first_in = excluded.first_in, last_out = excluded.last_out,
             worked_minutes = excluded.worked_minutes, day_symbol = excluded.day_symbol`,
          [tenant.id, unit],
        );
      }
    });
    console.log(
      `  beside raw SQL: the same punches read in one SELECT and a first-in/last-out day written per (worker, day) in one INSERT … SELECT: ${s(baseline.took)}`,
    );
    // --- the whole month through the incremental path
    const asked = await timed(() =>
      inScope(db.orm, scope, (tx) =>
        requestDayRecomputation(
          tx,
          queue,
          tenant.id,
          workerIds.flatMap((workerId) => DAYS.map((workDate) => ({ workerId, workDate }))),
        ),
      ),
    );
    const month = await timed(() => drainDayRecomputation(db.orm, tenant.id, inputs, { lanes: LANES }));
    console.log(
      `the month asked for: ${asked.result.toLocaleString('en')} (worker, day) keys in ${s(asked.took)}`,
    );
    console.log(
      `the month computed (read punches, shifts, calendar; compute; write), batches of 2,000, ${LANES} at once: ${s(month.took)} — ${month.result.computed.toLocaleString('en')} days, ${Math.round((month.result.computed / month.took) * 1000).toLocaleString('en')} days/s, ${month.result.unchanged.toLocaleString('en')} unchanged`,
    );
    await raw.query('VACUUM ANALYZE tm_day_records');
    // --- the same month asked for and computed again, nothing changed: nothing to write
    await inScope(db.orm, scope, (tx) =>
      requestDayRecomputation(
        tx,
        queue,
        tenant.id,
        workerIds.flatMap((workerId) => DAYS.map((workDate) => ({ workerId, workDate }))),
      ),
    );
    const again = await timed(() => drainDayRecomputation(db.orm, tenant.id, inputs, { lanes: LANES }));
    console.log(
      `the month computed again, nothing changed: ${s(again.took)} — ${again.result.computed.toLocaleString('en')} days, ${again.result.unchanged.toLocaleString('en')} unchanged (not rewritten)`,
    );

    // --- one late punch: stored, its days asked for, computed (3 days: its own and either side)
    let n = 0;
    const late = await timeRuns(RUNS, async () => {
      const workerId = workerIds[(n++ * 7919) % workerIds.length] as string;
      const punchedAt = new Date(Date.parse('2026-01-15T18:30:00+07:00') + n * 1000);
      await inScope(db.orm, scope, async (tx) => {
        await connectionOf(tx).query(
          `insert into tm_punches (tenant_id, punched_at, device_code, attendance_code, worker_id, source)
           values ($1, $2, 'MCC-LATE', 'late', $3, 'DEVICE') on conflict do nothing`,
          [tenant.id, punchedAt, workerId],
        );
        await requestRecomputationForPunches(tx, queue, tenant.id, [{ workerId, punchedAt }]);
      });
      await drainDayRecomputation(db.orm, tenant.id, inputs);
    });
    const lateRaw = await timeRuns(RUNS, async () => {
      const workerId = workerIds[(n++ * 7919) % workerIds.length] as string;
      await raw.query(
        `select punched_at from tm_punches where tenant_id = $1 and worker_id = $2
            and punched_at >= '2026-01-14 00:00+07' and punched_at < '2026-01-18 00:00+07'`,
        [tenant.id, workerId],
      );
      await raw.query(
        `update tm_day_records set computed_at = now() where tenant_id = $1 and worker_id = $2
            and work_date between '2026-01-14' and '2026-01-16'`,
        [tenant.id, workerId],
      );
    });
    console.log(
      `\none late punch stored and its 3 days recomputed (two transactions): p50 ${ms(late.p50)}, p95 ${ms(late.p95)} over ${RUNS} runs`,
    );
    console.log(
      `  beside raw SQL: the worker's punches of those days read and their 3 rows updated: p50 ${ms(lateRaw.p50)}, p95 ${ms(lateRaw.p95)}`,
    );

    // --- the month grid of a 1,000-worker unit: the cells and per-worker totals
    const unit = (
      (
        await raw.query(`select id from organization_units where tenant_id = $1 and code = 'PX1'`, [
          tenant.id,
        ])
      ).rows as { id: string }[]
    )[0]?.id;
    const gridSql = `
      select w.id, w.code, w.full_name,
             array_agg(coalesce(d.corrected_symbol, d.day_symbol) order by d.work_date) as cells,
             sum(coalesce(d.corrected_paid_units, d.paid_units))::int as paid_units,
             sum(d.worked_minutes)::int as worked, sum(d.overtime_minutes)::int as overtime,
             sum(d.night_minutes)::int as night, count(*) filter (where d.late_minutes > 0)::int as late_days
        from workers w
        join tm_day_records d on d.tenant_id = w.tenant_id and d.worker_id = w.id
       where w.tenant_id = $1 and w.organization_unit_id = $2
         and d.work_date >= '2026-01-01' and d.work_date < '2026-02-01'
       group by w.id, w.code, w.full_name order by w.code`;
    let rows = 0;
    const grid = await timeRuns(RUNS, () =>
      inScope(db.orm, scope, async (tx) => {
        const result = await connectionOf(tx).query(gridSql, [tenant.id, unit]);
        rows = result.rows.length;
      }),
    );
    const gridRaw = await timeRuns(RUNS, () => raw.query(gridSql, [tenant.id, unit]));
    console.log(
      `\nthe month grid of a ${rows.toLocaleString('en')}-worker unit (31 cells and totals per worker), as the application role in a tenant transaction: p50 ${ms(grid.p50)}, p95 ${ms(grid.p95)}`,
    );
    console.log(
      `  beside the same SELECT by the owner, no transaction: p50 ${ms(gridRaw.p50)}, p95 ${ms(gridRaw.p95)}`,
    );
  } finally {
    await queue.stop();
    await db.close();
  }
});
