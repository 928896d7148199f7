import { ErrorCodes, FieldErrorKeys } from '@hcm/contracts';
import type { ShiftChangeKind } from '@hcm/contracts/shift-change-requests';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../../db/database.ts';
import type { Scope } from '../../../db/tenant-scope.ts';
import { AppError, validationFailed } from '../../../http/errors.ts';
import { workers } from '../../om/tables/workers.ts';
import { workerReachOf } from '../../om/workers/worker-reach.ts';
import { resolveShifts } from '../work-calendars/resolve-shifts.ts';
import { workShifts } from '../work-shifts/tables.ts';
import type { WorkerDay } from '../requests/effects.ts';

type Row = Record<string, unknown>;
type FieldError = { field: string; code: string; message: string };

/** A request's fields the rules read (the row, or the row with the changes of an update). */
export interface ShiftChangeDraft {
  readonly id?: unknown;
  readonly workerId?: unknown;
  readonly workDate?: unknown;
  readonly kind?: unknown;
  readonly workShiftId?: unknown;
  readonly otherWorkerId?: unknown;
  readonly otherWorkDate?: unknown;
  readonly currentShiftId?: unknown;
  readonly otherShiftId?: unknown;
}

/** One (worker, day) a request changes, and the shift it is to work there (null: none, a day off). */
export interface ShiftChange extends WorkerDay {
  readonly workShiftId: string | null;
}

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

/**
 * What an approved request changes: a MOVE its worker's day to the chosen shift (or none); a SWAP
 * the worker's day to the other's shift and the other's day to the worker's (as the work
 * calendars gave them when the request was saved).
 */
export function changesOf(row: ShiftChangeDraft): ShiftChange[] {
  const workerId = String(row.workerId);
  const workDate = String(row.workDate);
  if (row.kind !== 'SWAP') return [{ workerId, workDate, workShiftId: text(row.workShiftId) }];
  return [
    { workerId, workDate, workShiftId: text(row.otherShiftId) },
    {
      workerId: String(row.otherWorkerId),
      workDate: String(row.otherWorkDate ?? row.workDate),
      workShiftId: text(row.currentShiftId),
    },
  ];
}

/** The (worker, day)s a request changes. */
export const changedDays = (row: ShiftChangeDraft): WorkerDay[] =>
  changesOf(row).map(({ workerId, workDate }) => ({ workerId, workDate }));

const nextDay = (day: string, by: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + by * 86_400_000).toISOString().slice(0, 10);

/**
 * The days the engine is asked for again: the changed ones and the day either side of each. A
 * shift's windows decide which punches are a neighbour's (a night shift's 06:00 checkout is the
 * evening's day, not the morning's), so a changed shift can move a punch to or from them.
 */
export function daysToRecompute(row: ShiftChangeDraft): WorkerDay[] {
  const days = new Map<string, WorkerDay>();
  for (const { workerId, workDate } of changedDays(row))
    for (const by of [-1, 0, 1]) {
      const day = nextDay(workDate, by);
      days.set(`${workerId}|${day}`, { workerId, workDate: day });
    }
  return [...days.values()];
}

const dmy = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;

/**
 * The rules of a request beyond its fields' own, in the write's transaction; on success the
 * values the server fills (each named worker's shift that day by the work calendars, the other's
 * day when left empty) are written into `into`. Refused, with a field error each, nothing written:
 * swapping with oneself, a swap without the other worker, a worker with no shift that day to
 * swap, the same shift as now, a day already changed by another live request (named), another
 * worker the caller's data scope does not reach.
 */
export async function settleShiftChange(
  tx: Tx,
  caller: Scope,
  draft: ShiftChangeDraft,
  into: Row,
): Promise<void> {
  const errors: FieldError[] = [];
  const refuse = (field: string, message: string, code: string = FieldErrorKeys.invalidValue) =>
    errors.push({ field, code, message });
  const kind = draft.kind as ShiftChangeKind;
  const workerId = String(draft.workerId);
  const workDate = String(draft.workDate);
  const otherWorkerId = text(draft.otherWorkerId);
  const otherWorkDate = kind === 'SWAP' ? (text(draft.otherWorkDate) ?? workDate) : text(draft.otherWorkDate);
  if (kind === 'MOVE') {
    if (otherWorkerId) refuse('otherWorkerId', 'only a swap names another employee: leave it empty');
    if (otherWorkDate) refuse('otherWorkDate', 'only a swap names the other employee’s day: leave it empty');
  } else {
    if (!otherWorkerId)
      refuse('otherWorkerId', 'a swap names the employee to swap with', FieldErrorKeys.required);
    else if (otherWorkerId === workerId)
      refuse('otherWorkerId', 'an employee cannot swap a shift with themselves');
    else if (!(await reaches(tx, caller, otherWorkerId)))
      refuse('otherWorkerId', 'is outside the records you may manage');
    if (text(draft.workShiftId))
      refuse('workShiftId', 'a swap takes the other employee’s shift: leave the new shift empty');
  }
  if (errors.length > 0) throw validationFailed(errors, 'The shift change is not valid');

  const current = await shiftOn(tx, workerId, workDate);
  const other = kind === 'SWAP' ? await shiftOn(tx, otherWorkerId as string, otherWorkDate as string) : null;
  const target = kind === 'MOVE' ? text(draft.workShiftId) : null;
  const names = await namesOf(
    tx,
    [workerId, ...(otherWorkerId ? [otherWorkerId] : [])],
    [current, other, target],
  );
  const who = (id: string) => names.workers.get(id) ?? id;
  const shift = (id: string) => names.shifts.get(id) ?? id;
  if (kind === 'MOVE' && target === current)
    refuse(
      'workShiftId',
      current
        ? `${who(workerId)} already works ${shift(current)} on ${dmy(workDate)}`
        : `${who(workerId)} has no shift on ${dmy(workDate)} already: choose the shift to work`,
    );
  if (kind === 'SWAP') {
    if (!current) refuse('workDate', `${who(workerId)} has no shift on ${dmy(workDate)} to swap`);
    if (!other)
      refuse(
        'otherWorkDate',
        `${who(otherWorkerId as string)} has no shift on ${dmy(otherWorkDate as string)} to swap`,
      );
    if (current && current === other)
      refuse('otherWorkerId', `both work ${shift(current)} that day: there is nothing to swap`);
  }
  if (errors.length === 0) {
    const days = [
      { field: 'workDate', workerId, workDate },
      ...(kind === 'SWAP'
        ? [{ field: 'otherWorkDate', workerId: otherWorkerId as string, workDate: otherWorkDate as string }]
        : []),
    ];
    // one save of a (worker, day) at a time: two saved at once would each find the other absent
    for (const day of [...days].sort((a, b) =>
      `${a.workerId}${a.workDate}`.localeCompare(`${b.workerId}${b.workDate}`),
    ))
      await tx.execute(
        sql`select pg_advisory_xact_lock(hashtext(${`tm_shift_change|${day.workerId}|${day.workDate}`}))`,
      );
    for (const taken of await changedElsewhere(tx, text(draft.id), days))
      refuse(
        taken.field,
        `${who(taken.workerId)}'s ${dmy(taken.workDate)} is already changed by the request "${taken.name}" (${taken.status}): cancel it first`,
      );
  }
  if (errors.length > 0) throw validationFailed(errors, 'The shift change is not valid');
  into.currentShiftId = current;
  into.otherShiftId = kind === 'SWAP' ? other : null;
  if (kind === 'SWAP') into.otherWorkDate = otherWorkDate;
}

/** The work shift the approved work calendars give a worker on a day (null: none, or a day off). */
export async function shiftOn(tx: Tx, workerId: string, day: string): Promise<string | null> {
  const resolution = await resolveShifts(tx, { workers: { workerIds: [workerId] }, from: day, to: day });
  return resolution.days.get(workerId)?.[0]?.workShiftId ?? null;
}

/** Whether the caller's employee data scope reaches this worker (as byWorkerDataScope does the request's). */
export async function reaches(tx: Tx, caller: Scope, workerId: string): Promise<boolean> {
  const reach = await workerReachOf(tx, caller);
  if (reach.all || reach.self?.id === workerId) return true;
  if (reach.unitIds.length === 0) return false;
  const found = await tx
    .select({ id: workers.id })
    .from(workers)
    .where(and(eq(workers.id, workerId), inArray(workers.organizationUnitId, [...reach.unitIds])))
    .limit(1);
  return found.length > 0;
}

/** The names messages use: employees by full name, shifts as "Ca hành chính (HC)". */
async function namesOf(tx: Tx, workerIds: string[], shiftIds: (string | null)[]) {
  const ids = shiftIds.filter((id): id is string => id !== null);
  const people = await tx
    .select({ id: workers.id, name: workers.fullName })
    .from(workers)
    .where(inArray(workers.id, workerIds));
  const shifts =
    ids.length === 0
      ? []
      : await tx
          .select({ id: workShifts.id, name: workShifts.name, code: workShifts.code })
          .from(workShifts)
          .where(inArray(workShifts.id, ids));
  return {
    workers: new Map(people.map((p) => [p.id, p.name])),
    shifts: new Map(shifts.map((s) => [s.id, `${s.name} (${s.code})`])),
  };
}

/**
 * Live requests (neither canceled nor rejected) other than `id` that already change one of these
 * (worker, day)s, as the requesting worker or as the other of a swap: a day has one shift change.
 */
async function changedElsewhere(
  tx: Tx,
  id: string | null,
  days: readonly { field: string; workerId: string; workDate: string }[],
): Promise<{ field: string; workerId: string; workDate: string; name: string; status: string }[]> {
  const found: { field: string; workerId: string; workDate: string; name: string; status: string }[] = [];
  for (const day of days) {
    const rows = (
      (await tx.execute(sql`
        select r.approval_status as status,
               (select w.full_name from workers w where w.id = r.worker_id) || ' – ' || to_char(r.work_date, 'DD/MM/YYYY') as name
          from tm_shift_change_requests r
         where r.approval_status not in ('CANCELED', 'REJECTED')
           and (${id}::uuid is null or r.id <> ${id}::uuid)
           and ((r.worker_id = ${day.workerId}::uuid and r.work_date = ${day.workDate}::date)
             or (r.other_worker_id = ${day.workerId}::uuid and r.other_work_date = ${day.workDate}::date))
         order by r.created_at limit 1`)) as unknown as { rows: { status: string; name: string }[] }
    ).rows;
    const row = rows[0];
    if (row) found.push({ ...day, ...row });
  }
  return found;
}

/**
 * At approval: the work calendars must still give each named worker the shift the request was
 * saved with (what the approver read on it). A calendar changed since makes the request say
 * something else: 409, nothing changes; saving the request again reads the shifts again.
 */
export async function refuseIfCalendarsMoved(tx: Tx, row: ShiftChangeDraft): Promise<void> {
  const sides = [
    { workerId: String(row.workerId), day: String(row.workDate), kept: text(row.currentShiftId) },
    ...(row.kind === 'SWAP'
      ? [
          {
            workerId: String(row.otherWorkerId),
            day: String(row.otherWorkDate),
            kept: text(row.otherShiftId),
          },
        ]
      : []),
  ];
  for (const side of sides) {
    const now = await shiftOn(tx, side.workerId, side.day);
    if (now !== side.kept) {
      const names = await namesOf(tx, [side.workerId], [now, side.kept]);
      const name = (id: string | null) => (id ? (names.shifts.get(id) ?? id) : 'no shift');
      throw new AppError(
        409,
        ErrorCodes.conflict,
        `The work calendars now give ${names.workers.get(side.workerId) ?? side.workerId} ${name(now)} on ${dmy(side.day)}, not ${name(side.kept)} as when the request was saved: save the request again`,
      );
    }
  }
}
