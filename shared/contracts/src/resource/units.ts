import type { DisplayUnit } from './fields.ts';
import { label } from './label.ts';

/**
 * The units a number field may be typed and shown in while the API keeps another scale
 * (`f.integer({ unit })`): durations the approval engine counts in milliseconds are typed in
 * minutes (core "slaTime (milliseconds, shown as minutes)").
 */
export const Units = {
  /** minutes on screen and in spreadsheets, milliseconds in the API and the database */
  minutesAsMs: { label: label('unit.minutes', 'phút', 'minutes'), factor: 60_000 },
} as const satisfies Record<string, DisplayUnit>;

/** The value shown for an API value (ms → minutes); non-numbers pass through. */
export const shownValue = (unit: DisplayUnit | undefined, value: number): number =>
  unit ? value / unit.factor : value;

/** The API value of a shown one (minutes → ms). */
export const storedValue = (unit: DisplayUnit | undefined, value: number): number =>
  unit ? Math.round(value * unit.factor) : value;
