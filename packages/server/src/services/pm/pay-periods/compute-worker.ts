import type { FormulaValue, Trace, WorkerInputs } from '@hcm/formula';
import { isNetContract, solveGross, withGross, type NetSolution } from './net-to-gross.ts';
import { isNumericType, type RunPlan } from './run-plan.ts';
import { fromFormulaError, type WorkerError } from './worker-error.ts';

/*
 * One worker of a run (docs/payroll-periods.md, "Computing"): the loader's values and the INPUT
 * components HR typed, a net contract's gross found first (net-to-gross.ts), then the compiled
 * template's one call. A numeric INPUT component nobody typed is 0 (an allowance not given is
 * none); a text or date one is absent, and a formula reading it fails with missingValue.
 */

export type WorkerOutcome =
  | {
      readonly ok: true;
      /** in the template's declared order */
      readonly values: readonly (FormulaValue | null)[];
      readonly net: NetSolution | null;
      readonly trace?: Trace;
    }
  | {
      readonly ok: false;
      readonly error: WorkerError;
      readonly net: NetSolution | null;
      readonly trace?: Trace;
    };

/** The inputs a worker is run with: the loader's, the typed INPUT values, numeric inputs 0 when not typed. */
export function workerInputs(
  plan: RunPlan,
  loaded: WorkerInputs,
  typed: Readonly<Record<string, string>> = {},
): Record<string, unknown> {
  const inputs: Record<string, unknown> = { ...loaded };
  for (const index of plan.inputIndexes) {
    const component = plan.components[index];
    if (!component) continue;
    if (Object.hasOwn(typed, component.code)) inputs[component.code] = typed[component.code];
    else if (!Object.hasOwn(inputs, component.code) && isNumericType(component.type))
      inputs[component.code] = 0;
  }
  return inputs;
}

export function computeWorker(
  plan: RunPlan,
  inputs: WorkerInputs,
  options: { trace?: boolean } = {},
): WorkerOutcome {
  let net: NetSolution | null = null;
  let runInputs: WorkerInputs = inputs;
  if (isNetContract(inputs)) {
    const solved = solveGross(plan, inputs);
    if (!solved.ok) return { ok: false, error: solved.error, net: null };
    net = solved.solution;
    runInputs = withGross(inputs, net.gross);
  }
  const run = plan.bound.run(runInputs, options.trace ? { trace: true } : undefined);
  const trace = run.trace ? { trace: run.trace } : {};
  return run.ok
    ? { ok: true, values: run.values, net, ...trace }
    : { ok: false, error: fromFormulaError(run.error), net, ...trace };
}
