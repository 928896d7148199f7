import type { ValueType } from '@hcm/formula';
import { sql } from 'drizzle-orm';
import type { CatalogueTable, Reader } from '../variables/catalogue.ts';
import type { StoredColumn } from '../tables/lookup-tables.ts';

/** A label key for a stored table's name: not an i18n entry, the tenant's own text. */
const keyOf = (code: string, column?: string) => `payrollTable.tenant.${code}${column ? `.${column}` : ''}`;

/** The tenant's ACTIVE stored lookup tables as the catalogue lists them: one statement. */
export async function storedCatalogueTables(reader: Reader, tenantId: string): Promise<CatalogueTable[]> {
  const rows = (
    (await reader.execute(sql`
      select code, name, name_en as "nameEn", kind, key_type as "keyType", columns
        from payroll_lookup_tables
       where tenant_id = ${tenantId}::uuid and status = 'ACTIVE'
       order by code`)) as unknown as {
      rows: {
        code: string;
        name: string;
        nameEn: string | null;
        kind: 'keyed' | 'band';
        keyType: string;
        columns: StoredColumn[];
      }[];
    }
  ).rows;
  return rows.map((row) => ({
    code: row.code,
    kind: row.kind,
    keyType: row.keyType as ValueType,
    columns: row.columns.map((column) => ({
      code: column.code,
      type: column.type as ValueType,
      label: { key: keyOf(row.code, column.code), vi: column.name, en: column.nameEn ?? column.name },
    })),
    label: { key: keyOf(row.code), vi: row.name, en: row.nameEn ?? row.name },
    derived: false,
  }));
}
