// The timekeeping reports (docs/timekeeping-reports.md) on PostgreSQL: the troop report of a day,
// the daily worker number, the late/early frequency and the working hours of a month, for the
// whole 10,000-worker company and for one 1,000-worker workshop, each through the report's own
// code in the caller's tenant transaction (reach, roll, symbols and all), beside a raw SQL
// aggregate of the same day records by the owner in the same run. Not part of the test run.
//
//   npx tsx bench/timekeeping-reports.ts [--workers 10000] [--runs 20]
//
// 10,000 workers in ten workshops of 1,000; a month of day records each (office hours, Sundays
// off, some late or early, some on leave), as bench/general-timesheet.ts writes them.
import { parseArgs } from 'node:util';
import { loadConfig } from '../packages/server/src/config.ts';
import { ensureMonthPartitions } from '../packages/server/src/bulk/index.ts';
import type { Tx } from '../packages/server/src/db/database.ts';
import { openDatabase } from '../packages/server/src/db/open-database.ts';
import { inScope } from '../packages/server/src/db/tenant-scope.ts';
import { hoursReport } from '../packages/server/src/services/tm/reports/hours.ts';
import { lateEarlyFrequency } from '../packages/server/src/services/tm/reports/late-early.ts';
import { reportScope, symbolSets } from '../packages/server/src/services/tm/reports/report-scope.ts';
import { dailyWorkers, troopReport } from '../packages/server/src/services/tm/reports/troop.ts';
import { dayRecordStore } from '../packages/server/src/services/tm/tables/day-records.ts';
import { timesheetInputs } from '../packages/server/src/services/tm/timesheet/wiring.ts';
import { makeTenant } from '../packages/server/src/testing/factories.ts';
import { timeRuns } from './lib/measure.ts';
import { withScratchDatabase } from './lib/scratch-database.ts';
import { rawClientOf, serverRequire } from './lib/server-deps.ts';

const { values } = parseArgs({
  options: {
    workers: { type: 'string', default: '10000' },
    runs: { type: 'string', default: '20' },
    // print each report's plans (EXPLAIN ANALYZE of its statements) for the whole company, once
    explain: { type: 'boolean', default: false },
  },
});
const WORKERS = Number(values.workers);
const RUNS = Number(values.runs);
const UNIT_SIZE = 1000;
type SQL = Parameters<Tx['execute']>[0];
/** drizzle's sql tag, the server's own copy (the repository root has none) */
const { sql } = serverRequire('drizzle-orm') as {
  sql: (strings: TemplateStringsArray, ...values: unknown[]) => SQL;
};
const ms = (value: number) => `${value.toFixed(1)} ms`;
const MARCH = { from: '2026-03-01', to: '2026-03-31' };
const DAY = '2026-03-16';

await withScratchDatabase(async (env) => {
  const config = loadConfig(env);
  const db = await openDatabase(config.database);
  try {
    await db.migrate(config.migrationsDir);
    const raw = rawClientOf(db.orm);
    const t = (await makeTenant(db.orm, { code: 'timekeeping_reports_bench' })).id;
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
      ensureMonthPartitions(tx, dayRecordStore, MARCH.from, MARCH.to),
    );
    const started = Date.now();
    await raw.query(
      `insert into tm_day_records (tenant_id, work_date, worker_id, shift_code, day_type, outcome, day_symbol,
          scheduled_minutes, worked_minutes, late_minutes, early_minutes, night_minutes, overtime_minutes,
          ot_weekday_day_minutes, work_units, paid_leave_units, paid_units, punch_pairs, punch_count, first_in)
       select $1, d::date, w.id,
              case when extract(dow from d) = 0 then null else 'HC' end,
              case when extract(dow from d) = 0 then 'REST_DAY' else 'WEEKDAY' end,
              case when extract(dow from d) = 0 then 'REST' when (n + extract(day from d)::int) % 29 = 0 then 'LEAVE' else 'WORKED' end,
              case when extract(dow from d) = 0 then null when (n + extract(day from d)::int) % 29 = 0 then 'P' else '+' end,
              480, case when extract(dow from d) = 0 then 0 else 470 end,
              case when (n + extract(day from d)::int) % 13 = 0 then 10 else 0 end,
              case when (n + extract(day from d)::int) % 19 = 0 then 15 else 0 end,
              case when n % 7 = 0 then 60 else 0 end,
              case when (n + extract(day from d)::int) % 17 = 0 then 60 else 0 end,
              case when (n + extract(day from d)::int) % 17 = 0 then 60 else 0 end,
              case when extract(dow from d) = 0 or (n + extract(day from d)::int) % 29 = 0 then 0 else 1000 end,
              case when (n + extract(day from d)::int) % 29 = 0 then 1000 else 0 end,
              case when extract(dow from d) = 0 then 0 else 1000 end,
              case when extract(dow from d) = 0 then null else '480~1010' end, 2,
              d + interval '1 hour'
         from (select id, row_number() over (order by code)::int as n from workers where tenant_id = $1) w,
              generate_series($2::date, $3::date, '1 day') d`,
      [t, MARCH.from, MARCH.to],
    );
    await raw.query('ANALYZE');
    const workshop = (
      (await raw.query(`select id from organization_units where tenant_id = $1 and code = 'PX1'`, [t]))
        .rows as {
        id: string;
      }[]
    )[0]?.id as string;
    console.log(
      `${WORKERS.toLocaleString('en')} workers, ${(WORKERS * 31).toLocaleString('en')} day records of March 2026 written in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );

    const caller = { tenantId: t, userId: null };
    const inputs = timesheetInputs();
    type Work = (
      tx: Tx,
      scope: Awaited<ReturnType<typeof reportScope>>,
      symbols: Awaited<ReturnType<typeof symbolSets>>,
      unit: string | undefined,
    ) => Promise<unknown>;
    /** a report as the API reads it: in the caller's tenant transaction, its answer as JSON */
    const report = (unit: string | undefined, work: Work, through: (tx: Tx) => Tx = (tx) => tx) =>
      inScope(db.orm, caller, async (tx) => {
        const scope = await reportScope(tx, caller, unit);
        const answer = await work(through(tx), scope, await symbolSets(tx, inputs, ['2026-03']), unit);
        JSON.stringify(answer);
      });
    /** the workers of the scope as the raw baselines read them */
    const scoped = (unit: string | undefined) =>
      `(select * from workers where tenant_id = '${t}' ${
        unit
          ? `and organization_unit_id in (with recursive b(id) as (
               select id from organization_units where id = '${unit}' union
               select u.id from organization_units u join b on u.parent_id = b.id) select id from b)`
          : ''
      }) w`;
    const baselines = {
      troop: (unit?: string) =>
        `select w.organization_unit_id, count(*), count(r.worker_id) filter (where r.outcome = 'WORKED'),
                count(*) filter (where r.late_minutes > 0), count(*) filter (where r.outcome = 'LEAVE')
           from ${scoped(unit)} left join tm_day_records r on r.tenant_id = w.tenant_id and r.work_date = '${DAY}'
            and r.worker_id = w.id group by 1`,
      daily: (unit?: string) =>
        `select r.work_date, count(*) filter (where r.outcome = 'WORKED'), count(*) filter (where r.outcome = 'LEAVE'),
                count(*) filter (where r.late_minutes > 0)
           from ${scoped(unit)} join tm_day_records r on r.tenant_id = w.tenant_id and r.worker_id = w.id
            and r.work_date between '${MARCH.from}' and '${MARCH.to}' group by 1`,
      lateEarly: (unit?: string) =>
        `select least(n, 6), count(*) from (select r.worker_id, count(*) as n
           from ${scoped(unit)} join tm_day_records r on r.tenant_id = w.tenant_id and r.worker_id = w.id
            and r.work_date between '${MARCH.from}' and '${MARCH.to}' where r.late_minutes > 0 group by 1) p group by 1`,
      hours: (unit?: string) =>
        `select r.work_date, sum(r.worked_minutes), sum(r.overtime_minutes), count(distinct r.worker_id)
           from ${scoped(unit)} join tm_day_records r on r.tenant_id = w.tenant_id and r.worker_id = w.id
            and r.work_date between '${MARCH.from}' and '${MARCH.to}' group by 1`,
    };
    const cases: [string, keyof typeof baselines, Work][] = [
      [
        'troop report of a day',
        'troop',
        (tx, s, y, unit) =>
          troopReport(tx, s, y, { date: DAY, today: '2026-03-31', organizationUnitId: unit ?? null }),
      ],
      [
        'daily worker number of a month',
        'daily',
        (tx, s, y) => dailyWorkers(tx, s, y, { ...MARCH, today: '2026-03-31' }),
      ],
      ['late/early frequency of a month', 'lateEarly', (tx, s) => lateEarlyFrequency(tx, s, MARCH)],
      [
        'working hours of a month by day and unit',
        'hours',
        (tx, s) => hoursReport(tx, s, 'working', { ...MARCH, by: 'day' }),
      ],
    ];
    if (values.explain)
      for (const [name, , work] of cases) {
        const plans: string[] = [];
        // each statement of the report explained as it runs
        const explaining = (tx: Tx) =>
          new Proxy(tx, {
            get: (target, key) =>
              key === 'execute'
                ? async (query: SQL) => {
                    const plan = (await target.execute(
                      sql`explain (analyze, buffers) ${query}`,
                    )) as unknown as {
                      rows: { 'QUERY PLAN': string }[];
                    };
                    plans.push(plan.rows.map((row) => row['QUERY PLAN']).join('\n'));
                    return target.execute(query);
                  }
                : Reflect.get(target, key),
          });
        await report(undefined, work, explaining);
        console.log(`\n=== ${name}\n${plans.join('\n---\n')}`);
      }
    for (const [unit, label] of [
      [undefined, `the whole company (${WORKERS.toLocaleString('en')} workers)`],
      [workshop, `one workshop (${UNIT_SIZE.toLocaleString('en')} workers)`],
    ] as const) {
      console.log(`\n${label}`);
      for (const [name, baseline, work] of cases) {
        const api = await timeRuns(RUNS, () => report(unit, work));
        const sql = baselines[baseline](unit);
        const rawRuns = await timeRuns(RUNS, () => raw.query(sql));
        console.log(
          `  ${name}: p50 ${ms(api.p50)}, p95 ${ms(api.p95)}; the raw aggregate beside it p50 ${ms(rawRuns.p50)}, p95 ${ms(rawRuns.p95)}`,
        );
      }
    }
  } finally {
    await db.close();
  }
});
