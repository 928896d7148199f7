import Type, { type TSchema } from 'typebox';
import Value from 'typebox/value';
import { FieldErrorKeys } from '../error-codes.ts';
import { APPROVAL_LIST_FILTERS } from '../approval/transitions.ts';
import { FieldLimits, Paging } from '../limits.ts';
import type { AnyResourceContract, SortDirection } from './contract.ts';
import { fieldSchema } from './field-schema.ts';
import { rangeParams } from './range-params.ts';

/**
 * The query strings and small bodies of the generic list sub-paths (search, count, export,
 * auto-complete, find-by-ids), built once here and used by both sides: the server validates its
 * routes with them (resources/schema/record-schemas.ts) and the browser tests' fake API checks
 * the same calls with them (shared/ui testing/fake-resource-api.ts). A fake therefore cannot
 * accept a parameter the server refuses (issue 27: export refused the list's paging).
 * Pure TypeBox, no server code: it is bundled into browser tests.
 */

const Uuid = Type.String({ format: 'uuid' });

/**
 * At most this many ids in GET /export?ids=…: a list's selection. The ids travel in the URL,
 * which Node (16 KiB of headers) and common proxies (8 KiB for the request line) bound: 100
 * uuids are about 4 KiB. A larger set is exported by its filters instead.
 */
export const MAX_EXPORT_IDS = Paging.maxPageSize;

/** The pageIndex and pageSize parameters every paged list takes (catalogues §5 limits). */
export const pagingQuery = {
  pageIndex: Type.Optional(Type.Integer({ minimum: 1, maximum: Paging.maxPageIndex, default: 1 })),
  pageSize: Type.Optional(
    Type.Integer({ minimum: 1, maximum: Paging.maxPageSize, default: Paging.defaultPageSize }),
  ),
  /**
   * keyset paging: true answers `page.nextCursor` (opt-in, so the spec's page envelope stays as
   * it was for callers that page by pageIndex); implied by `cursor`
   */
  keyset: Type.Optional(Type.Boolean({ description: 'answer page.nextCursor (keyset paging)' })),
  /**
   * keyset paging: the previous answer's `page.nextCursor`; the rows after it in the same sort,
   * instead of skipping (pageIndex − 1) × pageSize rows. pageIndex is then only echoed.
   */
  cursor: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: Paging.maxCursorLength,
      pattern: '^[A-Za-z0-9_-]+$',
      description: "a previous page's page.nextCursor: the rows after it (keyset paging)",
    }),
  ),
};

const closed = (properties: Record<string, TSchema>, description?: string) =>
  Type.Object(properties, { additionalProperties: false, ...(description ? { description } : {}) });

const APPROVAL_FILTER = Type.String({
  maxLength: 32,
  description: `${APPROVAL_LIST_FILTERS.join(', ')}; any other value means ALL`,
});

/** A filter parameter: one value, or several as a repeated parameter. */
function filterSchema(schema: TSchema): TSchema {
  return Type.Optional(
    Type.Union([schema, Type.Array(schema, { minItems: 1, maxItems: Paging.maxPageSize })]),
  );
}

export { rangeParams };

const isDateSchema = (schema: TSchema) => (schema as { format?: unknown }).format === 'date';

const keyword = Type.Optional(
  Type.String({ maxLength: FieldLimits.search, description: 'matched anywhere in the searchable fields' }),
);

/** What the list schemas are built from: the same on the server (a declaration) and in a contract. */
export interface ListQueryShape {
  /** the filter fields, in order */
  readonly filters: readonly string[];
  /** the schema of one value of a filter field (undefined: not a column, no parameter) */
  schemaOf(name: string): TSchema | undefined;
  /** the approval status field: its filter takes ALL and WAIT_MY_APPROVE too (catalogues §3.1) */
  readonly approvalField: string | null;
  readonly sort: readonly string[];
  readonly defaultSort: { readonly field: string; readonly direction: SortDirection };
  /** the auto-complete's parameters beyond keyword and paging (a server binding's) */
  readonly narrowing?: Readonly<Record<string, TSchema>>;
}

export interface ListQuerySchemas {
  readonly searchQuery: TSchema;
  readonly countQuery: TSchema;
  readonly exportQuery: TSchema;
  readonly autoCompleteQuery: TSchema;
  readonly autoCompleteAllQuery: TSchema;
  readonly findByIdsBody: TSchema;
}

function sortBySchema(sort: readonly string[], defaultSort: ListQueryShape['defaultSort']): TSchema {
  return Type.Optional(
    Type.String({
      maxLength: 100,
      pattern: `^(?:${sort.join('|')})\\.(?:asc|desc)$`,
      description: `one of ${sort.map((f) => `${f}.asc|${f}.desc`).join(', ')}; default ${defaultSort.field}.${defaultSort.direction}`,
    }),
  );
}

/** Every list schema of one resource. */
export function listQuerySchemas(shape: ListQueryShape): ListQuerySchemas {
  const filters: Record<string, TSchema> = {};
  for (const name of shape.filters) {
    if (name === shape.approvalField) {
      filters[name] = filterSchema(APPROVAL_FILTER);
      continue;
    }
    const schema = shape.schemaOf(name);
    if (schema) filters[name] = filterSchema(schema);
    if (schema && isDateSchema(schema)) {
      const { from, to } = rangeParams(name);
      filters[from] = Type.Optional(
        Type.String({ format: 'date', description: `${name} on or after (yyyy-MM-dd)` }),
      );
      filters[to] = Type.Optional(
        Type.String({ format: 'date', description: `${name} on or before (yyyy-MM-dd)` }),
      );
    }
  }
  const sortBy = sortBySchema(shape.sort, shape.defaultSort);
  const narrowing = Object.fromEntries(
    Object.entries(shape.narrowing ?? {}).map(([name, schema]) => [name, Type.Optional(schema)]),
  );
  // The export takes the list's own parameters, paging included (ignored: every matching row is
  // exported), so that a page may send what it searched with; `ids` narrows it to a selection.
  const ids = Type.Optional(
    Type.Union([Uuid, Type.Array(Uuid, { minItems: 1, maxItems: MAX_EXPORT_IDS })], {
      description: `only these records (a selection; at most ${MAX_EXPORT_IDS}, repeated: ids=…&ids=…)`,
    }),
  );
  return {
    searchQuery: closed({ keyword, ...pagingQuery, sortBy, ...filters }),
    countQuery: closed({ keyword, ...filters }),
    exportQuery: closed(
      { keyword, ...pagingQuery, sortBy, ...filters, ids },
      'the list query; pageIndex and pageSize are accepted and ignored: every matching row is exported',
    ),
    autoCompleteQuery: closed({ keyword, ...pagingQuery, sortBy, ...narrowing }, 'ACTIVE records only'),
    autoCompleteAllQuery: closed(
      { keyword, sortBy, ...narrowing },
      `ACTIVE records only, at most ${Paging.maxAutoCompleteAll}`,
    ),
    findByIdsBody: closed({ ids: Type.Array(Uuid, { minItems: 1, maxItems: Paging.maxFindByIds }) }),
  };
}

/** The kinds the server keeps as lists (child tables): never a filter parameter. */
const LIST_KINDS = new Set(['children', 'references', 'files', 'enumSet']);

/**
 * The list schemas of a contract, as the server derives them from the contract's binding. The
 * auto-complete's narrowing parameters are the binding's (workers, document templates): pass
 * them when a test needs them. The server's tests check that this equals what it serves.
 */
export function listQuerySchemasOf(
  contract: AnyResourceContract,
  narrowing?: Readonly<Record<string, TSchema>>,
): ListQuerySchemas {
  return listQuerySchemas({
    filters: contract.filters,
    schemaOf: (name) => {
      const field = contract.fields[name];
      return field && !LIST_KINDS.has(field.kind) ? fieldSchema(field) : undefined;
    },
    approvalField: contract.approvable ? 'approvalStatus' : null,
    sort: contract.sort,
    defaultSort: contract.defaultSort,
    ...(narrowing ? { narrowing } : {}),
  });
}

/** A field error as the server's validation names it (http/validation.ts, toFieldErrors). */
export interface RequestFieldError {
  field: string;
  code: string;
  message: string;
}

/** A query string as Fastify hands it to validation: one value as text, a repeated one as a list. */
export function queryObject(query: URLSearchParams): Record<string, string | string[]> {
  const object: Record<string, string | string[]> = {};
  for (const key of new Set(query.keys())) {
    const values = query.getAll(key);
    object[key] = values.length === 1 ? (values[0] ?? '') : values;
  }
  return object;
}

/** Schema errors, one per top-level field, an unknown field as "is not an accepted field". */
function fieldErrors(schema: TSchema, value: unknown): RequestFieldError[] {
  const errors: RequestFieldError[] = [];
  const add = (field: string, message: string) => {
    if (!errors.some((known) => known.field === field))
      errors.push({ field, code: FieldErrorKeys.invalidValue, message });
  };
  for (const error of Value.Errors(schema, value)) {
    const params = error.params as Record<string, unknown>;
    if (error.keyword === 'additionalProperties') {
      const extra = Array.isArray(params.additionalProperties) ? params.additionalProperties : [];
      for (const name of extra) add(String(name), 'is not an accepted field');
    } else if (error.keyword !== 'boolean') {
      // ('boolean' is the same unknown field reported again)
      const field = error.instancePath.split('/').filter(Boolean)[0];
      if (field) add(field, error.message ?? 'is not valid');
    }
  }
  return errors;
}

/**
 * Whether a query string passes one of the list schemas, converted first as the server converts
 * query strings ("2" → 2): null when it does, else its field errors (possibly none, when the
 * whole is wrong). For code without typebox of its own: the browser tests' fake API.
 */
export function queryProblems(schema: TSchema, query: URLSearchParams): RequestFieldError[] | null {
  const value = Value.Convert(schema, queryObject(query));
  return Value.Check(schema, value) ? null : fieldErrors(schema, value);
}

/** The same for a JSON body (not converted: the server takes JSON as it is). */
export function bodyProblems(schema: TSchema, body: unknown): RequestFieldError[] | null {
  return Value.Check(schema, body) ? null : fieldErrors(schema, body);
}
