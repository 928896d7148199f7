// A pay period computed and written on PostgreSQL (issue 32 item 7; docs/payroll-periods.md,
// docs/performance.md "Pay periods"): 10,000 workers of March 2026 × the default template's
// components (services/pm/statutory DEFAULT_TEMPLATE: pay by days, allowances, night and overtime
// pay, insurance with caps, union dues, income tax by the 2026 bands, net pay, employer shares),
// computed by the computation job's own handler (runComputation: the template compiled once, the
// sheet's workers written, chunks of 2,000 each loaded, computed and written by the bulk path in
// the tenant's transaction, progress counted) — beside COPY of the very same result lines into
// the same table in the same run, the floor of any writer; then the detailed table's first page
// (workers with every value) and the totals over 10,000 workers, as their routes read them.
// 2 % of the workers have net contracts (their gross solved to the đồng). Not part of the test run.
//
//   npx tsx bench/payroll-period.ts [--workers 10000] [--runs 3] [--page-runs 15]
//
// Run it only on a quiet machine (uptime's load < 3): the figures are the machine's as much as ours.
import { randomUUID } from 'node:crypto';
import { Readable, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { parseArgs } from 'node:util';
import { loadConfig } from '../packages/server/src/config.ts';
import { prepareDatabase } from '../packages/server/src/bootstrap/prepare-database.ts';
import { ensureMonthPartitions, writeBatch } from '../packages/server/src/bulk/index.ts';
import { openDatabase } from '../packages/server/src/db/open-database.ts';
import { inScope } from '../packages/server/src/db/tenant-scope.ts';
import type { JobControl } from '../packages/server/src/jobs/job-queue.ts';
import { createPasswordHasher } from '../packages/server/src/services/iam/passwords/password-hasher.ts';
import { resultLineStore } from '../packages/server/src/services/payroll/tables/result-lines.ts';
import { seedLookupTables } from '../packages/server/src/services/pm/lookup-tables/seed.ts';
import {
  runComputation,
  COMPUTE_SETTINGS,
} from '../packages/server/src/services/pm/pay-periods/compute-job.ts';
import {
  computeWorker,
  workerInputs,
} from '../packages/server/src/services/pm/pay-periods/compute-worker.ts';
import { linesOf } from '../packages/server/src/services/pm/pay-periods/lines.ts';
import { payrollSources } from '../packages/server/src/services/pm/pay-periods/payroll-sources.ts';
import { sheetTotals, workersPage } from '../packages/server/src/services/pm/pay-periods/review.ts';
import {
  DEFAULT_TEMPLATE,
  STATUTORY_PARAMETERS,
} from '../packages/server/src/services/pm/statutory/data/index.ts';
import { CompiledTemplateCache } from '../packages/server/src/services/pm/templates/compiled-cache.ts';
import { seedPayrollDefaults } from '../packages/server/src/services/pm/templates/seed-defaults.ts';
import { dayRecordStore } from '../packages/server/src/services/tm/tables/day-records.ts';
import { makeTenant } from '../packages/server/src/testing/factories.ts';
import { timeRuns } from './lib/measure.ts';
import { withScratchDatabase } from './lib/scratch-database.ts';
import { pg, rawClientOf, serverRequire } from './lib/server-deps.ts';

const { from: copyFrom, to: copyTo } = serverRequire('pg-copy-streams') as {
  from(text: string): Writable;
  to(text: string): AsyncIterable<Buffer>;
};

const { values } = parseArgs({
  options: {
    workers: { type: 'string', default: '10000' },
    runs: { type: 'string', default: '3' },
    'page-runs': { type: 'string', default: '15' },
  },
});
const WORKERS = Number(values.workers);
const RUNS = Number(values.runs);
const PAGE_RUNS = Number(values['page-runs']);
const UNIT_SIZE = 1000;
const MONTH = '2026-03';
const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const ms = (value: number) => `${value.toFixed(1)} ms`;

await withScratchDatabase(async (env) => {
  const config = loadConfig({
    ...env,
    HCM_PROCESS_ROLE: 'api',
    CONTRACT_VALIDITY_SWEEP_MINUTES: '0',
    LOG_LEVEL: 'warn',
  });
  const db = await openDatabase(config.database);
  try {
    await prepareDatabase({ config, db, passwords: await createPasswordHasher(), print: () => undefined });
    const raw = rawClientOf(db.orm);
    const t = (await makeTenant(db.orm, { code: 'payroll_period_bench' })).id;
    const scope = { tenantId: t, userId: null };
    const started = Date.now();
    await raw.query(
      `insert into organization_units (tenant_id, code, name, wage_region) values ($1, 'CTY', 'Công ty', 'I')`,
      [t],
    );
    await raw.query(
      `insert into organization_units (tenant_id, code, name, parent_id, wage_region)
       select $1, 'PX' || lpad(x::text, 2, '0'), 'Phân xưởng ' || x, (select id from organization_units where tenant_id = $1 and code = 'CTY'),
              case when x % 3 = 0 then 'II' end
         from generate_series(1, $2::int) x`,
      [t, Math.ceil(WORKERS / UNIT_SIZE)],
    );
    await raw.query(
      `insert into contract_types (tenant_id, code, name, salary_rate) values ($1, 'HD_KXD', 'Không xác định thời hạn', 100)`,
      [t],
    );
    await raw.query(`insert into allowance_types (tenant_id, code, name) values ($1, 'PC_AN', 'Ăn trưa')`, [
      t,
    ]);
    await raw.query(
      `insert into workers (tenant_id, code, full_name, gender, organization_unit_id, joined_date, union_joining_date)
       select $1, 'CN' || lpad(i::text, 6, '0'), 'Công nhân ' || i, 'FEMALE',
              (select id from organization_units where tenant_id = $1 and code = 'PX' || lpad((1 + (i - 1) / ${UNIT_SIZE})::text, 2, '0')),
              '2022-01-03', case when i % 4 = 0 then date '2023-01-01' end
         from generate_series(1, $2::int) i`,
      [t, WORKERS],
    );
    await raw.query(
      `insert into worker_related_persons (tenant_id, worker_id, position, relation, full_name, is_dependant)
       select $1, w.id, 0, 'CHILD', 'Con', true
         from (select id, row_number() over (order by code)::int as n from workers where tenant_id = $1) w where n % 3 = 0`,
      [t],
    );
    // a main contract each, 2 % agreed net; two allowances each
    await raw.query(
      `insert into labor_contracts (tenant_id, number, worker_id, contract_type_id, signing_date, effective_date, salary,
                                    approval_status, net_pay)
       select $1, 'HD-' || w.code, w.id, (select id from contract_types where tenant_id = $1), '2022-01-03', '2022-01-03',
              8000000 + (w.n % 50) * 500000, 'APPROVED', w.n % 50 = 7
         from (select id, code, row_number() over (order by code)::int as n from workers where tenant_id = $1) w`,
      [t],
    );
    await raw.query(
      `insert into labor_contract_allowances (tenant_id, contract_id, position, allowance_type_id, amount)
       select $1, c.id, p, (select id from allowance_types where tenant_id = $1), 500000 + p * 250000
         from labor_contracts c, generate_series(0, 1) p where c.tenant_id = $1`,
      [t],
    );
    await raw.query(
      `insert into region_wages (tenant_id, region, amount, effective_date)
       values ($1, 'I', 5310000, '2026-01-01'), ($1, 'II', 4730000, '2026-01-01'), ($1, 'III', 4140000, '2026-01-01'),
              ($1, 'IV', 3700000, '2026-01-01')
       on conflict do nothing`,
      [t],
    );
    for (const parameter of STATUTORY_PARAMETERS)
      for (const value of parameter.values)
        await raw.query(
          `insert into parameters (tenant_id, code, name, value, unit, effective_date) values ($1, $2, $3, $4, $5, $6)
           on conflict do nothing`,
          [t, parameter.code, parameter.name.vi, value.value, parameter.unit, value.effectiveFrom],
        );
    await raw.query(`delete from standard_working_days where tenant_id = $1`, [t]);
    await raw.query(
      `insert into standard_working_days (tenant_id, code, name, effective_date, method, days) values ($1, 'NC26', '26 ngày', '2021-01-01', 'FIXED', 26)`,
      [t],
    );
    await raw.query(
      `insert into tm_timesheets (tenant_id, code, name, organization_unit_id, month, approval_status)
       values ($1, 'BCC_03', 'Bảng chấm công 03/2026', (select id from organization_units where tenant_id = $1 and code = 'CTY'), $2, 'APPROVED')`,
      [t, MONTH],
    );
    await inScope(db.orm, scope, async (tx) => {
      await ensureMonthPartitions(tx, dayRecordStore, '2026-03-01', '2026-03-31');
      await ensureMonthPartitions(tx, resultLineStore, '2026-03-01', '2026-03-31');
      await seedLookupTables(tx, t);
      await seedPayrollDefaults(tx, t);
    });
    // the month's days: Sundays off, now and then a day of paid leave, overtime and night hours
    await raw.query(
      `insert into tm_day_records (tenant_id, work_date, worker_id, shift_code, day_type, outcome, day_symbol,
          scheduled_minutes, worked_minutes, overtime_minutes, ot_weekday_day_minutes, night_minutes,
          work_units, paid_leave_units, unpaid_leave_units, paid_units, punch_count)
       select $1, d::date, w.id,
              case when extract(dow from d) = 0 then null else 'HC' end,
              case when extract(dow from d) = 0 then 'REST_DAY' else 'WEEKDAY' end,
              case when extract(dow from d) = 0 then 'REST' when (n + extract(day from d)::int) % 29 = 0 then 'LEAVE' else 'WORKED' end,
              case when extract(dow from d) = 0 then null when (n + extract(day from d)::int) % 29 = 0 then 'P' else '+' end,
              480, case when extract(dow from d) = 0 then 0 else 480 end,
              case when (n + extract(day from d)::int) % 17 = 0 then 60 else 0 end,
              case when (n + extract(day from d)::int) % 17 = 0 then 60 else 0 end,
              case when (n + extract(day from d)::int) % 23 = 0 then 120 else 0 end,
              case when extract(dow from d) = 0 or (n + extract(day from d)::int) % 29 = 0 then 0 else 1000 end,
              case when (n + extract(day from d)::int) % 29 = 0 then 1000 else 0 end, 0,
              case when extract(dow from d) = 0 then 0 else 1000 end, 2
         from (select id, row_number() over (order by code)::int as n from workers where tenant_id = $1) w,
              generate_series('2026-03-01'::date, '2026-03-31'::date, '1 day') d`,
      [t],
    );
    const [template] = (
      await raw.query(`select id from payroll_templates where tenant_id = $1 and code = $2`, [
        t,
        DEFAULT_TEMPLATE.code,
      ])
    ).rows as { id: string }[];
    const [period] = (
      await raw.query(
        `insert into salary_periods (tenant_id, code, name, period_month) values ($1, 'KL_2026_03', 'Lương 03/2026', '2026-03-01') returning id`,
        [t],
      )
    ).rows as { id: string }[];
    const sheet = (code: string) =>
      raw
        .query(
          `insert into pay_periods (tenant_id, code, name, salary_period_id, template_id)
           values ($1, $2, $2, $3, $4) returning id`,
          [t, code, period?.id, template?.id],
        )
        .then((result) => (result.rows[0] as { id: string }).id);
    const sheetId = await sheet('BL_2026_03');
    const copySheet = await sheet('BL_COPY');
    await raw.query('ANALYZE');
    console.log(
      `${WORKERS.toLocaleString('en')} workers with contracts (2 % net), allowances, dependants and ${(WORKERS * 31).toLocaleString('en')} day records of March 2026 in ${((Date.now() - started) / 1000).toFixed(1)} s; the template has ${DEFAULT_TEMPLATE.components.length} components`,
    );

    const sources = payrollSources(new CompiledTemplateCache({ maxEntries: 10 }));
    const control: JobControl = { report: async () => true, running: async () => true };
    const compute = async () => {
      const jobId = randomUUID();
      await raw.query(
        `update pay_periods set compute_status = 'COMPUTING', compute_job_id = $2 where id = $1`,
        [sheetId, jobId],
      );
      const at = performance.now();
      await runComputation(
        { db: db.orm, sources, now: () => new Date() },
        {
          id: jobId,
          data: { tenantId: t, payPeriodId: sheetId, userId: null },
          retryCount: 0,
          retryLimit: COMPUTE_SETTINGS.retryLimit,
        },
        control,
      );
      return performance.now() - at;
    };
    const times: number[] = [];
    for (let run = 0; run < RUNS; run++) times.push(await compute());
    const [state] = (
      await raw.query(
        `select compute_status, workers_total, workers_failed,
                (select count(*)::int from payroll_result_lines where tenant_id = $2 and run_id = $1) as lines
           from pay_periods where id = $1`,
        [sheetId, t],
      )
    ).rows as { compute_status: string; workers_total: number; workers_failed: number; lines: number }[];
    console.log(
      `\ncomputed and written (the job's handler: compile, roster, chunks of 2,000 loaded, run and written): first ${s(times[0] ?? 0)} (an empty run), again ${times
        .slice(1)
        .map(s)
        .join(
          ', ',
        )} (each replacing the run's lines); ${state?.compute_status}, ${state?.workers_total} workers, ${state?.workers_failed} failed, ${state?.lines.toLocaleString('en')} lines`,
    );

    // where the time goes: the same steps one by one, on the computed sheet's workers
    {
      const plan = await inScope(db.orm, scope, (tx) =>
        sources.runPlan(tx, t, template?.id ?? '', { first: '2026-03-01', last: '2026-03-31' }),
      );
      if (!plan.ok) throw new Error(plan.message);
      const ids = (
        (
          await raw.query(
            `select worker_id from pay_period_workers where pay_period_id = $1 order by worker_id`,
            [sheetId],
          )
        ).rows as { worker_id: string }[]
      ).map((row) => row.worker_id);
      const chunksOf = <T>(list: readonly T[]) =>
        Array.from({ length: Math.ceil(list.length / 2000) }, (_, i) =>
          list.slice(i * 2000, i * 2000 + 2000),
        );
      let loaded = 0;
      let computedMs = 0;
      let lineCount = 0;
      const at = performance.now();
      const all: ReturnType<typeof linesOf>[] = [];
      for (const chunk of chunksOf(ids)) {
        const l0 = performance.now();
        const values = await inScope(db.orm, scope, (tx) =>
          sources.loadWorkers(tx, t, { first: '2026-03-01', last: '2026-03-31' }, chunk, plan.plan.reads),
        );
        loaded += performance.now() - l0;
        const c0 = performance.now();
        for (const id of chunk) {
          const worker = values.get(id);
          if (!worker?.ok) continue;
          const outcome = computeWorker(plan.plan, workerInputs(plan.plan, worker.values));
          if (!outcome.ok) continue;
          const kept = linesOf(
            plan.plan,
            { periodMonth: '2026-03-01', runId: copySheet, workerId: id },
            outcome.values,
          );
          all.push(kept);
          if (kept.ok) lineCount += kept.lines.length;
        }
        computedMs += performance.now() - c0;
      }
      const w0 = performance.now();
      for (const part of chunksOf(all)) {
        const rows = part.flatMap((kept) => (kept.ok ? kept.lines : []));
        await inScope(db.orm, scope, (tx) =>
          writeBatch(tx, resultLineStore, rows, {
            actor: { scope, ip: null, userAgent: 'bench' },
            action: 'UPDATE',
          }),
        );
      }
      const written = performance.now() - w0;
      console.log(
        `  the same steps apart: values loaded ${s(loaded)}, computed (net-to-gross included) and made lines ${s(computedMs)}, ${lineCount.toLocaleString('en')} lines written by writeBatch ${s(written)}; ${s(performance.now() - at)} in all`,
      );
      await raw.query(`DELETE FROM payroll_result_lines WHERE tenant_id = $1 AND run_id = $2`, [
        t,
        copySheet,
      ]);
    }

    // COPY of the same lines into the same table, under another sheet: the floor of any writer
    const client = new pg.Client({ connectionString: env.DATABASE_URL });
    await client.connect();
    /** a COPY stream handed to the client (pg's types know only queries) */
    const submit = <S>(stream: S): S => (client as unknown as { query(stream: S): S }).query(stream);
    const chunks: Buffer[] = [];
    const reader = submit(
      copyTo(`COPY (SELECT tenant_id, period_month, '${copySheet}'::uuid, worker_id, component_code, value_type, amount,
                           quantity, text_value, computed_at
                      FROM payroll_result_lines WHERE tenant_id = '${t}' AND run_id = '${sheetId}') TO STDOUT`),
    );
    for await (const chunk of reader) chunks.push(Buffer.from(chunk));
    const copies: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      await client.query(`DELETE FROM payroll_result_lines WHERE tenant_id = $1 AND run_id = $2`, [
        t,
        copySheet,
      ]);
      const at = performance.now();
      await client.query('BEGIN');
      await pipeline(
        Readable.from(chunks),
        submit(
          copyFrom(`COPY payroll_result_lines (tenant_id, period_month, run_id, worker_id, component_code, value_type,
                                                amount, quantity, text_value, computed_at) FROM STDIN`),
        ),
      );
      await client.query('COMMIT');
      copies.push(performance.now() - at);
    }
    const copied = Math.min(...copies);
    const best = Math.min(...times);
    console.log(
      `COPY of the same ${state?.lines.toLocaleString('en')} lines into payroll_result_lines (owner, one transaction): best ${s(copied)} of ${copies
        .map(s)
        .join(', ')}; the computation's best is ${(best / copied).toFixed(2)}× it`,
    );
    await client.query(`DELETE FROM payroll_result_lines WHERE tenant_id = $1 AND run_id = $2`, [
      t,
      copySheet,
    ]);
    await client.end();

    // the detailed table: its first page (50 workers, every value) and the totals, as the routes read them
    const first = await timeRuns(PAGE_RUNS, () =>
      inScope(db.orm, scope, (tx) => workersPage(tx, t, sheetId, {})),
    );
    const page = await inScope(db.orm, scope, (tx) => workersPage(tx, t, sheetId, {}));
    let cursor = page.page.nextCursor;
    for (let i = 0; i < 100 && cursor; i++)
      cursor = (await inScope(db.orm, scope, (tx) => workersPage(tx, t, sheetId, { cursor }))).page
        .nextCursor;
    const deep = await timeRuns(PAGE_RUNS, () =>
      inScope(db.orm, scope, (tx) => workersPage(tx, t, sheetId, cursor ? { cursor } : {})),
    );
    const filtered = await timeRuns(PAGE_RUNS, () =>
      inScope(db.orm, scope, (tx) => workersPage(tx, t, sheetId, { keyword: 'công nhân 99' })),
    );
    const totals = await timeRuns(PAGE_RUNS, () =>
      inScope(db.orm, scope, (tx) => sheetTotals(tx, t, sheetId, {})),
    );
    const [unit] = (
      await raw.query(`select id from organization_units where tenant_id = $1 and code = 'PX03'`, [t])
    ).rows as { id: string }[];
    const unitTotals = await timeRuns(PAGE_RUNS, () =>
      inScope(db.orm, scope, (tx) => sheetTotals(tx, t, sheetId, { organizationUnitId: unit?.id })),
    );
    console.log(
      `\nthe detailed table, ${WORKERS.toLocaleString('en')} workers (each in the tenant's transaction, ${PAGE_RUNS} runs):` +
        `\n  first page (50 workers × ${DEFAULT_TEMPLATE.components.length} values, total counted): p50 ${ms(first.p50)}, p95 ${ms(first.p95)}` +
        `\n  page 102 by its cursor: p50 ${ms(deep.p50)}, p95 ${ms(deep.p95)}` +
        `\n  a keyword's first page: p50 ${ms(filtered.p50)}, p95 ${ms(filtered.p95)}` +
        `\n  totals of every component over the sheet: p50 ${ms(totals.p50)}, p95 ${ms(totals.p95)}` +
        `\n  totals over one unit (1,000 workers): p50 ${ms(unitTotals.p50)}, p95 ${ms(unitTotals.p95)}` +
        `\n  first page and totals together: p50 ${ms(first.p50 + totals.p50)}`,
    );
  } finally {
    await db.close();
  }
});
