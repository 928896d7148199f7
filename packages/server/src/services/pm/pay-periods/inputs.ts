import { FieldErrorKeys } from '@hcm/contracts';
import {
  PayPeriodLimits,
  type PayPeriodInputBody,
  type PayPeriodInputValue,
} from '@hcm/contracts/pay-periods';
import type { ValueType } from '@hcm/formula';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../../db/database.ts';
import { validationFailed } from '../../../http/errors.ts';
import { recordActions } from '../../../resources/action-log/record-actions.ts';
import { lockedSheet, refuseUnlessWritable } from './guards.ts';
import { computedPlan, recomputeWorker, refuseStranger, type WorkerContext } from './recompute-worker.ts';
import { componentIndex } from './run-plan.ts';

/*
 * An INPUT component's value for one worker of one sheet (docs/payroll-periods.md, "Adjusting"):
 * typed by HR, stored per sheet and worker (pay_period_inputs), kept when the sheet is computed
 * again, and the worker computed again at once in the same transaction, so the table never shows
 * a value its inputs no longer give. Refused with nothing written: a sheet in approval, approved
 * or locked, or being computed (409); a component that is not an INPUT of the template, or a value
 * not of its type (400 at `componentCode` / `value`).
 */

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

const DECIMAL = /^-?\d{1,14}(\.\d{1,6})?$/;
const INTEGER = /^-?\d{1,15}$/;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The value as stored (text), or null when it is not one of the component's type. */
export function storedInput(type: ValueType, value: string | number): string | null {
  const text = typeof value === 'number' ? (Number.isFinite(value) ? String(value) : '') : value.trim();
  switch (type) {
    case 'MONEY':
    case 'INTEGER':
      return INTEGER.test(text) ? String(Number(text)) : null;
    case 'DOUBLE':
    case 'NUMBER':
    case 'PERCENT':
      return DECIMAL.test(text) ? text : null;
    case 'DATE': {
      if (!ISO_DATE.test(text)) return null;
      const day = new Date(`${text}T00:00:00Z`);
      return Number.isNaN(day.getTime()) || day.toISOString().slice(0, 10) !== text ? null : text;
    }
    default:
      return text.length <= PayPeriodLimits.inputValueLength ? text : null;
  }
}

/** The INPUT values typed for a worker of a sheet. */
export async function inputsOf(tx: Tx, id: string, workerId: string): Promise<PayPeriodInputValue[]> {
  await lockedSheet(tx, id);
  return rowsOf<{
    component_code: string;
    value: string;
    updated_at: string | Date;
    updated_by: string | null;
  }>(
    await tx.execute(sql`
      select component_code, value, updated_at, updated_by from pay_period_inputs
       where pay_period_id = ${id}::uuid and worker_id = ${workerId}::uuid order by component_code`),
  ).map((row) => ({
    componentCode: row.component_code,
    value: row.value,
    updatedAt: new Date(row.updated_at).toISOString(),
    updatedBy: row.updated_by,
  }));
}

/** PUT …/workers/{workerId}/inputs. */
export async function typeInput(
  context: WorkerContext,
  id: string,
  workerId: string,
  body: PayPeriodInputBody,
): Promise<void> {
  const { tx } = context;
  const sheet = await lockedSheet(tx, id);
  await refuseUnlessWritable(tx, sheet);
  await refuseStranger(tx, sheet, workerId);
  const plan = await computedPlan(context, sheet);
  const component = plan.components[componentIndex(plan, body.componentCode)];
  if (!component || (component.formula !== null && component.formula !== undefined))
    throw validationFailed(
      [
        {
          field: 'componentCode',
          code: FieldErrorKeys.invalidValue,
          message: 'is not an input component of the pay period’s template',
          params: { actual: body.componentCode },
        },
      ],
      `${body.componentCode} is not an input component of the template: its value is computed`,
    );
  const stored = body.value === null ? null : storedInput(component.type, body.value);
  if (body.value !== null && stored === null)
    throw validationFailed(
      [
        {
          field: 'value',
          code: FieldErrorKeys.invalidValue,
          message: `is not a value of type ${component.type}`,
          params: { actual: String(body.value), format: component.type },
        },
      ],
      `The value is not of type ${component.type}`,
    );
  const [before] = rowsOf<{ value: string }>(
    await tx.execute(sql`
      select value from pay_period_inputs
       where pay_period_id = ${id}::uuid and worker_id = ${workerId}::uuid and component_code = ${component.code}`),
  );
  if (stored === null)
    await tx.execute(sql`
      delete from pay_period_inputs
       where pay_period_id = ${id}::uuid and worker_id = ${workerId}::uuid and component_code = ${component.code}`);
  else
    await tx.execute(sql`
      insert into pay_period_inputs (tenant_id, pay_period_id, worker_id, component_code, value, updated_at, updated_by)
      values (${context.scope.tenantId}::uuid, ${id}::uuid, ${workerId}::uuid, ${component.code}, ${stored},
              ${context.now.toISOString()}::timestamptz, ${context.scope.userId}::uuid)
      on conflict (tenant_id, pay_period_id, worker_id, component_code)
      do update set value = excluded.value, updated_at = excluded.updated_at, updated_by = excluded.updated_by`);
  await recordActions(tx, context.actor, [
    {
      resource: 'pay_period',
      recordId: id,
      action: 'UPDATE',
      changes: {
        [`input.${workerId}.${component.code}`]: { before: before?.value ?? null, after: stored },
      },
    },
  ]);
  await recomputeWorker(context, id, workerId, sheet);
}
