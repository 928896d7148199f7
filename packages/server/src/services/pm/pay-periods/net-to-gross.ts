import type { FormulaValue, WorkerInputs } from '@hcm/formula';
import { componentIndex, isNumericType, type RunPlan } from './run-plan.ts';
import { fromFormulaError, runError, type WorkerError } from './worker-error.ts';

/*
 * Net contracts (issue 32 item 6 "net-to-gross", docs/payroll-periods.md "Net contracts"): a
 * contract with HOP_DONG_NET = 1 agrees the worker's take-home pay; its salary (LUONG_HOP_DONG as
 * loaded) is that agreed net. The run finds the gross salary, to the đồng, whose AGREED MONTH nets
 * exactly that, using the template itself (its insurance, caps, dues, income tax, the worker's
 * dependants and region), then computes the real month with that gross:
 *
 * - the agreed month is the worker's own month with every day of the standard month worked
 *   (CONG_THUC_TE = CONG_CHUAN) and nothing else: no leave, night or overtime hours, no other
 *   income, deduction or advance, no union dues (DOAN_VIEN = 0: dues, advances and deductions are
 *   not part of what a net contract agrees, as the statutory reference reads it), no INPUT component
 *   typed; allowances are the contract's (the agreed net covers salary and allowances);
 * - its net is the template's THUC_LINH (take-home pay);
 * - LUONG_HOP_DONG = G, and the insurance salary LUONG_DONG_BH moves with it (G + what it held
 *   beyond the salary: the contract's insurable allowances).
 *
 * The rule (the same as the statutory reference's grossOfNet, which the tests hold it to): the
 * SMALLEST gross whose agreed month nets at least the agreed net. Rounding makes the net climb by
 * 0 or 1 đồng per đồng of gross and now and then drop one, so one net may come from several
 * grosses (the smallest is taken), and a template whose net jumps (a bonus from a threshold) may
 * skip the agreed đồng (the smallest gross giving more is taken: `exact: false`, the worker never
 * gets less than agreed). Found by bisection on [0, hi], hi doubled from the agreed net until it
 * reaches, then a scan of the SCAN_BELOW đồng under the bisection's answer, where rounding may
 * hide a smaller one (the statutory rates hide none more than about 11 đồng below). No gross
 * below 10^12 đồng reaching it (a month without standard days) is the worker's error
 * `netUnreachable`.
 */

export const NET_FLAG = 'HOP_DONG_NET';
export const GROSS_VARIABLE = 'LUONG_HOP_DONG';
export const INSURANCE_SALARY = 'LUONG_DONG_BH';
export const NET_COMPONENT = 'THUC_LINH';

/** The agreed month: a full standard month worked, nothing else. */
const WORKED = 'CONG_THUC_TE';
const STANDARD = 'CONG_CHUAN';
const NOTHING_ELSE = [
  'DOAN_VIEN',
  'NGHI_CO_LUONG',
  'NGHI_KHONG_LUONG',
  'GIO_LAM_DEM',
  'GIO_TC_NGAY_THUONG',
  'GIO_TC_NGHI_TUAN',
  'GIO_TC_NGAY_LE',
  'GIO_TC_DEM_NGAY_THUONG',
  'GIO_TC_DEM_NGHI_TUAN',
  'GIO_TC_DEM_NGAY_LE',
  'THU_NHAP_KHAC',
  'THU_NHAP_KHAC_CHIU_THUE',
  'KHAU_TRU_KHAC',
  'TAM_UNG',
] as const;

/** The highest gross tried: 10^12 đồng a month. */
const CEILING = 1_000_000_000_000;
/** How far below the bisection's answer a smaller gross is looked for. */
export const SCAN_BELOW = 32;

export interface NetSolution {
  readonly agreedNet: number;
  readonly gross: number;
  /** false when no gross nets the agreed đồng exactly: the net is the smallest above it */
  readonly exact: boolean;
}

export type NetSolve = { ok: true; solution: NetSolution } | { ok: false; error: WorkerError };

const numberOf = (value: unknown): number | null => {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value)))
    return Number(value);
  return null;
};

/** Whether the worker's contract agrees net pay (HOP_DONG_NET = 1). */
export function isNetContract(inputs: WorkerInputs): boolean {
  return numberOf(inputs[NET_FLAG]) === 1;
}

/** The inputs with the gross salary G in place of the agreed net (and the insurance salary moved with it). */
export function withGross(inputs: WorkerInputs, gross: number): Record<string, unknown> {
  const agreed = numberOf(inputs[GROSS_VARIABLE]) ?? 0;
  const insured = numberOf(inputs[INSURANCE_SALARY]);
  return {
    ...inputs,
    [GROSS_VARIABLE]: gross,
    ...(insured === null ? {} : { [INSURANCE_SALARY]: gross + (insured - agreed) }),
  };
}

/** The agreed month's inputs for a gross G. */
function agreedMonth(plan: RunPlan, inputs: WorkerInputs, gross: number): Record<string, unknown> {
  const month: Record<string, unknown> = withGross(inputs, gross);
  if (Object.hasOwn(month, STANDARD)) month[WORKED] = month[STANDARD];
  for (const name of NOTHING_ELSE) if (Object.hasOwn(month, name)) month[name] = 0;
  for (const index of plan.inputIndexes) {
    const component = plan.components[index];
    if (component && isNumericType(component.type)) month[component.code] = 0;
  }
  return month;
}

/**
 * The gross G for a net contract's worker, by the rule above; the worker's error when the
 * template has no THUC_LINH, a formula fails on the way, or no gross reaches the agreed net.
 */
export function solveGross(plan: RunPlan, inputs: WorkerInputs): NetSolve {
  const netIndex = componentIndex(plan, NET_COMPONENT);
  if (netIndex < 0) return { ok: false, error: runError('netComponentMissing', { net: NET_COMPONENT }) };
  const agreedNet = numberOf(inputs[GROSS_VARIABLE]);
  if (agreedNet === null) {
    // the formulas say what is missing (the loader gives the contract's salary or its error)
    const run = plan.bound.run(inputs);
    return run.ok
      ? { ok: false, error: runError('netUnreachable', { net: NET_COMPONENT, agreedNet: '?' }) }
      : { ok: false, error: fromFormulaError(run.error) };
  }
  const failed: { error: WorkerError | null } = { error: null };
  /** the agreed month's net for a gross; NaN when a formula failed (failed.error says why) */
  const net = (gross: number): number => {
    const run = plan.bound.run(agreedMonth(plan, inputs, gross));
    if (!run.ok) {
      failed.error = fromFormulaError(run.error);
      return Number.NaN;
    }
    const value: FormulaValue | null | undefined = run.values[netIndex];
    return typeof value === 'number' ? value : Number.NaN;
  };
  const reaches = (gross: number) => net(gross) >= agreedNet;
  const unreachable = (): NetSolve => ({
    ok: false,
    error: failed.error ?? runError('netUnreachable', { net: NET_COMPONENT, agreedNet: String(agreedNet) }),
  });

  // `low` falls short (−1: below any gross), `high` reaches
  let low = -1;
  let high = Math.max(0, Math.ceil(agreedNet));
  while (!reaches(high)) {
    if (failed.error || high >= CEILING) return unreachable();
    low = high;
    high = Math.min(CEILING, high * 2 + 1);
  }
  while (high - low > 1) {
    const middle = Math.floor((low + high) / 2);
    if (reaches(middle)) high = middle;
    else if (failed.error) return unreachable();
    else low = middle;
  }
  let gross = high;
  for (let below = Math.max(0, low - SCAN_BELOW); below < high; below++)
    if (reaches(below)) {
      gross = below;
      break;
    }
  if (failed.error) return unreachable();
  return { ok: true, solution: { agreedNet, gross, exact: net(gross) === agreedNet } };
}
