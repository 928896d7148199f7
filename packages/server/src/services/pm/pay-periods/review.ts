import { createHash } from 'node:crypto';
import { FieldErrorKeys, type PageEnvelope } from '@hcm/contracts';
import {
  PayPeriodLimits,
  type PayPeriodTotals,
  type PayPeriodValue,
  type PayPeriodWorkerRow,
  type PayPeriodWorkerStatus,
} from '@hcm/contracts/pay-periods';
import { sql, type SQL } from 'drizzle-orm';
import { sumOverPeriod, BULK_TOTAL_CAP } from '../../../bulk/index.ts';
import { connectionOf } from '../../../bulk/connection.ts';
import type { Tx } from '../../../db/database.ts';
import { notFound, validationFailed } from '../../../http/errors.ts';
import { likePattern } from '../../../resources/search/list-query.ts';
import { resultLineStore } from '../../payroll/tables/result-lines.ts';
import { nextMonth, payMonthOf } from './roster.ts';
import { shownValue } from './lines.ts';

/*
 * The detailed table's data (docs/payroll-periods.md, "Reviewing"): the sheet's workers in keyset
 * pages (by unit code, then worker code; filtered by a unit and the units below it, by code or
 * name without marks, by status), each with every component's value, and each component's total
 * over the workers the filter lists. A page costs a fixed number of statements whatever its depth:
 * the workers on their index (pay_period_workers_order_idx), then their lines on the lines' key
 * (tenant, month, run, worker …), then the inputs typed for them.
 */

export interface ReviewFilter {
  readonly organizationUnitId?: string | undefined;
  readonly keyword?: string | undefined;
  readonly status?: PayPeriodWorkerStatus | undefined;
}

export interface ReviewQuery extends ReviewFilter {
  readonly cursor?: string | undefined;
  readonly pageSize?: number | undefined;
}

interface SheetKey {
  id: string;
  period_month: string;
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

async function sheetOf(tx: Tx, id: string): Promise<SheetKey> {
  const [sheet] = rowsOf<SheetKey>(
    await tx.execute(
      sql`select id, period_month::text as period_month from pay_periods where id = ${id}::uuid`,
    ),
  );
  if (!sheet) throw notFound('No such pay period');
  return sheet;
}

/** The filter's condition on `p` (pay_period_workers). */
function filterOf(sheetId: string, filter: ReviewFilter): SQL {
  const parts: SQL[] = [sql`p.pay_period_id = ${sheetId}::uuid`];
  if (filter.organizationUnitId)
    parts.push(sql`p.organization_unit_id in (
      with recursive units as (
        select id from organization_units where id = ${filter.organizationUnitId}::uuid
        union
        select u.id from organization_units u join units s on u.parent_id = s.id)
      select id from units)`);
  const keyword = filter.keyword?.trim();
  if (keyword)
    // the workers' folded search column and its trigram index, as the employees' list matches them
    parts.push(
      sql`p.worker_id in (select hcm_keyword_matches('workers'::regclass, array['search_text']::text[], hcm_fold(${likePattern(keyword)})))`,
    );
  if (filter.status) parts.push(sql`p.status = ${filter.status}`);
  return sql.join(parts, sql` and `);
}

interface CursorBody {
  q: string;
  p: number;
  k: [string, string, string];
}

const refused = (message: string) =>
  validationFailed([{ field: 'cursor', code: FieldErrorKeys.invalidValue, message }], message);

const printOf = (sheetId: string, filter: ReviewFilter) =>
  createHash('sha256')
    .update(
      JSON.stringify([
        sheetId,
        filter.organizationUnitId ?? '',
        filter.keyword?.trim() ?? '',
        filter.status ?? '',
      ]),
    )
    .digest('base64url')
    .slice(0, 12);

function decodeCursor(cursor: string, print: string): CursorBody {
  let body: Partial<CursorBody> | null = null;
  try {
    body = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as Partial<CursorBody>;
  } catch {
    throw refused('The cursor is not one this list gave');
  }
  if (
    !body ||
    typeof body.p !== 'number' ||
    !Number.isInteger(body.p) ||
    body.p < 1 ||
    !Array.isArray(body.k) ||
    body.k.length !== 3 ||
    !body.k.every((value) => typeof value === 'string')
  )
    throw refused('The cursor is not one this list gave');
  if (body.q !== print) throw refused('The cursor belongs to another list: start again from the first page');
  return body as CursorBody;
}

interface WorkerRow {
  worker_id: string;
  worker_code: string;
  full_name: string;
  organization_unit_id: string | null;
  unit_code: string;
  unit_name: string;
  status: PayPeriodWorkerStatus;
  error_component: string | null;
  error_code: string | null;
  error_vi: string | null;
  error_en: string | null;
  error_params: Record<string, string> | null;
  solved_gross: string | number | null;
}

const WORKER_COLUMNS = sql`p.worker_id, p.worker_code, p.full_name, p.organization_unit_id, p.unit_code, p.unit_name,
  p.status, p.error_component, p.error_code, p.error_vi, p.error_en, p.error_params, p.solved_gross`;

/** The workers' rows with their values (one read of their lines) and the inputs typed for them. */
async function withValues(
  tx: Tx,
  tenantId: string,
  sheet: SheetKey,
  workers: readonly WorkerRow[],
): Promise<PayPeriodWorkerRow[]> {
  const ids = workers.map((worker) => worker.worker_id);
  const values = new Map<string, Record<string, PayPeriodValue>>();
  const adjusted = new Map<string, string[]>();
  if (ids.length > 0) {
    const { rows: lines } = await connectionOf(tx).query<{
      worker_id: string;
      component_code: string;
      value_type: string;
      amount: string | null;
      quantity: string | null;
      text_value: string | null;
    }>(
      `SELECT worker_id::text AS worker_id, component_code, value_type, amount::text AS amount,
              quantity::text AS quantity, text_value
         FROM payroll_result_lines
        WHERE tenant_id = $1::uuid AND period_month = $2::date AND run_id = $3::uuid AND worker_id = ANY($4::uuid[])`,
      [tenantId, sheet.period_month, sheet.id, `{${ids.join(',')}}`],
    );
    for (const line of lines) {
      const own = values.get(line.worker_id) ?? {};
      own[line.component_code] = shownValue(line);
      values.set(line.worker_id, own);
    }
    const typed = rowsOf<{ worker_id: string; component_code: string }>(
      await tx.execute(sql`
        select worker_id, component_code from pay_period_inputs
         where pay_period_id = ${sheet.id}::uuid and worker_id = any(${`{${ids.join(',')}}`}::uuid[])
         order by component_code`),
    );
    for (const row of typed)
      adjusted.set(row.worker_id, [...(adjusted.get(row.worker_id) ?? []), row.component_code]);
  }
  return workers.map((worker) => ({
    workerId: worker.worker_id,
    code: worker.worker_code,
    fullName: worker.full_name,
    organizationUnitId: worker.organization_unit_id,
    unitCode: worker.unit_code,
    unitName: worker.unit_name,
    status: worker.status,
    error: worker.error_code
      ? {
          component: worker.error_component,
          code: worker.error_code,
          message: { vi: worker.error_vi ?? '', en: worker.error_en ?? '' },
          params: worker.error_params ?? {},
        }
      : null,
    solvedGross: worker.solved_gross === null ? null : Number(worker.solved_gross),
    values: values.get(worker.worker_id) ?? {},
    adjusted: adjusted.get(worker.worker_id) ?? [],
  }));
}

/** One worker's row of the table (after a change), 404 when not one of the sheet's. */
export async function workerRow(
  tx: Tx,
  tenantId: string,
  id: string,
  workerId: string,
): Promise<PayPeriodWorkerRow> {
  const sheet = await sheetOf(tx, id);
  const workers = rowsOf<WorkerRow>(
    await tx.execute(sql`
      select ${WORKER_COLUMNS} from pay_period_workers p
       where p.pay_period_id = ${sheet.id}::uuid and p.worker_id = ${workerId}::uuid`),
  );
  const [row] = await withValues(tx, tenantId, sheet, workers);
  if (!row) throw notFound("The worker is not one of the pay period's workers");
  return row;
}

/** GET …/{id}/workers: one keyset page of the sheet's workers with their values. */
export async function workersPage(
  tx: Tx,
  tenantId: string,
  id: string,
  query: ReviewQuery,
): Promise<PageEnvelope<PayPeriodWorkerRow>> {
  const sheet = await sheetOf(tx, id);
  const pageSize = query.pageSize ?? PayPeriodLimits.defaultPageSize;
  const print = printOf(sheet.id, query);
  const after = query.cursor ? decodeCursor(query.cursor, print) : null;
  const where = filterOf(sheet.id, query);
  const position = after
    ? sql` and (p.unit_code, p.worker_code, p.worker_id) > (${after.k[0]}, ${after.k[1]}, ${after.k[2]}::uuid)`
    : sql``;
  const workers = rowsOf<WorkerRow>(
    await tx.execute(sql`
      select ${WORKER_COLUMNS}
        from pay_period_workers p
       where ${where}${position}
       order by p.unit_code, p.worker_code, p.worker_id
       limit ${pageSize}`),
  );
  const [counted] = rowsOf<{ n: number }>(
    await tx.execute(sql`
      select count(*)::int as n from (select 1 from pay_period_workers p where ${where} limit ${BULK_TOTAL_CAP + 1}) c`),
  );
  const total = Math.min(counted?.n ?? 0, BULK_TOTAL_CAP);
  const data = await withValues(tx, tenantId, sheet, workers);
  const pageIndex = (after?.p ?? 0) + 1;
  const last = workers[workers.length - 1];
  const nextCursor =
    workers.length === pageSize && last
      ? Buffer.from(
          JSON.stringify({ q: print, p: pageIndex, k: [last.unit_code, last.worker_code, last.worker_id] }),
        ).toString('base64url')
      : undefined;
  return {
    data,
    page: {
      pageIndex,
      pageSize,
      total,
      ...((counted?.n ?? 0) > BULK_TOTAL_CAP ? { totalCapped: true } : {}),
      ...(nextCursor ? { nextCursor } : {}),
    },
  };
}

const isFiltered = (filter: ReviewFilter) =>
  Boolean(filter.organizationUnitId || filter.keyword?.trim() || filter.status);

/**
 * GET …/{id}/totals: each component's total over the workers the filter lists, summed in the
 * database: the whole sheet by the bulk path's sumOverPeriod over its run, a filtered one joined
 * to its workers. Amounts are numbers (integer đồng), numbers decimal text.
 */
export async function sheetTotals(
  tx: Tx,
  tenantId: string,
  id: string,
  filter: ReviewFilter,
): Promise<PayPeriodTotals> {
  const sheet = await sheetOf(tx, id);
  const where = filterOf(sheet.id, filter);
  const [counts] = rowsOf<{ workers: number; failed: number }>(
    await tx.execute(sql`
      select count(*)::int as workers, count(*) filter (where p.status = 'FAILED')::int as failed
        from pay_period_workers p where ${where}`),
  );
  const totals: Record<string, number | string> = {};
  const keep = (code: string, valueType: string, amount: string | number, quantity: string | number) => {
    if (valueType === 'AMOUNT') totals[code] = Number(amount);
    else if (valueType === 'NUMBER')
      totals[code] = String(quantity)
        .replace(/(\.\d*?)0+$/, '$1')
        .replace(/\.$/, '');
  };
  if (!isFiltered(filter)) {
    const month = payMonthOf(sheet.period_month);
    const sums = await sumOverPeriod(tx, resultLineStore, {
      tenantId,
      period: { from: month.first, to: nextMonth(month.first) },
      equals: { runId: sheet.id },
      sums: ['amount', 'quantity'],
      groupBy: ['componentCode', 'valueType'],
    });
    for (const row of sums)
      keep(
        row.group.componentCode ?? '',
        row.group.valueType ?? '',
        row.sums.amount ?? 0,
        row.sums.quantity ?? '0',
      );
  } else {
    const rows = rowsOf<{ component_code: string; value_type: string; amount: string; quantity: string }>(
      await tx.execute(sql`
        select l.component_code, l.value_type, coalesce(sum(l.amount), 0)::text as amount,
               coalesce(sum(l.quantity), 0)::text as quantity
          from payroll_result_lines l
          join pay_period_workers p on p.tenant_id = l.tenant_id and p.worker_id = l.worker_id and ${where}
         where l.tenant_id = ${tenantId}::uuid and l.period_month = ${sheet.period_month}::date
           and l.run_id = ${sheet.id}::uuid
         group by l.component_code, l.value_type`),
    );
    for (const row of rows) keep(row.component_code, row.value_type, row.amount, row.quantity);
  }
  return { workers: counts?.workers ?? 0, failed: counts?.failed ?? 0, totals };
}
