// The bulk data path (docs/bulk-path.md) on PostgreSQL: a large tenant's month of punches
// (1.2 million) and a payroll run's 400,000 values written by the engine's writer, read by keyset
// pages and summed, each beside a baseline measured in the same run. Not part of the test run.
// See bench/README.md.
//
//   npx tsx bench/bulk-path.ts [--punches 1200000] [--workers 10000] [--components 40] [--sample 5000]
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';
import { randomUUID } from 'node:crypto';
import { loadConfig } from '../packages/server/src/config.ts';
import { openDatabase } from '../packages/server/src/db/open-database.ts';
import { inScope } from '../packages/server/src/db/tenant-scope.ts';
import {
  readKeysetPage,
  sumOverPeriod,
  writeBatch,
  type BulkRow,
} from '../packages/server/src/bulk/index.ts';
import { connectionOf } from '../packages/server/src/bulk/connection.ts';
import { resultLineStore } from '../packages/server/src/services/payroll/tables/result-lines.ts';
import { punchStore } from '../packages/server/src/services/tm/tables/punches.ts';
import { makeTenant } from '../packages/server/src/testing/factories.ts';
import { timeRuns } from './lib/measure.ts';
import { withScratchDatabase } from './lib/scratch-database.ts';
import { rawClientOf } from './lib/server-deps.ts';

const { values } = parseArgs({
  options: {
    punches: { type: 'string', default: '1200000' },
    workers: { type: 'string', default: '10000' },
    components: { type: 'string', default: '40' },
    batch: { type: 'string', default: '100000' },
    sample: { type: 'string', default: '5000' },
    runs: { type: 'string', default: '30' },
  },
});
const PUNCHES = Number(values.punches);
const WORKERS = Number(values.workers);
const COMPONENTS = Number(values.components);
const BATCH = Number(values.batch);
const SAMPLE = Number(values.sample);
const RUNS = Number(values.runs);
const JANUARY = { from: '2026-01-01', to: '2026-02-01' };
const ms = (value: number) => `${value.toFixed(1)} ms`;
const perSecond = (rows: number, took: number) =>
  `${Math.round((rows / took) * 1000).toLocaleString('en')} rows/s`;
const timed = async <T>(work: () => Promise<T>) => {
  const started = performance.now();
  const result = await work();
  return { result, took: performance.now() - started };
};

type Punch = BulkRow<typeof punchStore.declaration.table>;
const MONTH_START = Date.parse('2026-01-01T00:00:00+07:00');
const MONTH_MS = 31 * 24 * 3600_000;

/** Punch `n` of the month: spread over January, about 40,000 a day from `codes` attendance codes on 50 devices. */
function punchAt(n: number, codes: number): Punch {
  const code = n % codes;
  return {
    punchedAt: new Date(MONTH_START + Math.floor((n / PUNCHES) * MONTH_MS) + (code % 60) * 1000),
    deviceCode: `MCC-${String(code % 50).padStart(2, '0')}`,
    attendanceCode: String(100000 + code),
    source: 'DEVICE',
    rawLine: `${100000 + code}\t2026-01-01 07:58:00\t0\t1\t0`,
  };
}
function* punchRange(from: number, to: number, codes: number): Generator<Punch> {
  for (let n = from; n < to; n++) yield punchAt(n, codes);
}

await withScratchDatabase(async (env) => {
  const config = loadConfig(env);
  const db = await openDatabase(config.database);
  try {
    await db.migrate(config.migrationsDir);
    const raw = rawClientOf(db.orm);
    const tenant = await makeTenant(db.orm, { code: 'bulk_bench' });
    const scope = { tenantId: tenant.id, userId: null };
    const actor = { scope, ip: null, userAgent: 'bench/bulk-path' };
    await raw.query(`insert into organization_units (tenant_id, code, name) values ($1, 'CTY', 'Công ty')`, [
      tenant.id,
    ]);
    await raw.query(
      `insert into workers (tenant_id, code, full_name, gender, organization_unit_id)
       select $1, 'NV' || lpad(i::text, 6, '0'), 'Nhân viên ' || i, 'MALE', (select id from organization_units where tenant_id = $1)
       from generate_series(1, $2::int) i`,
      [tenant.id, WORKERS],
    );
    const workerIds = (
      (await raw.query(`select id from workers where tenant_id = $1 order by code`, [tenant.id])).rows as {
        id: string;
      }[]
    ).map((row) => row.id);
    console.log(`PostgreSQL ${await db.serverVersion()}; ${WORKERS.toLocaleString('en')} workers`);

    // --- punches: the baseline first (per-row INSERT of a sample, into February), then the month by batches
    const baseline = await timed(() =>
      inScope(db.orm, scope, async (tx) => {
        const connection = connectionOf(tx);
        await connection.query(
          `select hcm_ensure_month_partitions('tm_punches', array['2026-02-01']::date[])`,
        );
        for (let n = 0; n < SAMPLE; n++) {
          const p = punchAt(n, WORKERS);
          await connection.query(
            `insert into tm_punches (tenant_id, punched_at, device_code, attendance_code, source, raw_line)
             values ($1, $2, $3, $4, $5, $6) on conflict do nothing`,
            [
              tenant.id,
              new Date(p.punchedAt.getTime() + MONTH_MS),
              p.deviceCode,
              p.attendanceCode,
              p.source,
              p.rawLine,
            ],
          );
        }
      }),
    );
    console.log(
      `\npunches, baseline: one INSERT per row, ${SAMPLE.toLocaleString('en')} rows in one transaction: ${ms(baseline.took)} (${perSecond(SAMPLE, baseline.took)})`,
    );
    console.log(
      `  at that rate ${PUNCHES.toLocaleString('en')} rows would take ${(((PUNCHES / SAMPLE) * baseline.took) / 1000).toFixed(1)} s`,
    );

    let written = 0;
    const month = await timed(async () => {
      for (let from = 0; from < PUNCHES; from += BATCH) {
        const result = await inScope(db.orm, scope, (tx) =>
          writeBatch(tx, punchStore, punchRange(from, Math.min(PUNCHES, from + BATCH), WORKERS), {
            actor,
            describe: { device: 'bench' },
          }),
        );
        written += result.written;
      }
    });
    console.log(
      `punches, bulk writer: ${PUNCHES.toLocaleString('en')} rows in batches of ${BATCH.toLocaleString('en')} (COPY to staging, INSERT … ON CONFLICT DO NOTHING, one log entry each): ${(month.took / 1000).toFixed(1)} s (${perSecond(PUNCHES, month.took)}), ${written.toLocaleString('en')} written`,
    );
    const resend = await timed(() =>
      inScope(db.orm, scope, (tx) => writeBatch(tx, punchStore, punchRange(0, BATCH, WORKERS), { actor })),
    );
    console.log(
      `  one batch sent again (idempotent): ${ms(resend.took)}, ${resend.result.written} written, ${resend.result.unchanged.toLocaleString('en')} unchanged`,
    );
    const logs = (
      await raw.query(
        `select count(*)::int as n from action_logs where tenant_id = $1 and resource = 'tm_punch'`,
        [tenant.id],
      )
    ).rows as { n: number }[];
    console.log(`  action-log entries for all of it: ${logs[0]?.n}`);
    await raw.query('VACUUM ANALYZE tm_punches');

    // --- reading by keyset pages, shallow and deep, beside OFFSET at the same depth
    const depth = Math.floor(PUNCHES * 0.8);
    const cursorAtDepth = await inScope(db.orm, scope, async (tx) => {
      let page = await readKeysetPage(tx, punchStore, {
        tenantId: tenant.id,
        period: JANUARY,
        pageSize: 100,
      });
      // the position at `depth`, found once with SQL, turned into the cursor the page before it would give
      const { rows } = await connectionOf(tx).query<{ t: string; id: string }>(
        `select punched_at::text as t, id::text as id from tm_punches where tenant_id = $1
           and punched_at >= '2026-01-01 00:00:00+07' and punched_at < '2026-02-01 00:00:00+07'
         order by punched_at, id offset $2 limit 1`,
        [tenant.id, depth - 1],
      );
      const print = JSON.parse(Buffer.from(page.page.nextCursor ?? '', 'base64url').toString('utf8')) as {
        q: string;
      };
      page = { ...page };
      return Buffer.from(
        JSON.stringify({ q: print.q, p: depth / 100, k: [rows[0]?.t, rows[0]?.id] }),
      ).toString('base64url');
    });
    const first = await timeRuns(RUNS, () =>
      inScope(db.orm, scope, (tx) =>
        readKeysetPage(tx, punchStore, { tenantId: tenant.id, period: JANUARY, pageSize: 100 }),
      ),
    );
    const deep = await timeRuns(RUNS, () =>
      inScope(db.orm, scope, (tx) =>
        readKeysetPage(tx, punchStore, {
          tenantId: tenant.id,
          period: JANUARY,
          pageSize: 100,
          cursor: cursorAtDepth,
        }),
      ),
    );
    const offset = await timeRuns(Math.min(RUNS, 10), () =>
      inScope(db.orm, scope, (tx) =>
        connectionOf(tx).query(
          `select * from tm_punches where tenant_id = $1 and punched_at >= '2026-01-01 00:00:00+07'
             and punched_at < '2026-02-01 00:00:00+07' order by punched_at, id limit 100 offset $2`,
          [tenant.id, depth],
        ),
      ),
    );
    console.log(
      `\npages of 100 punches in January (p50 / p95, inside the tenant's transaction, with the capped total):`,
    );
    console.log(`  keyset, first page:            ${ms(first.p50)} / ${ms(first.p95)}`);
    console.log(`  keyset, after ${depth.toLocaleString('en')} rows:  ${ms(deep.p50)} / ${ms(deep.p95)}`);
    console.log(
      `  baseline OFFSET ${depth.toLocaleString('en')}:      ${ms(offset.p50)} / ${ms(offset.p95)}`,
    );

    // --- summing the month
    const sumMonth = await timeRuns(Math.min(RUNS, 10), () =>
      inScope(db.orm, scope, (tx) =>
        sumOverPeriod(tx, punchStore, {
          tenantId: tenant.id,
          period: JANUARY,
          sums: [],
          groupBy: ['deviceCode'],
        }),
      ),
    );
    console.log(
      `\npunches of January counted per device (sumOverPeriod, ${PUNCHES.toLocaleString('en')} rows): ${ms(sumMonth.p50)} / ${ms(sumMonth.p95)}`,
    );

    // --- payroll: a run of WORKERS × COMPONENTS values, its lines those of a pay period (a sheet
    // of a salary period, 0075–0076)
    const salaryPeriod = async () => {
      const { rows } = await raw.query(
        `with period as (
           insert into salary_periods (tenant_id, code, name, period_month)
           values ($1, 'KL_' || substr(md5(random()::text), 1, 8), 'Lương tháng 1/2026', '2026-01-01') returning id)
         insert into pay_periods (tenant_id, code, name, salary_period_id)
         select $1, 'BL_' || substr(md5(random()::text), 1, 8), 'Bảng lương tháng 1/2026', id from period returning id`,
        [tenant.id],
      );
      return (rows[0] as { id: string }).id;
    };
    const runId = await salaryPeriod();
    const LINES = WORKERS * COMPONENTS;
    function* runLines(run: string, workers: readonly string[]) {
      for (const workerId of workers)
        for (let c = 0; c < COMPONENTS; c++)
          yield c % 4 === 3
            ? {
                periodMonth: '2026-01-01',
                runId: run,
                workerId,
                componentCode: `TP${String(c).padStart(2, '0')}`,
                valueType: 'NUMBER' as const,
                quantity: '26.5',
              }
            : {
                periodMonth: '2026-01-01',
                runId: run,
                workerId,
                componentCode: `TP${String(c).padStart(2, '0')}`,
                valueType: 'AMOUNT' as const,
                amount: 1_000_000 + c * 1000,
              };
    }
    const sampleWorkers = workerIds.slice(0, Math.ceil(SAMPLE / COMPONENTS));
    const payBaseline = await timed(() =>
      inScope(db.orm, scope, async (tx) => {
        const connection = connectionOf(tx);
        for (const line of runLines(randomUUID(), sampleWorkers))
          await connection.query(
            `insert into payroll_result_lines (tenant_id, period_month, run_id, worker_id, component_code, value_type, amount, quantity)
             values ($1, $2, $3, $4, $5, $6, $7, $8)
             on conflict (tenant_id, period_month, run_id, worker_id, component_code) do update set amount = excluded.amount, quantity = excluded.quantity`,
            [
              tenant.id,
              line.periodMonth,
              line.runId,
              line.workerId,
              line.componentCode,
              line.valueType,
              'amount' in line ? line.amount : null,
              'quantity' in line ? line.quantity : null,
            ],
          );
      }),
    );
    const sampleLines = sampleWorkers.length * COMPONENTS;
    console.log(
      `\npayroll, baseline: one INSERT per line, ${sampleLines.toLocaleString('en')} lines: ${ms(payBaseline.took)} (${perSecond(sampleLines, payBaseline.took)}); ${LINES.toLocaleString('en')} would take ${(((LINES / sampleLines) * payBaseline.took) / 1000).toFixed(1)} s`,
    );
    // the floor: the same lines COPYed straight into the table by the owner (no staging table, no
    // checks, no row policy: what the writer cannot do for a tenant, since COPY FROM refuses a
    // table under row-level security), then removed
    const copyRun = randomUUID();
    function* copyText(run: string) {
      let lines: string[] = [];
      for (const line of runLines(run, workerIds)) {
        const amount = 'amount' in line ? String(line.amount) : '\\N';
        const quantity = 'quantity' in line ? line.quantity : '\\N';
        lines.push(
          [
            tenant.id,
            line.periodMonth,
            run,
            line.workerId,
            line.componentCode,
            line.valueType,
            amount,
            quantity,
          ].join('\t'),
        );
        if (lines.length === 2000) {
          yield lines.join('\n') + '\n';
          lines = [];
        }
      }
      if (lines.length > 0) yield lines.join('\n') + '\n';
    }
    const rawCopy = await timed(() =>
      db.orm.transaction((tx) =>
        connectionOf(tx).copyIn(
          'payroll_result_lines',
          [
            'tenant_id',
            'period_month',
            'run_id',
            'worker_id',
            'component_code',
            'value_type',
            'amount',
            'quantity',
          ],
          copyText(copyRun),
        ),
      ),
    );
    await raw.query(`delete from payroll_result_lines where run_id = $1`, [copyRun]);
    await raw.query('VACUUM payroll_result_lines');
    console.log(
      `payroll, floor: COPY of the same ${LINES.toLocaleString('en')} lines straight into the table by the owner: ${(rawCopy.took / 1000).toFixed(2)} s`,
    );
    const run = await timed(() =>
      inScope(db.orm, scope, (tx) =>
        writeBatch(tx, resultLineStore, runLines(runId, workerIds), {
          actor,
          action: 'UPDATE',
          describe: { runId },
        }),
      ),
    );
    console.log(
      `payroll, bulk writer: one run of ${LINES.toLocaleString('en')} lines in one batch (upsert, workers checked): ${(run.took / 1000).toFixed(2)} s (${perSecond(LINES, run.took)})`,
    );
    const rerun = await timed(() =>
      inScope(db.orm, scope, (tx) =>
        writeBatch(tx, resultLineStore, runLines(runId, workerIds), {
          actor,
          action: 'UPDATE',
          describe: { runId },
        }),
      ),
    );
    console.log(
      `  the same run computed again, upsert (every line replaced): ${(rerun.took / 1000).toFixed(2)} s`,
    );
    const replaced = await timed(() =>
      inScope(db.orm, scope, (tx) =>
        writeBatch(tx, resultLineStore, runLines(runId, workerIds), {
          actor,
          action: 'UPDATE',
          describe: { runId },
          replace: { period: JANUARY, equals: { runId } },
        }),
      ),
    );
    console.log(
      `  the same run computed again, replace (the run's lines deleted, the batch inserted): ${(replaced.took / 1000).toFixed(2)} s, ${replaced.result.replaced.toLocaleString('en')} replaced`,
    );
    await raw.query('VACUUM payroll_result_lines');
    const fresh = await salaryPeriod();
    const freshRun = await timed(() =>
      inScope(db.orm, scope, (tx) =>
        writeBatch(tx, resultLineStore, runLines(fresh, workerIds), {
          actor,
          action: 'UPDATE',
          replace: { period: JANUARY, equals: { runId: fresh } },
        }),
      ),
    );
    console.log(
      `  a second period's run, replace (nothing stored yet): ${(freshRun.took / 1000).toFixed(2)} s: ${(freshRun.took / rawCopy.took).toFixed(2)}× the owner's COPY`,
    );
    await raw.query('VACUUM ANALYZE payroll_result_lines');
    const runSum = await timeRuns(Math.min(RUNS, 10), () =>
      inScope(db.orm, scope, (tx) =>
        sumOverPeriod(tx, resultLineStore, {
          tenantId: tenant.id,
          period: JANUARY,
          equals: { runId },
          sums: ['amount', 'quantity'],
          groupBy: ['componentCode'],
        }),
      ),
    );
    const runSumInJs = await timeRuns(Math.min(RUNS, 5), () =>
      inScope(db.orm, scope, async (tx) => {
        const { rows } = await connectionOf(tx).query<{ component_code: string; amount: string | null }>(
          `select component_code, amount from payroll_result_lines where tenant_id = $1 and period_month = '2026-01-01' and run_id = $2`,
          [tenant.id, runId],
        );
        const totals = new Map<string, number>();
        for (const row of rows)
          totals.set(row.component_code, (totals.get(row.component_code) ?? 0) + Number(row.amount ?? 0));
        return totals;
      }),
    );
    console.log(
      `the run summed per component (${LINES.toLocaleString('en')} lines): sumOverPeriod ${ms(runSum.p50)} / ${ms(runSum.p95)}; baseline read into JavaScript and added ${ms(runSumInJs.p50)} / ${ms(runSumInJs.p95)}`,
    );
    const payPage = await timeRuns(RUNS, () =>
      inScope(db.orm, scope, (tx) =>
        readKeysetPage(tx, resultLineStore, {
          tenantId: tenant.id,
          period: JANUARY,
          equals: { runId },
          pageSize: 100,
        }),
      ),
    );
    console.log(`a page of 100 lines of the run: ${ms(payPage.p50)} / ${ms(payPage.p95)}`);
  } finally {
    await db.close();
  }
});
