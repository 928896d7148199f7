import { intersect, normalise, subtract, total } from './minute-ranges.ts';
import type { DayAdjustment, MinuteRange, ShiftPlan } from './types.ts';

/**
 * The minutes of the shift's work (segments less breaks) that documents account for: leave,
 * sickness, a business trip (a document without a period covers the whole shift).
 */
export function documentedMinutes(plan: ShiftPlan, adjustments: readonly DayAdjustment[]): MinuteRange[] {
  if (adjustments.length === 0) return [];
  const work = workOf(plan);
  return normalise(
    adjustments.flatMap((a) =>
      a.kind === 'ABSENCE' || a.kind === 'PRESENCE' ? documentRanges(a, work) : [],
    ),
  );
}

/**
 * The work minutes an absence or presence document accounts for: its period within the work,
 * a half of the work (a half-day leave), or, with neither, the whole work.
 */
export function documentRanges(
  document: { readonly period?: MinuteRange; readonly half?: 'FIRST' | 'SECOND' },
  work: readonly MinuteRange[],
): MinuteRange[] {
  if (document.period) return intersect([document.period], [...work]);
  if (document.half) return halfOf(work, document.half);
  return [...work];
}

/** The first or the second half of the work's minutes (a half-day absence), in time order. */
export function halfOf(work: readonly MinuteRange[], half: 'FIRST' | 'SECOND'): MinuteRange[] {
  const ordered = normalise([...work]);
  const middle = Math.floor(total(ordered) / 2);
  const first: MinuteRange[] = [];
  const second: MinuteRange[] = [];
  let seen = 0;
  for (const range of ordered) {
    const length = range.end - range.start;
    if (seen + length <= middle) first.push(range);
    else if (seen >= middle) second.push(range);
    else {
      const cut = range.start + (middle - seen);
      first.push({ start: range.start, end: cut });
      second.push({ start: cut, end: range.end });
    }
    seen += length;
  }
  return half === 'FIRST' ? first : second;
}

/** The shift's work: its segments less its breaks (kept per plan: a batch computes many days of one shift). */
export function workOf(plan: ShiftPlan): MinuteRange[] {
  let work = works.get(plan);
  if (!work) {
    work = subtract(
      plan.segments.map((s) => ({ start: s.start, end: s.end })),
      plan.breaks,
    );
    works.set(plan, work);
  }
  return work;
}

const works = new WeakMap<ShiftPlan, MinuteRange[]>();

/**
 * Windows moved with a document that covers a segment's beginning or end: after a morning's
 * leave the worker arrives at 13:00, which the check-in window (say 06:00–12:00) would refuse;
 * the window then reaches as far after the first minute still owed as it reached after the
 * segment's start. The same for leaving before an afternoon's leave.
 */
export function fitWindowsToDocuments(plan: ShiftPlan, documented: readonly MinuteRange[]): ShiftPlan {
  if (documented.length === 0) return plan;
  const owed = subtract(workOf(plan), documented);
  const segments = plan.segments.map((segment) => {
    const mine = intersect(owed, [segment]);
    const first = mine[0];
    const last = mine[mine.length - 1];
    if (!first || !last) return segment;
    const checkIn =
      first.start > segment.start
        ? {
            start: segment.checkIn.start,
            end: Math.max(segment.checkIn.end, first.start + (segment.checkIn.end - segment.start)),
          }
        : segment.checkIn;
    const checkOut =
      last.end < segment.end
        ? {
            start: Math.min(segment.checkOut.start, last.end - (segment.end - segment.checkOut.start)),
            end: segment.checkOut.end,
          }
        : segment.checkOut;
    return { ...segment, checkIn, checkOut };
  });
  return { ...plan, segments };
}
