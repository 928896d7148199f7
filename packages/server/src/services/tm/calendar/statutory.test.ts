import { describe, expect, it } from 'vitest';
import { weekdayOf } from './days.ts';
import { compensatoryDays, statutoryHolidays } from './statutory.ts';

const spans = (year: number, neighbour?: 'BEFORE' | 'AFTER') =>
  Object.fromEntries(statutoryHolidays(year, neighbour).map((h) => [h.code, [h.startDate, h.endDate]]));
const weekend = (day: string) => (['saturday', 'sunday'].includes(weekdayOf(day)) ? 'OFF' : 'WORK');
const sundays = (day: string) => (weekdayOf(day) === 'sunday' ? 'OFF' : 'WORK');
/** Saturday afternoons and Sundays off */
const halfSaturdays = (day: string) =>
  weekdayOf(day) === 'sunday' ? 'OFF' : weekdayOf(day) === 'saturday' ? 'AFTERNOON_OFF' : 'WORK';

describe('the statutory holidays of a year (Labour Code 2019 art. 112)', () => {
  it('gives 2026 its eleven days, with the codes of the seeded schedule', () => {
    expect(spans(2026)).toEqual({
      NEW_YEAR_2026: ['2026-01-01', '2026-01-01'],
      LUNAR_NEW_YEAR_2026: ['2026-02-16', '2026-02-20'],
      HUNG_KINGS_2026: ['2026-04-26', '2026-04-26'],
      REUNIFICATION_DAY_2026: ['2026-04-30', '2026-04-30'],
      LABOUR_DAY_2026: ['2026-05-01', '2026-05-01'],
      NATIONAL_DAY_2026: ['2026-09-01', '2026-09-02'],
    });
  });

  it('puts Tết on the eve and the 1st to 4th day of the Vietnamese lunar year', () => {
    expect(spans(2027).LUNAR_NEW_YEAR_2027).toEqual(['2027-02-05', '2027-02-09']);
    expect(spans(2030).LUNAR_NEW_YEAR_2030).toEqual(['2030-02-01', '2030-02-05']); // China: from 2 February
    expect(spans(2007).LUNAR_NEW_YEAR_2007).toEqual(['2007-02-16', '2007-02-20']);
    expect(spans(1985).LUNAR_NEW_YEAR_1985).toEqual(['1985-01-20', '1985-01-24']);
  });

  it('takes 3 September beside National Day when asked', () => {
    expect(spans(2027, 'AFTER').NATIONAL_DAY_2027).toEqual(['2027-09-02', '2027-09-03']);
  });
});

describe('compensatory days off (art. 111(3))', () => {
  it("gives Hùng Kings' day on Sunday 26/04/2026 the Monday after", () => {
    const found = compensatoryDays(statutoryHolidays(2026), weekend);
    expect(found.map((d) => [d.code, d.startDate])).toEqual([['HUNG_KINGS_2026_COMP', '2026-04-27']]);
    expect(found[0]).toMatchObject({ kind: 'COMPENSATORY_DAY_OFF', paid: true });
  });

  it('gives a Saturday holiday a Monday where Saturday is a rest day, and nothing where it is worked', () => {
    // 2027: 1 May is a Saturday, 30 April a Friday
    expect(
      compensatoryDays(statutoryHolidays(2027), weekend).map((d) => [d.code, d.startDate]),
    ).toContainEqual(['LABOUR_DAY_2027_COMP', '2027-05-03']);
    expect(compensatoryDays(statutoryHolidays(2027), sundays).map((d) => d.code)).not.toContain(
      'LABOUR_DAY_2027_COMP',
    );
  });

  it('gives a holiday on a half rest day nothing, and skips half days when it looks for the day off', () => {
    // 2027: 1 May on a Saturday (afternoon off): nothing; 2026: 26 April a Sunday: Monday 27
    expect(compensatoryDays(statutoryHolidays(2027), halfSaturdays).map((d) => d.code)).not.toContain(
      'LABOUR_DAY_2027_COMP',
    );
    // 2028: Tết 25–29 January, Saturday 29 is half off: nothing owed
    expect(
      compensatoryDays(statutoryHolidays(2028), halfSaturdays).filter((d) => d.code.startsWith('LUNAR')),
    ).toEqual([]);
    // 2033: 30 April a Saturday (half), 1 May a Sunday: the Monday
    const may = compensatoryDays(statutoryHolidays(2033), halfSaturdays).filter((d) =>
      d.startDate.startsWith('2033-05'),
    );
    expect(may.map((d) => [d.code, d.startDate])).toEqual([['LABOUR_DAY_2033_COMP', '2033-05-02']]);
  });

  it('moves past the holiday itself: Tết days on a weekend are made up after the last Tết day', () => {
    // 2029: Tết 12–16 February (Monday to Friday) — none; 2028: Tết 25–29 January (Tuesday to Saturday)
    expect(
      compensatoryDays(statutoryHolidays(2029), weekend).filter((d) => d.code.startsWith('LUNAR')),
    ).toEqual([]);
    const tet2028 = compensatoryDays(statutoryHolidays(2028), weekend).filter((d) =>
      d.code.startsWith('LUNAR'),
    );
    expect(tet2028.map((d) => [d.code, d.startDate])).toEqual([['LUNAR_NEW_YEAR_2028_COMP', '2028-01-31']]);
  });

  it('gives two holidays on one weekend two different days (30/4 and 1/5 of 2033: Saturday and Sunday)', () => {
    const found = compensatoryDays(statutoryHolidays(2033), weekend).filter((d) =>
      d.startDate.startsWith('2033-05'),
    );
    expect(found.map((d) => [d.code, d.startDate])).toEqual([
      ['REUNIFICATION_DAY_2033_COMP', '2033-05-02'],
      ['LABOUR_DAY_2033_COMP', '2033-05-03'],
    ]);
  });
});
