import type { HolidayKind, NationalDayNeighbour } from '@hcm/contracts/labour-calendar';
import { addDays, dayOf, eachDay } from './days.ts';
import { lunarDay, lunarNewYear, lunarNewYearsEve } from './lunar.ts';
import type { WeekState } from './weekly.ts';

/** A row of the holiday calendar, computed: a create body of /api/om/holidays. */
export interface CalendarRow {
  code: string;
  name: string;
  kind: HolidayKind;
  startDate: string;
  endDate: string;
  paid: boolean;
  description: string;
}

const vn = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;
const LAW = 'Bộ luật Lao động 2019, Điều 112 khoản 1';

/**
 * The public holidays of a Gregorian year by the Labour Code 2019 art. 112(1) (11 days): 1
 * January; Tết, the last day of the lunar year and the 1st to 4th of the 1st lunar month (5 days;
 * the eve is the 29th or 30th of the 12th month, whichever ends it); Hùng Kings' day, the 10th of
 * the 3rd lunar month; 30 April; 1 May; 2 September and one day beside it (1 September by
 * default, as the government's schedules chose every year since 2021; 3 September on request).
 * The codes are the seed's (seed-data/om/holidays.json), so a generated year and a seeded one
 * never hold the same holiday twice.
 */
export function statutoryHolidays(year: number, neighbour: NationalDayNeighbour = 'BEFORE'): CalendarRow[] {
  const tetStart = lunarNewYearsEve(year);
  const tetFirst = lunarNewYear(year);
  const tetEnd = addDays(tetFirst, 3);
  const hungKings = lunarDay(year, 3, 10);
  const nationalDay = dayOf(year, 9, 2);
  const beside = neighbour === 'BEFORE' ? dayOf(year, 9, 1) : dayOf(year, 9, 3);
  const row = (
    code: string,
    name: string,
    startDate: string,
    endDate: string,
    description: string,
  ): CalendarRow => ({
    code: `${code}_${year}`,
    name,
    kind: 'PUBLIC_HOLIDAY',
    startDate,
    endDate,
    paid: true,
    description,
  });
  return [
    row(
      'NEW_YEAR',
      'Tết Dương lịch',
      dayOf(year, 1, 1),
      dayOf(year, 1, 1),
      `${vn(dayOf(year, 1, 1))} (${LAW} điểm a).`,
    ),
    row(
      'LUNAR_NEW_YEAR',
      'Tết Âm lịch',
      tetStart,
      tetEnd,
      `5 ngày: ngày cuối năm âm lịch (${vn(tetStart)}) đến mùng 4 tháng Giêng (${vn(tetEnd)}); mùng 1 Tết là ${vn(tetFirst)} (${LAW} điểm b; lịch âm Việt Nam, múi giờ UTC+7).`,
    ),
    row(
      'HUNG_KINGS',
      'Giỗ Tổ Hùng Vương',
      hungKings,
      hungKings,
      `Ngày 10 tháng 3 âm lịch: ${vn(hungKings)} (${LAW} điểm e).`,
    ),
    row(
      'REUNIFICATION_DAY',
      'Ngày Chiến thắng',
      dayOf(year, 4, 30),
      dayOf(year, 4, 30),
      `${vn(dayOf(year, 4, 30))} (${LAW} điểm c).`,
    ),
    row(
      'LABOUR_DAY',
      'Ngày Quốc tế lao động',
      dayOf(year, 5, 1),
      dayOf(year, 5, 1),
      `${vn(dayOf(year, 5, 1))} (${LAW} điểm d).`,
    ),
    row(
      'NATIONAL_DAY',
      'Quốc khánh',
      beside < nationalDay ? beside : nationalDay,
      beside < nationalDay ? nationalDay : beside,
      `${vn(nationalDay)} và 01 ngày liền kề: ${vn(beside)} (${LAW} điểm đ).`,
    ),
  ];
}

/**
 * The compensatory days off of the public holidays that fall on a weekly rest day (Labour Code
 * 2019 art. 111(3): "nghỉ bù vào ngày làm việc kế tiếp"): for each such day, in order, the next
 * whole working day that is not a holiday nor already another holiday's compensatory day. A
 * holiday on a half rest day gives none (half of it was a working day). `weekState` says what the
 * weekly-off rules make of a day; `occupied` days (other rows of the calendar) take none. Codes: the
 * holiday's code + `_COMP`, then `_COMP_2`….
 */
export function compensatoryDays(
  holidays: readonly CalendarRow[],
  weekState: (day: string) => WeekState,
  occupied: ReadonlySet<string> = new Set(),
): CalendarRow[] {
  const taken = new Set([
    ...occupied,
    ...holidays.filter((h) => h.kind === 'PUBLIC_HOLIDAY').flatMap((h) => eachDay(h.startDate, h.endDate)),
  ]);
  const owed = holidays
    .filter((h) => h.kind === 'PUBLIC_HOLIDAY')
    .flatMap((h) => eachDay(h.startDate, h.endDate).map((day) => ({ holiday: h, day })))
    .filter(({ day }) => weekState(day) === 'OFF')
    .sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : 0));
  const count = new Map<string, number>();
  const found: CalendarRow[] = [];
  for (const { holiday, day } of owed) {
    let off = addDays(day, 1);
    while (taken.has(off) || weekState(off) !== 'WORK') off = addDays(off, 1);
    taken.add(off);
    const n = (count.get(holiday.code) ?? 0) + 1;
    count.set(holiday.code, n);
    found.push({
      code: n === 1 ? `${holiday.code}_COMP` : `${holiday.code}_COMP_${n}`,
      name: `Nghỉ bù ${holiday.name}`,
      kind: 'COMPENSATORY_DAY_OFF',
      startDate: off,
      endDate: off,
      paid: true,
      description: `${holiday.name} ${vn(day)} trùng ngày nghỉ hằng tuần: nghỉ bù ${vn(off)} (Bộ luật Lao động 2019, Điều 111 khoản 3).`,
    });
  }
  return found;
}
