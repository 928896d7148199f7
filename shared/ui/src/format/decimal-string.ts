/**
 * Decimal numbers as text, so that formatting never goes through binary floating point: a value
 * is turned into its plain decimal digits once, then cut (never rounded) and grouped as text.
 */

export interface DecimalParts {
  negative: boolean;
  /** digits before the decimal point, no leading zeros ('0' for zero) */
  integer: string;
  /** digits after the decimal point, as given (may be '') */
  fraction: string;
}

const PLAIN = /^([+-]?)(\d*)(?:\.(\d*))?$/;

/** 1.5e-7 -> '0.00000015', 1e21 -> '1000000000000000000000'. */
function expandExponent(text: string): string {
  const match = /^([+-]?)(\d+)(?:\.(\d*))?e([+-]?\d+)$/i.exec(text);
  if (!match) return text;
  const [, sign = '', whole = '', fraction = '', exp = '0'] = match;
  const digits = whole + fraction;
  const point = whole.length + Number(exp);
  if (point <= 0) return `${sign}0.${'0'.repeat(-point)}${digits}`;
  if (point >= digits.length) return `${sign}${digits}${'0'.repeat(point - digits.length)}`;
  return `${sign}${digits.slice(0, point)}.${digits.slice(point)}`;
}

/**
 * Splits a number or a plain decimal string ('-1234.5', '12', '.5') into sign and digits.
 * Gives null for null, undefined, '', NaN, infinities and text that is not a plain decimal.
 */
export function decimalParts(value: number | string | null | undefined): DecimalParts | null {
  if (value === null || value === undefined) return null;
  let text: string;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return null;
    // String() gives the shortest text that reads back as the same double: 0.7 stays '0.7'.
    text = expandExponent(String(value));
    if (Object.is(value, -0)) text = '-0';
  } else {
    text = expandExponent(value.trim());
  }
  const match = PLAIN.exec(text);
  if (!match) return null;
  const [, sign = '', integerDigits = '', fraction = ''] = match;
  if (integerDigits === '' && fraction === '') return null;
  return { negative: sign === '-', integer: integerDigits.replace(/^0+(?=\d)/, '') || '0', fraction };
}

/** '1234567' -> '1.234.567' with the given separator. */
export function groupThousands(integer: string, separator: string): string {
  return integer.replace(/\B(?=(\d{3})+(?!\d))/g, separator);
}

export interface CutOptions {
  /** at most this many decimals, cut not rounded */
  maxDecimals: number;
  /** at least this many decimals, padded with zeros */
  minDecimals?: number;
}

/** Cuts the fraction (never rounds) and pads or drops trailing zeros. */
export function cutFraction(fraction: string, { maxDecimals, minDecimals = 0 }: CutOptions): string {
  let cut = fraction.slice(0, Math.max(0, maxDecimals)).replace(/0+$/, '');
  if (cut.length < minDecimals) cut = cut.padEnd(Math.min(minDecimals, maxDecimals), '0');
  return cut;
}

export const isZero = (parts: DecimalParts, fraction: string) =>
  parts.integer === '0' && /^0*$/.test(fraction);
