import type { ResourceDefinition, ResourceRecord } from './types.ts';

const iso = (value: unknown): unknown => (value instanceof Date ? value.toISOString() : value);

/** A row as the API shows it: the declared fields, id, version and audit columns (no tenantId). */
export function presentRecord(definition: ResourceDefinition, row: Record<string, unknown>): ResourceRecord {
  const record: Record<string, unknown> = { id: row.id };
  for (const name of Object.keys(definition.fields)) record[name] = row[name] ?? null;
  for (const name of Object.keys(definition.lists)) record[name] = row[name] ?? [];
  // derived columns: what a list page selected (search-records.ts), absent elsewhere
  for (const name of Object.keys(definition.declaration.derived ?? {}))
    if (name in row) record[name] = row[name] ?? null;
  // file fields: the file's name, size and type beside its id (write/file-fields.ts)
  for (const [name, spec] of Object.entries(definition.fields))
    if (spec.kind === 'file') record[`${name}Info`] = row[`${name}Info`] ?? null;
  // area fields: the area's name beside its code (write/area-fields.ts)
  for (const [name, spec] of Object.entries(definition.fields))
    if (spec.area) record[`${name}Name`] = row[`${name}Name`] ?? null;
  // files lists: each file's name, size and type, in the list's order (gone files left out)
  for (const [name, spec] of Object.entries(definition.lists))
    if (spec.files) record[`${name}Info`] = row[`${name}Info`] ?? [];
  record.version = row.version;
  record.createdAt = iso(row.createdAt);
  record.createdBy = row.createdBy ?? null;
  record.lastModifiedAt = iso(row.lastModifiedAt);
  record.lastModifiedBy = row.lastModifiedBy ?? null;
  return record as ResourceRecord;
}
