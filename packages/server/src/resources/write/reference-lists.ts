import type { ReferencesField } from '@hcm/contracts/resource';
import { and, asc, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import { getTableConfig, type PgColumn, type PgTable } from 'drizzle-orm/pg-core';
import Type from 'typebox';
import type { ListSpec, ReferenceSpec } from '../types.ts';

/**
 * The child table of a references field: one row per (record, record referred to), with the
 * place each was given in (0, 1, …), so the list comes back in the order it was chosen. A
 * tenant_id column, when there is one, is filled from the caller's scope (row-level security
 * checks it) and leads the foreign keys, so a row never names another tenant's record.
 */
export interface ReferenceListTable {
  readonly table: PgTable;
  /** the column holding the record's id */
  readonly parent: PgColumn;
  /** the column holding one referred record's id */
  readonly value: PgColumn;
  /** the column holding each row's place in the list (a smallint or integer) */
  readonly order: PgColumn;
  /** the table of the records referred to (its id column; tenant_id when tenant-owned) */
  readonly target: PgTable;
}

/** The tenant id of the calling transaction, as the policies read it. */
const CURRENT_TENANT = sql`nullif(current_setting('app.tenant_id', true), '')::uuid`;

/** What a bound references list points at: the target's id (and tenant) and the column shown for it. */
export interface ReferenceListTarget {
  readonly reference: ReferenceSpec;
  /** the target's column of the contract's `display` field (its name) */
  readonly display: PgColumn;
}

/**
 * A ListSpec over the child table of a references field: the ids as given, first use kept and
 * repeats dropped (a uuid in any case is one record), at most maxItems; each must be a record
 * the caller reaches in the target table (write/references.ts, before anything is written);
 * answered in the order given; exported as the records' names joined by ", ". Deleting a
 * record still named answers 409 through its foreign key (ON DELETE RESTRICT).
 */
export function referenceList(
  name: string,
  field: Pick<ReferencesField, 'label' | 'maxItems'>,
  child: ReferenceListTable,
  target: ReferenceListTarget,
): ListSpec {
  const tableName = getTableConfig(child.table).name;
  const columns = getTableColumns(child.table) as Record<string, PgColumn | undefined>;
  const keyOf = (column: PgColumn): string =>
    Object.entries(columns).find(([, candidate]) => candidate === column)?.[0] ??
    ((): never => {
      throw new Error(
        `references field ${name} (table ${tableName}): the column ${column.name} is not of the table`,
      );
    })();
  const tenantId = columns.tenantId;
  const parentKey = keyOf(child.parent);
  const valueKey = keyOf(child.value);
  const orderKey = keyOf(child.order);
  const { reference, display } = target;

  return {
    label: field.label,
    item: Type.String({ format: 'uuid' }),
    maxItems: field.maxItems,
    reference,
    columns: [
      { table: tableName, column: child.parent.name, item: 'parent', required: true },
      { table: tableName, column: child.value.name, item: 'value', required: true },
      { table: tableName, column: child.order.name, item: 'order', required: true },
    ],
    normalise: (values) => [...new Set(values.map((value) => String(value).toLowerCase()))],
    async load(tx, ids) {
      const rows = (await tx
        .select({ id: child.parent, value: child.value })
        .from(child.table)
        .where(inArray(child.parent, [...ids]))
        .orderBy(child.parent, asc(child.order))) as { id: string; value: string }[];
      const byId = new Map<string, string[]>();
      for (const row of rows) byId.set(row.id, [...(byId.get(row.id) ?? []), row.value]);
      return byId;
    },
    async cells(tx, ids) {
      const sameTenant = tenantId && reference.tenantId ? eq(reference.tenantId, tenantId) : undefined;
      const rows = (await tx
        .select({ id: child.parent, name: display })
        .from(child.table)
        .innerJoin(reference.table, and(eq(reference.id, child.value), sameTenant))
        .where(inArray(child.parent, [...ids]))
        .orderBy(child.parent, asc(child.order))) as { id: string; name: unknown }[];
      const names = new Map<string, string[]>();
      for (const row of rows) names.set(row.id, [...(names.get(row.id) ?? []), String(row.name ?? '')]);
      return new Map([...names].map(([id, list]) => [id, list.join(', ')]));
    },
    async save(tx, id, values) {
      await tx.delete(child.table).where(eq(child.parent, id));
      if (values.length === 0) return;
      await tx.insert(child.table).values(
        values.map((value, position) => ({
          ...(tenantId ? { [keyOf(tenantId)]: CURRENT_TENANT } : {}),
          [parentKey]: id,
          [valueKey]: value,
          [orderKey]: position,
        })),
      );
    },
  };
}
