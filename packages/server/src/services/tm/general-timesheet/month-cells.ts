import type { GeneralTimesheetLegendEntry, GeneralTimesheetTotals } from '@hcm/contracts/general-timesheet';
import { SYMBOL_KINDS, type SymbolKind, type TimesheetSymbolKey } from '@hcm/contracts/timekeeping-config';

/**
 * How a corrected cell counts, by the symbol HR wrote and the tenant's symbols: the kind of the
 * keys that write it (SYMBOL_KINDS; a version's symbols never give one symbol two kinds).
 */
export type SymbolClass = SymbolKind;
export function symbolClasses(legend: readonly GeneralTimesheetLegendEntry[]): Map<string, SymbolClass> {
  const classes = new Map<string, SymbolClass>();
  for (const entry of legend) {
    if (classes.has(entry.symbol)) continue;
    classes.set(entry.symbol, SYMBOL_KINDS[entry.key as TimesheetSymbolKey] ?? 'PAID_LEAVE');
  }
  return classes;
}

/** The legend: each symbol the tenant writes once, in the seeded order (blank ones left out). */
export function legendOf(symbols: Readonly<Record<string, string | null>>): GeneralTimesheetLegendEntry[] {
  return Object.entries(symbols).flatMap(([key, symbol]) => (symbol ? [{ key, symbol }] : []));
}

export const emptyTotals = (standardDays: string | null): GeneralTimesheetTotals => ({
  standardDays,
  workUnits: 0,
  paidLeaveUnits: 0,
  unpaidLeaveUnits: 0,
  paidUnits: 0,
  overtime: { weekdayDay: 0, weekdayNight: 0, restDay: 0, restNight: 0, holidayDay: 0, holidayNight: 0 },
  nightMinutes: 0,
  lateCount: 0,
  lateMinutes: 0,
  earlyCount: 0,
  earlyMinutes: 0,
});
