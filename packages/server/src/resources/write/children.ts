import { FieldErrorKeys, type FieldError } from '@hcm/contracts';
import {
  fieldSchema,
  shownValue,
  type ChildrenField,
  type Label,
  type ScalarField,
} from '@hcm/contracts/resource';
import { asc, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import { getTableConfig, type PgColumn, type PgTable } from 'drizzle-orm/pg-core';
import type { Language, ListSpec } from '../types.ts';

/**
 * The child table of a `children` field: one row per child, a column per item field (named like
 * the field, its drizzle key), the parent's id, and the tenant's when the table has tenantId
 * (filled from the caller's scope, as row-level security checks it).
 */
export interface ChildTable {
  readonly table: PgTable;
  /** the column holding the parent record's id */
  readonly parent: PgColumn;
  /**
   * the order of the rows: an item field's column (rows answered sorted by it), or a column of
   * its own (a smallint filled with each row's place, 0, 1, …); none: sorted by the first field
   */
  readonly order?: PgColumn;
}

type Item = Record<string, unknown>;

/** The tenant id of the calling transaction, as the policies read it. */
const CURRENT_TENANT = sql`nullif(current_setting('app.tenant_id', true), '')::uuid`;

const isText = (field: ScalarField) => field.kind === 'text' || field.kind === 'code';
const isReference = (field: ScalarField | undefined) => field?.kind === 'reference';

const YES_NO = { vi: ['Có', 'Không'], en: ['Yes', 'No'] } as const;

/**
 * One item of a row as an export cell writes it for a person (issue 27: no raw codes): an enum
 * by its name, a yes/no in words, a date dd/MM/yyyy, a duration kept in ms as the minutes it
 * was typed in, with the unit's word; '' for nothing.
 */
function readable(spec: ScalarField | undefined, value: unknown, language: Language): string {
  if (value === null || value === undefined || value === '') return '';
  switch (spec?.kind) {
    case 'enum':
      return (
        (spec.valueLabels as Readonly<Record<string, Label>>)[String(value)]?.[language] ?? String(value)
      );
    case 'boolean':
      return YES_NO[language][value ? 0 : 1];
    case 'date':
      return /^\d{4}-\d{2}-\d{2}$/.test(String(value))
        ? String(value).split('-').reverse().join('/')
        : String(value);
    case 'integer':
      return typeof value === 'number' && spec.unit
        ? `${shownValue(spec.unit, value)} ${spec.unit.label[language]}`
        : String(value);
    default:
      return String(value);
  }
}

/** "1.5" → "1.500" at scale 3: a decimal as numeric(p, 3) answers it, so lists compare equal. */
function scaled(value: string, scale: number): string {
  if (scale === 0) return value;
  const [whole, fraction = ''] = value.split('.');
  return `${whole}.${fraction.padEnd(scale, '0')}`;
}

/** One item as stored and answered: every item field, in order, null when absent. */
function normaliseItem(fields: Readonly<Record<string, ScalarField>>, item: Item): Item {
  const out: Item = {};
  for (const [name, field] of Object.entries(fields)) {
    const value = item[name] ?? null;
    out[name] =
      typeof value === 'string' && (field.kind === 'decimal' || field.kind === 'money')
        ? scaled(value, field.scale)
        : value;
  }
  return out;
}

const compare = (a: unknown, b: unknown): number =>
  a === b ? 0 : a === null ? 1 : b === null ? -1 : (a as number | string) < (b as number | string) ? -1 : 1;

/**
 * A ListSpec over the child table of a children field: items are objects checked by the item
 * fields' schemas (the contract's limits, required fields, patterns, maxItems); an item field
 * marked unique is unique within one parent's rows (case-insensitive for text), refused at
 * `<field>[<row>].<item field>`; the rows are replaced whole when the field is given.
 */
export function childrenList(name: string, field: ChildrenField, child: ChildTable): ListSpec {
  const tableName = getTableConfig(child.table).name;
  const fail = (problem: string): never => {
    throw new Error(`children field ${name} (table ${tableName}): ${problem}`);
  };
  const columns = getTableColumns(child.table) as Record<string, PgColumn | undefined>;
  const keyOf = (column: PgColumn): string =>
    Object.entries(columns).find(([, candidate]) => candidate === column)?.[0] ??
    fail(`the column ${column.name} is not of the table`);
  const itemColumns: Record<string, PgColumn> = {};
  for (const [item, spec] of Object.entries(field.fields)) {
    const column = columns[item] ?? fail(`no column for the item field ${item}`);
    if (spec.required && !column.notNull) fail(`item field ${item} is required but its column allows NULL`);
    if (!spec.required && column.notNull) fail(`item field ${item} is optional but its column is NOT NULL`);
    itemColumns[item] = column;
  }
  const tenantId = columns.tenantId;
  const parentKey = keyOf(child.parent);
  const orderKey = child.order ? keyOf(child.order) : undefined;
  /** the item field the rows are sorted by, when the order is one */
  const orderField = orderKey && orderKey in field.fields ? orderKey : undefined;
  const firstField = Object.keys(field.fields)[0] ?? fail('a children field needs item fields');
  const sortColumn = child.order ?? (itemColumns[firstField] as PgColumn);
  const unique = Object.entries(field.fields).filter(([, spec]) => spec.unique);

  const stored = [
    { table: tableName, column: child.parent.name, item: 'parent', required: true },
    ...Object.entries(itemColumns).map(([item, column]) => ({
      table: tableName,
      column: column.name,
      item,
      required: field.fields[item]?.required ?? false,
    })),
  ];

  return {
    label: field.label,
    columns: stored,
    item: (fieldSchema(field) as unknown as { items: ListSpec['item'] }).items,
    maxItems: field.maxItems,
    normalise(values) {
      const items = values.map((value) => normaliseItem(field.fields, value as Item));
      return orderField ? items.sort((a, b) => compare(a[orderField], b[orderField])) : items;
    },
    check(values) {
      const errors: FieldError[] = [];
      for (const [item, spec] of unique) {
        const seen = new Map<unknown, number>();
        values.forEach((value, row) => {
          const raw = (value as Item)[item];
          if (raw === null || raw === undefined) return;
          const key = isText(spec) ? String(raw).trim().toLowerCase() : raw;
          const first = seen.get(key);
          if (first === undefined) seen.set(key, row);
          else
            errors.push({
              field: `${name}[${row}].${item}`,
              code: FieldErrorKeys.invalidValue,
              message: `is already used by row ${first + 1}`,
            });
        });
      }
      return errors;
    },
    cell(values, language) {
      const items =
        field.cellItems ?? Object.keys(field.fields).filter((item) => !isReference(field.fields[item]));
      return values
        .map((value) =>
          items
            .map((item) => readable(field.fields[item], (value as Item)[item], language))
            .filter((part) => part !== '')
            .join(' – '),
        )
        .join('; ');
    },
    async load(tx, ids) {
      const selected: Record<string, PgColumn> = { ...itemColumns, __parent: child.parent };
      const rows = (await tx
        .select(selected)
        .from(child.table)
        .where(inArray(child.parent, [...ids]))
        .orderBy(child.parent, asc(sortColumn))) as Item[];
      const byId = new Map<string, unknown[]>();
      for (const row of rows) {
        const id = String(row.__parent);
        delete row.__parent;
        byId.set(id, [...(byId.get(id) ?? []), normaliseItem(field.fields, row)]);
      }
      return byId;
    },
    async save(tx, id, values) {
      await tx.delete(child.table).where(eq(child.parent, id));
      if (values.length === 0) return;
      await tx.insert(child.table).values(
        values.map((value, position) => ({
          ...(tenantId ? { [keyOf(tenantId)]: CURRENT_TENANT } : {}),
          ...(orderKey && !orderField ? { [orderKey]: position } : {}),
          ...normaliseItem(field.fields, value as Item),
          [parentKey]: id,
        })),
      );
    },
  };
}
