import type { PlacedPunch } from './day-span.ts';
import type { DayAdjustment } from './types.ts';

const MINUTE = 60_000;

/**
 * The day's punches after its approved work update requests (docs/work-update-requests.md), in
 * the order they were approved: a request that adds puts its punches beside the day's; one that
 * replaces sets the day's punches to its own (the device punches stay in tm_punches, only this
 * day stops reading them). A requested punch belongs to the day it names whatever the windows
 * of the neighbouring days, and one on the minute of a punch already kept is that punch.
 */
export function withRequestedPunches(
  placed: readonly PlacedPunch[],
  adjustments: readonly DayAdjustment[],
  dayStart: number,
): readonly PlacedPunch[] {
  let punches: PlacedPunch[] | null = null;
  for (const a of adjustments) {
    if (a.kind !== 'PUNCHES') continue;
    const asked = a.minutes.map((minute) => ({ at: dayStart + minute * MINUTE, minute }));
    punches = a.replace ? asked : [...(punches ?? placed), ...asked];
  }
  if (punches === null) return placed;
  punches.sort((x, y) => x.minute - y.minute || x.at - y.at);
  return punches.filter((p, i) => i === 0 || p.minute !== (punches as PlacedPunch[])[i - 1]?.minute);
}
