import {
  STATUTORY_LEAVE_POLICY,
  type AccrualModeValue,
  type LeaveCase,
  type LeaveRoundingValue,
  type SeniorityAsOf,
} from '@hcm/contracts/leave-policies';
import { desc, lte } from 'drizzle-orm';
import type { Tx } from '../../../../db/database.ts';
import type { AccrualRule } from '../accrual.ts';
import type { AnnualLeaveRule } from '../entitlement.ts';
import { tmLeavePolicies } from '../tables.ts';

/**
 * The leave rules in force on a day as the jobs use them: days in THOUSANDTHS (the ledger's
 * unit), the leave-received share as a number. `effectiveFrom` null: no version of the tenant
 * covers the day, the statutory defaults apply (the table's defaults, STATUTORY_LEAVE_POLICY).
 */
export interface LeavePolicy {
  readonly effectiveFrom: string | null;
  readonly days: Readonly<Record<LeaveCase, number>>;
  readonly seniorityStepYears: number;
  readonly seniorityDaysPerStep: number;
  readonly seniorityAsOf: SeniorityAsOf;
  /** 0, 0.5 or 1 of a month's normal working days make it count */
  readonly monthCountsFrom: number;
  readonly rounding: LeaveRoundingValue;
  readonly accrualMode: AccrualModeValue;
  readonly updateDay: number;
  readonly carryOverMaxDays: number;
  /** 'MM-DD' of the year carried into; null: carried-over leave does not expire */
  readonly carryOverExpiresOn: string | null;
}

/** A numeric column's days ('12.5') in thousandths (12500), exact for one decimal. */
export const thousandths = (days: string | number): number => Math.round(Number(days) * 1000);

type Stored = {
  readonly effectiveFrom: string | null;
  readonly baseDays: string;
  readonly heavyWorkDays: string;
  readonly specialDays: string;
  readonly seniorityStepYears: number;
  readonly seniorityDaysPerStep: string;
  readonly seniorityAsOf: string;
  readonly monthCountsFrom: string;
  readonly rounding: string;
  readonly accrualMode: string;
  readonly updateDay: number;
  readonly carryOverMaxDays: string;
  readonly carryOverExpiresOn: string | null;
};

/** A stored version (or the statutory one) as the jobs read it. */
export function policyOf(row: Stored): LeavePolicy {
  return {
    effectiveFrom: row.effectiveFrom,
    days: {
      STANDARD: thousandths(row.baseDays),
      HEAVY: thousandths(row.heavyWorkDays),
      SPECIAL: thousandths(row.specialDays),
    },
    seniorityStepYears: row.seniorityStepYears,
    seniorityDaysPerStep: thousandths(row.seniorityDaysPerStep),
    seniorityAsOf: row.seniorityAsOf as SeniorityAsOf,
    monthCountsFrom: Number(row.monthCountsFrom),
    rounding: row.rounding as LeaveRoundingValue,
    accrualMode: row.accrualMode as AccrualModeValue,
    updateDay: row.updateDay,
    carryOverMaxDays: thousandths(row.carryOverMaxDays),
    carryOverExpiresOn: row.carryOverExpiresOn,
  };
}

/** The statutory rules (Labour Code 2019 art. 113–114, Decree 145/2020 art. 66). */
export const STATUTORY_POLICY: LeavePolicy = policyOf({ ...STATUTORY_LEAVE_POLICY, effectiveFrom: null });

/**
 * The version in force on `day` (YYYY-MM-DD) in the transaction's tenant (row-level security
 * scopes it): the latest effective_from on or before the day, else the statutory defaults.
 */
export async function policyOn(tx: Tx, day: string): Promise<LeavePolicy> {
  const [row] = await tx
    .select()
    .from(tmLeavePolicies)
    .where(lte(tmLeavePolicies.effectiveFrom, day))
    .orderBy(desc(tmLeavePolicies.effectiveFrom))
    .limit(1);
  return row ? policyOf(row) : STATUTORY_POLICY;
}

/** The entitlement rule of entitlement.ts for a worker's case. */
export const entitlementRule = (policy: LeavePolicy, leaveCase: LeaveCase): AnnualLeaveRule => ({
  baseDays: policy.days[leaveCase],
  seniorityStepYears: policy.seniorityStepYears,
  seniorityDaysPerStep: policy.seniorityDaysPerStep,
  rounding: policy.rounding,
});

/** The accrual rule of accrual.ts. */
export const accrualRule = (policy: LeavePolicy): AccrualRule => ({
  mode: policy.accrualMode,
  updateDay: policy.updateDay,
  rounding: policy.rounding,
});
