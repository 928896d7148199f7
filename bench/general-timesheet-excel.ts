// The general timesheet's Excel form (docs/general-timesheet.md, "Excel") on PostgreSQL: the
// export of a 1,000-worker unit's month (exportMonth, as GET …/export does it in the caller's
// transaction) and the import of that file back, unchanged and with 200 cells changed
// (importTimesheet in a transaction rolled back), with the time and the process's heap. Not part
// of the test run.
//
//   npx tsx bench/general-timesheet-excel.ts [--workers 1000] [--runs 5]
import { createRequire } from 'node:module';
import { parseArgs } from 'node:util';
import { loadConfig } from '../packages/server/src/config.ts';
import { ensureMonthPartitions } from '../packages/server/src/bulk/index.ts';
import { openDatabase } from '../packages/server/src/db/open-database.ts';
import { inScope } from '../packages/server/src/db/tenant-scope.ts';
import { exportMonth } from '../packages/server/src/services/tm/general-timesheet/export-excel.ts';
import { importTimesheet } from '../packages/server/src/services/tm/general-timesheet/import-excel.ts';
import { readTimesheetFile } from '../packages/server/src/services/tm/general-timesheet/read-excel.ts';
import { dayRecordStore } from '../packages/server/src/services/tm/tables/day-records.ts';
import { timesheetInputs } from '../packages/server/src/services/tm/timesheet/wiring.ts';
import { makeTenant } from '../packages/server/src/testing/factories.ts';
import { timeRuns } from './lib/measure.ts';
import { withScratchDatabase } from './lib/scratch-database.ts';
import { rawClientOf } from './lib/server-deps.ts';

const { values } = parseArgs({
  options: { workers: { type: 'string', default: '1000' }, runs: { type: 'string', default: '5' } },
});
// exceljs is the server's dependency, not the repository root's: required from there, typed by
// the little used here
interface Book {
  xlsx: { load(file: ArrayBuffer): Promise<unknown>; writeBuffer(): Promise<ArrayBuffer> };
  worksheets: { getRow(row: number): { getCell(column: number): { value: unknown } } }[];
}
const ExcelJS = createRequire(new URL('../packages/server/package.json', import.meta.url))('exceljs') as {
  Workbook: new () => Book;
};
const WORKERS = Number(values.workers);
const RUNS = Number(values.runs);
const ms = (value: number) => `${value.toFixed(0)} ms`;
const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MiB`;

/** The highest heap (and RSS) seen every 5 ms while `work` runs, above what was there before. */
async function peakOf<T>(work: () => Promise<T>) {
  global.gc?.();
  const before = process.memoryUsage();
  let heap = before.heapUsed;
  let rss = before.rss;
  const timer = setInterval(() => {
    const now = process.memoryUsage();
    heap = Math.max(heap, now.heapUsed);
    rss = Math.max(rss, now.rss);
  }, 5);
  const started = performance.now();
  try {
    const result = await work();
    return { result, ms: performance.now() - started, heap: heap - before.heapUsed, rss: rss - before.rss };
  } finally {
    clearInterval(timer);
  }
}

await withScratchDatabase(async (env) => {
  const config = loadConfig(env);
  const db = await openDatabase(config.database);
  try {
    await db.migrate(config.migrationsDir);
    const raw = rawClientOf(db.orm);
    const tenant = await makeTenant(db.orm, { code: 'general_timesheet_excel_bench' });
    const t = tenant.id;
    const unit = (
      (await raw.query(
        `insert into organization_units (tenant_id, code, name) values ($1, 'PX1', 'Phân xưởng 1') returning id`,
        [t],
      )) as { rows: { id: string }[] }
    ).rows[0]?.id as string;
    await raw.query(
      `insert into workers (tenant_id, code, full_name, gender, organization_unit_id)
       select $1, 'CN' || lpad(i::text, 6, '0'), 'Công nhân ' || i, 'FEMALE', $2 from generate_series(1, $3::int) i`,
      [t, unit, WORKERS],
    );
    await inScope(db.orm, { tenantId: t, userId: null }, (tx) =>
      ensureMonthPartitions(tx, dayRecordStore, '2026-03-01', '2026-03-31'),
    );
    // office hours, Sundays off, some late, some on paid leave, some overtime (as bench/general-timesheet.ts)
    await raw.query(
      `insert into tm_day_records (tenant_id, work_date, worker_id, shift_code, day_type, outcome, day_symbol,
          scheduled_minutes, worked_minutes, late_minutes, overtime_minutes, ot_weekday_day_minutes,
          work_units, paid_leave_units, paid_units, punch_pairs, punch_count)
       select $1, d::date, w.id,
              case when extract(dow from d) = 0 then null else 'HC' end,
              case when extract(dow from d) = 0 then 'REST_DAY' else 'WEEKDAY' end,
              case when extract(dow from d) = 0 then 'REST' when (n + extract(day from d)::int) % 29 = 0 then 'LEAVE' else 'WORKED' end,
              case when extract(dow from d) = 0 then null when (n + extract(day from d)::int) % 29 = 0 then 'P' else '+' end,
              480, case when extract(dow from d) = 0 then 0 else 470 end,
              case when (n + extract(day from d)::int) % 13 = 0 then 10 else 0 end,
              case when (n + extract(day from d)::int) % 17 = 0 then 60 else 0 end,
              case when (n + extract(day from d)::int) % 17 = 0 then 60 else 0 end,
              case when extract(dow from d) = 0 or (n + extract(day from d)::int) % 29 = 0 then 0 else 1000 end,
              case when (n + extract(day from d)::int) % 29 = 0 then 1000 else 0 end,
              case when extract(dow from d) = 0 then 0 else 1000 end,
              case when extract(dow from d) = 0 then null else '480~1010' end, 2
         from (select id, row_number() over (order by code)::int as n from workers where tenant_id = $1) w,
              generate_series('2026-03-01'::date, '2026-03-31'::date, '1 day') d`,
      [t],
    );
    await raw.query('ANALYZE');
    const scope = { tenantId: t, userId: null };
    const inputs = timesheetInputs();
    const query = { organizationUnitId: unit, month: '2026-03' };
    const once = () => inScope(db.orm, scope, (tx) => exportMonth(tx, scope, inputs, query, 'vi'));

    const measured = await peakOf(once);
    const file = measured.result.file;
    const runs = await timeRuns(RUNS, once);
    console.log(
      `export of a ${WORKERS.toLocaleString('en')}-worker month: ${(file.length / 1024).toFixed(0)} KiB, p50 ${ms(runs.p50)}, p95 ${ms(runs.p95)} over ${RUNS} runs; ` +
        `heap +${mib(measured.heap)}, RSS +${mib(measured.rss)} at most during one`,
    );

    const context = { scope, ip: null, userAgent: 'bench' };
    const deps = { inputs, queue: { enqueue: async () => [] } as never, now: new Date() };
    const importOf = async (bytes: Buffer) => {
      const read = await readTimesheetFile(bytes);
      const done = await inScope(db.orm, scope, async (tx) => {
        const result = await importTimesheet(tx, scope, context, deps, {
          ...query,
          fileName: 'bench.xlsx',
          language: 'vi',
          read,
        });
        // rolled back: every run starts from the same month
        throw Object.assign(new Error('rollback'), { result });
      }).catch((error: { result?: { corrected: number } }) => {
        if (!error.result) throw error;
        return error.result;
      });
      return done.corrected;
    };
    const unchanged = await peakOf(() => importOf(file));
    const unchangedRuns = await timeRuns(RUNS, () => importOf(file));
    console.log(
      `import of it unchanged (${unchanged.result} corrections): p50 ${ms(unchangedRuns.p50)}, p95 ${ms(unchangedRuns.p95)}; ` +
        `heap +${mib(unchanged.heap)}, RSS +${mib(unchanged.rss)} at most`,
    );

    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0] as Book['worksheets'][number];
    for (let i = 0; i < 200; i++) sheet.getRow(9 + i * 5).getCell(4 + 2 + (i % 5)).value = 'Ô';
    const changed = Buffer.from(await workbook.xlsx.writeBuffer());
    const changedRuns = await timeRuns(RUNS, () => importOf(changed));
    console.log(
      `import with 200 cells changed (${await importOf(changed)} corrections, each through changeCell and the action log): ` +
        `p50 ${ms(changedRuns.p50)}, p95 ${ms(changedRuns.p95)}`,
    );
  } finally {
    await db.close();
  }
});
