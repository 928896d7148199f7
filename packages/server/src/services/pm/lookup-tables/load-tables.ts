import type { TableData, TableRow } from '@hcm/formula';
import { sql } from 'drizzle-orm';
import type { Reader } from '../variables/catalogue.ts';
import { gradeStepKey } from '../variables/derived-tables.ts';
import type { StoredColumn, StoredRow } from '../tables/lookup-tables.ts';

/*
 * The lookup tables' rows in force on a day, in the shape @hcm/formula's bind() takes
 * (docs/payroll-variables.md, "Lookup tables"): the stored tables' version in force (a PERCENT
 * value given as the fraction, 5 → 0.05, as a '%' parameter is), LTT_VUNG from the region wages
 * in force, HE_SO_BAC from the payroll scale in force. Three statements whatever the tenant
 * holds. A table with no version in force yet is absent: a template that reads it is refused at
 * bind with `missingTable` naming it.
 */

const rowsOf = async <T>(reader: Reader, query: ReturnType<typeof sql>) =>
  ((await reader.execute(query)) as unknown as { rows: T[] }).rows;

/** A stored version's rows for the formulas: bands by upper bound, percentages as fractions. */
export function formulaRows(
  kind: 'keyed' | 'band',
  columns: readonly StoredColumn[],
  rows: readonly StoredRow[],
): TableRow[] {
  const percent = columns.filter((column) => column.type === 'PERCENT').map((column) => column.code);
  return rows.map((row) => {
    let values: Readonly<Record<string, unknown>> = row.values;
    if (percent.length > 0) {
      const copy: Record<string, unknown> = { ...row.values };
      for (const code of percent)
        if (typeof copy[code] === 'number') copy[code] = (copy[code] as number) / 100;
      values = copy;
    }
    return kind === 'band'
      ? { upTo: typeof row.key === 'number' ? row.key : null, values }
      : { key: row.key, values };
  });
}

/** Every table's rows in force on `date` (YYYY-MM-DD), by code. */
export async function loadTables(
  reader: Reader,
  tenantId: string,
  date: string,
): Promise<Record<string, TableData>> {
  const tables: Record<string, TableData> = {};
  const stored = await rowsOf<{
    code: string;
    kind: 'keyed' | 'band';
    columns: StoredColumn[];
    rows: StoredRow[];
  }>(
    reader,
    sql`select distinct on (t.id) t.code, t.kind, t.columns, v.rows
          from payroll_lookup_tables t
          join payroll_lookup_table_versions v on v.tenant_id = t.tenant_id and v.table_id = t.id
         where t.tenant_id = ${tenantId}::uuid and t.status = 'ACTIVE' and v.effective_from <= ${date}::date
         order by t.id, v.effective_from desc`,
  );
  for (const table of stored)
    tables[table.code] = { rows: formulaRows(table.kind, table.columns, table.rows) };

  const wages = await rowsOf<{ region: string; amount: string }>(
    reader,
    sql`select distinct on (region) region, amount::text as amount
          from region_wages
         where tenant_id = ${tenantId}::uuid and status = 'ACTIVE' and effective_date <= ${date}::date
         order by region, effective_date desc`,
  );
  tables.LTT_VUNG = {
    rows: wages.map((wage) => ({ key: wage.region, values: { LUONG_TOI_THIEU: Number(wage.amount) } })),
  };

  // the payroll scale in force: the newest ACTIVE table on or before the day replaces every older
  // one (as GET /default-coefficient reads it); a step a grade lacks has no row
  const cells = await rowsOf<{ code: string; step: number; coefficient: string }>(
    reader,
    sql`with scale as (
          select id from position_salary_coefficients
           where tenant_id = ${tenantId}::uuid and status = 'ACTIVE' and effective_date <= ${date}::date
           order by effective_date desc limit 1)
        select g.code, s.step, s.coefficient::text as coefficient
          from scale
          join position_salary_coefficient_grades r on r.tenant_id = ${tenantId}::uuid
                                                   and r.position_salary_coefficient_id = scale.id
          join salary_grades g on g.tenant_id = r.tenant_id and g.id = r.salary_grade_id
          cross join lateral (values (1, r.coefficient_1), (2, r.coefficient_2), (3, r.coefficient_3),
                                     (4, r.coefficient_4), (5, r.coefficient_5)) as s(step, coefficient)
         where s.coefficient is not null
         order by g.code, s.step`,
  );
  tables.HE_SO_BAC = {
    rows: cells.map((cell) => ({
      key: gradeStepKey(cell.code, cell.step),
      values: { HE_SO: Number(cell.coefficient) },
    })),
  };
  return tables;
}
