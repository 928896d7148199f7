import type { LeaveCase } from '@hcm/contracts/leave-policies';
import { accrualEntries } from '../accrual.ts';
import { yearEntitlement } from '../entitlement.ts';
import type { LedgerEntry } from '../ledger.ts';
import { accrualRule, entitlementRule, type LeavePolicy } from '../policies/policy-on.ts';
import { countedMonths, dueByLastDay, type TimesheetYear } from './service-months.ts';

/** A worker as the leave jobs see them: their service and their case. */
export interface WorkerService {
  readonly workerId: string;
  /** their organisation unit (whose labour calendar gives their standard working days) */
  readonly unitId?: string;
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
 * day. The months that count: by the timesheet's months given (`timesheet`), the others by the
 * employment period (service-months.ts). Seniority counts from the hire date as of the year's
 * first or last day (the rules say).
 */
export function yearPlan(
  policy: LeavePolicy,
  worker: WorkerService,
  year: number,
  timesheet?: TimesheetYear,
): YearPlan {
  const yearStart = `${year}-01-01`;
  const yearEnd = `${year}-12-31`;
  const from = worker.start !== null && worker.start > yearStart ? worker.start : yearStart;
  const until = worker.lastDay !== null && worker.lastDay < yearEnd ? worker.lastDay : yearEnd;
  if (until < from) return { days: 0, months: 0, entries: [] };
  const months = countedMonths(year, from, until, policy.monthCountsFrom, timesheet);
  const asOf = policy.seniorityAsOf === 'YEAR_END' ? yearEnd : yearStart;
  const entitlement = yearEntitlement(entitlementRule(policy, worker.leaveCase), {
    serviceStart: worker.start ?? asOf,
    seniorityAsOf: asOf,
    countedMonths: months,
  });
  const schedule = accrualEntries(accrualRule(policy), year, entitlement.days, from);
  return { days: entitlement.days, months, entries: dueByLastDay(schedule, worker.lastDay) };
}

type Dated = { readonly on: string; readonly days: number };

/**
 * The ACCRUED entries to write now (pure): each scheduled day that has come (≤ today) and has
 * no entry yet gets what brings the year's accrued total (the job's own corrections, below,
 * included) to the schedule's running total by that day. Written from the ledger's own total, a
 * rerun writes nothing, and a schedule that changed (a later hire date, a new case, new rules, a
 * month the timesheet says did not count) is caught up at its next day rather than doubled.
 */
export function accrualsDue(
  plan: YearPlan,
  written: readonly Dated[],
  today: string,
  corrections: readonly Dated[] = [],
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
    for (const correction of corrections) if (correction.on <= entry.on) accrued += correction.days;
    const days = target - accrued;
    if (days <= 0) continue;
    due.push({ kind: 'ACCRUED', on: entry.on, days });
    have.set(entry.on, days);
  }
  return due;
}

/** The schedule's running total by a day: what should have accrued by then. */
export function dueBy(plan: YearPlan, day: string): number {
  let total = 0;
  for (const entry of plan.entries) if (entry.on <= day) total += entry.days;
  return total;
}

/**
 * The job's correction of a year's accrual on `day` (pure; docs/leave.md "When a month turns out
 * not to count"), after the due accruals are written: when what accrued (ACCRUED, and the job's
 * earlier corrections) exceeds the schedule's running total by `day` — YEARLY wrote the whole
 * year on its first day, MONTHLY wrote a month's share at its start, and a month over has since
 * turned out not to count — the excess is taken back (a negative amount); when it falls short
 * and earlier corrections took something back (the month's records were corrected since), up to
 * what they took is given back. Otherwise nothing: a shortfall is the next scheduled day's to
 * write, so corrections never add up to more than zero, and a rerun finds nothing to correct.
 */
export function correctionDue(
  plan: YearPlan,
  accrued: readonly Dated[],
  corrections: readonly Dated[],
  day: string,
): number {
  const sum = (entries: readonly Dated[]) =>
    entries.reduce((total, e) => total + (e.on <= day ? e.days : 0), 0);
  const corrected = sum(corrections);
  const have = sum(accrued) + corrected;
  const target = dueBy(plan, day);
  if (have > target) return target - have;
  if (have < target && corrected < 0) return Math.min(target - have, -corrected);
  return 0;
}
