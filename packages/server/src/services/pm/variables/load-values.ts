import type { FormulaValue } from '@hcm/formula';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../../db/database.ts';
import { regionsOfUnits } from '../../om/organization-units/unit-tree.ts';
import { resolveCalendars } from '../../tm/calendar/resolve.ts';
import { storedTimekeepingSettings } from '../../tm/config/settings-in-force.ts';
import { legendOf, symbolClasses } from '../../tm/general-timesheet/month-cells.ts';
import {
  monthTotalsQuery,
  totalsOfMonth,
  type WorkerMonthTotalsRow,
} from '../../tm/general-timesheet/month-columns.ts';
import type { SettingsSource } from '../../tm/timesheet/inputs.ts';
import { decidingTimesheets } from '../../tm/timesheets/month-locks.ts';
import { FORMULA_NAME, parameterType } from './catalogue.ts';
import { DECLARED_VARIABLES } from './declared.ts';
import { ValueErrors, type ValueError } from './value-errors.ts';

/*
 * Every declared variable's value for a chunk of workers and a period (issue 32 item 4;
 * docs/payroll-variables.md, "The values of a run"): a fixed handful of set-based statements
 * whatever the chunk holds (the workers with their contract in force, its terms, allowances,
 * grade, step and coefficients, unit and last day; the units' regions; the parameters in force;
 * the month's locks; the timekeeping settings; the units' standard days; the locked workers'
 * month totals), never one per worker. Missing data is explicit: a worker without a contract,
 * a grade or a locked timesheet gets an error naming the variables it leaves empty (null), which
 * the run reports when its template reads one of them.
 */

export interface ValuesRequest {
  /** the period's month, 'YYYY-MM' */
  readonly month: string;
  /** a chunk: a few thousand workers at most (the ids go in one array) */
  readonly workerIds: readonly string[];
}

/** A value handed to a formula: null when the worker has none (reading it is `missingValue`). */
export type VariableValue = FormulaValue | null;

export interface WorkerValues {
  readonly workerId: string;
  /** every declared variable by code (and nothing else: the period's and the parameters are `shared`) */
  readonly values: Readonly<Record<string, VariableValue>>;
  /** what is missing, each error naming the variables it leaves empty */
  readonly errors: readonly ValueError[];
}

export interface PeriodValues {
  readonly month: string;
  readonly firstDay: string;
  readonly lastDay: string;
  /** the period's variables (THANG, NAM, NGAY_DAU_KY, NGAY_CUOI_KY) and the parameters in force on its last day */
  readonly shared: Readonly<Record<string, VariableValue>>;
  /** in the order asked */
  readonly workers: readonly WorkerValues[];
  /** one worker's inputs for @hcm/formula's run: the shared values, then the worker's */
  inputsOf(worker: WorkerValues): Record<string, VariableValue>;
}

/** The timesheet variables, empty together when the month is not locked. */
export const TIMESHEET_VARIABLES = DECLARED_VARIABLES.filter((v) => v.group === 'TIMESHEET').map(
  (v) => v.code,
);
/** The payroll inputs of issue 33: 0 until their lists exist (docs/payroll-variables.md). */
export const INPUT_VARIABLES = DECLARED_VARIABLES.filter((v) => v.group === 'INPUT').map((v) => v.code);
const CONTRACT_VARIABLES = DECLARED_VARIABLES.filter((v) => v.group === 'CONTRACT').map((v) => v.code);
const WORKER_VARIABLES = DECLARED_VARIABLES.filter((v) => v.group === 'WORKER').map((v) => v.code);

const rowsOf = async <T>(tx: Tx, query: ReturnType<typeof sql>) =>
  ((await tx.execute(query)) as unknown as { rows: T[] }).rows;
const uuids = (ids: readonly string[]) => `{${ids.join(',')}}`;
const numberOrNull = (text: string | null) => (text === null ? null : Number(text));

/** The first and last day of 'YYYY-MM'. */
export function periodDays(month: string): {
  firstDay: string;
  lastDay: string;
  year: number;
  number: number;
} {
  const match = /^(\d{4})-(0[1-9]|1[0-2])$/.exec(month);
  if (!match) throw new Error(`Not a month: ${month}`);
  const [year, number] = [Number(match[1]), Number(match[2])];
  const last = new Date(Date.UTC(year, number, 0)).getUTCDate();
  return { firstDay: `${month}-01`, lastDay: `${month}-${String(last).padStart(2, '0')}`, year, number };
}

interface WorkerRow {
  id: string;
  found: boolean;
  unit_id: string | null;
  unit_code: string | null;
  joined: string | null;
  last_day: string | null;
  coefficient: string | null;
  scale: string | null;
  tax_resident: boolean | null;
  union_since: string | null;
  grade_code: string | null;
  dependants: number;
  contract_id: string | null;
  net_pay: boolean | null;
  type_code: string | null;
  salary: string | null;
  allowances: string | null;
  position_coefficient: string | null;
}

/**
 * The workers, each with their contract in force on their as-of day — the period's last day, or
 * their own last day when an approved resignation ends their employment within the period: the
 * latest APPROVED main contract (not an annex) effective on or before it and not expired before
 * it; its terms (salary, allowances) from the latest APPROVED annex of it effective by then, else
 * its own. One statement, in the order asked.
 */
function workersQuery(tenantId: string, ids: readonly string[], firstDay: string, lastDay: string) {
  return sql`
    with asked as (select id, n from unnest(${uuids(ids)}::uuid[]) with ordinality as a(id, n)),
    scale as (
      select id from position_salary_coefficients
       where tenant_id = ${tenantId}::uuid and status = 'ACTIVE' and effective_date <= ${lastDay}::date
       order by effective_date desc limit 1)
    select a.id, w.id is not null as found, w.organization_unit_id as unit_id, u.code as unit_code,
           w.joined_date::text as joined, leaving.last_day, w.salary_coefficient::text as coefficient,
           w.salary_scale as scale, w.tax_resident, w.union_joining_date::text as union_since,
           g.code as grade_code,
           (select count(*)::int from worker_related_persons p
             where p.tenant_id = ${tenantId}::uuid and p.worker_id = w.id and p.is_dependant) as dependants,
           c.id as contract_id, c.net_pay, ct.code as type_code, terms.salary::text as salary,
           (select coalesce(sum(x.amount), 0)::text from labor_contract_allowances x
             where x.tenant_id = ${tenantId}::uuid and x.contract_id = terms.id) as allowances,
           (select case w.salary_scale when '1' then r.coefficient_1 when '2' then r.coefficient_2
                                       when '3' then r.coefficient_3 when '4' then r.coefficient_4
                                       when '5' then r.coefficient_5 end::text
              from scale join position_salary_coefficient_grades r
                on r.tenant_id = ${tenantId}::uuid and r.position_salary_coefficient_id = scale.id
             where r.salary_grade_id = w.salary_grade_id) as position_coefficient
      from asked a
      left join workers w on w.tenant_id = ${tenantId}::uuid and w.id = a.id
      left join organization_units u on u.tenant_id = w.tenant_id and u.id = w.organization_unit_id
      left join salary_grades g on g.tenant_id = w.tenant_id and g.id = w.salary_grade_id
      left join lateral (
        select (min(r.effective_date) - 1)::text as last_day from resignations r
         where r.tenant_id = w.tenant_id and r.worker_id = w.id and r.approval_status = 'APPROVED'
           and r.effective_date > ${firstDay}::date) leaving on true
      left join lateral (
        select c.id, c.contract_type_id, c.net_pay from labor_contracts c
         where c.tenant_id = w.tenant_id and c.worker_id = w.id and c.parent_contract_id is null
           and c.approval_status = 'APPROVED'
           and c.effective_date <= least(${lastDay}::date, coalesce(leaving.last_day::date, ${lastDay}::date))
           and (c.expiry_date is null
                or c.expiry_date >= least(${lastDay}::date, coalesce(leaving.last_day::date, ${lastDay}::date)))
         order by c.effective_date desc, c.signing_date desc, c.created_at desc
         limit 1) c on true
      left join contract_types ct on ct.tenant_id = w.tenant_id and ct.id = c.contract_type_id
      left join lateral (
        select x.id, x.salary from labor_contracts x
         where x.tenant_id = w.tenant_id and x.worker_id = w.id and (x.id = c.id or x.parent_contract_id = c.id)
           and x.approval_status = 'APPROVED'
           and x.effective_date <= least(${lastDay}::date, coalesce(leaving.last_day::date, ${lastDay}::date))
         order by x.effective_date desc, (x.parent_contract_id is null), x.created_at desc
         limit 1) terms on true
     order by a.n`;
}

/** The parameters in force on `day` (the latest ACTIVE row on or before it), as formulas take them. */
async function parametersOn(tx: Tx, tenantId: string, day: string): Promise<Record<string, VariableValue>> {
  const found = await rowsOf<{ code: string; value: string; unit: string | null }>(
    tx,
    sql`select distinct on (upper(code)) upper(code) as code, value::text as value, unit
          from parameters
         where tenant_id = ${tenantId}::uuid and status = 'ACTIVE' and effective_date <= ${day}::date
         order by upper(code), effective_date desc`,
  );
  const values: Record<string, VariableValue> = {};
  for (const row of found) {
    if (!FORMULA_NAME.test(row.code)) continue;
    const value = Number(row.value);
    values[row.code] = parameterType(row.unit) === 'PERCENT' ? value / 100 : value;
  }
  return values;
}

/** The month totals of the workers whose month is locked, as the variables say them. */
async function timesheetFigures(
  tx: Tx,
  tenantId: string,
  month: string,
  workers: readonly { id: string; unitId: string }[],
  settings: SettingsSource,
  firstDay: string,
  lastDay: string,
): Promise<Map<string, Record<string, number | null>>> {
  const figures = new Map<string, Record<string, number | null>>();
  if (workers.length === 0) return figures;
  const ids = workers.map((worker) => worker.id);
  const [months, { settings: inForce }, calendars] = [
    await rowsOf<WorkerMonthTotalsRow>(tx, monthTotalsQuery(tenantId, ids, firstDay, lastDay)),
    await settings.settings(tx, month),
    await resolveCalendars(tx, {
      tenantId,
      organizationUnitIds: [...new Set(workers.map((worker) => worker.unitId))],
      from: firstDay,
      to: lastDay,
    }),
  ];
  const classes = symbolClasses(legendOf(inForce.symbols));
  workers.forEach((worker, i) => {
    const row = months[i];
    if (row?.workerId !== worker.id) throw new Error('the month totals came back out of order');
    const standardDays = calendars.get(worker.unitId)?.days[0]?.standardDays ?? null;
    const corrected = (row.corrected ?? []).map(
      ([daySymbol, paidUnits, correctedSymbol, correctedPaidUnits]) => ({
        daySymbol,
        paidUnits,
        correctedSymbol,
        correctedPaidUnits,
      }),
    );
    const totals = totalsOfMonth(row.sums, corrected, standardDays, classes);
    const days = (units: number) => units / 1000;
    const hours = (minutes: number) => minutes / 60;
    figures.set(worker.id, {
      CONG_CHUAN: standardDays === null ? null : Number(standardDays),
      CONG_THUC_TE: days(totals.workUnits),
      NGHI_CO_LUONG: days(totals.paidLeaveUnits),
      NGHI_KHONG_LUONG: days(totals.unpaidLeaveUnits),
      GIO_LAM_DEM: hours(totals.nightMinutes),
      GIO_TC_NGAY_THUONG: hours(totals.overtime.weekdayDay),
      GIO_TC_NGHI_TUAN: hours(totals.overtime.restDay),
      GIO_TC_NGAY_LE: hours(totals.overtime.holidayDay),
      GIO_TC_DEM_NGAY_THUONG: hours(totals.overtime.weekdayNight),
      GIO_TC_DEM_NGHI_TUAN: hours(totals.overtime.restNight),
      GIO_TC_DEM_NGAY_LE: hours(totals.overtime.holidayNight),
    });
  });
  return figures;
}

const emptyOf = (codes: readonly string[]) => Object.fromEntries(codes.map((code) => [code, null]));

/**
 * The values of every declared variable for `workerIds` in `month`, in the tenant's transaction.
 * Seven statements whatever the chunk holds (PostgreSQL; the test "loads 2,000 workers in a fixed
 * number of statements" holds it so).
 */
export async function loadWorkerValues(
  tx: Tx,
  tenantId: string,
  request: ValuesRequest,
  settings: SettingsSource = storedTimekeepingSettings,
): Promise<PeriodValues> {
  const { firstDay, lastDay, year, number } = periodDays(request.month);
  const shared: Record<string, VariableValue> = {
    ...(await parametersOn(tx, tenantId, lastDay)),
    THANG: number,
    NAM: year,
    NGAY_DAU_KY: firstDay,
    NGAY_CUOI_KY: lastDay,
  };
  const inputsOf = (worker: WorkerValues) => Object.assign({}, shared, worker.values);
  if (request.workerIds.length === 0)
    return { month: request.month, firstDay, lastDay, shared, workers: [], inputsOf };

  const rows = await rowsOf<WorkerRow>(tx, workersQuery(tenantId, request.workerIds, firstDay, lastDay));
  const found = rows.filter((row) => row.found && row.unit_id !== null);
  const unitIds = [...new Set(found.map((row) => row.unit_id as string))];
  const regions = new Map(
    (await regionsOfUnits(tx, unitIds)).map((unit) => [unit.organizationUnitId, unit.region]),
  );
  const locked = new Set(
    (
      await decidingTimesheets(
        tx,
        found.map((row) => row.id),
        [request.month],
      )
    )
      .filter((row) => row.status === 'APPROVED')
      .map((row) => row.workerId),
  );
  const figures = await timesheetFigures(
    tx,
    tenantId,
    request.month,
    found.filter((row) => locked.has(row.id)).map((row) => ({ id: row.id, unitId: row.unit_id as string })),
    settings,
    firstDay,
    lastDay,
  );

  const workers = rows.map((row): WorkerValues => {
    if (!row.found)
      return {
        workerId: row.id,
        values: emptyOf(DECLARED_VARIABLES.filter((v) => v.group !== 'PERIOD').map((v) => v.code)),
        errors: [
          ValueErrors.workerNotFound(row.id, [
            ...WORKER_VARIABLES,
            ...CONTRACT_VARIABLES,
            ...TIMESHEET_VARIABLES,
          ]),
        ],
      };
    const errors: ValueError[] = [];
    const region = row.unit_id ? (regions.get(row.unit_id) ?? null) : null;
    if (region === null) errors.push(ValueErrors.noRegion(['VUNG']));
    const hasContract = row.contract_id !== null;
    if (!hasContract) errors.push(ValueErrors.noContract(lastDay, [...CONTRACT_VARIABLES]));
    if (row.grade_code === null) errors.push(ValueErrors.noGrade(['MA_NGACH', 'HE_SO_CHUC_VU']));
    else if (row.scale === null) errors.push(ValueErrors.noStep(['BAC_LUONG', 'HE_SO_CHUC_VU']));
    else if (row.position_coefficient === null)
      errors.push(ValueErrors.noPositionCoefficient(lastDay, ['HE_SO_CHUC_VU']));
    if (row.coefficient === null) errors.push(ValueErrors.noCoefficient(['HE_SO_LUONG']));
    const month = figures.get(row.id);
    if (!month) errors.push(ValueErrors.timesheetNotLocked(request.month, TIMESHEET_VARIABLES));
    else if (month.CONG_CHUAN === null)
      errors.push(ValueErrors.noStandardDays(request.month, ['CONG_CHUAN']));
    const salary = numberOrNull(row.salary);
    const values: Record<string, VariableValue> = {
      LUONG_HOP_DONG: salary,
      // allowance types carry no insurable flag yet: the contract's salary (docs/payroll-variables.md)
      LUONG_DONG_BH: salary,
      PHU_CAP_HOP_DONG: hasContract ? numberOrNull(row.allowances) : null,
      LOAI_HOP_DONG: row.type_code,
      HOP_DONG_NET: hasContract ? (row.net_pay ? 1 : 0) : null,
      HE_SO_LUONG: numberOrNull(row.coefficient),
      BAC_LUONG: row.scale === null ? null : Number(row.scale),
      HE_SO_CHUC_VU: numberOrNull(row.position_coefficient),
      MA_NGACH: row.grade_code,
      MA_DON_VI: row.unit_code,
      VUNG: region,
      SO_NGUOI_PHU_THUOC: row.dependants,
      CU_TRU: row.tax_resident === false ? 0 : 1,
      DOAN_VIEN: row.union_since !== null && row.union_since <= lastDay ? 1 : 0,
      NGAY_VAO_LAM: row.joined,
      NGAY_NGHI_VIEC: row.last_day,
      ...(month ?? emptyOf(TIMESHEET_VARIABLES)),
      // issue 33's lists fill these; until then every worker has none
      ...Object.fromEntries(INPUT_VARIABLES.map((code) => [code, 0])),
    };
    return { workerId: row.id, values, errors };
  });
  return { month: request.month, firstDay, lastDay, shared, workers, inputsOf };
}
