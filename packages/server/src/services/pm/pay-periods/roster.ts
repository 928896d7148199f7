import { sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../../db/database.ts';
import { employedDuring } from '../../tm/roster/employed-during.ts';
import type { SheetRow } from './guards.ts';
import type { PayMonth, PayrollSources } from './sources.ts';

/*
 * Who a sheet computes (docs/payroll-periods.md, "Who is computed"): the workers on the roll
 * during its month (services/tm/roster/employed-during.ts, as the timesheets list them) who are
 * - in its units (and the units below them when includeSubUnits), when it names units, or
 * - those its template applies to (the templates' rule, the most specific template winning),
 *   when it names none.
 * Written at a computation's start as the sheet's workers (PENDING), with their code, name and
 * unit as they are then: one INSERT … SELECT, however many.
 */

/** The last day of a month given by its first day. */
export function payMonthOf(firstDay: string): PayMonth {
  const [year, month] = firstDay.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return { first: firstDay, last: `${firstDay.slice(0, 7)}-${String(last).padStart(2, '0')}` };
}

/** The first day of the month after `first` (YYYY-MM-01). */
export function nextMonth(first: string): string {
  const [year, month] = first.split('-').map(Number) as [number, number];
  return month === 12 ? `${year + 1}-01-01` : `${year}-${String(month + 1).padStart(2, '0')}-01`;
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** The sheet's units, and the units below them when it says so. */
function unitsOf(sheet: SheetRow): SQL {
  return sheet.include_sub_units
    ? sql`with recursive units as (
            select organization_unit_id as id from pay_period_units where pay_period_id = ${sheet.id}::uuid
            union
            select u.id from organization_units u join units p on u.parent_id = p.id)
          select id from units`
    : sql`select organization_unit_id from pay_period_units where pay_period_id = ${sheet.id}::uuid`;
}

/** Replaces the sheet's workers with who it covers now, all PENDING; answers how many. */
export async function writeRoster(
  tx: Tx,
  tenantId: string,
  sheet: SheetRow,
  sources: PayrollSources,
): Promise<number> {
  const month = payMonthOf(sheet.period_month);
  await tx.execute(sql`delete from pay_period_workers where pay_period_id = ${sheet.id}::uuid`);
  const [named] = rowsOf<{ n: number }>(
    await tx.execute(
      sql`select count(*)::int as n from pay_period_units where pay_period_id = ${sheet.id}::uuid`,
    ),
  );
  let covered: SQL;
  if ((named?.n ?? 0) > 0) covered = sql`w.organization_unit_id in (${unitsOf(sheet)})`;
  else {
    // naming no unit: those on the roll the template applies to, matched by the templates' rule
    const employed = rowsOf<{ id: string }>(
      await tx.execute(sql`
        select w.id from workers w
         where w.tenant_id = ${tenantId}::uuid and ${employedDuring(month.first, month.last)}`),
    ).map((row) => row.id);
    const ids =
      sheet.template_id === null || employed.length === 0
        ? []
        : await sources.workersOfTemplate(tx, tenantId, sheet.template_id, month, employed);
    covered = sql`w.id = any(${`{${ids.join(',')}}`}::uuid[])`;
  }
  await tx.execute(sql`
    insert into pay_period_workers (tenant_id, pay_period_id, worker_id, organization_unit_id,
                                    unit_code, unit_name, worker_code, full_name, status)
    select w.tenant_id, ${sheet.id}::uuid, w.id, w.organization_unit_id, coalesce(u.code, ''),
           coalesce(u.name, ''), w.code, w.full_name, 'PENDING'
      from workers w
      left join organization_units u on u.tenant_id = w.tenant_id and u.id = w.organization_unit_id
     where w.tenant_id = ${tenantId}::uuid
       and ${employedDuring(month.first, month.last)}
       and ${covered}`);
  const [counted] = rowsOf<{ n: number }>(
    await tx.execute(
      sql`select count(*)::int as n from pay_period_workers where pay_period_id = ${sheet.id}::uuid`,
    ),
  );
  return counted?.n ?? 0;
}
