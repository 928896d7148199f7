import type { HistoryKind } from '@hcm/contracts/personnel-changes';
import { eq, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Tx } from '../../../db/database.ts';
import {
  benefits,
  disciplines,
  displacements,
  resignations,
  rewards,
  salaryReviews,
} from '../tables/personnel-changes.ts';
import { workers } from '../tables/workers.ts';

/** A decision's row as the database gives it (snake_case columns). */
type DueRow = Record<string, unknown> & {
  id: string;
  worker_id: string;
  /** the effective date as yyyy-MM-dd and the creation time in seconds: what the order needs */
  due_on: string;
  created_epoch: number;
};
type WorkerChange = Partial<typeof workers.$inferInsert>;

interface AppliedKind {
  readonly kind: Exclude<HistoryKind, 'contract'>;
  readonly table: PgTable;
  /** what the decision writes to the employee; none: it is history only (reward, benefit...) */
  readonly effect?: (row: DueRow) => WorkerChange;
}

const uuidOrNull = (value: unknown) => (typeof value === 'string' ? value : null);

/**
 * Each kind and its effect on the employee's record. A position assignment moves the unit and,
 * where it names them, the position and title (a dismissal sets the position it names, none
 * when it names none); a resignation ends employment; a salary review sets what it names.
 */
export const APPLIED_KINDS: readonly AppliedKind[] = [
  {
    kind: 'displacement',
    table: displacements,
    effect: (row) => ({
      organizationUnitId: String(row.to_unit_id),
      ...(row.to_position_id != null || row.assignment_type === 'DISMISSAL'
        ? { jobPositionId: uuidOrNull(row.to_position_id) }
        : {}),
      ...(row.to_job_title_id != null ? { jobTitleId: uuidOrNull(row.to_job_title_id) } : {}),
    }),
  },
  { kind: 'resignation', table: resignations, effect: () => ({ workingStatus: 'UNEMPLOYED' }) },
  { kind: 'reward', table: rewards },
  { kind: 'discipline', table: disciplines },
  { kind: 'benefit', table: benefits },
  {
    kind: 'salaryReview',
    table: salaryReviews,
    effect: (row) => ({
      ...(row.to_salary_grade_id != null ? { salaryGradeId: String(row.to_salary_grade_id) } : {}),
      ...(row.to_coefficient != null ? { salaryCoefficient: String(row.to_coefficient) } : {}),
      ...(row.to_salary != null ? { salary: String(row.to_salary) } : {}),
    }),
  },
];

/**
 * Applies every APPROVED decision of the transaction's tenant whose effective date has come
 * (`today` or before) and that is not applied yet: oldest effective first across the kinds (a
 * transfer of the 1st lands before a resignation of the 15th), each written to the employee and
 * stamped `applied_at`, so it is applied exactly once. Rows another transaction is applying are
 * skipped (it will stamp them). The employee's version moves: a form open on them must reload.
 * Answers how many decisions were applied. With `only`, that one decision if it is due (its
 * approval applies it at once). With `limit`, the oldest `limit` of them: the date sweep applies
 * a large backlog in short transactions (date-sweep.ts), each taking the oldest left.
 */
export async function applyDueChanges(
  tx: Tx,
  today: string,
  only?: { kind: AppliedKind['kind']; id: string },
  limit?: number,
): Promise<number> {
  const due: { kind: AppliedKind; row: DueRow }[] = [];
  for (const kind of APPLIED_KINDS) {
    if (only && only.kind !== kind.kind) continue;
    const rows = (await tx.execute(sql`
      select *, effective_date::text as due_on, extract(epoch from created_at)::float8 as created_epoch
      from ${kind.table}
      where approval_status = 'APPROVED' and applied_at is null and effective_date <= ${today}::date
        ${only ? sql`and id = ${only.id}` : sql``}
      ${limit === undefined ? sql`` : sql`order by effective_date, created_at limit ${limit}`}
      for update skip locked`)) as unknown as { rows: DueRow[] };
    for (const row of rows.rows) due.push({ kind, row });
  }
  due.sort(
    (a, b) =>
      a.row.due_on.localeCompare(b.row.due_on) || Number(a.row.created_epoch) - Number(b.row.created_epoch),
  );
  // the oldest `limit` across the kinds; the rest stay for the next transaction
  if (limit !== undefined) due.splice(limit);
  for (const { kind, row } of due) {
    const change = kind.effect?.(row) ?? {};
    if (Object.keys(change).length > 0)
      await tx
        .update(workers)
        .set({
          ...change,
          version: sql`${workers.version} + 1`,
          lastModifiedAt: new Date(),
          lastModifiedBy: null,
        })
        .where(eq(workers.id, row.worker_id));
    await tx.execute(sql`update ${kind.table} set applied_at = now() where id = ${row.id}`);
  }
  return due.length;
}
