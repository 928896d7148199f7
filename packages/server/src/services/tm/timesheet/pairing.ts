import type { PlacedPunch } from './day-span.ts';
import { contains } from './minute-ranges.ts';
import type { PlanSegment } from './types.ts';

/** A segment's in and out punch (either may be missing) and the punches no window took. */
export interface SegmentPair {
  readonly segment: PlanSegment | null;
  readonly in: PlacedPunch | null;
  readonly out: PlacedPunch | null;
}

export interface Pairing {
  readonly pairs: readonly SegmentPair[];
  /** punches in the day's span that no window took and that lie between no pair's in and out */
  readonly stray: number;
}

/**
 * Pairs by the shift's windows, segment after segment: a segment's in is the first punch in its
 * check-in window after the previous segment's punches, its out the last punch in its
 * check-out window after its in. One segment (FIXED, FLEXIBLE) is first-in/last-out; a SPLIT
 * shift pairs each half on its own. A punch is used once: where windows overlap (a shift that
 * should not have been saved so), the earlier role takes it.
 */
export function pairByWindows(punches: readonly PlacedPunch[], segments: readonly PlanSegment[]): Pairing {
  const pairs: SegmentPair[] = [];
  let after = Number.NEGATIVE_INFINITY;
  for (const segment of segments) {
    const open = punches.find((p) => p.at > after && contains(segment.checkIn, p.minute)) ?? null;
    const from = open ? open.at : after;
    const close = findLast(punches, (p) => p.at > from && contains(segment.checkOut, p.minute));
    pairs.push({ segment, in: open, out: close });
    after = close?.at ?? open?.at ?? after;
  }
  return { pairs, stray: strayCount(punches, pairs) };
}

/**
 * Pairs without a shift (a rest day, a worker with none): in, out, in, out… in time order; an
 * odd punch left at the end is an in whose out is missing.
 */
export function pairInOrder(punches: readonly PlacedPunch[]): Pairing {
  const pairs: SegmentPair[] = [];
  for (let i = 0; i < punches.length; i += 2)
    pairs.push({ segment: null, in: punches[i] ?? null, out: punches[i + 1] ?? null });
  return { pairs, stray: 0 };
}

function strayCount(punches: readonly PlacedPunch[], pairs: readonly SegmentPair[]): number {
  let stray = 0;
  for (const p of punches) {
    let taken = false;
    for (const pair of pairs) {
      if (
        pair.in === p ||
        pair.out === p ||
        (pair.in && pair.out && p.at > pair.in.at && p.at < pair.out.at)
      ) {
        taken = true;
        break;
      }
    }
    if (!taken) stray++;
  }
  return stray;
}

function findLast<T>(items: readonly T[], test: (item: T) => boolean): T | null {
  for (let i = items.length - 1; i >= 0; i--) {
    const item = items[i] as T;
    if (test(item)) return item;
  }
  return null;
}
