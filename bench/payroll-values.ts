// The values of a payroll run (docs/payroll-variables.md, "The values of a run") on PostgreSQL:
// every declared variable for 10,000 workers of March 2026 — contract in force, its annex and
// allowances, grade, step and scale coefficient, region, dependants, the locked general
// timesheet's totals, the parameters in force — read by loadWorkerValues as a payroll run reads
// them (chunks of 2,000, each in the tenant's transaction), beside the raw SQL of the same reads
// by the owner in the same run (no transaction, no row-level security, nothing done with the
// rows). Also the lookup tables in force (loadTables) and the catalogue (loadCatalogue). Issue 32
// wants the whole period in ≤ 5 s; this is its first step. Not part of the test run.
//
//   npx tsx bench/payroll-values.ts [--workers 10000] [--chunk 2000] [--runs 7]
//
// Run it only on a quiet machine (uptime's load < 3): the figures are the machine's as much as ours.
import { parseArgs } from 'node:util';
import { loadConfig } from '../packages/server/src/config.ts';
import { prepareDatabase } from '../packages/server/src/bootstrap/prepare-database.ts';
import { ensureMonthPartitions } from '../packages/server/src/bulk/index.ts';
import { openDatabase } from '../packages/server/src/db/open-database.ts';
import { inScope } from '../packages/server/src/db/tenant-scope.ts';
import { createPasswordHasher } from '../packages/server/src/services/iam/passwords/password-hasher.ts';
import { loadTables } from '../packages/server/src/services/pm/lookup-tables/load-tables.ts';
import { seedLookupTables } from '../packages/server/src/services/pm/lookup-tables/seed.ts';
import { STATUTORY_PARAMETERS } from '../packages/server/src/services/pm/statutory/data/parameters.ts';
import { loadCatalogue } from '../packages/server/src/services/pm/variables/catalogue.ts';
import { loadWorkerValues } from '../packages/server/src/services/pm/variables/load-values.ts';
import { dayRecordStore } from '../packages/server/src/services/tm/tables/day-records.ts';
import { makeTenant } from '../packages/server/src/testing/factories.ts';
import { timeRuns } from './lib/measure.ts';
import { withScratchDatabase } from './lib/scratch-database.ts';
import { rawClientOf } from './lib/server-deps.ts';

const { values } = parseArgs({
  options: {
    workers: { type: 'string', default: '10000' },
    chunk: { type: 'string', default: '2000' },
    runs: { type: 'string', default: '7' },
  },
});
const WORKERS = Number(values.workers);
const CHUNK = Number(values.chunk);
const RUNS = Number(values.runs);
const UNIT_SIZE = 1000;
const MONTH = '2026-03';
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
    const t = (await makeTenant(db.orm, { code: 'payroll_values_bench' })).id;
    const scope = { tenantId: t, userId: null };
    const started = Date.now();
    await raw.query(
      `insert into organization_units (tenant_id, code, name, type_code, wage_region) values ($1, 'CTY', 'Công ty', 'CONG_TY', 'I')`,
      [t],
    );
    await raw.query(
      `insert into organization_units (tenant_id, code, name, type_code, parent_id, wage_region)
       select $1, 'PX' || x, 'Phân xưởng ' || x, 'PHONG', (select id from organization_units where tenant_id = $1 and code = 'CTY'),
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
      `insert into salary_grades (tenant_id, code, name) select $1, 'NG' || g, 'Ngạch ' || g from generate_series(1, 5) g`,
      [t],
    );
    await raw.query(
      `insert into position_salary_coefficients (tenant_id, name, effective_date, base_salary) values ($1, 'Bảng 2026', '2026-01-01', 2340000)`,
      [t],
    );
    await raw.query(
      `insert into position_salary_coefficient_grades (tenant_id, position_salary_coefficient_id, position, salary_grade_id,
                                                       coefficient_1, coefficient_2, coefficient_3, coefficient_4, coefficient_5)
       select $1, (select id from position_salary_coefficients where tenant_id = $1), row_number() over (order by g.code) - 1, g.id,
              2.34, 2.67, 3.00, 3.33, 3.66
         from salary_grades g where g.tenant_id = $1`,
      [t],
    );
    await raw.query(
      `insert into workers (tenant_id, code, full_name, gender, organization_unit_id, joined_date, salary_grade_id,
                            salary_scale, salary_coefficient, union_joining_date)
       select $1, 'CN' || lpad(i::text, 6, '0'), 'Công nhân ' || i, 'FEMALE',
              (select id from organization_units where tenant_id = $1 and code = 'PX' || (1 + (i - 1) / ${UNIT_SIZE})),
              '2022-01-03', (select id from salary_grades where tenant_id = $1 and code = 'NG' || (1 + i % 5)),
              (1 + i % 5)::text, 2.34, case when i % 4 = 0 then date '2023-01-01' end
         from generate_series(1, $2::int) i`,
      [t, WORKERS],
    );
    await raw.query(
      `insert into worker_related_persons (tenant_id, worker_id, position, relation, full_name, is_dependant)
       select $1, w.id, p, 'CHILD', 'Con ' || p, p < 1 + n % 3
         from (select id, row_number() over (order by code)::int as n from workers where tenant_id = $1) w,
              generate_series(0, 1) p`,
      [t],
    );
    // a main contract each, a fifth of them amended in March by an approved annex; two allowances each
    await raw.query(
      `insert into labor_contracts (tenant_id, number, worker_id, contract_type_id, signing_date, effective_date, salary, approval_status)
       select $1, 'HD-' || w.code, w.id, (select id from contract_types where tenant_id = $1), '2022-01-03', '2022-01-03',
              8000000 + (row_number() over (order by w.code) % 50) * 250000, 'APPROVED'
         from workers w where w.tenant_id = $1`,
      [t],
    );
    await raw.query(
      `insert into labor_contracts (tenant_id, number, worker_id, contract_type_id, parent_contract_id, signing_date,
                                    effective_date, salary, approval_status)
       select $1, 'PL-' || w.code, w.id, c.contract_type_id, c.id, '2026-03-10', '2026-03-10', c.salary + 1000000, 'APPROVED'
         from workers w join labor_contracts c on c.tenant_id = w.tenant_id and c.worker_id = w.id
        where w.tenant_id = $1 and right(w.code, 1) in ('0', '5')`,
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
       values ($1, 'I', 5310000, '2026-01-01'), ($1, 'II', 4730000, '2026-01-01'), ($1, 'III', 4140000, '2026-01-01'), ($1, 'IV', 3700000, '2026-01-01')
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
      await seedLookupTables(tx, t);
    });
    await raw.query(
      `insert into tm_day_records (tenant_id, work_date, worker_id, shift_code, day_type, outcome, day_symbol,
          scheduled_minutes, worked_minutes, overtime_minutes, ot_weekday_day_minutes, night_minutes,
          work_units, paid_leave_units, unpaid_leave_units, paid_units, punch_count,
          corrected_symbol, corrected_paid_units, correction_reason, corrected_at)
       select $1, d::date, w.id,
              case when extract(dow from d) = 0 then null else 'HC' end,
              case when extract(dow from d) = 0 then 'REST_DAY' else 'WEEKDAY' end,
              case when extract(dow from d) = 0 then 'REST' when (n + extract(day from d)::int) % 29 = 0 then 'LEAVE' else 'WORKED' end,
              case when extract(dow from d) = 0 then null when (n + extract(day from d)::int) % 29 = 0 then 'P' else '+' end,
              480, case when extract(dow from d) = 0 then 0 else 470 end,
              case when (n + extract(day from d)::int) % 17 = 0 then 60 else 0 end,
              case when (n + extract(day from d)::int) % 17 = 0 then 60 else 0 end,
              case when (n + extract(day from d)::int) % 23 = 0 then 120 else 0 end,
              case when extract(dow from d) = 0 or (n + extract(day from d)::int) % 29 = 0 then 0 else 1000 end,
              case when (n + extract(day from d)::int) % 29 = 0 then 1000 else 0 end, 0,
              case when extract(dow from d) = 0 then 0 else 1000 end, 2,
              case when (n + extract(day from d)::int) % 97 = 0 then 'KL' end,
              case when (n + extract(day from d)::int) % 97 = 0 then 0 end,
              case when (n + extract(day from d)::int) % 97 = 0 then 'Nghỉ không phép' end,
              case when (n + extract(day from d)::int) % 97 = 0 then now() end
         from (select id, row_number() over (order by code)::int as n from workers where tenant_id = $1) w,
              generate_series('2026-03-01'::date, '2026-03-31'::date, '1 day') d`,
      [t],
    );
    await raw.query('ANALYZE');
    const ids = (
      (await raw.query(`select id from workers where tenant_id = $1 order by code`, [t])).rows as {
        id: string;
      }[]
    ).map((row) => row.id);
    console.log(
      `${WORKERS.toLocaleString('en')} workers with contracts, annexes, allowances, dependants and ${(WORKERS * 31).toLocaleString('en')} day records of March 2026 written in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );

    const chunks: string[][] = [];
    for (let i = 0; i < ids.length; i += CHUNK) chunks.push(ids.slice(i, i + CHUNK));
    let errors = 0;
    let filled = 0;
    const loaded = await timeRuns(RUNS, async () => {
      errors = 0;
      filled = 0;
      for (const chunk of chunks) {
        const period = await inScope(db.orm, scope, (tx) =>
          loadWorkerValues(tx, t, { month: MONTH, workerIds: chunk }),
        );
        for (const worker of period.workers) {
          errors += worker.errors.length;
          if (worker.values.CONG_THUC_TE !== null && worker.values.LUONG_HOP_DONG !== null) filled += 1;
        }
      }
    });
    console.log(
      `\nloadWorkerValues, ${WORKERS.toLocaleString('en')} workers in ${chunks.length} chunks of ${CHUNK.toLocaleString('en')} (each its tenant transaction, 7 statements): p50 ${ms(loaded.p50)}, p95 ${ms(loaded.p95)} over ${RUNS} runs; ${filled.toLocaleString('en')} workers with contract and timesheet, ${errors} errors`,
    );
    const whole = await timeRuns(RUNS, () =>
      inScope(db.orm, scope, (tx) => loadWorkerValues(tx, t, { month: MONTH, workerIds: ids })),
    );
    console.log(
      `  all ${WORKERS.toLocaleString('en')} in one chunk: p50 ${ms(whole.p50)}, p95 ${ms(whole.p95)}`,
    );
    const inputs = await timeRuns(RUNS, () =>
      inScope(db.orm, scope, async (tx) => {
        const period = await loadWorkerValues(tx, t, { month: MONTH, workerIds: chunks[0] ?? [] });
        for (const worker of period.workers) period.inputsOf(worker);
      }),
    );
    console.log(
      `  one chunk with each worker's inputs object built (as a run hands them to the template): p50 ${ms(inputs.p50)}`,
    );

    // the same reads as plain SQL by the owner: the workers with their contract, annex, allowances,
    // grade and scale coefficient; the units' regions; the parameters; the month's timesheets;
    // the day records' sums; the standard days rule
    const baseline = await timeRuns(RUNS, async () => {
      for (const chunk of chunks) {
        await raw.query(
          `select w.id, w.code, w.joined_date, w.salary_coefficient, w.salary_scale, w.tax_resident, w.union_joining_date,
                  u.code, u.wage_region, g.code, c.id, c.net_pay, ct.code, coalesce(x.salary, c.salary), a.total, p.n,
                  r.coefficient_2, q.last_day
             from workers w
             join organization_units u on u.tenant_id = w.tenant_id and u.id = w.organization_unit_id
             left join salary_grades g on g.tenant_id = w.tenant_id and g.id = w.salary_grade_id
             left join lateral (
               select min(effective_date) - 1 as last_day from resignations q
                where q.tenant_id = w.tenant_id and q.worker_id = w.id and q.approval_status = 'APPROVED'
                  and q.effective_date > '2026-03-01') q on true
             left join lateral (
               select c.id, c.net_pay, c.salary, c.contract_type_id from labor_contracts c
                where c.tenant_id = w.tenant_id and c.worker_id = w.id and c.parent_contract_id is null
                  and c.approval_status = 'APPROVED' and c.effective_date <= '2026-03-31'
                  and (c.expiry_date is null or c.expiry_date >= '2026-03-31')
                order by c.effective_date desc limit 1) c on true
             left join lateral (
               select x.id, x.salary from labor_contracts x
                where x.tenant_id = w.tenant_id and x.worker_id = w.id and x.parent_contract_id = c.id
                  and x.approval_status = 'APPROVED' and x.effective_date <= '2026-03-31'
                order by x.effective_date desc limit 1) x on true
             left join contract_types ct on ct.tenant_id = w.tenant_id and ct.id = c.contract_type_id
             left join lateral (
               select sum(a.amount) as total from labor_contract_allowances a
                where a.tenant_id = w.tenant_id and a.contract_id = coalesce(x.id, c.id)) a on true
             left join lateral (
               select count(*) as n from worker_related_persons p
                where p.tenant_id = w.tenant_id and p.worker_id = w.id and p.is_dependant) p on true
             left join position_salary_coefficient_grades r on r.tenant_id = w.tenant_id and r.salary_grade_id = w.salary_grade_id
            where w.tenant_id = $1 and w.id = any($2::uuid[])`,
          [t, chunk],
        );
        await raw.query(`select id, parent_id, wage_region from organization_units where tenant_id = $1`, [
          t,
        ]);
        await raw.query(
          `select distinct on (code) code, value, unit from parameters where tenant_id = $1 and effective_date <= '2026-03-31'
            order by code, effective_date desc`,
          [t],
        );
        await raw.query(
          `select organization_unit_id, approval_status from tm_timesheets where tenant_id = $1 and month = $2`,
          [t, MONTH],
        );
        await raw.query(
          `select worker_id, sum(work_units), sum(paid_leave_units), sum(unpaid_leave_units), sum(night_minutes),
                  sum(ot_weekday_day_minutes), sum(ot_weekday_night_minutes), sum(ot_rest_day_minutes),
                  sum(ot_rest_night_minutes), sum(ot_holiday_day_minutes), sum(ot_holiday_night_minutes)
             from tm_day_records where tenant_id = $1 and worker_id = any($2::uuid[])
              and work_date between '2026-03-01' and '2026-03-31'
            group by worker_id`,
          [t, chunk],
        );
        await raw.query(`select * from standard_working_days where tenant_id = $1`, [t]);
      }
    });
    console.log(
      `  beside the raw SQL of the same reads (owner, no transaction, ${chunks.length} chunks): p50 ${ms(baseline.p50)}, p95 ${ms(baseline.p95)}; ratio ${(loaded.p50 / baseline.p50).toFixed(2)}×`,
    );

    const sums = await timeRuns(RUNS, async () => {
      for (const chunk of chunks)
        await raw.query(
          `select worker_id, sum(work_units), sum(paid_leave_units), sum(unpaid_leave_units), sum(night_minutes)
             from tm_day_records where tenant_id = $1 and worker_id = any($2::uuid[])
              and work_date between '2026-03-01' and '2026-03-31'
            group by worker_id`,
          [t, chunk],
        );
    });
    console.log(`  of which the day records' sums alone (raw, 310,000 rows): p50 ${ms(sums.p50)}`);

    const tables = await timeRuns(RUNS, () =>
      inScope(db.orm, scope, (tx) => loadTables(tx, t, '2026-03-31')),
    );
    const catalogue = await timeRuns(RUNS, () =>
      inScope(db.orm, scope, (tx) => loadCatalogue(tx, t, '2026-03-31')),
    );
    console.log(
      `\nloadTables (THUE_TNCN, LTT_VUNG, HE_SO_BAC in force): p50 ${ms(tables.p50)}; loadCatalogue: p50 ${ms(catalogue.p50)}`,
    );
  } finally {
    await db.close();
  }
});
