import { describe, expect, it } from 'vitest';
import { payClassOf, payRate, ratePercent, type HourOfWork, type PayRates } from './pay-rate.ts';

/** The seeded rule (seed-data/tm/labour-rules.json): Labour Code 2019 and Decree 145/2020. */
const LAW: PayRates = {
  overtimeWeekdayPercent: 150,
  overtimeRestDayPercent: 200,
  overtimeHolidayPercent: 300,
  nightWorkPercent: 30,
  nightOvertimePercent: 20,
};

const hour = (
  payClass: HourOfWork['payClass'],
  night: boolean,
  overtime: boolean,
  dayOvertimeEarlier = false,
) => ({
  payClass,
  night,
  overtime,
  dayOvertimeEarlier,
});

describe('the pay rate of an hour (Decree 145/2020 art. 57)', () => {
  it.each([
    ['a weekday, normal hours by day', hour('WEEKDAY', false, false), '100'],
    ['a weekday, normal hours at night (+30 %)', hour('WEEKDAY', true, false), '130'],
    ['a weekday, overtime by day', hour('WEEKDAY', false, true), '150'],
    ['a weekday, night overtime with no daytime overtime', hour('WEEKDAY', true, true), '200'],
    ['a weekday, night overtime after daytime overtime', hour('WEEKDAY', true, true, true), '210'],
    ['a weekly rest day by day', hour('REST_DAY', false, true), '200'],
    ['a weekly rest day at night', hour('REST_DAY', true, true), '270'],
    ['a public holiday by day (its own pay besides)', hour('HOLIDAY', false, true), '300'],
    ['a public holiday at night', hour('HOLIDAY', true, true), '390'],
  ])('%s: %s %%', (_what, work, expected) => {
    expect(ratePercent(payRate(work, LAW))).toBe(expected);
  });

  it('counts all work on a rest day or a holiday as overtime', () => {
    expect(payRate(hour('REST_DAY', false, false), LAW)).toBe(20_000);
    expect(payRate(hour('HOLIDAY', true, false), LAW)).toBe(39_000);
  });

  it("reads the tenant's own rates, exactly (whole per cent times per cent is whole basis points)", () => {
    const generous = { ...LAW, overtimeWeekdayPercent: 155, nightOvertimePercent: 25 };
    // 155 + 30 + 25 % of 155 = 223.75 %
    expect(payRate(hour('WEEKDAY', true, true, true), generous)).toBe(22_375);
    expect(ratePercent(payRate(hour('WEEKDAY', false, true), generous))).toBe('155');
  });
});

describe('the class of pay of a day type', () => {
  it.each([
    ['WORKING_DAY', false, 'WEEKDAY'],
    ['SWAPPED_WORKING_DAY', false, 'WEEKDAY'],
    ['HALF_REST_DAY', false, 'WEEKDAY'],
    ['WEEKLY_REST_DAY', false, 'REST_DAY'],
    ['SWAPPED_DAY_OFF', false, 'REST_DAY'],
    ['COMPANY_DAY_OFF', false, 'REST_DAY'],
    ['COMPANY_DAY_OFF', true, 'HOLIDAY'],
    ['COMPENSATORY_DAY_OFF', true, 'HOLIDAY'],
    ['PUBLIC_HOLIDAY', true, 'HOLIDAY'],
  ] as const)('%s (paid off: %s) pays as %s', (type, paid, expected) => {
    expect(payClassOf(type, paid)).toBe(expected);
  });
});
