import { dayStartOf, daySpan, placePunches } from './day-span.ts';
import { documentedMinutes, documentRanges, fitWindowsToDocuments, workOf } from './fit-windows.ts';
import { intersect, nightRanges, normalise, subtract, total } from './minute-ranges.ts';
import {
  NO_OVERTIME,
  overtimeByCategory,
  overtimePaidMinutes,
  overtimeTotal,
  widenForOvertime,
} from './overtime.ts';
import { pairByWindows, pairInOrder, type Pairing } from './pairing.ts';
import { withRequestedPunches } from './requested-punches.ts';
import { joinSymbols } from './symbols.ts';
import type {
  AbsenceReason,
  DayAdjustment,
  DayInput,
  DayOutcome,
  DayResult,
  MinuteRange,
  OvertimeMinutes,
  PresenceReason,
  PunchPair,
  ShiftPlan,
} from './types.ts';

/** The engine's version, stored with each day (tm_day_records.engine_version): days of an older one can be found and computed again. */
export const DAY_ENGINE_VERSION = 1;

type Absence = { reason: AbsenceReason; paid: boolean; ranges: MinuteRange[] };
type Presence = { reason: PresenceReason; ranges: MinuteRange[] };

/** What both kinds of day share once punches are paired. */
interface Paired {
  readonly input: DayInput;
  readonly plan: ShiftPlan | null;
  readonly pairing: Pairing;
  readonly punchCount: number;
  /** minutes between a paired in and out */
  readonly presence: MinuteRange[];
  readonly registrations: MinuteRange[];
}

/**
 * One worker's one work day, from its shift, punches, day type, rules and documents: a pure
 * function (docs/timesheet-engine.md, "The day computation"). The same input gives the same day.
 */
export function computeDay(input: DayInput): DayResult {
  const adjustments = input.adjustments ?? NONE;
  const registrations =
    adjustments.length === 0
      ? []
      : normalise(adjustments.flatMap((a) => (a.kind === 'OVERTIME' ? [a.period] : [])));
  const chosen = planOf(input.plan, adjustments);
  const plan =
    chosen && chosen.segments.length > 0
      ? fitWindowsToDocuments(widenForOvertime(chosen, registrations), documentedMinutes(chosen, adjustments))
      : null;
  const dayStart = dayStartOf(input.workDate, input.utcOffsetMinutes);
  const span = daySpan(plan, input.previousPlan, input.nextPlan);
  const punches = withRequestedPunches(
    placePunches(input.punches, dayStart, span, input.settings.repeatPunchSeconds),
    adjustments,
    dayStart,
  );
  const pairing = plan ? pairByWindows(punches, plan.segments) : pairInOrder(punches);
  const presence = normalise(presenceOf(pairing));
  // A shift on the labour calendar's weekly rest day is the worker's own working day (their
  // week-off falls elsewhere: the work calendar assigned it); a public holiday stays a holiday.
  const dayType = plan && input.dayType === 'REST_DAY' ? 'WEEKDAY' : input.dayType;
  const paired: Paired = {
    input: dayType === input.dayType ? input : { ...input, dayType },
    plan,
    pairing,
    punchCount: punches.length,
    presence,
    registrations,
  };
  return plan && dayType === 'WEEKDAY' ? scheduledDay(paired, plan) : offDay(paired);
}

/*
 * computeDay runs for every (worker, day) of a month: 310,000 times for a 10,000-worker tenant.
 * Its helpers are functions of the module rather than closures made per day, and a day without
 * documents skips their filters (docs/performance.md, "The timesheet engine").
 */
const NONE: readonly DayAdjustment[] = [];

/** The minutes between each pair's in and out (both present), in the pairs' order. */
function presenceOf(pairing: Pairing): MinuteRange[] {
  const ranges: MinuteRange[] = [];
  for (const p of pairing.pairs) if (p.in && p.out) ranges.push({ start: p.in.minute, end: p.out.minute });
  return ranges;
}

/** A document's period within the shift's work (no period: the whole work). */
function within(period: MinuteRange | undefined, work: MinuteRange[]): MinuteRange[] {
  return intersect(period ? [period] : work, work);
}

/** The minutes of the paid (or unpaid) absences not also worked. */
function coveredBy(absences: readonly Absence[], paid: boolean, worked: MinuteRange[]): number {
  const ranges: MinuteRange[] = [];
  for (const a of absences) if (a.paid === paid) ranges.push(...a.ranges);
  return total(subtract(ranges, worked));
}

/**
 * A shift-change document replaces the day's shift (the last one given wins; null: no shift).
 * The batch applies it to a key's neighbours too (recompute-days.ts): their shifts bound which
 * punches are the day's.
 */
export function planOf(plan: ShiftPlan | null, adjustments: readonly DayAdjustment[]): ShiftPlan | null {
  let chosen = plan;
  for (const a of adjustments) if (a.kind === 'SHIFT_CHANGE') chosen = a.plan;
  return chosen;
}

/** A working day with a shift: normal work, lateness, missing punches, documents, overtime after it. */
function scheduledDay(paired: Paired, plan: ShiftPlan): DayResult {
  const { input, presence, registrations } = paired;
  const adjustments = input.adjustments ?? NONE;
  const work = workOf(plan);
  const absences: Absence[] = [];
  const documented: Presence[] = [];
  for (const a of adjustments)
    if (a.kind === 'ABSENCE')
      absences.push({
        reason: a.reason,
        paid: a.paid,
        ranges: documentRanges(a, work),
      });
    else if (a.kind === 'PRESENCE') documented.push({ reason: a.reason, ranges: within(a.period, work) });
  const documentedRanges = documented.length === 0 ? [] : normalise(documented.flatMap((d) => d.ranges));
  const away = absences.length === 0 ? [] : normalise(absences.flatMap((a) => a.ranges));
  // what the punches had to cover: the shift less what documents account for
  const expected = subtract(work, [...away, ...documentedRanges]);
  const worked = intersect([...presence, ...documentedRanges], work);
  const workedMinutes = total(worked);

  const marks =
    plan.kind === 'FLEXIBLE' ? flexibleMarks(paired, plan, expected) : windowMarks(paired, plan, expected);
  const scheduledMinutes = plan.kind === 'FLEXIBLE' ? (plan.requiredMinutes ?? total(work)) : total(work);

  // units of the day: work (with the minutes a tolerance forgave), then paid and unpaid leave
  const credited = Math.min(workedMinutes + marks.forgiven, scheduledMinutes);
  const paidPart = Math.min(coveredBy(absences, true, worked), scheduledMinutes - credited);
  const unpaidPart = Math.min(coveredBy(absences, false, worked), scheduledMinutes - credited - paidPart);
  const workUnits = shareOf(plan.dayValue, credited, scheduledMinutes);
  const paidLeaveUnits = Math.min(
    shareOf(plan.dayValue, paidPart, scheduledMinutes),
    plan.dayValue - workUnits,
  );
  const unpaidLeaveUnits = Math.min(
    shareOf(plan.dayValue, unpaidPart, scheduledMinutes),
    plan.dayValue - workUnits - paidLeaveUnits,
  );

  const lastEnd = lastEndOf(plan);
  const overtimeRanges =
    input.settings.overtimeMode === 'PUNCHED'
      ? atLeast(
          intersect(presence, [{ start: lastEnd, end: Number.MAX_SAFE_INTEGER }]),
          input.settings.overtimeMinimumMinutes,
        )
      : subtract(intersect(presence, registrations), work);
  const overtime = overtimeByCategory(overtimeRanges, 'WEEKDAY', input.rules);

  const incomplete = marks.missingIn || marks.missingOut;
  const awayMinutes = paidPart + unpaidPart;
  const outcome: DayOutcome = incomplete
    ? 'INCOMPLETE'
    : credited > 0 || overtimeTotal(overtime) > 0
      ? 'WORKED'
      : awayMinutes > 0
        ? 'LEAVE'
        : 'ABSENT';
  const symbols = input.settings.symbols;
  const mainAbsence = largest(absences);
  const awaySymbol = mainAbsence ? (symbols[mainAbsence.reason] ?? symbols.LEAVE) : null;
  const symbol =
    outcome === 'WORKED'
      ? joinSymbols(workSymbol(paired, presence, largest(documented)), awayMinutes > 0 ? awaySymbol : null)
      : outcome === 'LEAVE'
        ? (awaySymbol ?? symbols.LEAVE)
        : symbols[outcome];

  return result(paired, {
    outcome,
    symbol,
    scheduledMinutes,
    workedMinutes,
    lateMinutes: marks.late,
    earlyMinutes: marks.early,
    nightMinutes: total(intersect(worked, nightRanges(input.rules.nightWindow))),
    overtime,
    workUnits,
    paidLeaveUnits,
    unpaidLeaveUnits,
    missingIn: marks.missingIn,
    missingOut: marks.missingOut,
    coreHoursMissed: marks.coreMissed,
  });
}

interface Marks {
  late: number;
  early: number;
  /** late and early minutes within the tolerances: not counted against the worker */
  forgiven: number;
  missingIn: boolean;
  missingOut: boolean;
  coreMissed: boolean;
}

/** FIXED and SPLIT: per segment, lateness from its start, early leave before its end, missing sides. */
function windowMarks(paired: Paired, plan: ShiftPlan, expected: MinuteRange[]): Marks {
  const marks: Marks = {
    late: 0,
    early: 0,
    forgiven: 0,
    missingIn: false,
    missingOut: false,
    coreMissed: false,
  };
  for (const pair of paired.pairing.pairs) {
    const segment = pair.segment;
    if (!segment) continue;
    const owed = intersect(expected, [segment]);
    if (total(owed) === 0) continue; // documents account for the whole segment
    if (pair.in && !pair.out) marks.missingOut = true;
    if (pair.out && !pair.in) marks.missingIn = true;
    if (!pair.in || !pair.out) continue;
    const late = total(intersect(owed, [{ start: segment.start, end: pair.in.minute }]));
    const early = total(intersect(owed, [{ start: pair.out.minute, end: segment.end }]));
    tolerate(marks, 'late', late, plan.lateToleranceMinutes);
    tolerate(marks, 'early', early, plan.earlyToleranceMinutes);
  }
  return marks;
}

/** FLEXIBLE: the core hours must be covered; uncovered core before the arrival is late, after the departure early. */
function flexibleMarks(paired: Paired, plan: ShiftPlan, expected: MinuteRange[]): Marks {
  const marks: Marks = {
    late: 0,
    early: 0,
    forgiven: 0,
    missingIn: false,
    missingOut: false,
    coreMissed: false,
  };
  const pair = paired.pairing.pairs[0];
  if (total(expected) === 0 || !pair) return marks;
  if (pair.in && !pair.out) marks.missingOut = true;
  if (pair.out && !pair.in) marks.missingIn = true;
  const presence = paired.presence;
  const first = presence[0];
  const last = presence[presence.length - 1];
  if (!first || !last) return marks;
  const uncovered = subtract(intersect(plan.coreHours ?? [], expected), presence);
  const late = total(intersect(uncovered, [{ start: Number.MIN_SAFE_INTEGER, end: first.start }]));
  const early = total(intersect(uncovered, [{ start: last.end, end: Number.MAX_SAFE_INTEGER }]));
  const between = total(uncovered) - late - early;
  tolerate(marks, 'late', late, plan.lateToleranceMinutes);
  tolerate(marks, 'early', early, plan.earlyToleranceMinutes);
  marks.coreMissed = marks.late > 0 || marks.early > 0 || between > 0;
  return marks;
}

/** Where the shift's last segment ends. */
function lastEndOf(plan: ShiftPlan): number {
  let end = Number.NEGATIVE_INFINITY;
  for (const s of plan.segments) end = Math.max(end, s.end);
  return end;
}

/** Within the tolerance a lateness is forgiven whole; beyond it, it counts whole (a grace, not a deduction). */
function tolerate(marks: Marks, side: 'late' | 'early', minutes: number, tolerance: number) {
  if (minutes <= 0) return;
  if (minutes <= tolerance) marks.forgiven += minutes;
  else marks[side] += minutes;
}

/**
 * A rest day, a public holiday, or a working day without a shift: no lateness and no normal
 * work. Presence is overtime where the tenant's mode says so (all of it on a rest day or
 * holiday when PUNCHED; inside a registration when REGISTERED); the rest of it is recorded as
 * worked minutes worth nothing until a shift or a registration says otherwise.
 */
function offDay(paired: Paired): DayResult {
  const { input, plan, presence, registrations } = paired;
  const adjustments = input.adjustments ?? NONE;
  const documented =
    adjustments.length === 0
      ? []
      : normalise(adjustments.flatMap((a) => (a.kind === 'PRESENCE' && a.period ? [a.period] : [])));
  const present = subtract(normalise([...presence, ...documented]), plan?.breaks ?? []);
  const offWork = input.dayType !== 'WEEKDAY';
  const overtimeRanges =
    input.settings.overtimeMode === 'PUNCHED'
      ? offWork
        ? atLeast(present, input.settings.overtimeMinimumMinutes)
        : []
      : intersect(present, registrations);
  const overtime = overtimeByCategory(overtimeRanges, input.dayType, input.rules);
  const missingOut = paired.pairing.pairs.some((p) => p.in && !p.out);
  const missingIn = paired.pairing.pairs.some((p) => p.out && !p.in);
  const holidayPay = (input.paidOff ?? input.dayType === 'HOLIDAY') ? input.rules.holidayPaidValue : 0;
  const outcome: DayOutcome =
    missingIn || missingOut
      ? 'INCOMPLETE'
      : overtimeTotal(overtime) > 0
        ? 'WORKED'
        : total(present) > 0
          ? 'UNSCHEDULED'
          : input.dayType === 'HOLIDAY'
            ? 'HOLIDAY'
            : 'REST';
  const symbol =
    outcome === 'WORKED' ? workSymbol(paired, presence, undefined) : input.settings.symbols[outcome];
  return result(paired, {
    outcome,
    symbol,
    scheduledMinutes: 0,
    workedMinutes: total(subtract(present, overtimeRanges)),
    lateMinutes: 0,
    earlyMinutes: 0,
    nightMinutes: 0,
    overtime,
    workUnits: 0,
    paidLeaveUnits: holidayPay,
    unpaidLeaveUnits: 0,
    missingIn,
    missingOut,
    coreHoursMissed: false,
  });
}

/** The symbol of work: product-paid, a document's when no punch shows the work, or time-paid. */
function workSymbol(paired: Paired, presence: MinuteRange[], document: Presence | undefined): string | null {
  const symbols = paired.input.settings.symbols;
  if (paired.input.productBased) return symbols.PRODUCT;
  if (document && total(presence) === 0) return symbols[document.reason] ?? symbols.WORKED;
  return symbols.WORKED;
}

function largest<T extends { ranges: MinuteRange[] }>(items: readonly T[]): T | undefined {
  let best: T | undefined;
  for (const item of items) if (!best || total(item.ranges) > total(best.ranges)) best = item;
  return best;
}

/** Less overtime than the minimum counts as none. */
function atLeast(ranges: MinuteRange[], minimum: number): MinuteRange[] {
  return total(ranges) >= Math.max(1, minimum) ? ranges : [];
}

/** value × part / whole in integers, rounded half up. */
function shareOf(value: number, part: number, whole: number): number {
  if (whole <= 0 || part <= 0) return 0;
  return Math.floor((2 * value * part + whole) / (2 * whole));
}

type Computed = Omit<
  DayResult,
  | 'workDate'
  | 'dayType'
  | 'shiftCode'
  | 'assignmentId'
  | 'pairs'
  | 'firstIn'
  | 'lastOut'
  | 'overtimeMinutes'
  | 'overtimePaidMinutes'
  | 'paidUnits'
  | 'punchCount'
  | 'strayPunches'
  | 'overtime'
> & { overtime: OvertimeMinutes };

function result(paired: Paired, computed: Computed): DayResult {
  const { input, plan, pairing } = paired;
  const pairs: PunchPair[] = [];
  let firstIn: number | null = null;
  let lastOut: number | null = null;
  for (const p of pairing.pairs) {
    if (!p.in && !p.out) continue;
    const pair = { in: p.in?.at ?? null, out: p.out?.at ?? null };
    pairs.push(pair);
    if (pair.in !== null) firstIn = firstIn === null ? pair.in : Math.min(firstIn, pair.in);
    if (pair.out !== null) lastOut = lastOut === null ? pair.out : Math.max(lastOut, pair.out);
  }
  const overtime = computed.overtime ?? NO_OVERTIME;
  return {
    workDate: input.workDate,
    dayType: input.dayType,
    shiftCode: plan?.code ?? null,
    assignmentId: plan ? (input.assignmentId ?? null) : null,
    pairs,
    firstIn,
    lastOut,
    ...computed,
    overtime,
    overtimeMinutes: overtimeTotal(overtime),
    overtimePaidMinutes: overtimePaidMinutes(overtime, input.rules),
    paidUnits: computed.workUnits + computed.paidLeaveUnits,
    punchCount: paired.punchCount,
    strayPunches: pairing.stray,
  };
}
