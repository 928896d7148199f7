import {
  layoutShift,
  type MinuteRange,
  type ShiftLayout,
  type ShiftTimes,
  type WorkShiftKind,
} from '@hcm/contracts/work-shifts';

export type { MinuteRange, WorkShiftKind } from '@hcm/contracts/work-shifts';

/** One stretch of scheduled work and the windows in which its punches count. */
export interface PlanSegment extends MinuteRange {
  /** a punch here opens the segment (the first one counts) */
  readonly checkIn: MinuteRange;
  /** a punch here closes the segment (the last one counts) */
  readonly checkOut: MinuteRange;
}

/**
 * A work shift as the timesheet engine reads it (docs/work-shifts.md "The shift plan"): pure data,
 * minutes from the work day's 00:00 in the tenant's zone (1560 is 02:00 the next morning, -60 is
 * 23:00 the evening before), ranges half-open [start, end). It is assignable to the day
 * computation's input (services/tm/timesheet/types.ts `ShiftPlan`), which reads a subset. Night
 * minutes are not in it: they depend on the night window of the day computed (the labour rules in
 * force then), which the engine applies (`nightMinutesOf` of @hcm/contracts/work-shifts).
 */
export interface ShiftPlan {
  /** the work shift's id */
  readonly id: string;
  readonly code: string;
  readonly name: string;
  readonly kind: WorkShiftKind;
  /** in time order: one (FIXED, FLEXIBLE: the band work counts in) or two (SPLIT) */
  readonly segments: readonly PlanSegment[];
  /** unpaid breaks inside the segments (lunch), deducted from worked minutes */
  readonly breaks: readonly MinuteRange[];
  /** paid breaks: working time (Labour Code 2019 art. 109), shown, never deducted */
  readonly paidBreaks: readonly MinuteRange[];
  /** a late arrival up to this many minutes is not counted; beyond it, the whole lateness is */
  readonly lateToleranceMinutes: number;
  /** the same for leaving early */
  readonly earlyToleranceMinutes: number;
  /** the minutes to work for a full day (the record's required hours) */
  readonly requiredMinutes: number;
  /** FLEXIBLE: the ranges that must be covered; empty otherwise */
  readonly coreHours: readonly MinuteRange[];
  /** what a full day of this shift is worth, thousandths of a work day (1000 = 1, 500 = ½) */
  readonly dayValue: number;
  /** the shift coefficient (1 to 100), hundredths: 150 is 1.5 */
  readonly coefficient: number;
}

/** The fields of a work shift record (or row) a plan is made from. */
export interface ShiftRecordTimes extends ShiftTimes {
  readonly id: string;
  readonly code: string;
  readonly name: string;
  readonly lateToleranceMinutes: number;
  readonly earlyToleranceMinutes: number;
  readonly requiredHours: string | number;
  readonly workingDays: string | number;
  readonly coefficient: string | number;
}

/** A decimal string or number in thousandths (or hundredths), exactly: "0.5" → 500. */
function scaled(value: string | number, digits: number): number {
  const [whole = '0', fraction = ''] = String(value).split('.');
  return Number(whole) * 10 ** digits + Number(fraction.padEnd(digits, '0').slice(0, digits));
}

/**
 * The plan of a stored shift. A stored shift passed validation, so it lays out; one that does not
 * (written around the API) throws rather than giving the engine a wrong day.
 */
export function shiftPlanOf(shift: ShiftRecordTimes): ShiftPlan {
  const { layout, issues } = layoutShift(shift);
  if (!layout)
    throw new Error(
      `work shift ${shift.code} does not lay out: ${issues.map((i) => `${i.field} ${i.rule}`).join(', ')}`,
    );
  return planOfLayout(shift, layout);
}

function planOfLayout(shift: ShiftRecordTimes, layout: ShiftLayout): ShiftPlan {
  const range = ({ start, end }: MinuteRange): MinuteRange => ({ start, end });
  return {
    id: shift.id,
    code: shift.code,
    name: shift.name,
    kind: layout.kind,
    segments: layout.segments.map((s) => ({
      ...range(s),
      checkIn: range(s.checkIn),
      checkOut: range(s.checkOut),
    })),
    breaks: layout.breaks.filter((b) => !b.paid).map(range),
    paidBreaks: layout.breaks.filter((b) => b.paid).map(range),
    lateToleranceMinutes: shift.lateToleranceMinutes,
    earlyToleranceMinutes: shift.earlyToleranceMinutes,
    requiredMinutes: Math.round(scaled(shift.requiredHours, 3) * 0.06),
    coreHours: layout.core ? [range(layout.core)] : [],
    dayValue: scaled(shift.workingDays, 3),
    coefficient: scaled(shift.coefficient, 2),
  };
}
