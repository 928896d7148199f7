import { daysBetween } from './effects.ts';
import { DECREE_145_RULES, officeShift } from '../timesheet/factories.ts';
import {
  seededSettings,
  type DocumentSource,
  type MonthLockSource,
  type TimesheetInputs,
} from '../timesheet/inputs.ts';

/** Saturday or Sunday (YYYY-MM-DD). */
export const isWeekend = (day: string) => [0, 6].includes(new Date(`${day}T00:00:00Z`).getUTCDay());

/** The months of `locked` ('YYYY-MM'), locked for every worker: a test adds and removes them. */
export function lockedMonthsIn(locked: ReadonlySet<string>): MonthLockSource {
  return {
    lockedMonths: async (_tx, ids, months) =>
      new Map(ids.map((id) => [id, new Set(months.filter((m) => locked.has(m)))])),
  };
}

/**
 * The engine's inputs of the request documents' tests: every worker on the office shift
 * (08:00–17:00, lunch 12–13) Monday to Friday, weekends rest days under Decree 145's rules, the
 * seeded settings, and the document source under test.
 */
export function officeWeekInputs(documents: DocumentSource, locks: MonthLockSource): TimesheetInputs {
  return {
    shifts: {
      shifts: async (_tx, ids, from, to) =>
        new Map(
          ids.map((id) => [
            id,
            new Map(
              daysBetween(from, to)
                .filter((d) => !isWeekend(d))
                .map((d) => [d, { plan: officeShift(), assignmentId: null }]),
            ),
          ]),
        ),
    },
    dayTypes: {
      days: async (_tx, ids, from, to) =>
        new Map(
          ids.map((id) => [
            id,
            new Map(
              daysBetween(from, to).map((d) => [
                d,
                {
                  dayType: isWeekend(d) ? 'REST_DAY' : 'WEEKDAY',
                  paidOff: false,
                  rules: DECREE_145_RULES,
                } as const,
              ]),
            ),
          ]),
        ),
    },
    documents,
    locks,
    settings: seededSettings,
  };
}
