import type { WorkCalendarPatternType, WorkCalendarTargetType } from '@hcm/contracts/work-calendars';
import { dayNumber, floorMod, isoWeekday } from './calendar-days.ts';

/**
 * A work calendar as the resolver reads it (the table's row with its lists folded in): whom it
 * assigns, when, and what each day it claims holds. Plain data, so that the precedence rule and
 * the pattern arithmetic are proved without a database (docs/work-calendars.md).
 */
export interface CalendarRule {
  readonly id: string;
  readonly code: string;
  readonly name: string;
  readonly targetType: WorkCalendarTargetType;
  /** UNIT and WORKING_GROUP: the unit (a working group is a unit of type TO) */
  readonly organizationUnitId: string | null;
  /** UNIT and WORKING_GROUP: the units below it too */
  readonly includeSubUnits: boolean;
  /** JOB_TITLE: the title */
  readonly jobTitleId: string | null;
  /** WORKER: the workers named */
  readonly workerIds: readonly string[];
  readonly fromDate: string;
  /** null: open-ended */
  readonly toDate: string | null;
  /** ISO weekdays the calendar claims, 1 Monday … 7 Sunday */
  readonly weekdays: readonly number[];
  readonly patternType: WorkCalendarPatternType;
  /** WEEKLY: the shift of every day it claims */
  readonly workShiftId: string | null;
  /** ROTATION: how long each slot lasts */
  readonly rotationUnit: 'DAY' | 'WEEK' | null;
  /** ROTATION: the first day of the cycle's first slot */
  readonly anchorDate: string | null;
  /** ROTATION: the cycle's slots in order, a shift or null for a day (or week) off */
  readonly rotation: readonly (string | null)[];
  /** only an approved calendar takes effect; the others are shown when explaining */
  readonly approved: boolean;
  /** when the approval engine approved it (ISO timestamp), the last tie-break but one */
  readonly approvedAt: string | null;
}

/** What a calendar says of one day. */
export type DayOutcome =
  | { readonly kind: 'SHIFT'; readonly workShiftId: string }
  | { readonly kind: 'OFF' }
  | { readonly kind: 'OUT_OF_RANGE' }
  | { readonly kind: 'NOT_THIS_WEEKDAY' };

const OFF: DayOutcome = { kind: 'OFF' };
const OUT_OF_RANGE: DayOutcome = { kind: 'OUT_OF_RANGE' };
const NOT_THIS_WEEKDAY: DayOutcome = { kind: 'NOT_THIS_WEEKDAY' };

/** A calendar's dates and pattern as day numbers, computed once per calendar, not per day. */
export interface CompiledRule {
  readonly rule: CalendarRule;
  readonly from: number;
  readonly to: number;
  /** bit (weekday − 1) set when the weekday is claimed */
  readonly weekdayMask: number;
  readonly anchor: number;
  readonly slotDays: number;
  readonly shiftOutcomes: readonly DayOutcome[];
}

export function compileRule(rule: CalendarRule): CompiledRule {
  const slots = rule.patternType === 'ROTATION' ? rule.rotation : [rule.workShiftId];
  return {
    rule,
    from: dayNumber(rule.fromDate),
    to: rule.toDate ? dayNumber(rule.toDate) : Number.POSITIVE_INFINITY,
    weekdayMask: rule.weekdays.reduce((mask, weekday) => mask | (1 << (weekday - 1)), 0),
    anchor: rule.anchorDate ? dayNumber(rule.anchorDate) : dayNumber(rule.fromDate),
    slotDays: rule.rotationUnit === 'WEEK' ? 7 : 1,
    shiftOutcomes: slots.map((shift) => (shift ? { kind: 'SHIFT', workShiftId: shift } : OFF)),
  };
}

/**
 * What the calendar holds on a day: nothing when the day is outside its dates or on a weekday it
 * does not claim (a less specific calendar may then decide), else its shift, or the rotation's
 * slot of that day (a shift, or off). A rotation counts its slots from the anchor on every
 * calendar day, claimed or not, and backwards before the anchor too: a weekly three-shift
 * rotation anchored on a Monday moves on each Monday whatever the month.
 */
export function outcomeOn(compiled: CompiledRule, day: number): DayOutcome {
  if (day < compiled.from || day > compiled.to) return OUT_OF_RANGE;
  if ((compiled.weekdayMask & (1 << (isoWeekday(day) - 1))) === 0) return NOT_THIS_WEEKDAY;
  const slots = compiled.shiftOutcomes;
  if (slots.length === 1) return slots[0] ?? OFF;
  const slot = floorMod(Math.floor((day - compiled.anchor) / compiled.slotDays), slots.length);
  return slots[slot] ?? OFF;
}

/** Whether an outcome decides the day (a shift or a day off) rather than passing it on. */
export const decides = (outcome: DayOutcome): outcome is Extract<DayOutcome, { kind: 'SHIFT' | 'OFF' }> =>
  outcome.kind === 'SHIFT' || outcome.kind === 'OFF';
