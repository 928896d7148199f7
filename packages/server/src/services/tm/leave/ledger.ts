/*
 * A worker's leave balance as a LEDGER (issue 31; docs/leave.md): what was accrued, taken,
 * adjusted with a reason, carried over from the year before, expired and paid out, each an entry
 * with its day — never a bare counter, so every figure the balance shows can be traced. Amounts
 * in thousandths of a day, signed as they move the balance.
 */

export type LedgerKind = 'ACCRUED' | 'TAKEN' | 'ADJUSTED' | 'CARRIED_OVER' | 'EXPIRED' | 'PAID_OUT';

export interface LedgerEntry {
  readonly kind: LedgerKind;
  /** YYYY-MM-DD: when it moved the balance */
  readonly on: string;
  /** thousandths of a day: + for ACCRUED and CARRIED_OVER, − for TAKEN, EXPIRED, PAID_OUT; ADJUSTED either */
  readonly days: number;
  /**
   * an entry given back, the one positive TAKEN or PAID_OUT: leave taken whose application was
   * canceled after approval, or a payout whose resignation no longer ends employment on that day
   */
  readonly givenBack?: boolean;
}

const SIGN: Readonly<Record<LedgerKind, 1 | -1 | 0>> = {
  ACCRUED: 1,
  CARRIED_OVER: 1,
  TAKEN: -1,
  EXPIRED: -1,
  PAID_OUT: -1,
  ADJUSTED: 0,
};

/** An entry whose sign contradicts its kind is a bug upstream: refused rather than summed. */
export function checkedEntry(entry: LedgerEntry): LedgerEntry {
  const sign = SIGN[entry.kind];
  if (!Number.isInteger(entry.days))
    throw new Error(`leave ledger: ${entry.kind} of ${entry.days}: not thousandths`);
  if (entry.givenBack === true) {
    if ((entry.kind !== 'TAKEN' && entry.kind !== 'PAID_OUT') || entry.days <= 0)
      throw new Error(`leave ledger: only leave taken or paid out is given back, and as a positive amount`);
    return entry;
  }
  if (sign !== 0 && Math.sign(entry.days) === -sign)
    throw new Error(`leave ledger: ${entry.kind} moves the balance the wrong way (${entry.days})`);
  return entry;
}

export interface Balance {
  readonly accrued: number;
  readonly carriedOver: number;
  readonly taken: number;
  readonly adjusted: number;
  readonly expired: number;
  readonly paidOut: number;
  /** what may still be taken */
  readonly balance: number;
}

/** The balance as of `asOf` (entries on that day included), by kind. */
export function balanceOf(entries: readonly LedgerEntry[], asOf: string): Balance {
  const sums = { ACCRUED: 0, CARRIED_OVER: 0, TAKEN: 0, ADJUSTED: 0, EXPIRED: 0, PAID_OUT: 0 };
  for (const entry of entries) if (entry.on <= asOf) sums[checkedEntry(entry).kind] += entry.days;
  return {
    accrued: sums.ACCRUED,
    carriedOver: sums.CARRIED_OVER,
    // 0 - x, not -x: no negative zero in what the page and the tests read
    taken: 0 - sums.TAKEN,
    adjusted: sums.ADJUSTED,
    expired: 0 - sums.EXPIRED,
    paidOut: 0 - sums.PAID_OUT,
    balance: sums.ACCRUED + sums.CARRIED_OVER + sums.TAKEN + sums.ADJUSTED + sums.EXPIRED + sums.PAID_OUT,
  };
}

/**
 * What of a carry-over expires on its expiry day: leave taken from the carry-over's day until the
 * day before expiry uses the carried days first (the oldest days go first, as HR expects), so only
 * what was carried and not taken by then expires; never more than the balance then holds (a
 * negative adjustment may have used it).
 */
export function expiringCarryOver(
  entries: readonly LedgerEntry[],
  carry: { readonly on: string; readonly days: number; readonly expiresOn: string },
): number {
  let taken = 0;
  for (const entry of entries)
    if (entry.kind === 'TAKEN' && entry.on >= carry.on && entry.on < carry.expiresOn) taken += -entry.days;
  const unused = Math.max(0, carry.days - taken);
  const before = balanceOf(entries, dayBefore(carry.expiresOn)).balance;
  return Math.max(0, Math.min(unused, before));
}

function dayBefore(date: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
}

/**
 * The untaken leave paid out when employment ends (Labour Code art. 113(3)): the balance on the
 * last day worked, never below zero (leave taken ahead of accrual is not clawed back here: that is
 * payroll's decision, kept apart).
 */
export function payableOnLeaving(entries: readonly LedgerEntry[], lastDay: string): number {
  return Math.max(0, balanceOf(entries, lastDay).balance);
}
