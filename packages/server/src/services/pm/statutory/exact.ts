/**
 * Exact rational arithmetic on BigInt for the reference functions: no binary float touches a
 * figure that decides a đồng. A value is a fraction n/d with d > 0, not necessarily reduced
 * (payroll's chains are short; gcd only where a comparison or a rounding needs none).
 */
export interface Exact {
  readonly n: bigint;
  readonly d: bigint;
}

export const ZERO: Exact = { n: 0n, d: 1n };

/** An integer (đồng, a count). */
export function int(value: bigint | number): Exact {
  if (typeof value === 'number' && !Number.isSafeInteger(value))
    throw new RangeError(`${value} is not a safe integer`);
  return { n: BigInt(value), d: 1n };
}

const DECIMAL = /^(-?)(\d+)(?:\.(\d+))?$/;

/**
 * A decimal read exactly from its shortest text: 17.5 is 175/10, 0.1 is 1/10 (not the binary
 * double nearest it). Inputs are decimals as a person or PostgreSQL's numeric writes them.
 */
export function dec(value: number | string): Exact {
  const text = typeof value === 'number' ? numberText(value) : value.trim();
  const match = DECIMAL.exec(text);
  if (!match) throw new RangeError(`"${text}" is not a decimal number`);
  const [, sign, whole, fraction = ''] = match;
  const n = BigInt(`${whole}${fraction}`) * (sign ? -1n : 1n);
  return { n, d: 10n ** BigInt(fraction.length) };
}

function numberText(value: number): string {
  if (!Number.isFinite(value)) throw new RangeError(`${value} is not a finite number`);
  const text = String(value);
  if (!/e/i.test(text)) return text;
  // 1e21 and above, or below 1e-6: written out without an exponent
  return value.toFixed(20).replace(/\.?0+$/, '');
}

export const add = (a: Exact, b: Exact): Exact => ({ n: a.n * b.d + b.n * a.d, d: a.d * b.d });
export const sub = (a: Exact, b: Exact): Exact => ({ n: a.n * b.d - b.n * a.d, d: a.d * b.d });
export const mul = (a: Exact, b: Exact): Exact => ({ n: a.n * b.n, d: a.d * b.d });

export function div(a: Exact, b: Exact): Exact {
  if (b.n === 0n) throw new RangeError('division by zero');
  const sign = b.n < 0n ? -1n : 1n;
  return { n: a.n * b.d * sign, d: a.d * b.n * sign };
}

/** Per cent as a fraction: 17.5 → 0.175. */
export const percent = (a: Exact): Exact => ({ n: a.n, d: a.d * 100n });

export function cmp(a: Exact, b: Exact): -1 | 0 | 1 {
  const left = a.n * b.d;
  const right = b.n * a.d;
  return left < right ? -1 : left > right ? 1 : 0;
}

export const min = (a: Exact, b: Exact): Exact => (cmp(a, b) <= 0 ? a : b);
export const max = (a: Exact, b: Exact): Exact => (cmp(a, b) >= 0 ? a : b);

/**
 * To a whole number, half away from zero (Excel's ROUND(x, 0), the rounding of every money line):
 * 2.5 → 3, −2.5 → −3.
 */
export function roundHalfAway(a: Exact): bigint {
  const negative = a.n < 0n;
  const n = negative ? -a.n : a.n;
  const whole = (2n * n + a.d) / (2n * a.d);
  return negative ? -whole : whole;
}

export const sum = (...values: Exact[]): Exact => values.reduce(add, ZERO);

/** A whole đồng back to a number (every payroll amount is far below 2^53). */
export function toNumber(value: bigint): number {
  const number = Number(value);
  if (!Number.isSafeInteger(number)) throw new RangeError(`${value} is too large`);
  return number;
}
