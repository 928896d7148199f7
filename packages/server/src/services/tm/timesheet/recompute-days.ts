import { sql } from 'drizzle-orm';
import type { Tx } from '../../../db/database.ts';
import type { ActionContext } from '../../../resources/action-log/record-actions.ts';
import { computeDay, planOf } from './compute-day.ts';
import { DayColumns } from './day-columns.ts';
import { dayRecordRow, type DayRecordRow } from './day-record-row.ts';
import { dayStartOf } from './day-span.ts';
import { addDays } from './dates.ts';
import type { TenantTimesheet, TimesheetInputs } from './inputs.ts';
import type { DayKey } from './recompute-keys.ts';
import type { DayAdjustment, Punch, ShiftPlan } from './types.ts';
import { holdChangedDays, writeDayRecords } from './write-day-records.ts';

export interface RecomputeContext {
  readonly tenantId: string;
  readonly inputs: TimesheetInputs;
  /** when the days are computed (the row's computed_at, a held mark's time): the job's clock */
  readonly now: Date;
  /** the keys' workers that still exist, when the caller read them with the keys (recompute-job.ts) */
  readonly existing?: ReadonlySet<string>;
}

export interface RecomputeOutcome {
  /** days computed */
  readonly computed: number;
  /** of those, days whose stored row already had these values: not rewritten */
  readonly unchanged: number;
  /** keys of a locked month: marked held for review, not applied */
  readonly held: number;
  /** keys left as they were: the worker is gone, or the labour calendar gives the day no rules */
  readonly skipped: number;
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const uuids = (ids: readonly string[]) => `{${ids.join(',')}}`;
const monthOfDay = (day: string) => day.slice(0, 7);

/**
 * Computes the days `keys` again and writes those that changed, in the caller's tenant
 * transaction. A fixed number of queries whatever the batch (docs/timesheet-engine.md,
 * "The incremental path"): the workers that still exist, the locked months, then for the keys
 * of open months the tenant's settings, the shifts (with the day before and after each key), the
 * calendar days, the documents and the punches; then one write of the days whose values changed
 * (write-day-records.ts: HR's corrections are kept, an unchanged day is not rewritten). Keys of
 * a locked month are computed but not written: those that would change are marked held (one
 * statement), so a late punch marks its own day, not the neighbours asked with it.
 */
export async function recomputeDays(
  tx: Tx,
  keys: readonly DayKey[],
  context: RecomputeContext,
): Promise<RecomputeOutcome> {
  if (keys.length === 0) return { computed: 0, unchanged: 0, held: 0, skipped: 0 };
  const { inputs, tenantId } = context;
  const known = context.existing ?? (await existingWorkers(tx, [...new Set(keys.map((k) => k.workerId))]));
  // one row per key: a statement cannot write one row twice
  const distinct = new Map(keys.map((k) => [`${k.workDate}|${k.workerId}`, k]));
  const present = [...distinct.values()].filter((k) => known.has(k.workerId));
  const workerIds = [...new Set(present.map((k) => k.workerId))];
  const months = [...new Set(present.map((k) => monthOfDay(k.workDate)))];
  const locked = workerIds.length > 0 ? await inputs.locks.lockedMonths(tx, workerIds, months) : new Map();
  const isLocked = (k: DayKey) => locked.get(k.workerId)?.has(monthOfDay(k.workDate)) ?? false;
  // a locked month's days are computed too, to tell which a late punch or document would change:
  // those are marked held, never written (holdChangedDays)
  const open = present;
  if (open.length === 0)
    return { computed: 0, unchanged: 0, held: 0, skipped: distinct.size - present.length };

  const openWorkers = [...new Set(open.map((k) => k.workerId))];
  const dates = open.map((k) => k.workDate).sort();
  const from = dates[0] as string;
  const to = dates[dates.length - 1] as string;
  // the settings are effective by month: a batch across a month end may read two
  const settingsOf = new Map<string, TenantTimesheet>();
  for (const month of new Set(open.map((k) => monthOfDay(k.workDate))))
    settingsOf.set(month, await inputs.settings.settings(tx, month));
  const tenant = settingsOf.get(monthOfDay(from)) as TenantTimesheet;
  const shifts = await inputs.shifts.shifts(tx, openWorkers, addDays(from, -1), addDays(to, 1));
  const calendar = await inputs.dayTypes.days(tx, openWorkers, from, to);
  // the neighbours' documents too: a shift change there moves the line between their punches and the key's
  const documents = await inputs.documents.adjustments(tx, openWorkers, addDays(from, -1), addDays(to, 1));
  const punches = await punchesOf(
    tx,
    tenantId,
    openWorkers,
    dayStartOf(addDays(from, -1), tenant.utcOffsetMinutes),
    dayStartOf(addDays(to, 2), tenant.utcOffsetMinutes),
  );

  // the open months' rows as columns (day-columns.ts): a row object per day is not kept
  const rows = new DayColumns(open.length);
  const lockedRows: DayRecordRow[] = [];
  // the day before and after each of the batch's few dozen dates, worked out once
  const neighbours = new Map<string, readonly [string, string]>();
  const neighboursOf = (day: string) => {
    let found = neighbours.get(day);
    if (!found) neighbours.set(day, (found = [addDays(day, -1), addDays(day, 1)]));
    return found;
  };
  for (const key of open) {
    const day = calendar.get(key.workerId)?.get(key.workDate);
    if (!day?.rules) continue;
    const shiftsOf = shifts.get(key.workerId);
    const applied = shiftsOf?.get(key.workDate);
    const [before, after] = neighboursOf(key.workDate);
    const documentsOf = documents.get(key.workerId);
    const result = computeDay({
      workDate: key.workDate,
      utcOffsetMinutes: tenant.utcOffsetMinutes,
      dayType: day.dayType,
      paidOff: day.paidOff,
      plan: applied?.plan ?? null,
      assignmentId: applied?.assignmentId ?? null,
      previousPlan: neighbourPlan(shiftsOf?.get(before)?.plan, documentsOf?.get(before)),
      nextPlan: neighbourPlan(shiftsOf?.get(after)?.plan, documentsOf?.get(after)),
      punches: around(punches.get(key.workerId), dayStartOf(key.workDate, tenant.utcOffsetMinutes)),
      adjustments: documentsOf?.get(key.workDate) ?? [],
      rules: day.rules,
      settings: (settingsOf.get(monthOfDay(key.workDate)) ?? tenant).settings,
    });
    const row = dayRecordRow(key.workerId, result, tenant.utcOffsetMinutes, context.now);
    if (isLocked(key)) lockedRows.push(row);
    else rows.add(row);
  }
  const held = await holdChangedDays(tx, tenantId, lockedRows, context.now);
  const actor: ActionContext = { scope: { tenantId, userId: null }, ip: null, userAgent: 'timesheet-engine' };
  const { unchanged } = await writeDayRecords(tx, rows, {
    actor,
    computedAt: context.now,
    describe: { computation: 'timesheet days', from, to, workers: openWorkers.length },
  });
  return {
    computed: rows.length,
    unchanged,
    held,
    skipped: distinct.size - lockedRows.length - rows.length,
  };
}

const DAY_MS = 86_400_000;

/** A neighbouring day's shift as the day computes it: an approved shift change there replaces it. */
function neighbourPlan(
  plan: ShiftPlan | null | undefined,
  adjustments: readonly DayAdjustment[] | undefined,
): ShiftPlan | null {
  return adjustments && adjustments.length > 0 ? planOf(plan ?? null, adjustments) : (plan ?? null);
}

/**
 * A worker's punches (in time order) that a day can reach: from the day before to the end of the
 * day after. Each day of a month's batch gets a dozen punches, not the month's hundred.
 */
function around(punches: readonly Punch[] | undefined, dayStart: number): readonly Punch[] {
  if (!punches || punches.length === 0) return [];
  return punches.slice(
    firstAtOrAfter(punches, dayStart - DAY_MS),
    firstAtOrAfter(punches, dayStart + 2 * DAY_MS),
  );
}

function firstAtOrAfter(punches: readonly Punch[], at: number): number {
  let low = 0;
  let high = punches.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((punches[middle] as Punch).at < at) low = middle + 1;
    else high = middle;
  }
  return low;
}

async function existingWorkers(tx: Tx, ids: readonly string[]): Promise<Set<string>> {
  const rows = rowsOf<{ id: string }>(
    await tx.execute(sql`select id from workers where id = any(${uuids(ids)}::uuid[])`),
  );
  return new Set(rows.map((r) => r.id));
}

/**
 * The workers' punches between two instants, by worker in time order: one row per worker, its
 * instants as one text of epoch milliseconds (one query on tm_punches_worker_idx). A row per
 * punch cost more than anything else of a batch to read: a month of 65 workers is 8,000 rows
 * for the driver to parse into objects; 65 texts split here take a third of the time. Only the
 * instant is read (the computation uses nothing else of a punch), so the index alone answers.
 */
async function punchesOf(
  tx: Tx,
  tenantId: string,
  workerIds: readonly string[],
  from: number,
  to: number,
): Promise<Map<string, Punch[]>> {
  // floor, not a cast (which rounds): a punch at 08:00:59.9996 stays in its minute
  const rows = rowsOf<{ worker_id: string; ats: string }>(
    await tx.execute(sql`
      select worker_id, string_agg(floor(extract(epoch from punched_at) * 1000)::int8::text, ',' order by punched_at) as ats
        from tm_punches
       where tenant_id = ${tenantId}::uuid and worker_id = any(${uuids(workerIds)}::uuid[])
         and punched_at >= ${new Date(from).toISOString()}::timestamptz and punched_at < ${new Date(to).toISOString()}::timestamptz
       group by worker_id`),
  );
  const byWorker = new Map<string, Punch[]>();
  for (const row of rows)
    byWorker.set(
      row.worker_id,
      row.ats.split(',').map((at) => ({ at: Number(at) })),
    );
  return byWorker;
}
