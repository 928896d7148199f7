import { roundLeave, type LeaveRounding } from './entitlement.ts';
import type { LedgerEntry } from './ledger.ts';

/*
 * When a year's annual leave enters the ledger (issue 31; docs/leave.md): all of it on the year's
 * first day (or the day employment starts), or a twelfth a month on the tenant's update day (1–28:
 * every month has it). Amounts in thousandths of a day.
 */

export type AccrualMode = 'YEARLY' | 'MONTHLY';

export interface AccrualRule {
  readonly mode: AccrualMode;
  /** the day of the month a MONTHLY accrual is written (catalogues §5.2: at most 28) */
  readonly updateDay: number;
  /** how each month's share is rounded; the year's total is kept whatever the rounding */
  readonly rounding: LeaveRounding;
}

/** The update day a rule may name: 1 to 28, so that February has it too. */
export const UPDATE_DAY_MAX = 28;

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * The ACCRUED entries of `year` for `days` (the year's entitlement, entitlement.ts), from the
 * first month of service in the year (`from`, YYYY-MM-DD; default: 1 January). MONTHLY: the
 * months from `from`'s month to December share the days, each month written on the update day
 * (or on `from` when that is later in its month); the shares are the running total's rounded
 * steps, so however each month rounds, they add up to `days` exactly.
 */
export function accrualEntries(
  rule: AccrualRule,
  year: number,
  days: number,
  from = `${year}-01-01`,
): LedgerEntry[] {
  if (!Number.isInteger(rule.updateDay) || rule.updateDay < 1 || rule.updateDay > UPDATE_DAY_MAX)
    throw new Error(`accrual: the update day is 1 to ${UPDATE_DAY_MAX}, not ${rule.updateDay}`);
  if (!from.startsWith(`${year}-`)) throw new Error(`accrual: ${from} is not in ${year}`);
  if (days <= 0) return [];
  if (rule.mode === 'YEARLY') return [{ kind: 'ACCRUED', on: from, days }];
  const firstMonth = Number(from.slice(5, 7));
  const months = 13 - firstMonth;
  const entries: LedgerEntry[] = [];
  let given = 0;
  for (let i = 1; i <= months; i++) {
    const month = firstMonth + i - 1;
    // the running total rounded, less what was given: the last month takes what is left
    const due =
      i === months ? days : Math.min(days, roundLeave(Math.round((days * i) / months), rule.rounding));
    const share = due - given;
    if (share <= 0) continue;
    const day = `${year}-${pad(month)}-${pad(rule.updateDay)}`;
    entries.push({ kind: 'ACCRUED', on: i === 1 && from > day ? from : day, days: share });
    given = due;
  }
  return entries;
}
