import type {
  GeneralTimesheetCell,
  GeneralTimesheetColumns,
  GeneralTimesheetPage,
  GeneralTimesheetRow,
} from '@hcm/contracts/general-timesheet';

/*
 * For browser tests and screenshots: a sewing workshop's March 2026 as the server answers it
 * (docs/general-timesheet.md), office hours Monday to Saturday, Sundays off, a few days late, on
 * leave or unpaid, a rest-day overtime, and one day HR corrected.
 */
export const UNIT = '22222222-2222-4222-8222-222222222222';
export const MONTH = '2026-03';
export const DAYS = Array.from({ length: 31 }, (_, i) => `2026-03-${String(i + 1).padStart(2, '0')}`);

const SURNAMES = ['Nguyễn', 'Trần', 'Lê', 'Phạm', 'Hoàng', 'Huỳnh', 'Phan', 'Vũ', 'Võ', 'Đặng'];
const MIDDLE = ['Thị', 'Văn', 'Thị Thu', 'Minh', 'Thị Ngọc', 'Đức'];
const GIVEN = ['Mai', 'Hùng', 'Lan', 'Tuấn', 'Hoa', 'Dũng', 'Hương', 'Nam', 'Thảo', 'Long', 'Yến'];

const worked = (late = 0, early = 0): GeneralTimesheetCell => ({
  symbol: '+',
  outcome: 'WORKED',
  shiftCode: 'HC',
  pairs: `${480 + late}~${1020 - early}`,
  workedMinutes: 480 - late - early,
  paidUnits: 1000,
  ...(late ? { lateMinutes: late } : {}),
  ...(early ? { earlyMinutes: early } : {}),
});

/** The days as the server sends them: a column per field, texts as indexes into the page's `texts`. */
function columnsOf(
  cells: readonly (GeneralTimesheetCell | null)[],
  texts: string[],
): GeneralTimesheetColumns {
  const text = (value: string | null | undefined) => {
    if (value === null || value === undefined) return -1;
    if (!texts.includes(value)) texts.push(value);
    return texts.indexOf(value);
  };
  const number = (
    key:
      | 'workedMinutes'
      | 'lateMinutes'
      | 'earlyMinutes'
      | 'overtimeMinutes'
      | 'nightMinutes'
      | 'paidUnits'
      | 'flags',
  ) => cells.map((cell) => cell?.[key] ?? 0);
  return {
    symbol: cells.map((cell) => (cell ? text(cell.symbol ?? '') : -1)),
    outcome: cells.map((cell) => text(cell?.outcome)),
    dayType: cells.map((cell) => (cell ? text(cell.dayType ?? 'WEEKDAY') : -1)),
    shiftCode: cells.map((cell) => text(cell?.shiftCode)),
    pairs: cells.map((cell) => cell?.pairs ?? null),
    workedMinutes: number('workedMinutes'),
    lateMinutes: number('lateMinutes'),
    earlyMinutes: number('earlyMinutes'),
    overtimeMinutes: number('overtimeMinutes'),
    nightMinutes: number('nightMinutes'),
    paidUnits: number('paidUnits'),
    flags: number('flags'),
    held: cells.flatMap((cell, day) => (cell?.held ? [day] : [])),
    corrections: cells.flatMap((cell, day) =>
      cell?.correction ? [{ day, computedSymbol: cell.computedSymbol ?? null, ...cell.correction }] : [],
    ),
  };
}

export function rowOf(n: number, texts: string[] = []): GeneralTimesheetRow {
  const cells = DAYS.map((day, i): GeneralTimesheetCell | null => {
    const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
    if (weekday === 0)
      return n % 5 === 0 && i === 7
        ? { symbol: '+', outcome: 'WORKED', dayType: 'REST_DAY', pairs: '480~720', overtimeMinutes: 240 }
        : { symbol: null, outcome: 'REST', dayType: 'REST_DAY' };
    if (i === 3 + (n % 4) && n % 3 === 0)
      return { symbol: 'P', outcome: 'LEAVE', shiftCode: 'HC', paidUnits: 1000 };
    if (i === 10 && n % 7 === 0) return { symbol: 'KL', outcome: 'LEAVE', shiftCode: 'HC' };
    if (i === 17 && n % 6 === 1) return { symbol: 'Ô', outcome: 'LEAVE', shiftCode: 'HC' };
    if (i === 4 && n === 2)
      return {
        ...worked(),
        symbol: '+',
        computedSymbol: null,
        outcome: 'INCOMPLETE',
        pairs: '478~',
        flags: 2,
        correction: {
          symbol: '+',
          paidUnits: 1000,
          reason: 'Quên chấm công ra, quản đốc xác nhận',
          by: null,
          at: '2026-03-06T02:00:00Z',
        },
      };
    if (i > 27) return null; // not computed yet
    return worked(i % 9 === n % 9 ? 7 + (n % 20) : 0, i % 11 === n % 11 ? 15 : 0);
  });
  const late = cells.filter((c) => (c?.lateMinutes ?? 0) > 0);
  const early = cells.filter((c) => (c?.earlyMinutes ?? 0) > 0);
  const units = (symbol: string) => cells.filter((c) => c?.symbol === symbol).length * 1000;
  return {
    workerId: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    code: `NV${String(n).padStart(4, '0')}`,
    fullName: `${SURNAMES[n % SURNAMES.length]} ${MIDDLE[n % MIDDLE.length]} ${GIVEN[n % GIVEN.length]}`,
    organizationUnitId: UNIT,
    columns: columnsOf(cells, texts),
    totals: {
      standardDays: '26',
      workUnits: units('+'),
      paidLeaveUnits: units('P'),
      unpaidLeaveUnits: units('KL'),
      paidUnits: units('+') + units('P'),
      overtime: {
        weekdayDay: 0,
        weekdayNight: 0,
        restDay: n % 5 === 0 ? 240 : 0,
        restNight: 0,
        holidayDay: 0,
        holidayNight: 0,
      },
      nightMinutes: 0,
      lateCount: late.length,
      lateMinutes: late.reduce((sum, c) => sum + (c?.lateMinutes ?? 0), 0),
      earlyCount: early.length,
      earlyMinutes: early.reduce((sum, c) => sum + (c?.earlyMinutes ?? 0), 0),
    },
  };
}

export const LEGEND = [
  ['WORKED', '+'],
  ['PRODUCT', 'SP'],
  ['HOLIDAY', 'L'],
  ['ANNUAL_LEAVE', 'P'],
  ['SICK', 'Ô'],
  ['CHILD_SICK', 'Cô'],
  ['MATERNITY', 'TS'],
  ['WORK_ACCIDENT', 'T'],
  ['MEETING_STUDY', 'H'],
  ['COMPENSATORY', 'NB'],
  ['PAID_PERSONAL', 'R'],
  ['UNPAID_LEAVE', 'KL'],
  ['STOPPED_WORK', 'N'],
  ['LABOUR_DUTY', 'LĐ'],
  // the seeded symbols write + and H for these too: the legend shows each symbol once
  ['BUSINESS_TRIP', '+'],
  ['CONFERENCE', 'H'],
].map(([key, symbol]) => ({ key: key as string, symbol: symbol as string }));

/** A page of workers `from`…`to` (1-based), with the next cursor when given. */
export function pageOf(from: number, to: number, next: string | null): GeneralTimesheetPage {
  // each page its own texts, as the server's: a later page's indexes differ from the first's
  const texts: string[] = from > 1 ? ['Ô', 'KL'] : [];
  return {
    month: MONTH,
    organizationUnitId: UNIT,
    days: DAYS,
    // March 2026: Sundays off, and one public holiday for the shading
    dayTypes: DAYS.map((day) =>
      day === '2026-03-10'
        ? 'PUBLIC_HOLIDAY'
        : new Date(`${day}T00:00:00Z`).getUTCDay() === 0
          ? 'WEEKLY_REST_DAY'
          : 'WORKING_DAY',
    ),
    rows: Array.from({ length: to - from + 1 }, (_, i) => rowOf(from + i, texts)),
    texts,
    legend: LEGEND,
    lockedWorkerIds: [],
    next,
  };
}
