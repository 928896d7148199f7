/*
 * A work shift's times laid out on its work day (docs/work-shifts.md): the one reading of the
 * clock times the server validates and derives from (services/tm/work-shifts) and the form draws
 * (the timeline of packages/timekeeping), so the browser says at once what the server would refuse.
 *
 * Minutes count from the work day's 00:00 in the tenant's zone: 480 is 08:00, 1560 is 02:00 the
 * next morning (an overnight shift belongs to the day it starts), -60 is 23:00 the evening before
 * (a check-in window opening before a midnight shift). Ranges are half-open, [start, end).
 */

export const DAY_MINUTES = 1440;

/** 'HH:mm', 00:00 to 23:59. */
export const CLOCK_PATTERN = '^([01][0-9]|2[0-3]):[0-5][0-9]$';
const CLOCK = new RegExp(CLOCK_PATTERN);

export const WORK_SHIFT_KINDS = ['FIXED', 'FLEXIBLE', 'SPLIT'] as const;
export type WorkShiftKind = (typeof WORK_SHIFT_KINDS)[number];

export interface MinuteRange {
  readonly start: number;
  readonly end: number;
}

/** One stretch of work and the windows in which its punches count. */
export interface LaidSegment extends MinuteRange {
  /** a punch here opens the segment */
  readonly checkIn: MinuteRange;
  /** a punch here closes it */
  readonly checkOut: MinuteRange;
}

export interface LaidBreak extends MinuteRange {
  readonly paid: boolean;
}

export interface ShiftLayout {
  readonly kind: WorkShiftKind;
  /** in time order: one (FIXED, FLEXIBLE) or two (SPLIT) */
  readonly segments: readonly LaidSegment[];
  readonly breaks: readonly LaidBreak[];
  /** FLEXIBLE: the hours that must be covered */
  readonly core: MinuteRange | null;
  /** minutes of work the segments hold, unpaid breaks left out */
  readonly workMinutes: number;
}

/** The times of a shift as its record holds them ('HH:mm', null when not given). */
export interface ShiftTimes {
  readonly kind: WorkShiftKind;
  readonly startTime: string;
  readonly endTime: string;
  readonly secondStartTime?: string | null;
  readonly secondEndTime?: string | null;
  readonly coreStartTime?: string | null;
  readonly coreEndTime?: string | null;
  readonly checkInFrom?: string | null;
  readonly checkInTo?: string | null;
  readonly checkOutFrom?: string | null;
  readonly checkOutTo?: string | null;
  readonly secondCheckInFrom?: string | null;
  readonly secondCheckInTo?: string | null;
  readonly secondCheckOutFrom?: string | null;
  readonly secondCheckOutTo?: string | null;
  readonly breaks?: readonly {
    readonly startTime: string;
    readonly endTime: string;
    readonly paid?: boolean | null;
  }[];
  /** hours, a decimal string or number ("8", "7.5") */
  readonly requiredHours?: string | number | null;
}

/** What is wrong with a shift's times: the field to show it on, and the rule (ShiftIssueTexts). */
export interface ShiftIssue {
  readonly field: string;
  readonly rule: ShiftRule;
  /** the break's row, from 1 */
  readonly row?: number;
}

/** Each rule's words, English (the API's error message) and Vietnamese (the form). */
export const ShiftRuleTexts = {
  badClock: { en: 'must be a time HH:mm', vi: 'phải là giờ dạng HH:mm' },
  secondSegmentMissing: {
    en: 'a split shift needs its second segment (start and end)',
    vi: 'ca gãy cần có đoạn thứ hai (giờ bắt đầu và kết thúc)',
  },
  secondSegmentNotSplit: {
    en: 'only a split shift has a second segment',
    vi: 'chỉ ca gãy mới có đoạn thứ hai',
  },
  segmentsOverlap: {
    en: 'the second segment starts before the first one ends',
    vi: 'đoạn thứ hai bắt đầu trước khi đoạn thứ nhất kết thúc',
  },
  longerThanDay: {
    en: 'the shift runs longer than 24 hours',
    vi: 'ca làm việc dài quá 24 giờ',
  },
  coreMissing: {
    en: 'a flexible shift needs its core hours (start and end)',
    vi: 'ca linh hoạt cần có giờ cốt lõi (bắt đầu và kết thúc)',
  },
  coreNotFlexible: { en: 'only a flexible shift has core hours', vi: 'chỉ ca linh hoạt mới có giờ cốt lõi' },
  coreOutside: {
    en: 'the core hours must lie inside the shift',
    vi: 'giờ cốt lõi phải nằm trong ca',
  },
  breakEmpty: { en: 'the break ends when it starts', vi: 'giờ nghỉ kết thúc ngay khi bắt đầu' },
  breakOutside: {
    en: 'the break lies outside the shift’s working time',
    vi: 'giờ nghỉ nằm ngoài thời gian làm việc của ca',
  },
  breaksOverlap: { en: 'the break overlaps another break', vi: 'giờ nghỉ trùng với giờ nghỉ khác' },
  windowHalf: {
    en: 'give both ends of the window, or neither',
    vi: 'cần nhập cả hai đầu của khoảng chấm công, hoặc bỏ trống cả hai',
  },
  checkInAfterStart: {
    en: 'the check-in window must open at or before the segment starts and close at or after it',
    vi: 'khoảng chấm vào phải mở trước hoặc đúng giờ bắt đầu và đóng sau hoặc đúng giờ bắt đầu',
  },
  checkOutBeforeEnd: {
    en: 'the check-out window must open at or before the segment ends and close at or after it',
    vi: 'khoảng chấm ra phải mở trước hoặc đúng giờ kết thúc và đóng sau hoặc đúng giờ kết thúc',
  },
  windowsCross: {
    en: 'the check-in window must close before the check-out window opens',
    vi: 'khoảng chấm vào phải đóng trước khi khoảng chấm ra mở',
  },
  windowOverlapsNext: {
    en: 'the window reaches into the next segment’s windows',
    vi: 'khoảng chấm công chồng lên khoảng chấm công của đoạn sau',
  },
  windowsLongerThanDay: {
    en: 'the windows span more than 24 hours: they would overlap the next day’s shift',
    vi: 'các khoảng chấm công dài quá 24 giờ: sẽ chồng lên ca của ngày hôm sau',
  },
  requiredTooLong: {
    en: 'the required hours exceed the shift’s working time',
    vi: 'số giờ yêu cầu vượt quá thời gian làm việc của ca',
  },
} as const;
export type ShiftRule = keyof typeof ShiftRuleTexts;

/** The minutes of 'HH:mm' (0–1439), or null when it is not one. */
export function clockMinutes(value: string | null | undefined): number | null {
  if (typeof value !== 'string' || !CLOCK.test(value)) return null;
  return Number(value.slice(0, 2)) * 60 + Number(value.slice(3, 5));
}

/** 'HH:mm' of a minute of any day (1560 is 02:00). */
export function clockOf(minute: number): string {
  const m = ((minute % DAY_MINUTES) + DAY_MINUTES) % DAY_MINUTES;
  return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
}

const mod = (n: number) => ((n % DAY_MINUTES) + DAY_MINUTES) % DAY_MINUTES;
/** The first minute at or after `from` showing this clock time. */
const atOrAfter = (clock: number, from: number) => from + mod(clock - from);
/** The minute showing this clock time nearest to `anchor` (12 hours either side at most). */
const near = (clock: number, anchor: number) => anchor + mod(clock - anchor + 720) - 720;
/** The end of a stretch starting at `start`: its clock time after the start, a whole day when equal. */
const endAfter = (clock: number, start: number) => start + (mod(clock - start) || DAY_MINUTES);

const overlaps = (a: MinuteRange, b: MinuteRange) => a.start < b.end && b.start < a.end;

/** Default windows around a segment: 2 hours before its start, 4 after its end, never into a neighbour. */
const DEFAULT_BEFORE = 120;
const DEFAULT_AFTER = 240;

interface SegmentInput {
  readonly start: number;
  readonly end: number;
  /** the fields of its four window ends */
  readonly fields: readonly [string, string, string, string];
  readonly values: readonly [number | null, number | null, number | null, number | null];
}

/**
 * The shift laid out on its day, or the issues that keep it from being one. Every rule of
 * docs/work-shifts.md "Rules" is here; the server answers the issues in the error envelope, the
 * form shows them on their fields.
 */
export function layoutShift(times: ShiftTimes): { layout: ShiftLayout | null; issues: ShiftIssue[] } {
  const issues: ShiftIssue[] = [];
  const issue = (field: string, rule: ShiftRule, row?: number) =>
    issues.push(row === undefined ? { field, rule } : { field, rule, row });
  const read = (field: keyof ShiftTimes): number | null => {
    const value = times[field] as string | null | undefined;
    if (value === null || value === undefined || value === '') return null;
    const minutes = clockMinutes(value);
    if (minutes === null) issue(field, 'badClock');
    return minutes;
  };

  const start = read('startTime');
  const end = read('endTime');
  const secondStart = read('secondStartTime');
  const secondEnd = read('secondEndTime');
  const coreStart = read('coreStartTime');
  const coreEnd = read('coreEndTime');
  const windowOf = (names: readonly [string, string, string, string]) =>
    names.map((name) => read(name as keyof ShiftTimes)) as [
      number | null,
      number | null,
      number | null,
      number | null,
    ];
  const firstFields = ['checkInFrom', 'checkInTo', 'checkOutFrom', 'checkOutTo'] as const;
  const secondFields = [
    'secondCheckInFrom',
    'secondCheckInTo',
    'secondCheckOutFrom',
    'secondCheckOutTo',
  ] as const;
  const firstWindows = windowOf(firstFields);
  const secondWindows = windowOf(secondFields);
  if (start === null || end === null) {
    if (times.startTime === '' || times.startTime === null) issue('startTime', 'badClock');
    if (times.endTime === '' || times.endTime === null) issue('endTime', 'badClock');
    return { layout: null, issues };
  }

  // the segments
  const first = { start, end: endAfter(end, start) };
  const spans: { start: number; end: number }[] = [first];
  const hasSecond = secondStart !== null || secondEnd !== null;
  if (times.kind === 'SPLIT') {
    if (secondStart === null || secondEnd === null) issue('secondStartTime', 'secondSegmentMissing');
    else {
      const offset = mod(secondStart - start);
      if (offset < first.end - first.start || first.end - first.start === DAY_MINUTES)
        issue('secondStartTime', 'segmentsOverlap');
      else {
        const second = { start: start + offset, end: endAfter(secondEnd, start + offset) };
        if (second.end - first.start > DAY_MINUTES) issue('secondEndTime', 'longerThanDay');
        else spans.push(second);
      }
    }
  } else if (hasSecond) issue('secondStartTime', 'secondSegmentNotSplit');

  // core hours
  let core: MinuteRange | null = null;
  const hasCore = coreStart !== null || coreEnd !== null;
  if (times.kind === 'FLEXIBLE') {
    if (coreStart === null || coreEnd === null) issue('coreStartTime', 'coreMissing');
    else {
      const from = atOrAfter(coreStart, first.start);
      const to = endAfter(coreEnd, from);
      if (to > first.end) issue('coreStartTime', 'coreOutside');
      else core = { start: from, end: to };
    }
  } else if (hasCore) issue('coreStartTime', 'coreNotFlexible');

  // breaks: each inside one segment, none over another
  const breaks: LaidBreak[] = [];
  (times.breaks ?? []).forEach((item, index) => {
    const row = index + 1;
    const from = clockMinutes(item.startTime);
    const to = clockMinutes(item.endTime);
    if (from === null || to === null) return issue('breaks', 'badClock', row);
    if (from === to) return issue('breaks', 'breakEmpty', row);
    const laid = { start: atOrAfter(from, first.start), end: 0, paid: item.paid === true };
    const placed = { ...laid, end: laid.start + mod(to - from) };
    if (!spans.some((span) => placed.start >= span.start && placed.end <= span.end))
      return issue('breaks', 'breakOutside', row);
    if (breaks.some((other) => overlaps(other, placed))) return issue('breaks', 'breaksOverlap', row);
    breaks.push(placed);
  });
  breaks.sort((a, b) => a.start - b.start);

  // windows
  const inputs: SegmentInput[] = spans.map((span, index) => ({
    ...span,
    fields: index === 0 ? firstFields : secondFields,
    values: index === 0 ? firstWindows : secondWindows,
  }));
  const segments = windowsOf(inputs, issue);
  if (segments && segments.length > 0) {
    const opens = Math.min(...segments.map((s) => s.checkIn.start));
    const closes = Math.max(...segments.map((s) => s.checkOut.end));
    if (closes - opens > DAY_MINUTES)
      issue(segments.length > 1 ? 'secondCheckOutTo' : 'checkOutTo', 'windowsLongerThanDay');
  }

  const unpaid = breaks.filter((b) => !b.paid).reduce((sum, b) => sum + b.end - b.start, 0);
  const workMinutes = spans.reduce((sum, s) => sum + s.end - s.start, 0) - unpaid;
  const required = Number(times.requiredHours ?? 0);
  // measured against whole segments only: a refused second segment would make any figure too long
  const segmentsLaid = times.kind !== 'SPLIT' || spans.length === 2;
  if (segmentsLaid && Number.isFinite(required) && Math.round(required * 60) > workMinutes)
    issue('requiredHours', 'requiredTooLong');

  if (issues.length > 0 || !segments) return { layout: null, issues };
  return { layout: { kind: times.kind, segments, breaks, core, workMinutes }, issues };
}

/**
 * Each segment's check-in and check-out windows: the given ones placed nearest to the segment's
 * start (check-in) or end (check-out), or the defaults; a window's last minute counts, so a
 * window typed 07:00–09:00 is [420, 541).
 */
function windowsOf(
  inputs: readonly SegmentInput[],
  issue: (field: string, rule: ShiftRule) => void,
): LaidSegment[] | null {
  let ok = true;
  // the minutes of the day the segments leave free, shared by the defaults before and after them
  const spare = DAY_MINUTES - ((inputs.at(-1)?.end ?? 0) - (inputs[0]?.start ?? 0));
  const laid = inputs.map((segment, index) => {
    const [inFrom, inTo, outFrom, outTo] = segment.values;
    const [inFromField, , outFromField, outToField] = segment.fields;
    const previous = inputs[index - 1];
    const next = inputs[index + 1];
    const length = segment.end - segment.start;
    // defaults: never beyond halfway to a neighbour, and the whole within a day
    const before = previous
      ? Math.floor((segment.start - previous.end) / 2)
      : Math.min(DEFAULT_BEFORE, Math.floor(spare / 3));
    const after = next
      ? Math.floor((next.start - segment.end) / 2)
      : Math.min(DEFAULT_AFTER, Math.floor((2 * spare) / 3));
    const middle = segment.start + Math.floor(length / 2);
    let checkIn: MinuteRange = { start: segment.start - before, end: middle };
    let checkOut: MinuteRange = { start: middle, end: segment.end + after };
    if ((inFrom === null) !== (inTo === null)) {
      issue(inFromField, 'windowHalf');
      ok = false;
    } else if (inFrom !== null && inTo !== null) {
      const from = near(inFrom, segment.start);
      const to = near(inTo, segment.start);
      if (from > segment.start || to < segment.start || to < from) {
        issue(inFromField, 'checkInAfterStart');
        ok = false;
      }
      checkIn = { start: from, end: to + 1 };
    }
    if ((outFrom === null) !== (outTo === null)) {
      issue(outFromField, 'windowHalf');
      ok = false;
    } else if (outFrom !== null && outTo !== null) {
      const from = near(outFrom, segment.end);
      const to = near(outTo, segment.end);
      if (from > segment.end || to < segment.end || to < from) {
        issue(outFromField, 'checkOutBeforeEnd');
        ok = false;
      }
      checkOut = { start: from, end: to + 1 };
    }
    if (ok && checkIn.end > checkOut.start) {
      issue(outFromField, 'windowsCross');
      ok = false;
    }
    return { start: segment.start, end: segment.end, checkIn, checkOut, outToField };
  });
  if (!ok) return null;
  laid.forEach((segment, index) => {
    const next = laid[index + 1];
    if (next && segment.checkOut.end > next.checkIn.start) {
      issue(segment.outToField, 'windowOverlapsNext');
      ok = false;
    }
  });
  return ok ? laid.map(({ start, end, checkIn, checkOut }) => ({ start, end, checkIn, checkOut })) : null;
}

/**
 * The night window of every day a work day reaches (the evening before to the morning after),
 * from a night window of clock minutes (22:00–06:00 is 1320 → 360: an end before the start is the
 * next morning).
 */
export function nightRangesOf(window: MinuteRange): MinuteRange[] {
  const length = mod(window.end - window.start);
  if (length === 0) return [];
  return [-1, 0, 1, 2].map((day) => ({
    start: day * DAY_MINUTES + window.start,
    end: day * DAY_MINUTES + window.start + length,
  }));
}

/**
 * Minutes of work a laid-out shift holds inside the night window (its segments less the unpaid
 * breaks: a paid break is working time, Labour Code 2019 art. 109).
 */
export function nightMinutesOf(layout: ShiftLayout, window: MinuteRange): number {
  const nights = nightRangesOf(window);
  const unpaid = layout.breaks.filter((b) => !b.paid);
  let total = 0;
  for (const segment of layout.segments)
    for (const night of nights) {
      const start = Math.max(segment.start, night.start);
      const end = Math.min(segment.end, night.end);
      if (end <= start) continue;
      total += end - start;
      for (const b of unpaid) total -= Math.max(0, Math.min(end, b.end) - Math.max(start, b.start));
    }
  return total;
}

/** The law's night window (Labour Code 2019 art. 106): 22:00 to 06:00, when the tenant's rules give none. */
export const STATUTORY_NIGHT_WINDOW: MinuteRange = { start: 22 * 60, end: 6 * 60 };
