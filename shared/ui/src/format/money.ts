import { cutFraction, decimalParts, groupThousands, isZero } from './decimal-string.ts';
import { VI_SEPARATORS, formatNumber } from './number.ts';

/** The currency label and the abbreviations of catalogues §9: the same in every language. */
export const MONEY_UNIT = 'VNĐ';
export const MONEY_ABBREVIATIONS = ['', 'K', 'M', 'B'] as const;
/** The money pipe shows at most 3 decimals. */
export const MONEY_MAX_DECIMALS = 3;

export interface MoneyFormatOptions {
  /** what zero (including -0 and 0.00) shows: '0' (default) or '' (blank) */
  zero?: 'zero' | 'blank';
  /** append ' VNĐ' */
  unit?: boolean;
  /** at most this many decimals (cut, not rounded); default 3 */
  maxDecimals?: number;
}

/**
 * Money in Vietnamese notation, cut rather than rounded: formatMoney(1234567.899) === '1.234.567,899',
 * formatMoney(-0.0001) === '0', formatMoney(0, { zero: 'blank' }) === '',
 * formatMoney(1500000, { unit: true }) === '1.500.000 VNĐ'.
 */
export function formatMoney(
  value: number | string | null | undefined,
  options: MoneyFormatOptions = {},
): string {
  const text = formatNumber(value, {
    decimals: options.maxDecimals ?? MONEY_MAX_DECIMALS,
    zero: options.zero,
  });
  if (text === '' || !options.unit) return text;
  return `${text} ${MONEY_UNIT}`;
}

/**
 * Money shortened by thousands with K, M, B, cut to `decimals` (default 2):
 * abbreviateMoney(1_234_567) === '1,23M', abbreviateMoney(950) === '950', abbreviateMoney(2.5e12) === '2.500B'.
 */
export function abbreviateMoney(
  value: number | string | null | undefined,
  options: { decimals?: number; zero?: 'zero' | 'blank'; unit?: boolean } = {},
): string {
  const parts = decimalParts(value);
  if (!parts) return '';
  // Shift the decimal point by whole thousands, as text: no binary rounding.
  const step = Math.min(
    MONEY_ABBREVIATIONS.length - 1,
    Math.floor((parts.integer.replace(/^0$/, '').length - 1) / 3),
  );
  const shift = Math.max(0, step) * 3;
  const integer = shift ? parts.integer.slice(0, parts.integer.length - shift) : parts.integer;
  const fractionDigits = shift
    ? parts.integer.slice(parts.integer.length - shift) + parts.fraction
    : parts.fraction;
  const fraction = cutFraction(fractionDigits, { maxDecimals: options.decimals ?? 2 });
  const shifted = { ...parts, integer };
  if (isZero(shifted, fraction)) return options.zero === 'blank' ? '' : '0';
  const text = `${parts.negative ? '-' : ''}${groupThousands(integer, VI_SEPARATORS.thousands)}${
    fraction ? VI_SEPARATORS.decimal + fraction : ''
  }${MONEY_ABBREVIATIONS[Math.max(0, step)]}`;
  return options.unit ? `${text} ${MONEY_UNIT}` : text;
}
