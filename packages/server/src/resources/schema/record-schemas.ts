import { FieldLimits } from '@hcm/contracts';
import { listQuerySchemas } from '@hcm/contracts/resource/requests';
import Type, { type TSchema } from 'typebox';
import type {
  DerivedColumn,
  FieldSpec,
  Fields,
  ListSpec,
  Lists,
  ResourceDeclaration,
  ResourceSchemas,
} from '../types.ts';

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

/**
 * The record as answered: every field and list, id, version and the audit columns; with `shown`
 * (a list row: ListView), id, version and only the fields, lists, derived and audit columns
 * named there, with what they bring (a file's info, an area's name).
 */
function recordSchema(
  fields: Fields,
  lists: Lists,
  derived: Readonly<Record<string, DerivedColumn>> = {},
  shown?: ReadonlySet<string>,
): TSchema {
  const has = (name: string) => shown === undefined || shown.has(name);
  const only = <T>(entries: Record<string, T>) => Object.entries(entries).filter(([name]) => has(name));
  const properties: Record<string, TSchema> = { id: Uuid };
  // computed for list pages only (search): absent from a record read or written alone
  for (const [name, column] of only(derived)) properties[name] = Type.Optional(nullable(column.spec.schema));
  for (const [name, spec] of only(fields))
    properties[name] = holdsValue(spec) ? spec.schema : nullable(spec.schema);
  for (const [name, spec] of only(lists)) properties[name] = listSchema(spec);
  for (const [name, spec] of only(fields))
    if (spec.kind === 'file') properties[`${name}Info`] = nullable(FileInfo);
  for (const [name, spec] of only(fields))
    if (spec.area)
      properties[`${name}Name`] = nullable(
        Type.String({ description: `the name of the area ${name} names` }),
      );
  for (const [name, spec] of only(lists))
    if (spec.files)
      properties[`${name}Info`] = Type.Array(FileInfo, {
        description: `the files of ${name} still kept, in order`,
      });
  const audit: Record<string, TSchema> = {
    createdAt: DateTime,
    createdBy: nullable(Uuid),
    lastModifiedAt: DateTime,
    lastModifiedBy: nullable(Uuid),
  };
  return Type.Object(
    {
      ...properties,
      version: Type.Integer({ minimum: 1, description: 'send it back with POST /{id}/update' }),
      ...Object.fromEntries(only(audit)),
    },
    shown === undefined
      ? {}
      : {
          description:
            "a list row: its columns, names, status and what its pages read (the contract's listFields); GET /{id} answers the whole record",
        },
  );
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
    // a numbered field left out (or null) on create takes the tenant's next number
    if (mode === 'create' && spec.autoNumber) properties[name] = Type.Optional(nullable(spec.schema));
    else properties[name] = mode === 'create' && spec.required ? value : Type.Optional(value);
  }
  if (mode === 'update')
    properties.version = Type.Integer({
      minimum: 1,
      maximum: FieldLimits.integer,
      description: 'the version read; a newer one in the database answers 409 CONFLICT',
    });
  return closed(properties);
}

/**
 * Every schema of the generic sub-paths, derived once from the declaration; `listFields`: what a
 * list row carries (ListView.fields; absent: the whole record).
 */
export function deriveSchemas(
  declaration: ResourceDeclaration,
  listFields?: readonly string[],
): ResourceSchemas {
  const { fields } = declaration;
  const lists = declaration.lists ?? {};
  // The list schemas are shared with the browser tests' fake API (@hcm/contracts/resource/requests).
  const listSchemas = listQuerySchemas({
    filters: declaration.filters,
    schemaOf: (name) => (fields[name] ?? declaration.derived?.[name]?.spec)?.schema,
    approvalField: declaration.approval ? (declaration.approval.statusField ?? 'approvalStatus') : null,
    sort: declaration.sort,
    defaultSort: declaration.defaultSort,
    ...(declaration.autoCompleteFilters ? { narrowing: declaration.autoCompleteFilters.params } : {}),
  });
  return {
    record: recordSchema(fields, lists, declaration.derived),
    listRecord: recordSchema(
      fields,
      lists,
      declaration.derived,
      listFields === undefined ? undefined : new Set(listFields),
    ),
    createBody: bodySchema(fields, declaration.create, 'create', lists),
    updateBody: bodySchema(fields, declaration.update, 'update', lists),
    idParams: closed({ id: Uuid }),
    ...listSchemas,
    importRow: bodySchema(fields, declaration.importColumns, 'create'),
  };
}
