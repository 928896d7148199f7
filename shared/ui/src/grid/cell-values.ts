import { FieldErrorKeys } from '@hcm/contracts';
import type { FieldContract } from '@hcm/contracts/resource';
import { firstError, type FieldError } from '../form/validators.ts';
import { fieldValidators } from '../resource/contract-form.ts';
import { formatDecimalValue, readDecimalText, type DecimalInputRules } from '../input/decimal-text.ts';
import { decimalParts, groupThousands } from '../format/decimal-string.ts';
import { VI_SEPARATORS } from '../format/number.ts';

/** A cell's value as records keep it: numbers as plain decimal strings ('1234.5'), text, or null. */
export type GridValue = string | null;

/** A number column's typing rules, from the contract's field (integer, decimal, money). */
export function numberRules(field: FieldContract | undefined, max?: string): DecimalInputRules | null {
  if (!field) return null;
  if (field.kind === 'integer')
    return { decimals: 0, allowNegative: field.minimum < 0, max: max ?? String(Math.abs(field.maximum)) };
  if (field.kind === 'decimal' || field.kind === 'money')
    return {
      decimals: field.scale,
      allowNegative: field.minimum.startsWith('-'),
      // numeric(precision, scale): the largest value the column holds
      max:
        max ??
        `${'9'.repeat(field.precision - field.scale) || '0'}${field.scale ? `.${'9'.repeat(field.scale)}` : ''}`,
    };
  return null;
}

/** How a value is shown in a cell: numbers in Vietnamese notation (1.234,5), text as it is. */
export function displayOf(value: GridValue, rules: DecimalInputRules | null): string {
  if (value === null) return '';
  return rules ? formatDecimalValue(value, rules.decimals ?? 2) : value;
}

/** What the editor starts with for a value: the shown text without thousands dots. */
export function editTextOf(value: GridValue, rules: DecimalInputRules | null): string {
  if (value === null) return '';
  return rules ? displayOf(value, rules).replace(/\./g, '') : value;
}

/**
 * A number as Excel may have put it on the clipboard, in Vietnamese notation: "2,34" and
 * "1.234.567" read as they are; "2.34" (one dot, not followed by exactly three digits, no
 * comma: an English Excel's decimal point) has its point turned into a comma. "1.234" stays
 * one thousand two hundred and thirty-four, as a Vietnamese Excel writes it.
 */
export function pastedNumberText(text: string): string {
  const trimmed = text.trim();
  if (trimmed.includes(',')) {
    // both marks: the last one separates the decimals ("1,234.5" from an English Excel)
    return trimmed.lastIndexOf('.') > trimmed.lastIndexOf(',')
      ? trimmed.replace(/,/g, '').replace('.', ',')
      : trimmed;
  }
  const dots = trimmed.split('.').length - 1;
  return dots === 1 && !/\.\d{3}$/.test(trimmed) ? trimmed.replace('.', ',') : trimmed;
}

/** A refusal: a field error in the spec's vocabulary, or a column's own text (already translated). */
export type CellError = FieldError | string;

export interface CellReading {
  readonly value: GridValue;
  readonly error: CellError | null;
}

/**
 * Reads a cell's text (typed, or pasted when `pasted`) against its column: a number column
 * takes Vietnamese notation (and no letters), then the field's own validators (required,
 * range, scale: the contract's limits, as the form and the server check them) and the column's.
 */
export function readCell(
  text: string,
  field: FieldContract | undefined,
  rules: DecimalInputRules | null,
  extra: ((value: GridValue) => CellError | null) | undefined,
  pasted = false,
): CellReading {
  let value: GridValue;
  if (rules) {
    const source = pasted ? pastedNumberText(text) : text;
    if (/[^\d\s.,+-]/.test(source)) return { value: null, error: { key: FieldErrorKeys.invalidValue } };
    const reading = readDecimalText(source, rules);
    if (!reading) {
      const actual = readDecimalText(source, { ...rules, max: '9'.repeat(40) })?.value ?? source;
      return {
        value: null,
        error: { key: FieldErrorKeys.max, params: { required: String(rules.max), actual: String(actual) } },
      };
    }
    value = reading.value;
    if (value !== null && !rules.allowNegative && /^\s*-/.test(source))
      return { value, error: { key: FieldErrorKeys.min, params: { required: 0, actual: `-${value}` } } };
    // more decimals than the column keeps are refused on paste (typing never gets that far)
    const fraction = /,(\d*)/.exec(source.replace(/\s/g, ''))?.[1] ?? '';
    if (pasted && fraction.length > (rules.decimals ?? 2))
      return { value, error: { key: FieldErrorKeys.pattern } };
  } else value = text === '' ? null : text;
  const error = (field ? firstError(value, fieldValidators(field)) : null) ?? extra?.(value) ?? null;
  return { value, error };
}

const PLAIN_DECIMAL = /^(-?)(\d+)(?:\.(\d+))?$/;

/**
 * The exact sum of decimal strings (never through binary floats: money is integer đồng, a
 * coefficient has 3 decimals), as a plain decimal string; null when no value was summed. The
 * values are added as integers scaled to the most decimals: in doubles while every step stays
 * a safe integer (exact, and a 10,000-row column takes a millisecond), else in BigInt.
 */
export function sumOf(values: Iterable<GridValue>): GridValue {
  const parts: { negative: boolean; digits: string; scale: number }[] = [];
  let scale = 0;
  for (const value of values) {
    if (value === null) continue;
    const plain = PLAIN_DECIMAL.exec(value);
    const part = plain ? null : decimalParts(value);
    const fraction = plain ? (plain[3] ?? '') : (part?.fraction ?? '');
    if (!plain && !part) continue;
    parts.push({
      negative: plain ? plain[1] === '-' : Boolean(part?.negative),
      digits: (plain ? (plain[2] ?? '0') : (part?.integer ?? '0')) + fraction,
      scale: fraction.length,
    });
    scale = Math.max(scale, fraction.length);
  }
  if (parts.length === 0) return null;
  let total = 0;
  let exact = true;
  for (const part of parts) {
    const scaled = Number(part.digits) * 10 ** (scale - part.scale);
    total += part.negative ? -scaled : scaled;
    if (!Number.isSafeInteger(scaled) || !Number.isSafeInteger(total)) {
      exact = false;
      break;
    }
  }
  const sum = exact
    ? BigInt(total)
    : parts.reduce((acc, part) => {
        const scaled = BigInt(part.digits || '0') * 10n ** BigInt(scale - part.scale);
        return acc + (part.negative ? -scaled : scaled);
      }, 0n);
  const negative = sum < 0n;
  const digits = (negative ? -sum : sum).toString().padStart(scale + 1, '0');
  const integer = digits.slice(0, digits.length - scale);
  const decimals = digits.slice(digits.length - scale).replace(/0+$/, '');
  return `${negative ? '-' : ''}${integer}${decimals ? `.${decimals}` : ''}`;
}

/** A plain integer string with thousands dots, for counts in the grid's own texts. */
export const groupedCount = (count: number) => groupThousands(String(count), VI_SEPARATORS.thousands);
