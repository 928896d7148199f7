import { describe, expect, it } from 'vitest';
import { DEFAULT_SYMBOLS } from '../timesheet/symbols.ts';
import { cellOf, legendOf, symbolClasses, totalsOf, type DayRecordOfGrid } from './month-cells.ts';

const day = (values: Partial<DayRecordOfGrid>): DayRecordOfGrid => ({
  workerId: 'w',
  day: 1,
  daySymbol: '+',
  outcome: 'WORKED',
  dayType: 'WEEKDAY',
  shiftCode: 'HC',
  punchPairs: '480~1020',
  workedMinutes: 480,
  lateMinutes: 0,
  earlyMinutes: 0,
  overtimeMinutes: 0,
  nightMinutes: 0,
  otWeekdayDay: 0,
  otWeekdayNight: 0,
  otRestDay: 0,
  otRestNight: 0,
  otHolidayDay: 0,
  otHolidayNight: 0,
  workUnits: 1000,
  paidLeaveUnits: 0,
  unpaidLeaveUnits: 0,
  paidUnits: 1000,
  flags: 0,
  held: false,
  correctedSymbol: null,
  correctedPaidUnits: null,
  correctionReason: null,
  correctedBy: null,
  correctedAt: null,
  ...values,
});
const corrected = (symbol: string | null, paid: number | null, values: Partial<DayRecordOfGrid> = {}) =>
  day({
    correctedSymbol: symbol,
    correctedPaidUnits: paid,
    correctionReason: 'HR',
    correctedAt: '2026-03-10T00:00:00Z',
    ...values,
  });
const classes = symbolClasses(legendOf(DEFAULT_SYMBOLS));

describe('a worker’s month from their day records', () => {
  it('counts a corrected day by the class of the symbol HR wrote', () => {
    const absent = { daySymbol: null, outcome: 'INCOMPLETE', workUnits: 0, paidUnits: 0 };
    const totals = totalsOf(
      [
        corrected('+', 1000, absent), // a missing punch confirmed: a day worked
        corrected('P', null, { daySymbol: null, outcome: 'ABSENT', workUnits: 0, paidUnits: 0 }), // paid leave, no value given: the engine's 0
        corrected('P', 1000, absent), // paid leave worth a day
        corrected('KL', 0, absent), // unpaid: the whole day
        corrected('KL', 500), // half a day paid, the other half unpaid
        corrected('X', 1000, absent), // a tenant's own symbol: work
        corrected(null, 500), // only the value: work, as the engine's symbol says
      ],
      '26',
      classes,
    );
    expect(totals).toMatchObject({
      standardDays: '26',
      workUnits: 2500,
      paidLeaveUnits: 1000,
      unpaidLeaveUnits: 1500,
      paidUnits: 4000,
    });
  });

  it('keeps the engine’s minutes on a corrected day', () => {
    const totals = totalsOf([corrected('P', 1000, { lateMinutes: 30, otWeekdayDay: 60 })], null, classes);
    expect(totals).toMatchObject({ lateCount: 1, lateMinutes: 30, overtime: { weekdayDay: 60 } });
  });

  it('sends only what is not nothing, and says the engine’s symbol under a correction', () => {
    expect(cellOf(day({}))).toEqual({
      symbol: '+',
      outcome: 'WORKED',
      shiftCode: 'HC',
      pairs: '480~1020',
      workedMinutes: 480,
      paidUnits: 1000,
    });
    expect(cellOf(corrected('', 0, { daySymbol: '+' }))).toMatchObject({
      symbol: null,
      computedSymbol: '+',
      correction: { symbol: '', paidUnits: 0, reason: 'HR' },
    });
  });
});
