import type { MinuteRange } from '../timesheet/types.ts';

const minuteOf = (clock: string): number => {
  const [hours, minutes] = clock.split(':').map(Number);
  return (hours as number) * 60 + (minutes as number);
};

/**
 * A registration's 'HH:mm' from and to as minutes of its work day: a to at or before the from is
 * the next morning (22:00–02:00 is 1320–1560), as the engine's minutes run past 1440.
 */
export function periodOf(from: string, to: string): MinuteRange {
  const start = minuteOf(from);
  const end = minuteOf(to);
  return { start, end: end <= start ? end + 1440 : end };
}

/** A minute of the work day as 'HH:mm' (1560: 02:00 the next morning). */
export function clockOf(minute: number): string {
  const within = ((minute % 1440) + 1440) % 1440;
  return `${String(Math.floor(within / 60)).padStart(2, '0')}:${String(within % 60).padStart(2, '0')}`;
}
