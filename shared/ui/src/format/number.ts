import { cutFraction, decimalParts, groupThousands, isZero } from './decimal-string.ts';

/** Decimals per kind of number (catalogues §9). */
export const Decimals = {
  area: 3,
  unitPrice: 3,
  totalPrice: 3,
  coefficient: 3,
  time: 3,
  seniority: 2,
  number: 2,
  money: 0,
  integer: 0,
  default: 2,
} as const;
export type DecimalKind = keyof typeof Decimals;

/** Vietnamese separators (vi-VN): dot between thousands, comma before decimals. */
export const VI_SEPARATORS = { thousands: '.', decimal: ',' } as const;

export interface NumberFormatOptions {
  /** a kind of catalogues §9 or a number of decimals; default: 'default' (2) */
  decimals?: DecimalKind | number;
  /** pad with zeros up to the decimals (1,50 rather than 1,5); default false */
  fixed?: boolean;
  /** what zero (including -0 and 0,00) shows: '0' (default) or '' (blank) */
  zero?: 'zero' | 'blank';
}

export const decimalsOf = (decimals: DecimalKind | number = 'default'): number =>
  typeof decimals === 'number' ? decimals : Decimals[decimals];

/**
 * A number in Vietnamese notation, cut (not rounded) to the decimals of its kind:
 * formatNumber(1234.5678, { decimals: 'area' }) === '1.234,567'. Accepts numbers and plain decimal
 * strings ('1234.5'); null, undefined and anything unreadable give ''.
 */
export function formatNumber(
  value: number | string | null | undefined,
  options: NumberFormatOptions = {},
): string {
  const parts = decimalParts(value);
  if (!parts) return '';
  const maxDecimals = decimalsOf(options.decimals);
  const fraction = cutFraction(parts.fraction, {
    maxDecimals,
    minDecimals: options.fixed ? maxDecimals : 0,
  });
  if (isZero(parts, fraction)) {
    if (options.zero === 'blank') return '';
    return options.fixed && maxDecimals > 0 ? `0${VI_SEPARATORS.decimal}${'0'.repeat(maxDecimals)}` : '0';
  }
  const integer = groupThousands(parts.integer, VI_SEPARATORS.thousands);
  return `${parts.negative ? '-' : ''}${integer}${fraction ? VI_SEPARATORS.decimal + fraction : ''}`;
}
