import { describe, expect, it } from 'vitest';
import { balanceOf, expiringCarryOver, payableOnLeaving, type LedgerEntry } from './ledger.ts';

const entry = (kind: LedgerEntry['kind'], on: string, days: number): LedgerEntry => ({ kind, on, days });

/** A year of a worker: 3 days carried from last year until 31/03, a day accrued each month. */
const year: LedgerEntry[] = [
  entry('CARRIED_OVER', '2026-01-01', 3_000),
  ...Array.from({ length: 12 }, (_, i) =>
    entry('ACCRUED', `2026-${String(i + 1).padStart(2, '0')}-05`, 1_000),
  ),
  entry('TAKEN', '2026-02-10', -1_500),
  entry('ADJUSTED', '2026-02-20', 500),
  entry('TAKEN', '2026-04-02', -2_000),
];

describe('the leave ledger', () => {
  it('sums each kind and the balance as of a day', () => {
    expect(balanceOf(year, '2026-02-28')).toEqual({
      accrued: 2_000,
      carriedOver: 3_000,
      taken: 1_500,
      adjusted: 500,
      expired: 0,
      paidOut: 0,
      balance: 4_000,
    });
    // the accrual of the 5th counts on the 5th, not the 4th
    expect(balanceOf(year, '2026-03-04').accrued).toBe(2_000);
    expect(balanceOf(year, '2026-03-05').accrued).toBe(3_000);
  });

  it('expires what was carried and not taken before the expiry day, oldest days first', () => {
    const carry = { on: '2026-01-01', days: 3_000, expiresOn: '2026-04-01' };
    // 1.5 days taken in February use the carried days: 1.5 expire on 1 April; April's leave is later
    expect(expiringCarryOver(year, carry)).toBe(1_500);
    // everything taken before: nothing expires
    expect(expiringCarryOver([...year, entry('TAKEN', '2026-03-20', -2_000)], carry)).toBe(0);
    // never more than the balance holds the day before (a negative adjustment used it)
    expect(expiringCarryOver([...year, entry('ADJUSTED', '2026-03-31', -4_500)], carry)).toBe(500);
    expect(expiringCarryOver([...year, entry('ADJUSTED', '2026-03-31', -5_000)], carry)).toBe(0);
  });

  it('pays out the untaken balance on the last day, never a negative one', () => {
    const leaving = [...year, entry('EXPIRED', '2026-04-01', -1_500)];
    expect(payableOnLeaving(leaving, '2026-06-30')).toBe(3_000 + 6_000 - 1_500 + 500 - 2_000 - 1_500);
    expect(payableOnLeaving([entry('TAKEN', '2026-01-10', -2_000)], '2026-01-31')).toBe(0);
  });

  it('refuses an entry that moves the balance the wrong way or is not thousandths', () => {
    expect(() => balanceOf([entry('TAKEN', '2026-01-10', 1_000)], '2026-12-31')).toThrow(/wrong way/);
    expect(() => balanceOf([entry('ACCRUED', '2026-01-10', 0.5)], '2026-12-31')).toThrow(/thousandths/);
  });

  it('gives leave back when its application is canceled after approval: taken is what was really taken', () => {
    const canceled = [...year, { kind: 'TAKEN', on: '2026-04-02', days: 2_000, givenBack: true } as const];
    expect(balanceOf(canceled, '2026-12-31').taken).toBe(1_500);
    expect(balanceOf(canceled, '2026-12-31').balance - balanceOf(year, '2026-12-31').balance).toBe(2_000);
    expect(() =>
      balanceOf([{ kind: 'ACCRUED', on: '2026-01-10', days: 1_000, givenBack: true }], '2026-12-31'),
    ).toThrow(/only leave taken or paid out is given back/);
  });

  it('gives a payout back when its resignation no longer ends employment that day: paid out nets to zero', () => {
    const paid = [...year, entry('ADJUSTED', '2026-06-30', -6_000), entry('PAID_OUT', '2026-06-30', -3_000)];
    const back = [
      ...paid,
      { kind: 'PAID_OUT', on: '2026-06-30', days: 3_000, givenBack: true } as const,
      entry('ADJUSTED', '2026-06-30', 6_000),
    ];
    expect(balanceOf(paid, '2026-12-31').paidOut).toBe(3_000);
    expect(balanceOf(back, '2026-12-31')).toEqual(balanceOf(year, '2026-12-31'));
    expect(() => balanceOf([entry('PAID_OUT', '2026-06-30', 3_000)], '2026-12-31')).toThrow(/wrong way/);
  });
});
