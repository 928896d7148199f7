import { placeholderOf } from '@hcm/contracts/documents';
import type { FieldContract, FieldContracts, ScalarField } from '@hcm/contracts/resource';
import { inArray } from 'drizzle-orm';
import type { Tx } from '../../db/database.ts';
import type { ResourceDefinition } from '../types.ts';
import { dateParts, formatDecimal, formatMoment, moneyInWords } from './vietnamese-format.ts';

type Row = Record<string, unknown>;
/** A document's values: text by placeholder, and a loop's rows. */
export type MergeValues = Record<string, string | Row[]>;

/**
 * The names of referred records, read in the caller's scope (row-level security keeps them to
 * the tenant): one query per target resource, whatever the number of fields and rows.
 */
export class ReferenceNames {
  readonly #byResource: ReadonlyMap<string, ResourceDefinition>;
  readonly #wanted = new Map<string, { display: string; ids: Set<string> }>();
  readonly #found = new Map<string, Map<string, string>>();

  constructor(definitions: readonly ResourceDefinition[]) {
    this.#byResource = new Map(definitions.map((definition) => [definition.name, definition]));
  }

  /** Whether every reference of the fields names a resource whose names can be read here. */
  unknownTargets(fields: FieldContracts, omit: readonly string[] = []): string[] {
    return referencesOf(fields, omit)
      .map(({ field }) => field.target?.resource)
      .filter((resource): resource is string => !!resource && !this.#byResource.has(resource));
  }

  want(field: FieldContract, value: unknown): void {
    const target = 'target' in field ? field.target : undefined;
    if (!target || value === null || value === undefined) return;
    const entry = this.#wanted.get(target.resource) ?? { display: target.display, ids: new Set() };
    for (const id of Array.isArray(value) ? value : [value]) if (typeof id === 'string') entry.ids.add(id);
    this.#wanted.set(target.resource, entry);
  }

  async load(tx: Tx): Promise<void> {
    for (const [resource, { display, ids }] of this.#wanted) {
      const definition = this.#byResource.get(resource);
      if (!definition || ids.size === 0) continue;
      const rows = (await tx
        .select({ id: definition.columns.id, name: definition.column(display) })
        .from(definition.table)
        .where(inArray(definition.columns.id, [...ids]))) as { id: string; name: unknown }[];
      this.#found.set(resource, new Map(rows.map((row) => [row.id, String(row.name ?? '')])));
    }
    this.#wanted.clear();
  }

  nameOf(field: FieldContract, id: unknown): string {
    const target = 'target' in field ? field.target : undefined;
    if (!target || typeof id !== 'string') return '';
    return this.#found.get(target.resource)?.get(id) ?? '';
  }
}

function referencesOf(fields: FieldContracts, omit: readonly string[]) {
  return Object.entries(fields).flatMap(([name, field]) => {
    if (omit.includes(name)) return [];
    if (field.kind === 'children')
      return Object.values(field.fields).flatMap((item) =>
        item.kind === 'reference' ? [{ field: item }] : [],
      );
    return field.kind === 'reference' || field.kind === 'references' ? [{ field }] : [];
  });
}

/** Asks `names` for every referred id of the row (and of its child lists). */
export function wantNames(
  names: ReferenceNames,
  fields: FieldContracts,
  row: Row,
  omit: readonly string[] = [],
) {
  for (const [name, field] of Object.entries(fields)) {
    if (omit.includes(name)) continue;
    if (field.kind === 'children') {
      for (const item of (row[name] as Row[] | undefined) ?? [])
        for (const [itemName, itemField] of Object.entries(field.fields))
          names.want(itemField, item[itemName]);
    } else names.want(field, row[name]);
  }
}

const labelOf = (field: FieldContract, value: string) =>
  'valueLabels' in field
    ? ((field.valueLabels as Record<string, { vi: string }>)[value]?.vi ?? value)
    : value;

/** One field's placeholders and their text (a date's parts, money's words). */
function scalarValues(
  key: string,
  field: ScalarField | FieldContract,
  value: unknown,
  names: ReferenceNames,
): [string, string][] {
  const present = value !== null && value !== undefined && value !== '';
  switch (field.kind) {
    case 'date': {
      const parts = present ? dateParts(String(value)) : { text: '', day: '', month: '', year: '' };
      return [
        [key, parts.text],
        [`${key}.day`, parts.day],
        [`${key}.month`, parts.month],
        [`${key}.year`, parts.year],
      ];
    }
    case 'money':
      return [
        [key, present ? formatDecimal(String(value)) : ''],
        [`${key}.inWords`, present ? moneyInWords(String(value)) : ''],
      ];
    case 'decimal':
      return [[key, present ? formatDecimal(String(value)) : '']];
    case 'dateTime':
      return [[key, present ? formatMoment(value instanceof Date ? value : new Date(String(value))) : '']];
    case 'boolean':
      return [[key, value === true ? 'Có' : value === false ? 'Không' : '']];
    case 'enum':
      return [[key, present ? labelOf(field, String(value)) : '']];
    case 'reference':
    case 'treeParent':
      return [[key, names.nameOf(field, value)]];
    case 'file':
    case 'files':
    case 'image':
      return [];
    default:
      return [[key, present ? String(value) : '']];
  }
}

/**
 * The values of a record for its placeholders (the keys of `fieldPlaceholders` in
 * @hcm/contracts/documents), each under `prefix`; names must already be loaded. Every key is
 * present, empty when the record has no value, so a template never prints "undefined".
 */
export function mergeValuesOf(
  fields: FieldContracts,
  row: Row,
  names: ReferenceNames,
  options: { prefix?: string; omit?: readonly string[]; loops?: boolean } = {},
): MergeValues {
  const { prefix = '', omit = [], loops = true } = options;
  const values: MergeValues = {};
  for (const [name, field] of Object.entries(fields)) {
    if (omit.includes(name)) continue;
    const value = row[name];
    if (field.kind === 'children') {
      if (!loops) continue;
      values[`${prefix}${name}`] = ((value as Row[] | undefined) ?? []).map((item) =>
        Object.fromEntries(
          Object.entries(field.fields).flatMap(([itemName, itemField]) =>
            scalarValues(placeholderOf(itemName, itemField), itemField, item[itemName], names),
          ),
        ),
      );
    } else if (field.kind === 'references') {
      values[`${prefix}${name}`] = ((value as unknown[] | undefined) ?? [])
        .map((id) => names.nameOf(field, id))
        .join(', ');
    } else if (field.kind === 'enumSet') {
      values[`${prefix}${name}`] = ((value as string[] | undefined) ?? [])
        .map((item) => labelOf(field, item))
        .join(', ');
    } else if (field.kind === 'area') {
      // the area's name, as the record answers it beside the code (write/area-fields.ts)
      const shown = row[`${name}Name`];
      values[`${prefix}${placeholderOf(name, field)}`] = typeof shown === 'string' ? shown : '';
    } else
      for (const [key, text] of scalarValues(`${prefix}${placeholderOf(name, field)}`, field, value, names))
        values[key] = text;
  }
  return values;
}
