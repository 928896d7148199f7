import type { GeneralTimesheetColumns } from '@hcm/contracts/general-timesheet';
import type { LeaveBalanceView } from '@hcm/contracts/leave-applications';
import type { MyTimekeepingMonth } from '@hcm/contracts/my-timekeeping';

export const WORKER_ID = '00000000-0000-4000-8000-0000000000aa';

interface DaySpec {
  symbol: string;
  outcome: string;
  late?: number;
  worked?: number;
  pairs?: string;
}

/**
 * March 2026 of Nguyễn Thị Mai as the API answers it (the general timesheet's columns): worked
 * on the 2nd (12 minutes late), annual leave on Thursday the 5th and the first half of Friday the
 * 6th (1.5 days), worked the 9th; Sundays rest days on her unit's calendar.
 */
export function march(): MyTimekeepingMonth {
  const days = Array.from({ length: 31 }, (_, i) => `2026-03-${String(i + 1).padStart(2, '0')}`);
  const spec: Record<number, DaySpec> = {
    1: { symbol: '+', outcome: 'WORKED', late: 12, worked: 468, pairs: '492~1020' },
    4: { symbol: 'P', outcome: 'LEAVE' },
    5: { symbol: 'P', outcome: 'LEAVE', worked: 240, pairs: '780~1020' },
    8: { symbol: '+', outcome: 'WORKED', worked: 480, pairs: '480~1020' },
  };
  const texts: string[] = [];
  const at = (text: string) => {
    const found = texts.indexOf(text);
    if (found >= 0) return found;
    texts.push(text);
    return texts.length - 1;
  };
  const field = <T>(read: (day: DaySpec) => T, none: T) =>
    days.map((_, i) => {
      const day = spec[i];
      return day ? read(day) : none;
    });
  const columns: GeneralTimesheetColumns = {
    symbol: field((d) => at(d.symbol), -1),
    outcome: field((d) => at(d.outcome), -1),
    dayType: field(() => at('WEEKDAY'), -1),
    shiftCode: field(() => at('HC'), -1),
    pairs: field((d) => d.pairs ?? null, null),
    workedMinutes: field((d) => d.worked ?? 0, 0),
    lateMinutes: field((d) => d.late ?? 0, 0),
    earlyMinutes: field(() => 0, 0),
    overtimeMinutes: field(() => 0, 0),
    nightMinutes: field(() => 0, 0),
    paidUnits: field(() => 1000, 0),
    flags: field(() => 0, 0),
    held: [],
    corrections: [],
  };
  return {
    workerId: WORKER_ID,
    workerCode: 'NV001',
    workerName: 'Nguyễn Thị Mai',
    month: '2026-03',
    days,
    dayTypes: days.map((day) =>
      new Date(`${day}T00:00:00Z`).getUTCDay() === 0 ? 'WEEKLY_REST_DAY' : 'WORKING_DAY',
    ),
    texts,
    legend: [
      { key: 'WORKED', symbol: '+' },
      { key: 'BUSINESS_TRIP', symbol: '+' },
      { key: 'ANNUAL_LEAVE', symbol: 'P' },
      { key: 'UNPAID_LEAVE', symbol: 'KL' },
    ],
    columns,
    totals: {
      standardDays: '26',
      workUnits: 2500,
      paidLeaveUnits: 1500,
      unpaidLeaveUnits: 0,
      paidUnits: 4000,
      overtime: { weekdayDay: 90, weekdayNight: 0, restDay: 0, restNight: 0, holidayDay: 0, holidayNight: 0 },
      nightMinutes: 0,
      lateCount: 1,
      lateMinutes: 12,
      earlyCount: 0,
      earlyMinutes: 0,
    },
    locked: false,
  };
}

/** Her annual leave of 2026: 12 days, 1.5 taken, 1 asked for and awaiting approval. */
export const balance2026: LeaveBalanceView = {
  workerId: WORKER_ID,
  year: 2026,
  asOf: '2026-12-31',
  accrued: '12',
  carriedOver: '0',
  taken: '1.5',
  adjusted: '0',
  expired: '0',
  paidOut: '0',
  balance: '10.5',
  pending: '1',
  entries: [],
};
