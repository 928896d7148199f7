import type { LeaveCase } from '@hcm/contracts/leave-policies';
import { accrualEntries } from '../accrual.ts';
import { yearEntitlement } from '../entitlement.ts';
import type { LedgerEntry } from '../ledger.ts';
import { accrualRule, entitlementRule, type LeavePolicy } from '../policies/policy-on.ts';
import { countedMonths, dueByLastDay } from './service-months.ts';

/** A worker as the leave jobs see them: their service and their case. */
export interface WorkerService {
  readonly workerId: string;
  /** the hire date (workers.joined_date); null: unknown, counted from the year's first day, no seniority */
  readonly start: string | null;
  /** the last day employed (an approved resignation's effective date − 1); null: still employed */
  readonly lastDay: string | null;
  readonly leaveCase: LeaveCase;
}

export interface YearPlan {
  /** the year's entitlement in thousandths (pro rata for a partial year) */
  readonly days: number;
  readonly months: number;
  /** the ACCRUED entries the schedule gives it, by day (none after the last day) */
  readonly entries: readonly LedgerEntry[];
}

/**
 * A worker's annual leave of `year` by the rules (pure): the months of service that count, the
 * entitlement (base by case + seniority, pro rata) and when it accrues. The service within the
 * year: from the later of 1 January and the hire date, to the earlier of 31 December and the last
 * day. Seniority counts from the hire date as of the year's first or last day (the rules say).
 */
export function yearPlan(policy: LeavePolicy, worker: WorkerService, year: number): YearPlan {
  const yearStart = `${year}-01-01`;
  const yearEnd = `${year}-12-31`;
  const from = worker.start !== null && worker.start > yearStart ? worker.start : yearStart;
  const until = worker.lastDay !== null && worker.lastDay < yearEnd ? worker.lastDay : yearEnd;
  if (until < from) return { days: 0, months: 0, entries: [] };
  const months = countedMonths(year, from, until, policy.monthCountsFrom);
  const asOf = policy.seniorityAsOf === 'YEAR_END' ? yearEnd : yearStart;
  const entitlement = yearEntitlement(entitlementRule(policy, worker.leaveCase), {
    serviceStart: worker.start ?? asOf,
    seniorityAsOf: asOf,
    countedMonths: months,
  });
  const schedule = accrualEntries(accrualRule(policy), year, entitlement.days, from);
  return { days: entitlement.days, months, entries: dueByLastDay(schedule, worker.lastDay) };
}

/**
 * The ACCRUED entries to write now (pure): each scheduled day that has come (≤ today) and has
 * no entry yet gets what brings the year's accrued total to the schedule's running total by that
 * day. Written from the ledger's own total, a rerun writes nothing, and a schedule that changed
 * (a later hire date, a new case, new rules) is caught up at its next day rather than doubled.
 */
export function accrualsDue(
  plan: YearPlan,
  written: readonly { readonly on: string; readonly days: number }[],
  today: string,
): LedgerEntry[] {
  const have = new Map<string, number>();
  for (const entry of written) have.set(entry.on, (have.get(entry.on) ?? 0) + entry.days);
  const due: LedgerEntry[] = [];
  let target = 0;
  for (const entry of plan.entries) {
    target += entry.days;
    if (entry.on > today) break;
    if (have.has(entry.on)) continue;
    let accrued = 0;
    for (const [on, days] of have) if (on <= entry.on) accrued += days;
    const days = target - accrued;
    if (days <= 0) continue;
    due.push({ kind: 'ACCRUED', on: entry.on, days });
    have.set(entry.on, days);
  }
  return due;
}
