import type { PayPeriodValue } from '@hcm/contracts/pay-periods';
import { excelRound, type FormulaValue, type ValueType } from '@hcm/formula';
import type { BulkRow } from '../../../bulk/index.ts';
import type { payrollResultLines } from '../../payroll/tables/result-lines.ts';
import type { RunPlan } from './run-plan.ts';
import { runError, type WorkerError } from './worker-error.ts';

/*
 * A worker's values as result lines (payroll_result_lines, docs/bulk-path.md) and back. By the
 * component's value type: MONEY is an AMOUNT, whole đồng (a MONEY component rounded to other
 * digits is kept to the đồng, ROUND half away from zero, as the payslip shows it); INTEGER,
 * DOUBLE, PERCENT (the fraction) and NUMBER a NUMBER kept to 4 decimals (numeric(18, 4): the
 * formulas computed with every digit, the table shows 4); TEXT, ENUM and DATE (YYYY-MM-DD) as
 * TEXT. A component without a value (an input not typed, text or a date) has no line.
 */

export type ResultLine = BulkRow<typeof payrollResultLines>;

/** numeric(18, 4): 14 digits before the point. */
const LARGEST = 1e14;
const TEXT_LENGTH = 200;

const amountTypes: ReadonlySet<ValueType> = new Set(['MONEY']);
const textTypes: ReadonlySet<ValueType> = new Set(['TEXT', 'ENUM', 'DATE']);

/** A number kept to 4 decimals as plain decimal text (never an exponent). */
export function decimalText(value: number): string {
  const rounded = excelRound(value, 4, 'ROUND');
  const text = rounded.toFixed(4).replace(/\.?0+$/, '');
  return text === '-0' ? '0' : text;
}

export type LinesOutcome = { ok: true; lines: ResultLine[] } | { ok: false; error: WorkerError };

/** The lines of one worker's values, or the worker's error when a value cannot be kept. */
export function linesOf(
  plan: RunPlan,
  key: { periodMonth: string; runId: string; workerId: string },
  values: readonly (FormulaValue | null)[],
  computedAt?: Date,
): LinesOutcome {
  const lines: ResultLine[] = [];
  for (let index = 0; index < plan.components.length; index++) {
    const component = plan.components[index];
    const value = values[index];
    if (!component || value === null || value === undefined) continue;
    const base = { ...key, componentCode: component.code, ...(computedAt ? { computedAt } : {}) };
    if (textTypes.has(component.type) || typeof value !== 'number') {
      const text = typeof value === 'boolean' ? (value ? 'TRUE' : 'FALSE') : String(value);
      if (text.length > TEXT_LENGTH) return { ok: false, error: runError('textTooLong', {}, component.code) };
      lines.push({ ...base, valueType: 'TEXT', textValue: text });
      continue;
    }
    if (Math.abs(value) >= LARGEST)
      return {
        ok: false,
        error: runError('valueTooLarge', { component: component.code, value: String(value) }, component.code),
      };
    if (amountTypes.has(component.type)) {
      const amount = excelRound(value, 0, 'ROUND');
      lines.push({ ...base, valueType: 'AMOUNT', amount: amount === 0 ? 0 : amount });
    } else lines.push({ ...base, valueType: 'NUMBER', quantity: decimalText(value) });
  }
  return { ok: true, lines };
}

/** A stored line as the table shows it: an amount as a number, a number as decimal text, text as text. */
export function shownValue(line: {
  value_type: string;
  amount: string | number | null;
  quantity: string | null;
  text_value: string | null;
}): PayPeriodValue {
  if (line.value_type === 'AMOUNT') return line.amount === null ? null : Number(line.amount);
  if (line.value_type === 'NUMBER')
    return line.quantity === null ? null : line.quantity.replace(/(\.\d*?)0+$/, '$1').replace(/\.$/, '');
  return line.text_value;
}

/** A computed value as the table would show it once stored (to compare a trace with the lines). */
export function shownComputed(type: ValueType, value: FormulaValue | null): PayPeriodValue {
  if (value === null) return null;
  if (textTypes.has(type) || typeof value !== 'number')
    return typeof value === 'boolean' ? (value ? 'TRUE' : 'FALSE') : String(value);
  if (amountTypes.has(type)) {
    const amount = excelRound(value, 0, 'ROUND');
    return amount === 0 ? 0 : amount;
  }
  return decimalText(value);
}
