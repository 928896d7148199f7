import type { GeneralTimesheetCell } from '@hcm/contracts/general-timesheet';
import type { TextKey } from './texts.ts';

/** "08:12" of minutes from the work day's 00:00 (a night shift's morning is past 24:00: "+06:00"). */
export function clockOf(minutes: number): string {
  const next = minutes >= 1440 ? '+' : minutes < 0 ? '-' : '';
  const within = ((minutes % 1440) + 1440) % 1440;
  return `${next}${String(Math.floor(within / 60)).padStart(2, '0')}:${String(within % 60).padStart(2, '0')}`;
}

/** "08:12–17:02, 18:00–?" of the stored pairs "492~1022;1080~" (an empty side is missing: ?). */
export function pairsText(pairs: string | null | undefined): string | null {
  if (!pairs) return null;
  return pairs
    .split(';')
    .map((pair) => {
      const [start, end] = pair.split('~');
      const side = (value: string | undefined) => (value ? clockOf(Number(value)) : '?');
      return `${side(start)}–${side(end)}`;
    })
    .join(', ');
}

/** "7 h 48" of minutes. */
export function hoursText(minutes: number | undefined): string {
  const value = minutes ?? 0;
  return `${Math.floor(value / 60)} h ${String(value % 60).padStart(2, '0')}`;
}

/** Thousandths of a day as a decimal string: 1500 → "1.5", 1000 → "1". */
export function unitsText(units: number): string {
  const whole = Math.floor(units / 1000);
  const rest = units % 1000;
  return rest === 0 ? String(whole) : `${whole}.${String(rest).padStart(3, '0').replace(/0+$/, '')}`;
}

/** Minutes as hours, a decimal string with at most two places: 90 → "1.5". */
export function minutesAsHours(minutes: number): string {
  return String(Math.round((minutes / 60) * 100) / 100);
}

/**
 * What a cell shows: its symbol, marked * when HR corrected it and ! when a punch arrived after
 * the month was locked and waits, not applied, until the timesheet is reopened (docs/timesheets.md).
 */
export function cellText(cell: GeneralTimesheetCell | null | undefined): string {
  if (!cell) return '';
  return `${cell.symbol ?? ''}${cell.correction ? '*' : ''}${cell.held ? '!' : ''}`;
}

/** What a day's details say (the correction dialog, the details line under the grid). */
export function dayFacts(
  cell: GeneralTimesheetCell | null,
  text: (key: TextKey, values?: Record<string, string | number>) => string,
): string[] {
  if (!cell) return [];
  const dash = text('none');
  return [
    // the engine's own symbol: the one shown, unless a correction's symbol hides it
    text('computed', { value: ('computedSymbol' in cell ? cell.computedSymbol : cell.symbol) ?? dash }),
    text('shift', { value: cell.shiftCode ?? dash }),
    text('inOut', { value: pairsText(cell.pairs) ?? dash }),
    text('worked', { value: hoursText(cell.workedMinutes) }),
    text('lateEarly', { late: cell.lateMinutes ?? 0, early: cell.earlyMinutes ?? 0 }),
    text('overtime', { value: hoursText(cell.overtimeMinutes) }),
    ...(cell.correction ? [text('correctedBecause', { reason: cell.correction.reason })] : []),
    ...(cell.held ? [text('heldDay')] : []),
  ];
}
