import type {
  PayPeriodTrace,
  PayPeriodTraceComponent,
  PayPeriodTraceRead,
  PayPeriodValue,
} from '@hcm/contracts/pay-periods';
import type { FormulaValue } from '@hcm/formula';
import { sql } from 'drizzle-orm';
import { connectionOf } from '../../../bulk/connection.ts';
import type { Tx } from '../../../db/database.ts';
import { notFound, validationFailed } from '../../../http/errors.ts';
import { ConflictReasons } from '@hcm/contracts';
import { conflictBecause } from '../../../http/errors.ts';
import { computeWorker, workerInputs } from './compute-worker.ts';
import { shownComputed, shownValue } from './lines.ts';
import { withGross } from './net-to-gross.ts';
import { payMonthOf } from './roster.ts';
import { componentIndex } from './run-plan.ts';
import { typedInputs } from './settle-workers.ts';
import type { PayrollSources } from './sources.ts';

/*
 * One worker's trace (docs/payroll-periods.md, "A worker's trace"): the worker computed again,
 * now, by the sheet's template with the compiled template's traced run — every component in the
 * order computed, its formula, each variable and component it read with its value, every
 * intermediate value under its place in the formula's text, and its result; up to the component
 * that failed, with the error. Nothing is written. `matchesStored` says whether the values
 * computed now are the stored ones: false when the worker's data, an input or the template
 * changed since the sheet was computed (compute it again to store what the trace shows).
 */

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

const readValue = (value: unknown): string | number | boolean | null => {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number' || typeof value === 'string' || typeof value === 'boolean') return value;
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  return String(value);
};

export async function traceWorker(
  tx: Tx,
  sources: PayrollSources,
  tenantId: string,
  id: string,
  workerId: string,
): Promise<PayPeriodTrace> {
  const [sheet] = rowsOf<{
    id: string;
    code: string;
    period_month: string;
    template_id: string | null;
    status: string | null;
    error_code: string | null;
    worker_code: string | null;
    full_name: string | null;
  }>(
    await tx.execute(sql`
      select s.id, s.code, s.period_month::text as period_month, s.template_id,
             p.status, p.error_code, p.worker_code, p.full_name
        from pay_periods s
        left join pay_period_workers p on p.pay_period_id = s.id and p.worker_id = ${workerId}::uuid
       where s.id = ${id}::uuid`),
  );
  if (!sheet) throw notFound('No such pay period');
  if (sheet.status === null || sheet.worker_code === null)
    throw notFound(
      `The worker is not one of the pay period ${sheet.code}'s workers: compute the pay period first`,
    );
  if (sheet.template_id === null)
    throw conflictBecause(
      ConflictReasons.payPeriodNotComputed,
      `The pay period ${sheet.code} has no template`,
      {
        code: sheet.code,
        status: 'DRAFT',
      },
    );
  const planned = await sources.runPlan(tx, tenantId, sheet.template_id, payMonthOf(sheet.period_month));
  if (!planned.ok) throw validationFailed([...planned.errors], planned.message);
  const plan = planned.plan;
  const loaded = (
    await sources.loadWorkers(tx, tenantId, payMonthOf(sheet.period_month), [workerId], plan.reads)
  ).get(workerId);
  const typed = (await typedInputs(tx, sheet.id, [workerId])).get(workerId) ?? {};
  const base = {
    workerId,
    code: sheet.worker_code,
    fullName: sheet.full_name ?? '',
    templateVersion: plan.templateVersion,
  };
  if (!loaded || !loaded.ok)
    return {
      ...base,
      components: [],
      error: loaded && !loaded.ok ? loaded.error : null,
      netToGross: null,
      matchesStored:
        sheet.status === 'FAILED' &&
        loaded !== undefined &&
        !loaded.ok &&
        sheet.error_code === loaded.error.code,
    };
  const inputs = workerInputs(plan, loaded.values, typed);
  const outcome = computeWorker(plan, inputs, { trace: true });
  const ran: Record<string, unknown> = outcome.net ? withGross(inputs, outcome.net.gross) : inputs;
  const computedValues = new Map<string, FormulaValue>();
  const components: PayPeriodTraceComponent[] = (outcome.trace?.components ?? []).map((step) => {
    const index = componentIndex(plan, step.code);
    const component = plan.components[index];
    const checked = plan.check.components[index];
    if (step.value !== undefined) computedValues.set(step.code.toUpperCase(), step.value);
    const reads: PayPeriodTraceRead[] = [
      ...(checked?.variables ?? []).map((name) => ({
        name,
        kind: 'variable' as const,
        value: readValue(
          ran[Object.keys(ran).find((key) => key.toUpperCase() === name.toUpperCase()) ?? name],
        ),
      })),
      ...(checked?.references ?? []).map((name) => ({
        name,
        kind: 'component' as const,
        value: readValue(computedValues.get(name.toUpperCase())),
      })),
    ];
    const formula = step.formula;
    return {
      code: step.code,
      name: component?.name ?? step.code,
      nameEn: component?.nameEn ?? null,
      source: component?.source ?? (formula === null ? 'INPUT' : 'FORMULA'),
      formula,
      value: step.value === undefined ? null : step.value,
      adjusted: Object.hasOwn(typed, step.code),
      reads,
      steps: step.steps.map((s) => ({
        start: s.start,
        end: s.end,
        text: formula ? formula.slice(s.start, s.end) : '',
        value: s.value,
      })),
    };
  });

  const { rows: stored } = await connectionOf(tx).query<{
    component_code: string;
    value_type: string;
    amount: string | null;
    quantity: string | null;
    text_value: string | null;
  }>(
    `SELECT component_code, value_type, amount::text AS amount, quantity::text AS quantity, text_value
       FROM payroll_result_lines
      WHERE tenant_id = $1::uuid AND period_month = $2::date AND run_id = $3::uuid AND worker_id = $4::uuid`,
    [tenantId, sheet.period_month, sheet.id, workerId],
  );
  let matchesStored: boolean;
  if (!outcome.ok) matchesStored = sheet.status === 'FAILED' && sheet.error_code === outcome.error.code;
  else {
    const storedByCode = new Map<string, PayPeriodValue>(
      stored.map((line) => [line.component_code, shownValue(line)]),
    );
    const now = plan.components.flatMap((component, index) => {
      const shown = shownComputed(component.type, outcome.values[index] ?? null);
      return shown === null ? [] : [[component.code, shown] as const];
    });
    matchesStored =
      sheet.status === 'OK' &&
      now.length === storedByCode.size &&
      now.every(
        ([code, value]) => storedByCode.has(code) && String(storedByCode.get(code)) === String(value),
      );
  }
  return {
    ...base,
    components,
    error: outcome.ok ? null : outcome.error,
    netToGross: outcome.net,
    matchesStored,
  };
}
