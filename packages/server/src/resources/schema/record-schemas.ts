import { APPROVAL_LIST_FILTERS } from '@hcm/contracts/approvals';
import { FieldLimits, Paging } from '@hcm/contracts';
import Type, { type TSchema } from 'typebox';
import type { FieldSpec, Fields, ListSpec, Lists, ResourceDeclaration, ResourceSchemas } from '../types.ts';
import { pagingQuery } from '../../http/paging-query.ts';

const Uuid = Type.String({ format: 'uuid' });
const DateTime = Type.String({ format: 'date-time' });
const nullable = (schema: TSchema) => Type.Union([schema, Type.Null()]);
/** Never null: a required field, or an enum whose column is NOT NULL (it has a default). */
const holdsValue = (spec: FieldSpec) => spec.required || (spec.kind === 'enum' && spec.neverNull !== false);
/** `<field>Info` of a file field: the stored file its id names (null once it is gone). */
const FileInfo = Type.Object(
  {
    id: Uuid,
    fileName: Type.String({ maxLength: 255 }),
    size: Type.Integer({ minimum: 0 }),
    contentType: Type.String({ maxLength: 150 }),
    thumbnail: Type.Boolean({
      description: 'a raster image: its 200×200 thumbnail is at GET /api/storage/files/{id}/thumbnail',
    }),
  },
  { description: 'the file the field names: download it at GET /api/storage/files/{id}/download' },
);
const closed = (properties: Record<string, TSchema>, description?: string) =>
  Type.Object(properties, { additionalProperties: false, ...(description ? { description } : {}) });

const listSchema = (spec: ListSpec) =>
  Type.Array(spec.item, { maxItems: spec.maxItems, description: `${spec.label.en} (a list)` });

/** The record as answered: every field and list, id, version and the audit columns. */
function recordSchema(fields: Fields, lists: Lists): TSchema {
  const properties: Record<string, TSchema> = { id: Uuid };
  for (const [name, spec] of Object.entries(fields))
    properties[name] = holdsValue(spec) ? spec.schema : nullable(spec.schema);
  for (const [name, spec] of Object.entries(lists)) properties[name] = listSchema(spec);
  for (const [name, spec] of Object.entries(fields))
    if (spec.kind === 'file') properties[`${name}Info`] = nullable(FileInfo);
  for (const [name, spec] of Object.entries(fields))
    if (spec.area)
      properties[`${name}Name`] = nullable(
        Type.String({ description: `the name of the area ${name} names` }),
      );
  for (const [name, spec] of Object.entries(lists))
    if (spec.files)
      properties[`${name}Info`] = Type.Array(FileInfo, {
        description: `the files of ${name} still kept, in order`,
      });
  return Type.Object({
    ...properties,
    version: Type.Integer({ minimum: 1, description: 'send it back with POST /{id}/update' }),
    createdAt: DateTime,
    createdBy: nullable(Uuid),
    lastModifiedAt: DateTime,
    lastModifiedBy: nullable(Uuid),
  });
}

/** A body of the given fields: required ones required on create, nullable ones may be null. */
function bodySchema(
  fields: Fields,
  names: readonly string[],
  mode: 'create' | 'update',
  lists: Lists = {},
): TSchema {
  const properties: Record<string, TSchema> = {};
  for (const [name, spec] of Object.entries(lists)) properties[name] = Type.Optional(listSchema(spec));
  for (const name of names) {
    const spec = fields[name];
    if (!spec) continue;
    const value = holdsValue(spec) ? spec.schema : nullable(spec.schema);
    properties[name] = mode === 'create' && spec.required ? value : Type.Optional(value);
  }
  if (mode === 'update')
    properties.version = Type.Integer({
      minimum: 1,
      maximum: FieldLimits.integer,
      description: 'the version read; a newer one in the database answers 409 CONFLICT',
    });
  return closed(properties);
}

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

const keyword = Type.Optional(
  Type.String({ maxLength: FieldLimits.search, description: 'matched anywhere in the searchable fields' }),
);

function sortBySchema(declaration: ResourceDeclaration): TSchema {
  const { sort, defaultSort } = declaration;
  return Type.Optional(
    Type.String({
      maxLength: 100,
      pattern: `^(?:${sort.join('|')})\\.(?:asc|desc)$`,
      description: `one of ${sort.map((f) => `${f}.asc|${f}.desc`).join(', ')}; default ${defaultSort.field}.${defaultSort.direction}`,
    }),
  );
}

/** Every schema of the generic sub-paths, derived once from the declaration. */
export function deriveSchemas(declaration: ResourceDeclaration): ResourceSchemas {
  const { fields } = declaration;
  const lists = declaration.lists ?? {};
  const filters: Record<string, TSchema> = {};
  const approvalField = declaration.approval ? (declaration.approval.statusField ?? 'approvalStatus') : null;
  for (const name of declaration.filters) {
    const spec = fields[name];
    // catalogues §3.1: the approval filter adds ALL and WAIT_MY_APPROVE, and an unknown value means ALL
    if (name === approvalField) filters[name] = filterSchema(APPROVAL_FILTER);
    else if (spec) filters[name] = filterSchema(spec.schema);
  }
  const sortBy = sortBySchema(declaration);
  const narrowing = Object.fromEntries(
    Object.entries(declaration.autoCompleteFilters?.params ?? {}).map(([name, schema]) => [
      name,
      Type.Optional(schema),
    ]),
  );
  return {
    record: recordSchema(fields, lists),
    createBody: bodySchema(fields, declaration.create, 'create', lists),
    updateBody: bodySchema(fields, declaration.update, 'update', lists),
    idParams: closed({ id: Uuid }),
    searchQuery: closed({ keyword, ...pagingQuery, sortBy, ...filters }),
    countQuery: closed({ keyword, ...filters }),
    exportQuery: closed({ keyword, sortBy, ...filters }),
    autoCompleteQuery: closed({ keyword, ...pagingQuery, sortBy, ...narrowing }, 'ACTIVE records only'),
    autoCompleteAllQuery: closed(
      { keyword, sortBy, ...narrowing },
      `ACTIVE records only, at most ${Paging.maxAutoCompleteAll}`,
    ),
    findByIdsBody: closed({ ids: Type.Array(Uuid, { minItems: 1, maxItems: Paging.maxFindByIds }) }),
    importRow: bodySchema(fields, declaration.importColumns, 'create'),
  };
}
