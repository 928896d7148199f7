import type ExcelJS from 'exceljs';

export const isTimestamp = (name: string) => name === 'createdAt' || name === 'lastModifiedAt';

/**
 * Leading characters that make a spreadsheet read typed or CSV text as a formula (OWASP,
 * "CSV injection"): = + - @, and tab and carriage return, which some programs skip first.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * The cell of one exported value. Text that starts like a formula is written as an inline
 * string (`t="inlineStr"`, ECMA-376's type for literal text) rather than exceljs's default
 * `t="str"`, which the standard reserves for a formula's cached result; never with an `<f>`.
 * The text itself is unchanged (no apostrophe added), so an exported file imports back as it
 * was. README, "Slow clients and exports": what this does and does not stop.
 */
export function cellOf(name: string, value: unknown): ExcelJS.CellValue {
  if (value === null || value === undefined) return null;
  if (isTimestamp(name)) return new Date(Number(value));
  if (typeof value === 'string' && FORMULA_START.test(value)) return { richText: [{ text: value }] };
  return value as ExcelJS.CellValue;
}
