import { dayCell, shownSymbol } from '@hcm/contracts/general-timesheet';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SYMBOLS } from '../timesheet/symbols.ts';
import { legendOf, symbolClasses } from './month-cells.ts';
import {
  columnsOf,
  PageTexts,
  totalsOfMonth,
  type CorrectedDay,
  type WorkerMonthRow,
} from './month-columns.ts';

const classes = symbolClasses(legendOf(DEFAULT_SYMBOLS));
const corrected = (
  correctedSymbol: string | null,
  correctedPaidUnits: number | null,
  engine: Partial<CorrectedDay> = {},
): CorrectedDay => ({ daySymbol: '+', paidUnits: 1000, correctedSymbol, correctedPaidUnits, ...engine });

/** Days 2 and 3 worked (3 late, with overtime), day 4 corrected from "+" to "P", day 5 held. */
const month = (workerId: string): WorkerMonthRow => ({
  workerId,
  day: [2, 3, 4, 5],
  symbol: ['+', '+', '+', null],
  outcome: ['WORKED', 'WORKED', 'WORKED', 'INCOMPLETE'],
  dayType: ['WEEKDAY', 'WEEKDAY', 'WEEKDAY', 'REST_DAY'],
  shiftCode: ['HC', 'HC', 'HC', null],
  pairs: ['480~1020', '492~1080', '480~1020', '478~'],
  worked: [480, 468, 480, 0],
  paid: [1000, 1000, 1000, 0],
  minutes: [
    [3, 12, 0, 60, 0, 0],
    [5, 0, 0, 0, 0, 2],
  ],
  notes: [
    [4, false, '+', 1000, 'P', null, 'Nghỉ phép trên giấy', 'hr', '2026-03-05T02:00:00Z'],
    [5, true, null, 0, null, null, null, null, null],
  ],
  sums: [60, 0, 0, 0, 0, 0, 0, 1, 12, 0, 0, 2000, 0, 0, 2000],
});

describe('a worker’s month as columns', () => {
  it('puts each value on its day, the correction’s symbol shown over the engine’s', () => {
    const texts = new PageTexts();
    const { columns, corrected: byCorrection } = columnsOf(month('w1'), 31, texts);
    const shown = columns.symbol.map((_, i) => shownSymbol(texts.texts, columns, i));
    expect(shown.slice(0, 6)).toEqual(['', '+', '+', 'P', '', '']);
    // a day the engine did not write is no cell; a blank one is
    expect(dayCell(texts.texts, columns, 0)).toBeNull();
    expect(dayCell(texts.texts, columns, 4)).toMatchObject({
      symbol: null,
      held: true,
      flags: 2,
      pairs: '478~',
    });
    expect(dayCell(texts.texts, columns, 2)).toEqual({
      symbol: '+',
      outcome: 'WORKED',
      shiftCode: 'HC',
      pairs: '492~1080',
      workedMinutes: 468,
      lateMinutes: 12,
      overtimeMinutes: 60,
      paidUnits: 1000,
    });
    expect(dayCell(texts.texts, columns, 3)).toMatchObject({
      symbol: 'P',
      computedSymbol: '+',
      correction: { symbol: 'P', paidUnits: null, reason: 'Nghỉ phép trên giấy', by: 'hr' },
    });
    expect(byCorrection).toEqual([corrected('P', null)]);
  });

  it('names each text once a page, for every worker of it', () => {
    const texts = new PageTexts();
    const first = columnsOf(month('w1'), 31, texts).columns;
    const second = columnsOf(month('w2'), 31, texts).columns;
    expect(second.symbol).toEqual(first.symbol);
    expect(new Set(texts.texts).size).toBe(texts.texts.length);
  });
});

describe('a worker’s totals', () => {
  it('counts a corrected day by the class of the symbol HR wrote', () => {
    const absent = { daySymbol: null, paidUnits: 0 };
    const totals = totalsOfMonth(
      new Array<number>(15).fill(0),
      [
        corrected('+', 1000, absent), // a missing punch confirmed: a day worked
        corrected('P', null, absent), // paid leave, no value given: the engine's 0
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

  it('adds the corrected days to PostgreSQL’s sums of the others, the minutes as they are', () => {
    const totals = totalsOfMonth(month('w1').sums, [corrected('P', null)], null, classes);
    expect(totals).toEqual({
      standardDays: null,
      workUnits: 2000,
      paidLeaveUnits: 1000,
      unpaidLeaveUnits: 0,
      paidUnits: 3000,
      overtime: { weekdayDay: 60, weekdayNight: 0, restDay: 0, restNight: 0, holidayDay: 0, holidayNight: 0 },
      nightMinutes: 0,
      lateCount: 1,
      lateMinutes: 12,
      earlyCount: 0,
      earlyMinutes: 0,
    });
  });
});
