import { FieldErrorKeys } from '@hcm/contracts';

/** A field's problem: one of the spec's keys (catalogues §5.3) and the values its message carries. */
export interface FieldError {
  key: string;
  /** e.g. { required: 50, actual: 51 } for error.maxlength */
  params?: Record<string, string | number>;
}

export type Validator<V = unknown> = (value: V) => FieldError | null;

const isEmpty = (value: unknown) =>
  value === null ||
  value === undefined ||
  (typeof value === 'string' && value.trim() === '') ||
  (Array.isArray(value) && value.length === 0);

const lengthOf = (value: unknown) => (typeof value === 'string' || Array.isArray(value) ? value.length : 0);

const numeric = (value: unknown): number | null => {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value)))
    return Number(value);
  return null;
};

/** Local part up to 50 characters (catalogues §5.1), one @, a dotted domain. */
const EMAIL = /^(?=[^@]{1,50}@)[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Validators in the spec's vocabulary. All but `required` pass on an empty value. */
export const Validators = {
  required: (): Validator => (value) => (isEmpty(value) ? { key: FieldErrorKeys.required } : null),
  minLength:
    (required: number): Validator =>
    (value) =>
      !isEmpty(value) && lengthOf(value) < required
        ? { key: FieldErrorKeys.minlength, params: { required, actual: lengthOf(value) } }
        : null,
  maxLength:
    (required: number): Validator =>
    (value) =>
      !isEmpty(value) && lengthOf(value) > required
        ? { key: FieldErrorKeys.maxlength, params: { required, actual: lengthOf(value) } }
        : null,
  pattern:
    (pattern: RegExp | string): Validator =>
    (value) => {
      if (isEmpty(value)) return null;
      const regex = typeof pattern === 'string' ? new RegExp(pattern) : pattern;
      return regex.test(String(value)) ? null : { key: FieldErrorKeys.pattern };
    },
  email: (): Validator => (value) =>
    isEmpty(value) || EMAIL.test(String(value)) ? null : { key: FieldErrorKeys.email },
  min:
    (required: number): Validator =>
    (value) => {
      const actual = numeric(value);
      return actual !== null && actual < required
        ? { key: FieldErrorKeys.min, params: { required, actual } }
        : null;
    },
  max:
    (required: number): Validator =>
    (value) => {
      const actual = numeric(value);
      return actual !== null && actual > required
        ? { key: FieldErrorKeys.max, params: { required, actual } }
        : null;
    },
  /** a date input's value that is not a date (an invalid Date) */
  date: (): Validator => (value) =>
    value instanceof Date && Number.isNaN(value.getTime()) ? { key: FieldErrorKeys.invalidDate } : null,
  /** a value outside a list of allowed ones */
  oneOf:
    (allowed: readonly unknown[]): Validator =>
    (value) =>
      isEmpty(value) || allowed.includes(value) ? null : { key: FieldErrorKeys.invalidValue },
} as const;

/** The first error of a field's validators, or null. */
export function firstError<V>(value: V, validators: readonly Validator<V>[] | undefined): FieldError | null {
  for (const validate of validators ?? []) {
    const error = validate(value);
    if (error) return error;
  }
  return null;
}

/** Keys the portal has messages for; any other key shows a dash. */
export const KNOWN_ERROR_KEYS: ReadonlySet<string> = new Set(Object.values(FieldErrorKeys));
/** What a known key without a message in the dictionary shows (catalogues §5.3). */
export const MISSING_ERROR_MESSAGE = 'errorMessage not found';
export const UNKNOWN_ERROR_MESSAGE = '-';

/**
 * The text of a field error: unknown key -> '-'; known key without a message -> 'errorMessage not
 * found'; otherwise the message with the field label and the error's values interpolated.
 * `translate` answers undefined when the dictionary has no text for the key.
 */
export function fieldErrorText(
  error: FieldError,
  label: string,
  translate: (key: string, params: Record<string, string | number>) => string | undefined,
): string {
  if (!KNOWN_ERROR_KEYS.has(error.key)) return UNKNOWN_ERROR_MESSAGE;
  return translate(error.key, { label, ...error.params }) ?? MISSING_ERROR_MESSAGE;
}

/** Server field errors ({ field, code, message }) keyed by field, in this kit's shape. */
export function serverFieldErrors(
  errors: readonly { field: string; code: string }[] | undefined,
): Record<string, FieldError> {
  const out: Record<string, FieldError> = {};
  for (const { field, code } of errors ?? []) out[field] ??= { key: code };
  return out;
}
