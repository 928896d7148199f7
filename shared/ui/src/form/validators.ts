import { FieldErrorKeys, patternFormat } from '@hcm/contracts';

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
  /** a pattern declared with its human format (describedPattern) says it, with its example */
  pattern: (pattern: RegExp | string): Validator => {
    const regex = typeof pattern === 'string' ? new RegExp(pattern) : pattern;
    const described = patternFormat(pattern);
    const error = described
      ? { key: FieldErrorKeys.pattern, params: { format: described.format, example: described.example } }
      : { key: FieldErrorKeys.pattern };
    return (value) => (isEmpty(value) || regex.test(String(value)) ? null : error);
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
  const params = { label, ...error.params };
  // a bound said without its values (a server rule written by hand): no empty "( )" in the text
  const key = MEASURED_KEYS.has(error.key) && !hasValues(error) ? 'error.outOfLimits' : error.key;
  return (
    richerText(error, params, translate) ??
    translate(key, params) ??
    translate(error.key, params) ??
    MISSING_ERROR_MESSAGE
  );
}

/** The keys whose messages carry the required and actual values. */
const MEASURED_KEYS: ReadonlySet<string> = new Set([
  FieldErrorKeys.maxlength,
  FieldErrorKeys.minlength,
  FieldErrorKeys.max,
  FieldErrorKeys.min,
]);
const hasValues = (error: FieldError) =>
  error.params?.required !== undefined && error.params.actual !== undefined;

/**
 * The message that says more, when the error carries it and the dictionary has its words: a
 * pattern's format and example (`error.patternFormat` with `error.formats.<format>`), a bound's
 * unit (`error.maxUnit` / `error.minUnit` with `error.units.<unit>`). A code is never shown:
 * without its words the plain message is used.
 */
function richerText(
  error: FieldError,
  params: Record<string, string | number>,
  translate: (key: string, params: Record<string, string | number>) => string | undefined,
): string | undefined {
  const { format, unit } = error.params ?? {};
  if (error.key === FieldErrorKeys.pattern && typeof format === 'string') {
    const words = translate(`error.formats.${format}`, {});
    return words === undefined ? undefined : translate('error.patternFormat', { ...params, format: words });
  }
  const bound =
    error.key === FieldErrorKeys.max
      ? 'error.maxUnit'
      : error.key === FieldErrorKeys.min
        ? 'error.minUnit'
        : null;
  if (bound && typeof unit === 'string') {
    const words = translate(`error.units.${unit}`, {});
    return words === undefined ? undefined : translate(bound, { ...params, unit: words });
  }
  return undefined;
}

/**
 * Server field errors ({ field, code, message, params }) keyed by field, in this kit's shape:
 * the key and its values, written in the user's language; the server's English `message` never.
 */
export function serverFieldErrors(
  errors:
    | readonly { field: string; code: string; params?: Readonly<Record<string, string | number>> }[]
    | undefined,
): Record<string, FieldError> {
  const out: Record<string, FieldError> = {};
  for (const { field, code, params } of errors ?? [])
    out[field] ??=
      params && Object.keys(params).length > 0 ? { key: code, params: { ...params } } : { key: code };
  return out;
}
