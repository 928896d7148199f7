import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/**
 * One column's value as a field of PostgreSQL's COPY text format, checked first: the writer
 * refuses a batch with a wrong value before any of it reaches the database, and names the row and
 * field (the database's own COPY error names a line of text nobody sent). Returns the field, or
 * a problem: the spec's error key and the English words for logs and API callers.
 */
export type FieldCodec = (value: unknown) => string | Problem;

export interface Problem {
  problem: 'error.required' | 'error.invalidValue' | 'error.invalidDate' | 'error.maxlength' | 'error.max';
  message: string;
  params?: Record<string, string | number>;
}

export const isProblem = (value: string | Problem): value is Problem => typeof value !== 'string';

const NULL_FIELD = '\\N';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DECIMAL = /^-?\d+(\.\d+)?$/;
const INT32 = 2 ** 31;

/** COPY text escapes backslash, tab, newline and carriage return; NUL cannot be stored in text at all. */
function escapeText(text: string): string {
  return /[\\\t\n\r]/.test(text)
    ? text.replace(/[\\\t\n\r]/g, (c) =>
        c === '\\' ? '\\\\' : c === '\t' ? '\\t' : c === '\n' ? '\\n' : '\\r',
      )
    : text;
}

const invalid = (message: string): Problem => ({ problem: 'error.invalidValue', message });

function textCodec(maxLength: number | undefined): FieldCodec {
  return (value) => {
    if (typeof value !== 'string') return invalid('must be text');
    if (value.includes('\u0000')) return invalid('must not contain the NUL character');
    // varchar(n) counts characters (code points), as PostgreSQL does
    const length = maxLength === undefined ? 0 : [...value].length;
    if (maxLength !== undefined && length > maxLength)
      return {
        problem: 'error.maxlength',
        message: `must be at most ${maxLength} characters`,
        params: { required: maxLength, actual: length },
      };
    return escapeText(value);
  };
}

const uuidCodec: FieldCodec = (value) =>
  typeof value === 'string' && UUID.test(value) ? value : invalid('must be a UUID');

const timestampCodec: FieldCodec = (value) =>
  value instanceof Date && !Number.isNaN(value.getTime())
    ? value.toISOString()
    : { problem: 'error.invalidDate', message: 'must be a valid moment (a Date)' };

/** A calendar date as drizzle's date column gives it: 'YYYY-MM-DD', a day that exists. */
export function isIsoDate(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  const match = ISO_DATE.exec(value);
  if (!match) return false;
  const day = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return day.toISOString().slice(0, 10) === value;
}

const dateCodec: FieldCodec = (value) =>
  isIsoDate(value) ? value : { problem: 'error.invalidDate', message: 'must be a date YYYY-MM-DD' };

function integerCodec(min: number, max: number): FieldCodec {
  return (value) => {
    if (typeof value !== 'number' || !Number.isInteger(value)) return invalid('must be a whole number');
    if (value < min || value > max)
      return {
        problem: 'error.max',
        message: `must be between ${min} and ${max}`,
        params: { required: max, actual: value },
      };
    return String(value);
  };
}

/** numeric(p, s) as a decimal string: never a binary float (money and rates, design.md). */
function decimalCodec(precision: number | undefined, scale: number | undefined): FieldCodec {
  return (value) => {
    if (typeof value !== 'string' || !DECIMAL.test(value))
      return invalid('must be a decimal number as text, like "12.5"');
    const [whole = '', fraction = ''] = value.replace('-', '').split('.');
    if (scale !== undefined && fraction.length > scale)
      return invalid(`must have at most ${scale} decimal places`);
    if (precision !== undefined && whole.replace(/^0+/, '').length > precision - (scale ?? 0))
      return invalid(`must have at most ${precision - (scale ?? 0)} digits before the decimal point`);
    return value;
  };
}

/** The codec of a drizzle column, by its type; a type the bulk path does not write is a programming error. */
export function codecOf(column: AnyPgColumn): FieldCodec {
  const inner = codecOfType(column);
  return (value) => {
    if (value === null || value === undefined)
      return column.notNull ? { problem: 'error.required', message: 'is required' } : NULL_FIELD;
    return inner(value);
  };
}

function codecOfType(column: AnyPgColumn): FieldCodec {
  const described = column as unknown as { length?: number; precision?: number; scale?: number };
  switch (column.columnType) {
    case 'PgUUID':
      return uuidCodec;
    case 'PgVarchar':
    case 'PgText':
      return textCodec(described.length);
    case 'PgTimestamp':
      return timestampCodec;
    case 'PgDateString':
      return dateCodec;
    case 'PgSmallInt':
      return integerCodec(-(2 ** 15), 2 ** 15 - 1);
    case 'PgInteger':
      return integerCodec(-INT32, INT32 - 1);
    case 'PgBigInt53':
      return integerCodec(Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER);
    case 'PgNumeric':
      return decimalCodec(described.precision, described.scale);
    default:
      throw new Error(`bulk path: column ${column.name} of type ${column.columnType} is not supported`);
  }
}
