import type { DerivedColumn, Fields, Lists, ResourceDefinition, ResourceRecord } from './types.ts';

const iso = (value: unknown): unknown => (value instanceof Date ? value.toISOString() : value);

/** What a record is made of: its fields, child lists and derived columns. */
export interface RecordParts {
  readonly fields: Fields;
  readonly lists: Lists;
  readonly derived: Readonly<Record<string, DerivedColumn>>;
}

/**
 * A row as the API shows it: the declared fields, id, version and audit columns (no tenantId);
 * with `shown` (a list row: ListView) only the fields, lists, derived and audit columns named
 * there, and what they bring (a file's info, an area's name).
 */
export function presentRow(
  parts: RecordParts,
  row: Record<string, unknown>,
  shown?: ReadonlySet<string>,
): ResourceRecord {
  const has = (name: string) => shown === undefined || shown.has(name);
  const record: Record<string, unknown> = { id: row.id };
  for (const name of Object.keys(parts.fields)) if (has(name)) record[name] = row[name] ?? null;
  for (const name of Object.keys(parts.lists)) if (has(name)) record[name] = row[name] ?? [];
  // derived columns: what a list page selected (search-records.ts), absent elsewhere
  for (const name of Object.keys(parts.derived))
    if (has(name) && name in row) record[name] = row[name] ?? null;
  // file fields: the file's name, size and type beside its id (write/file-fields.ts)
  for (const [name, spec] of Object.entries(parts.fields))
    if (spec.kind === 'file' && has(name)) record[`${name}Info`] = row[`${name}Info`] ?? null;
  // area fields: the area's name beside its code (write/area-fields.ts)
  for (const [name, spec] of Object.entries(parts.fields))
    if (spec.area && has(name)) record[`${name}Name`] = row[`${name}Name`] ?? null;
  // files lists: each file's name, size and type, in the list's order (gone files left out)
  for (const [name, spec] of Object.entries(parts.lists))
    if (spec.files && has(name)) record[`${name}Info`] = row[`${name}Info`] ?? [];
  record.version = row.version;
  if (has('createdAt')) record.createdAt = iso(row.createdAt);
  if (has('createdBy')) record.createdBy = row.createdBy ?? null;
  if (has('lastModifiedAt')) record.lastModifiedAt = iso(row.lastModifiedAt);
  if (has('lastModifiedBy')) record.lastModifiedBy = row.lastModifiedBy ?? null;
  return record as ResourceRecord;
}

/** A row as the API shows it whole (GET /{id}, the writes): every field and list, id, version and audit columns. */
export function presentRecord(definition: ResourceDefinition, row: Record<string, unknown>): ResourceRecord {
  return presentRow(
    { fields: definition.fields, lists: definition.lists, derived: definition.declaration.derived ?? {} },
    row,
  );
}
