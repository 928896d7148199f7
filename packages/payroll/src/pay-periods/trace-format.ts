import { formatDate, formatNumber } from '@hcm/ui';

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The decimals a value of the type is shown with: whole đồng for money and integers, else up to 4 (cut, never padded). */
export const decimalsOfType = (valueType: string | undefined) =>
  valueType === 'MONEY' || valueType === 'INTEGER' ? 0 : 4;

/**
 * A value of a trace (a variable, a component, an intermediate step) as HR reads it: numbers in
 * Vietnamese notation (1.234.567,5), dates dd/MM/yyyy, truth values in words, nothing as a dash.
 */
export function traceValueText(
  value: string | number | boolean | null | undefined,
  words: { yes: string; no: string; none: string },
  valueType?: string,
): string {
  if (value === null || value === undefined || value === '') return words.none;
  if (typeof value === 'boolean') return value ? words.yes : words.no;
  if (typeof value === 'number') return formatNumber(value, { decimals: decimalsOfType(valueType) });
  if (ISO_DAY.test(value)) return formatDate(value, 'date');
  return value;
}
