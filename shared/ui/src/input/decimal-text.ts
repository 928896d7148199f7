import { groupThousands, decimalParts } from '../format/decimal-string.ts';
import { VI_SEPARATORS } from '../format/number.ts';

/** Largest value a decimal input takes (catalogues §5.3). */
export const DECIMAL_INPUT_MAX = '999999999999999';

export interface DecimalInputRules {
  /** decimals after the comma; default 2 (0 allows no comma) */
  decimals?: number;
  /** whether a leading minus is kept; default false */
  allowNegative?: boolean;
  /** largest absolute value, as a plain decimal string or number; default 999999999999999 */
  max?: string | number;
}

export interface DecimalReading {
  /** the value: a plain decimal string ('-1234.5'), or null when nothing is typed */
  value: string | null;
  /** what the input shows: '-1.234,5' (a trailing comma is kept while typing) */
  display: string;
}

/** Compares two non-negative plain decimal strings. */
function compareAbs(a: string, b: string): number {
  const [ai = '0', af = ''] = a.split('.');
  const [bi = '0', bf = ''] = b.split('.');
  const ia = ai.replace(/^0+/, '');
  const ib = bi.replace(/^0+/, '');
  if (ia.length !== ib.length) return ia.length - ib.length;
  if (ia !== ib) return ia < ib ? -1 : 1;
  const width = Math.max(af.length, bf.length);
  const fa = af.padEnd(width, '0');
  const fb = bf.padEnd(width, '0');
  return fa === fb ? 0 : fa < fb ? -1 : 1;
}

/**
 * Reads typed or pasted text the way the decimal input does (catalogues §5.3): only digits and
 * the comma count (dots are thousands separators, anything else is dropped, so pasted text is
 * cleaned); the first comma starts at most `decimals` decimals; leading zeros go; a leading minus
 * stays only when negatives are allowed. Gives null when the value would exceed the maximum (the
 * keystroke or paste is refused).
 */
export function readDecimalText(text: string, rules: DecimalInputRules = {}): DecimalReading | null {
  const decimals = rules.decimals ?? 2;
  const negative = (rules.allowNegative ?? false) && /^\s*-/.test(text);
  const kept = text.replace(/[^\d,]/g, '');
  const comma = decimals > 0 ? kept.indexOf(',') : -1;
  let integer = (comma >= 0 ? kept.slice(0, comma) : kept).replace(/,/g, '');
  const fraction =
    comma >= 0
      ? kept
          .slice(comma + 1)
          .replace(/,/g, '')
          .slice(0, decimals)
      : '';
  integer = integer.replace(/^0+(?=\d)/, '');
  if (integer === '' && comma >= 0) integer = '0';
  const sign = negative ? '-' : '';
  if (integer === '') return { value: null, display: sign };
  const plain = fraction ? `${integer}.${fraction}` : integer;
  if (compareAbs(plain, String(rules.max ?? DECIMAL_INPUT_MAX)) > 0) return null;
  const display = `${sign}${groupThousands(integer, VI_SEPARATORS.thousands)}${comma >= 0 ? VI_SEPARATORS.decimal + fraction : ''}`;
  const isZero = /^0+(\.0*)?$/.test(plain);
  return { value: `${isZero ? '' : sign}${plain}`, display };
}

/** How a value shows when the input is not being edited: '1234.5' -> '1.234,5'; -0 -> '0'. */
export function formatDecimalValue(value: string | number | null | undefined, decimals = 2): string {
  const parts = decimalParts(value ?? null);
  if (!parts) return '';
  const fraction = parts.fraction.slice(0, decimals).replace(/0+$/, '');
  const zero = parts.integer === '0' && fraction === '';
  return `${parts.negative && !zero ? '-' : ''}${groupThousands(parts.integer, VI_SEPARATORS.thousands)}${
    fraction ? VI_SEPARATORS.decimal + fraction : ''
  }`;
}

/** Where the caret goes after reformatting: after the same number of digits (and comma) as before. */
export function caretAfterFormat(before: string, caret: number, after: string): number {
  const significant = before.slice(0, caret).replace(/[^\d,-]/g, '').length;
  if (significant === 0) return 0;
  let seen = 0;
  for (let i = 0; i < after.length; i += 1) {
    if (/[\d,-]/.test(after[i] ?? '')) seen += 1;
    if (seen === significant) return i + 1;
  }
  return after.length;
}
