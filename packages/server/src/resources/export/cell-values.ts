import type ExcelJS from 'exceljs';
import { shownValue } from '@hcm/contracts/resource';
import type { FieldKind, FieldSpec } from '../types.ts';

/** A number as its field's unit shows it (ms → minutes): sheets are typed and read in the unit. */
export const inUnit = (spec: FieldSpec | undefined, value: unknown): unknown =>
  typeof value === 'number' ? shownValue(spec?.unit, value) : value;

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
export function cellOf(name: string, value: unknown, kind?: FieldKind): ExcelJS.CellValue {
  if (value === null || value === undefined) return null;
  if (isTimestamp(name) || kind === 'dateTime') return new Date(Number(value));
  if ((kind === 'decimal' || kind === 'money') && typeof value === 'string') return decimalCell(value);
  if (typeof value === 'string' && FORMULA_START.test(value)) return { richText: [{ text: value }] };
  return value as ExcelJS.CellValue;
}

/**
 * A decimal (numeric, read as text) as a number cell when the number is exactly the decimal
 * (every amount up to 15 significant digits), so that sums work in Excel; as text otherwise,
 * so that no digit is lost to binary floating point. Either imports back to the same value.
 */
export function decimalCell(text: string): ExcelJS.CellValue {
  const number = Number(text);
  const canonical = text.includes('.') ? text.replace(/\.?0+$/, '') : text;
  return Number.isFinite(number) && String(number) === canonical ? number : text;
}
