/**
 * Numbers as Excel keeps them: binary doubles, read to 15 significant digits. HR staff check
 * payroll against their spreadsheets, so the rules that decide a đồng are Excel's
 * (docs/payroll-formulas.md, "Exactness"):
 *
 * - a value is normalised to 15 significant digits before it is rounded or compared, so the
 *   binary noise of 1.005 (1.00499999999999989…) or of 0.1 + 0.2 never decides a result;
 * - ROUND rounds half away from zero (ROUND(2.5, 0) = 3, ROUND(-2.5, 0) = -3; JavaScript's
 *   Math.round(-2.5) is -2), ROUNDUP away from zero, ROUNDDOWN toward zero;
 * - the number of digits is truncated toward zero (ROUND(x, 1.9) rounds to 1 digit) and may be
 *   negative (ROUND(x, -3) rounds to thousands of đồng).
 */

/** Integers up to this size are already exact to 15 digits: the fast path of normalise15. */
const EXACT_INTEGER = 1e15;
/** At or above this a double has no fractional part left to round. */
const NO_FRACTION = 2 ** 52;

/** The value to 15 significant digits, as Excel reads a cell (NaN and ±Infinity unchanged). */
export function normalise15(x: number): number {
  if (Number.isInteger(x) && x < EXACT_INTEGER && x > -EXACT_INTEGER) return x;
  if (!Number.isFinite(x)) return x;
  return Number(x.toPrecision(15));
}

export type RoundingMode = 'ROUND' | 'ROUNDUP' | 'ROUNDDOWN';

const POWERS: number[] = Array.from({ length: 309 }, (_, i) => Number(`1e${i}`));

/**
 * Excel's ROUND, ROUNDUP and ROUNDDOWN. The value is normalised to 15 significant digits, shifted
 * by the digits (multiplying or dividing by an exact power of ten) and normalised again: the
 * shifted value then has the same 15 decimal digits, so whether its fraction is exactly one half
 * is decided on those digits, not on the binary noise of the multiplication.
 */
export function excelRound(x: number, digits: number, mode: RoundingMode): number {
  const n = normalise15(x);
  if (n === 0) return 0;
  if (!Number.isFinite(n)) return n;
  const d = Math.trunc(digits);
  if (d >= 0 && Number.isInteger(n)) return n;
  if (d > 308 || d < -308) return d > 0 ? n : 0;
  const power = POWERS[Math.abs(d)] as number;
  const scaled = normalise15(d >= 0 ? n * power : n / power);
  const magnitude = Math.abs(scaled);
  if (magnitude >= NO_FRACTION) return n;
  let whole: number;
  if (mode === 'ROUND') whole = Math.floor(magnitude + 0.5);
  else if (mode === 'ROUNDUP') whole = Math.ceil(magnitude);
  else whole = Math.floor(magnitude);
  const signed = scaled < 0 ? -whole : whole;
  if (signed === 0) return 0;
  return d >= 0 ? signed / power : signed * power;
}
