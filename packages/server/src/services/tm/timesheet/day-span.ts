import type { MinuteRange, Punch, ShiftPlan } from './types.ts';

const DAY = 1440;
const MINUTE_MS = 60_000;

/** The instant (epoch ms) of the work day's 00:00 in a zone `utcOffsetMinutes` ahead of UTC. */
export function dayStartOf(workDate: string, utcOffsetMinutes: number): number {
  // a batch asks for the same few dozen days again and again, each day's thrice in a row (its
  // punches, its computation, its row): the last answer, then a map per offset (no key text
  // made per call); the cache never grows past a bound
  if (workDate === last.workDate && utcOffsetMinutes === last.offset) return last.start;
  let starts = dayStarts.get(utcOffsetMinutes);
  if (!starts) dayStarts.set(utcOffsetMinutes, (starts = new Map()));
  let start = starts.get(workDate);
  if (start === undefined) {
    start = parseDayStart(workDate, utcOffsetMinutes);
    if (starts.size >= 4096) starts.clear();
    starts.set(workDate, start);
  }
  last = { workDate, offset: utcOffsetMinutes, start };
  return start;
}

const dayStarts = new Map<number, Map<string, number>>();
let last = { workDate: '', offset: 0, start: 0 };

function parseDayStart(workDate: string, utcOffsetMinutes: number): number {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(workDate);
  if (!match) throw new Error(`not a work date: ${workDate}`);
  return Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])) - utcOffsetMinutes * MINUTE_MS;
}

/** The minute of the work day a punch falls in (seconds dropped: 08:00:45 is 08:00). */
export function minuteOf(at: number, dayStart: number): number {
  return Math.floor((at - dayStart) / MINUTE_MS);
}

/**
 * The minutes a day reaches by itself: its local day, widened by its shift's windows (a night
 * shift's checkout at 06:00 the next morning, a check-in window opening the evening before).
 */
function ownSpan(plan: ShiftPlan | null | undefined): MinuteRange {
  if (!plan || plan.segments.length === 0) return { start: 0, end: DAY };
  let span = spans.get(plan);
  if (!span) {
    const starts = plan.segments.map((s) => Math.min(s.start, s.checkIn.start));
    const ends = plan.segments.map((s) => Math.max(s.end, s.checkOut.end));
    span = { start: Math.min(0, ...starts), end: Math.max(DAY, ...ends) };
    spans.set(plan, span);
  }
  return span;
}

/** Kept per plan: a batch's days share a few plans, each day asks for three (its own and its neighbours'). */
const spans = new WeakMap<ShiftPlan, MinuteRange>();

const scheduled = (plan: ShiftPlan | null | undefined): plan is ShiftPlan =>
  !!plan && plan.segments.length > 0;

/**
 * Which minutes' punches belong to this work day, so that each punch belongs to one day at most
 * (nothing counted twice): a day's own span, cut where a neighbour claims it. A day with a shift
 * wins over a day without one (a night shift's 06:00 checkout is not the next rest day's work);
 * two days with shifts part as `boundary` says.
 */
export function daySpan(
  plan: ShiftPlan | null,
  previous: ShiftPlan | null | undefined,
  next: ShiftPlan | null | undefined,
): MinuteRange {
  const own = ownSpan(plan);
  let { start, end } = own;
  if (scheduled(previous))
    start = Math.max(start, scheduled(plan) ? boundary(previous, plan) : ownSpan(previous).end - DAY);
  if (scheduled(next))
    end = Math.min(end, scheduled(plan) ? boundary(plan, next) + DAY : ownSpan(next).start + DAY);
  return { start, end: Math.max(start, end) };
}

/**
 * Where two consecutive days with shifts part, in the later day's minutes: where the earlier
 * day's span ends, or, when the spans overlap (a night shift's checkout window reaching into
 * the next morning's check-in window), halfway between the earlier shift's end and the later
 * one's start: a night shift ending 06:00 and a day shift starting 08:00 part at 07:00.
 */
function boundary(earlier: ShiftPlan, later: ShiftPlan): number {
  const earlierEnd = ownSpan(earlier).end - DAY;
  const laterStart = ownSpan(later).start;
  if (earlierEnd <= laterStart) return earlierEnd;
  const workEnd = Math.max(...earlier.segments.map((s) => s.end)) - DAY;
  const workStart = Math.min(...later.segments.map((s) => s.start));
  return Math.min(earlierEnd, Math.max(laterStart, Math.floor((workEnd + workStart) / 2)));
}

/** A punch placed on the work day: its instant and its minute. */
export interface PlacedPunch {
  readonly at: number;
  readonly minute: number;
}

/**
 * The day's punches: sorted, those within `repeatSeconds` of the one kept before counted once
 * (two devices reporting the same moment, a double tap), and those outside the span left out.
 */
export function placePunches(
  punches: readonly Punch[],
  dayStart: number,
  span: MinuteRange,
  repeatSeconds: number,
): PlacedPunch[] {
  const sorted = new Array<number>(punches.length);
  for (let i = 0; i < punches.length; i++) sorted[i] = (punches[i] as Punch).at;
  if (!inOrder(sorted)) sorted.sort((a, b) => a - b);
  const kept: PlacedPunch[] = [];
  const repeat = Math.max(1, repeatSeconds * 1000);
  let last = Number.NEGATIVE_INFINITY;
  for (const at of sorted) {
    if (at - last < repeat) continue;
    last = at;
    const minute = minuteOf(at, dayStart);
    if (minute >= span.start && minute < span.end) kept.push({ at, minute });
  }
  return kept;
}

function inOrder(instants: readonly number[]): boolean {
  for (let i = 1; i < instants.length; i++)
    if ((instants[i] as number) < (instants[i - 1] as number)) return false;
  return true;
}
