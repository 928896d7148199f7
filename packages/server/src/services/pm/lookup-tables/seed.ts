import type { LookupRow } from '@hcm/contracts/payroll-lookup-tables';
import type { SalaryValueType } from '@hcm/contracts/salary-components';
import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../../db/database.ts';
import { STATUTORY_TABLES } from '../statutory/data/tables.ts';
import type { StatutoryTable } from '../statutory/data/types.ts';
import type { StarterSeed } from '../../tenant/seeds/tenant-seeds.ts';
import {
  payrollLookupTables,
  payrollLookupTableVersions,
  type StoredColumn,
} from '../tables/lookup-tables.ts';
import { checkRows, checkTableShape } from './validate.ts';

/*
 * The statutory lookup tables (services/pm/statutory: THUE_TNCN, the income-tax bands) for a new
 * tenant (docs/payroll-variables.md, "Seeding"). The tenants that existed got the same rows from
 * migration 0074 (lookup-tables.test.ts holds the two equal). Insert only: a table of the code
 * is made when the tenant has none; a version is added when its date is missing from a table of
 * the same kind, key type and columns. A table the tenant made or changed otherwise is left alone.
 */

/** A statutory table as the store keeps it. */
export function storedFormOf(table: StatutoryTable) {
  return {
    code: table.code,
    name: table.name.vi,
    nameEn: table.name.en,
    kind: table.kind,
    keyType: table.keyType as SalaryValueType,
    columns: table.columns.map((column): StoredColumn => ({
      code: column.code,
      type: column.type,
      name: column.name.vi,
      nameEn: column.name.en,
    })),
    versions: table.versions.map((version) => ({
      effectiveFrom: version.effectiveFrom,
      note: version.source,
      rows: version.rows.map((row): LookupRow => ({ key: row.key, values: { ...row.values } })),
    })),
  };
}

const sameShape = (a: readonly StoredColumn[], b: readonly StoredColumn[]) =>
  a.length === b.length && a.every((column, i) => column.code === b[i]?.code && column.type === b[i]?.type);

/** Seeds `tables` into the tenant (the scope's): rows written per kind. */
export async function seedLookupTables(
  tx: Tx,
  tenantId: string,
  tables: readonly StatutoryTable[] = STATUTORY_TABLES,
): Promise<{ tables: number; versions: number }> {
  let made = 0;
  let added = 0;
  for (const table of tables.map(storedFormOf)) {
    // the product's own data must pass the checks a tenant's would
    const shape = {
      code: table.code,
      kind: table.kind,
      keyType: table.keyType,
      columns: table.columns.map((column) => ({ code: column.code, type: column.type as SalaryValueType })),
    };
    const problems = [
      ...checkTableShape(shape),
      ...table.versions.flatMap((version) => checkRows(shape, version.rows)),
    ];
    if (problems.length > 0)
      throw new Error(
        `Statutory table ${table.code}: ${problems.map((p) => `${p.field} ${p.message}`).join('; ')}`,
      );
    // the tenant named, not RLS: a new tenant is seeded through the owner's connection too
    let [kept] = await tx
      .select()
      .from(payrollLookupTables)
      .where(and(eq(payrollLookupTables.tenantId, tenantId), eq(payrollLookupTables.code, table.code)));
    if (!kept) {
      [kept] = await tx
        .insert(payrollLookupTables)
        .values({
          tenantId,
          code: table.code,
          name: table.name,
          nameEn: table.nameEn,
          kind: table.kind,
          keyType: table.keyType,
          columns: table.columns,
        })
        .returning();
      made += 1;
    }
    if (
      !kept ||
      kept.kind !== table.kind ||
      kept.keyType !== table.keyType ||
      !sameShape(kept.columns, table.columns)
    )
      continue;
    for (const version of table.versions) {
      const [there] = await tx
        .select({ id: payrollLookupTableVersions.id })
        .from(payrollLookupTableVersions)
        .where(
          and(
            eq(payrollLookupTableVersions.tableId, kept.id),
            eq(payrollLookupTableVersions.effectiveFrom, version.effectiveFrom),
          ),
        );
      if (there) continue;
      await tx.insert(payrollLookupTableVersions).values({
        tenantId,
        tableId: kept.id,
        effectiveFrom: version.effectiveFrom,
        note: version.note,
        rows: version.rows,
      });
      added += 1;
    }
  }
  return { tables: made, versions: added };
}

/** The new tenant's starter (services/tenant/seeds/product-seeds.ts lists it). */
export const starterLookupTables: StarterSeed = {
  name: 'payroll lookup tables',
  async seed(tx, tenantId) {
    const { tables, versions } = await seedLookupTables(tx, tenantId);
    return { payroll_lookup_tables: tables, payroll_lookup_table_versions: versions };
  },
};
