import { FieldErrorKeys, patternFormat, type FieldError, type FieldErrorParams } from '@hcm/contracts';
import type { FastifySchemaCompiler } from 'fastify';
import type { TSchema } from 'typebox';
import { Compile } from 'typebox/compile';
import { Value } from 'typebox/value';

/**
 * Request validation with TypeBox's compiler instead of Fastify's default Ajv set-up, because
 * that one coerces types (`"username": 123` would pass as "123") and silently strips unknown
 * properties; here a wrong type or an unknown field is a 400. Query strings and params arrive
 * as text, so only they are converted (e.g. "2" to 2) before the check.
 */
export const typeboxValidatorCompiler: FastifySchemaCompiler<TSchema> = ({ schema, httpPart }) => {
  // Compiled when the route is first called: compiling every route's schemas at start cost a
  // quarter of a second of every start (and of every test server's).
  let validator: ReturnType<typeof Compile> | undefined;
  return (input: unknown) => {
    validator ??= Compile(schema);
    // First, so that a control character is named even where other fields are also wrong.
    const control = controlCharacterError(input);
    if (control) return { error: [control] as unknown as Error };
    const value = httpPart === 'body' ? input : Value.Convert(schema, input);
    if (validator.Check(value)) return { value };
    // Fastify takes an array of Ajv-style errors here too (it wraps them and keeps them on
    // `error.validation`); its type only names Error.
    return { error: withActualValues(validator.Errors(value), value) as unknown as Error };
  };
};

/**
 * C0 control characters other than tab, line feed and carriage return, and DEL. No HR text
 * needs them; NUL cannot even be stored (PostgreSQL refuses it in text, which would be a 500),
 * and the others hide text in exports and logs.
 */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL_CHARACTER = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

/**
 * The first string in `value` (at any depth, in document order) that holds a control character,
 * as a schema error. Walked with a stack of its own rather than by recursion, so that no value,
 * however deep, runs out of the call stack (JSON bodies are also refused past MAX_JSON_DEPTH
 * before they get here: http/json-body.ts).
 */
export function controlCharacterError(value: unknown, path = ''): SchemaError | undefined {
  const pending: { value: unknown; path: string }[] = [{ value, path }];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const { value: item, path: at } = next;
    if (typeof item === 'string') {
      if (CONTROL_CHARACTER.test(item))
        return {
          keyword: 'pattern',
          instancePath: at,
          params: {},
          message: 'must not contain control characters',
        };
    } else if (item !== null && typeof item === 'object') {
      const children = Array.isArray(item)
        ? item.map((child, index) => ({ value: child as unknown, path: `${at}/${index}` }))
        : Object.entries(item).map(([key, child]) => ({
            value: child as unknown,
            path: `${at}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`,
          }));
      // Last child pushed first: the first child is looked at next, as the recursion did.
      for (const child of children.reverse()) pending.push(child);
    }
  }
  return undefined;
}

/** The value at a JSON pointer (`/steps/0/name`), or undefined. */
function valueAt(root: unknown, pointer: string): unknown {
  let value = root;
  for (const part of pointer.split('/').slice(1)) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[part.replace(/~1/g, '/').replace(/~0/g, '~')];
  }
  return value;
}

/** What is measured of a value against a limit: a text's length, a number itself. */
const MEASURED: Readonly<Record<string, (value: unknown) => number | undefined>> = {
  maxLength: (value) => (typeof value === 'string' ? [...value].length : undefined),
  minLength: (value) => (typeof value === 'string' ? [...value].length : undefined),
  maximum: (value) => (typeof value === 'number' ? value : undefined),
  minimum: (value) => (typeof value === 'number' ? value : undefined),
  exclusiveMaximum: (value) => (typeof value === 'number' ? value : undefined),
  exclusiveMinimum: (value) => (typeof value === 'number' ? value : undefined),
};

/**
 * The schema errors with the actual value each limit was measured against (`params.actual`),
 * which TypeBox leaves out: spec core §5 "max, min and length messages carry the actual and
 * required values".
 */
export function withActualValues(errors: Iterable<SchemaError>, value: unknown): SchemaError[] {
  return [...errors].map((error) => {
    const actual = MEASURED[error.keyword]?.(valueAt(value, error.instancePath));
    return actual === undefined ? error : { ...error, params: { ...error.params, actual } };
  });
}

/** The shape of one TypeBox (Ajv-compatible) validation error that this mapping reads. */
export interface SchemaError {
  keyword: string;
  instancePath: string;
  schemaPath?: string;
  params: Record<string, unknown>;
  message?: string;
}

// Lower rank wins when one field has several errors: the most specific message is kept.
const KEYWORD_TO_KEY: Record<string, { key: string; rank: number }> = {
  required: { key: FieldErrorKeys.required, rank: 0 },
  maxLength: { key: FieldErrorKeys.maxlength, rank: 1 },
  minLength: { key: FieldErrorKeys.minlength, rank: 1 },
  format: { key: FieldErrorKeys.pattern, rank: 1 },
  pattern: { key: FieldErrorKeys.pattern, rank: 1 },
  minimum: { key: FieldErrorKeys.min, rank: 1 },
  exclusiveMinimum: { key: FieldErrorKeys.min, rank: 1 },
  maximum: { key: FieldErrorKeys.max, rank: 1 },
  exclusiveMaximum: { key: FieldErrorKeys.max, rank: 1 },
  additionalProperties: { key: FieldErrorKeys.invalidValue, rank: 2 },
};
const FALLBACK = { key: FieldErrorKeys.invalidValue, rank: 3 };

/** `/items/0/name` → `items[0].name` (how the front end names form controls). */
function toFieldName(instancePath: string, child?: string): string {
  const parts = instancePath
    .split('/')
    .slice(1)
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'));
  if (child !== undefined) parts.push(child);
  return parts.reduce(
    (name, part) => (/^\d+$/.test(part) ? `${name}[${part}]` : name === '' ? part : `${name}.${part}`),
    '',
  );
}

function keyFor(error: SchemaError): { key: string; rank: number } {
  if (error.keyword === 'format' && error.params.format === 'email')
    return { key: FieldErrorKeys.email, rank: 1 };
  // An empty required string reads better as "required" than as "too short".
  if (error.keyword === 'minLength' && error.params.limit === 1)
    return { key: FieldErrorKeys.required, rank: 0 };
  return KEYWORD_TO_KEY[error.keyword] ?? FALLBACK;
}

function messageFor(error: SchemaError, key: string, params: FieldErrorParams | undefined): string {
  if (key === FieldErrorKeys.required) return 'is required';
  if (error.keyword === 'additionalProperties') return 'is not an accepted field';
  if (params?.format !== undefined)
    return `must be a ${String(params.format)}, e.g. ${String(params.example)}`;
  if (params?.required !== undefined && params.actual !== undefined)
    return `${error.message ?? 'is not valid'} (now ${String(params.actual)})`;
  return error.message ?? 'is not valid';
}

/**
 * The values the message of a field error carries (spec core §5, catalogues §5.3): `required`
 * and `actual` of a length or a number's bound, `format` and `example` of a pattern that was
 * declared with its human format (pattern-formats.ts). The browser writes them in its language.
 */
function paramsFor(error: SchemaError): FieldErrorParams | undefined {
  const { limit, actual, pattern } = error.params;
  if (MEASURED[error.keyword] && typeof limit === 'number')
    return typeof actual === 'number' ? { required: limit, actual } : { required: limit };
  if (error.keyword === 'pattern' && typeof pattern === 'string') {
    const described = patternFormat(pattern);
    return described ? { format: described.format, example: described.example } : undefined;
  }
  return undefined;
}

/**
 * Turns schema errors into the envelope's field errors, one per field, keyed by the spec's
 * error keys (error.required, error.maxlength, ...) with the values their messages carry. Errors about the body as a whole (not an
 * object at all) have no field and are left to the envelope's message.
 */
export function toFieldErrors(errors: readonly SchemaError[]): FieldError[] {
  const best = new Map<string, FieldError & { rank: number }>();
  const offer = (field: string, error: SchemaError) => {
    if (field === '') return;
    const { key, rank } = keyFor(error);
    const current = best.get(field);
    if (current && current.rank <= rank) return;
    const params = key === FieldErrorKeys.required ? undefined : paramsFor(error);
    best.set(field, {
      field,
      code: key,
      message: messageFor(error, key, params),
      ...(params ? { params } : {}),
      rank,
    });
  };
  for (const error of errors) {
    // TypeBox reports an unknown property twice: once as `additionalProperties` on the object
    // and once as "schema is false" on the property itself; the first one is enough.
    if (error.keyword === 'boolean' && error.schemaPath?.endsWith('/additionalProperties')) continue;
    if (error.keyword === 'required') {
      const missing = Array.isArray(error.params.requiredProperties) ? error.params.requiredProperties : [];
      for (const name of missing) offer(toFieldName(error.instancePath, String(name)), error);
    } else if (error.keyword === 'additionalProperties') {
      const extra = Array.isArray(error.params.additionalProperties) ? error.params.additionalProperties : [];
      for (const name of extra) offer(toFieldName(error.instancePath, String(name)), error);
    } else {
      offer(toFieldName(error.instancePath), error);
    }
  }
  return [...best.values()].map(({ rank: _rank, ...error }) => error);
}
