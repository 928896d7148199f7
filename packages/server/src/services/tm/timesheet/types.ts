/*
 * The timesheet engine's day computation: what goes in and what comes out (docs/timesheet-engine.md).
 *
 * Times inside a day are whole minutes from the work day's 00:00 in the tenant's zone: 480 is
 * 08:00, 1560 is 02:00 the next morning (an overnight shift belongs to the day it starts), -60
 * is 23:00 the evening before. Punches are instants (epoch milliseconds, UTC); the computation
 * places them on the day with the day's UTC offset, given as input (no zone rules are assumed).
 */

/** A half-open range of minutes from the work day's 00:00: [start, end). */
export interface MinuteRange {
  readonly start: number;
  readonly end: number;
}

/** One stretch of scheduled work and the windows in which its punches are accepted. */
export interface PlanSegment extends MinuteRange {
  /** a punch here opens the segment (the first one counts) */
  readonly checkIn: MinuteRange;
  /** a punch here closes the segment (the last one counts) */
  readonly checkOut: MinuteRange;
}

/**
 * FIXED: one segment, first in and last out. SPLIT: two or more segments, each paired on its own
 * (a factory's or a shop's day in two halves). FLEXIBLE: one segment bounding when work counts,
 * core hours that must be covered, and a number of minutes to reach.
 */
export type ShiftKind = 'FIXED' | 'SPLIT' | 'FLEXIBLE';

/**
 * The view of a work shift the day computation needs. Issue 30's work shifts (helper H2,
 * services/tm/work-shifts) export their own `ShiftPlan`; this is the computation's input shape,
 * and the loaders map the stored shift into it (docs/timesheet-engine.md, "Inputs").
 */
export interface ShiftPlan {
  readonly code: string;
  readonly kind: ShiftKind;
  /** in time order; FIXED and FLEXIBLE have one */
  readonly segments: readonly PlanSegment[];
  /** unpaid breaks inside the segments (lunch), deducted from worked minutes */
  readonly breaks: readonly MinuteRange[];
  /** a late arrival up to this many minutes is not counted; beyond it, the whole lateness is */
  readonly lateToleranceMinutes: number;
  /** the same for leaving early */
  readonly earlyToleranceMinutes: number;
  /** FLEXIBLE: the minutes to work for a full day (FIXED/SPLIT: the segments less the breaks) */
  readonly requiredMinutes?: number;
  /** FLEXIBLE: ranges that must be covered */
  readonly coreHours?: readonly MinuteRange[];
  /** what a full day of this shift is worth, in thousandths of a work day (1000 = 1, 500 = ½) */
  readonly dayValue: number;
}

/**
 * Which overtime rate work on the day earns: the labour calendar's pay class of the day
 * (services/tm/calendar, `PayClass` of @hcm/contracts/labour-calendar, the same three values).
 */
export type DayType = 'WEEKDAY' | 'REST_DAY' | 'HOLIDAY';

/** Pay rates in basis points of the hourly wage, as the labour calendar gives them: 15 000 is 150 %. */
export interface OvertimeRates {
  readonly day: number;
  readonly night: number;
  /** a weekday's night overtime after daytime overtime the same day (Decree 145: 210 %) */
  readonly nightAfterDayOvertime?: number;
}

/**
 * The labour rules in effect on the day (effective-dated tenant data; helper H1's labour rules
 * in services/tm/calendar give them). Only what the day computation reads.
 */
export interface DayRules {
  /** the night window as minutes of a local day; end below start crosses midnight (22:00–06:00: 1320, 360) */
  readonly nightWindow: MinuteRange;
  /** overtime pay per day type, basis points (weekday 15 000/20 000/21 000, rest 20 000/27 000, holiday 30 000/39 000) */
  readonly overtimeRates: Readonly<Record<DayType, OvertimeRates>>;
  /** what a day paid off (a public holiday, a compensatory day) is paid, thousandths of a work day (1000: one day) */
  readonly holidayPaidValue: number;
}

/** How the tenant counts overtime and which symbols it writes. */
export interface TimesheetSettings {
  /**
   * REGISTERED: overtime is presence inside an approved overtime registration (a day adjustment);
   * PUNCHED: presence after the shift, and all presence on a rest day or holiday, counts
   */
  readonly overtimeMode: 'REGISTERED' | 'PUNCHED';
  /** PUNCHED: less overtime than this in a day counts as none */
  readonly overtimeMinimumMinutes: number;
  /** punches of one worker this close together are one (two devices, a double tap) */
  readonly repeatPunchSeconds: number;
  /** outcome → symbol; see symbols.ts for the seeded default */
  readonly symbols: Readonly<Record<SymbolKey, string | null>>;
}

/** Why a worker was away with a document (the leave, business-trip and other documents of issue 31). */
export type AbsenceReason =
  | 'ANNUAL_LEAVE'
  | 'SICK'
  | 'CHILD_SICK'
  | 'MATERNITY'
  | 'WORK_ACCIDENT'
  | 'MEETING_STUDY'
  | 'COMPENSATORY'
  /** paid personal leave, Labour Code 2019 art. 115(1): marriage, bereavement (symbol R) */
  | 'PAID_PERSONAL'
  | 'UNPAID_LEAVE'
  | 'STOPPED_WORK'
  | 'LABOUR_DUTY';

/** Work done away from the devices, on a document: counted as worked. */
export type PresenceReason = 'BUSINESS_TRIP' | 'CONFERENCE';

/**
 * An approved document folded into the day, as data. `period` omitted: the whole of the shift.
 * - ABSENCE: away for a reason, paid or not (leave, sick, maternity…);
 * - PRESENCE: working elsewhere (business trip, conference): the period counts as worked;
 * - OVERTIME: an approved overtime registration (REGISTERED mode counts presence inside it);
 * - SHIFT_CHANGE: the day's shift replaced by another (or by none: a day off swapped).
 */
export type DayAdjustment =
  | {
      readonly kind: 'ABSENCE';
      readonly reason: AbsenceReason;
      readonly paid: boolean;
      readonly period?: MinuteRange;
      /**
       * without a period: the first or the second half of the shift's work minutes (a half-day
       * leave: the shift of the day decides when, as the engine computes it)
       */
      readonly half?: 'FIRST' | 'SECOND';
      readonly documentId?: string;
    }
  | {
      readonly kind: 'PRESENCE';
      readonly reason: PresenceReason;
      readonly period?: MinuteRange;
      readonly documentId?: string;
    }
  | { readonly kind: 'OVERTIME'; readonly period: MinuteRange; readonly documentId?: string }
  | { readonly kind: 'SHIFT_CHANGE'; readonly plan: ShiftPlan | null; readonly documentId?: string }
  | {
      /**
       * an approved work update request: punches at these minutes of the work day (1440 and
       * more: the next morning), added to the day's own or, with `replace`, instead of them
       */
      readonly kind: 'PUNCHES';
      readonly minutes: readonly number[];
      readonly replace: boolean;
      readonly documentId?: string;
    };

/** One punch as stored: an instant and where it came from. */
export interface Punch {
  /** epoch milliseconds (UTC) */
  readonly at: number;
  readonly device?: string;
}

/** Everything one worker's one work day is computed from. */
export interface DayInput {
  /** the work day, YYYY-MM-DD in the tenant's zone */
  readonly workDate: string;
  /** the zone's offset from UTC on that day, minutes (Vietnam: 420) */
  readonly utcOffsetMinutes: number;
  readonly dayType: DayType;
  /** the day is paid without work (a public holiday, a paid day off); default: a HOLIDAY day is */
  readonly paidOff?: boolean;
  /** the shift that applied (null: none) and the assignment that chose it */
  readonly plan: ShiftPlan | null;
  readonly assignmentId?: string | null;
  /**
   * the shifts of the day before and after (null: none). They bound which punches are this
   * day's, so a night shift's checkout is never also the next day's check-in (day-span.ts).
   */
  readonly previousPlan?: ShiftPlan | null;
  readonly nextPlan?: ShiftPlan | null;
  /** the worker's punches around the day (a day either side is enough); any order, duplicates allowed */
  readonly punches: readonly Punch[];
  readonly adjustments?: readonly DayAdjustment[];
  /** paid by product rather than by time (symbol SP) */
  readonly productBased?: boolean;
  readonly rules: DayRules;
  readonly settings: TimesheetSettings;
}

/**
 * What the day came to, before the symbol: WORKED (punches or a presence document), LEAVE (a
 * whole-day absence document), ABSENT (scheduled on a working day, no punch and no document),
 * INCOMPLETE (a punch missing: to be corrected), UNSCHEDULED (punches but no shift on a working
 * day), HOLIDAY (a public holiday not worked), REST (nothing to record).
 */
export type DayOutcome = 'WORKED' | 'LEAVE' | 'ABSENT' | 'INCOMPLETE' | 'UNSCHEDULED' | 'HOLIDAY' | 'REST';

/** What a symbol is chosen by: an outcome, the reason of a document, or product-based work. */
export type SymbolKey = DayOutcome | AbsenceReason | PresenceReason | 'PRODUCT';

/** Overtime minutes by day type × day/night. */
export interface OvertimeMinutes {
  readonly weekdayDay: number;
  readonly weekdayNight: number;
  readonly restDay: number;
  readonly restNight: number;
  readonly holidayDay: number;
  readonly holidayNight: number;
}

/** A paired in and out; a side is null when its punch is missing. Instants (epoch ms). */
export interface PunchPair {
  readonly in: number | null;
  readonly out: number | null;
}

/** The day record: what the engine writes for one worker's one day. */
export interface DayResult {
  readonly workDate: string;
  readonly dayType: DayType;
  readonly shiftCode: string | null;
  readonly assignmentId: string | null;
  readonly outcome: DayOutcome;
  readonly symbol: string | null;
  readonly pairs: readonly PunchPair[];
  readonly firstIn: number | null;
  readonly lastOut: number | null;
  /** the shift's minutes of work (segments less breaks; FLEXIBLE: its required minutes) */
  readonly scheduledMinutes: number;
  /** minutes worked at normal rate (breaks deducted), presence documents included */
  readonly workedMinutes: number;
  readonly lateMinutes: number;
  readonly earlyMinutes: number;
  /** normal work inside the night window (overtime at night is in `overtime`) */
  readonly nightMinutes: number;
  readonly overtime: OvertimeMinutes;
  readonly overtimeMinutes: number;
  /** overtime weighted by its rates: minutes at 100 % that pay it (rounded half up) */
  readonly overtimePaidMinutes: number;
  /** thousandths of a work day: worked, paid leave (holidays included), unpaid leave, and paid in all */
  readonly workUnits: number;
  readonly paidLeaveUnits: number;
  readonly unpaidLeaveUnits: number;
  readonly paidUnits: number;
  readonly missingIn: boolean;
  readonly missingOut: boolean;
  /** FLEXIBLE: some core minutes were not covered (beyond the tolerances) */
  readonly coreHoursMissed: boolean;
  /** distinct punches of the day (duplicates counted once) and those no window took */
  readonly punchCount: number;
  readonly strayPunches: number;
}
