import type { GeneratedHolidayYear, GenerateHolidayYearBody } from '@hcm/contracts/labour-calendar';
import { and, eq, gte, lte, or, sql } from 'drizzle-orm';
import type { Tx } from '../../../db/database.ts';
import { holidays } from '../../../db/tables/holidays.ts';
import { createRecord, type WriteContext } from '../../../resources/write/write-records.ts';
import { holidayResource } from '../../om/leave-categories/resources.ts';
import { dayOf, eachDay } from './days.ts';
import { readCalendarData } from './resolve.ts';
import { compensatoryDays, statutoryHolidays, type CalendarRow } from './statutory.ts';
import { weekDayOf } from './weekly.ts';

/**
 * Writes a year's statutory days into the tenant's holiday calendar (POST
 * /api/om/holidays/generate-year), through the record engine (the holiday's own checks, the action
 * log), in the caller's transaction:
 *
 * - the public holidays of statutoryHolidays(year): each unless the tenant has its code
 *   (CODE_EXISTS: a day seeded, generated before, or edited) or a public holiday of its own on one
 *   of its days (DAY_TAKEN);
 * - a compensatory day off for each public holiday of the year, the tenant's own included, that
 *   falls on a whole weekly rest day of the company-wide rules (compensatoryDays), on a day no
 *   other row of the calendar holds; unless the tenant has its code or a row on that day.
 *
 * Nothing the tenant has is changed: running it again creates nothing (idempotent), and a day the
 * tenant moved or renamed keeps its code, so it is not made again.
 */
export async function generateHolidayYear(
  tx: Tx,
  context: WriteContext,
  body: GenerateHolidayYearBody,
): Promise<GeneratedHolidayYear> {
  const { year } = body;
  const tenantId = String(context.scope.tenantId);
  const statutory = statutoryHolidays(year, body.nationalDayNeighbour ?? 'BEFORE');
  // a compensatory day may fall early in the next year (a holiday late in December: none today)
  const from = dayOf(year, 1, 1);
  const to = dayOf(year + 1, 1, 31);
  const existing = await tx
    .select({
      code: holidays.code,
      kind: holidays.kind,
      startDate: holidays.startDate,
      endDate: holidays.endDate,
      name: holidays.name,
      paid: holidays.paid,
      description: holidays.description,
    })
    .from(holidays)
    .where(
      and(
        eq(holidays.tenantId, tenantId),
        or(
          and(lte(holidays.startDate, to), gte(holidays.endDate, from)),
          sql`lower(${holidays.code}) like ${`%\\_${year}%`}`,
        ),
      ),
    );
  const codes = new Set(existing.map((row) => row.code.toLowerCase()));
  const rowDays = (kinds?: readonly string[]) =>
    new Set(
      existing
        .filter((row) => !kinds || kinds.includes(row.kind))
        .flatMap((row) => eachDay(row.startDate, row.endDate)),
    );
  const publicDays = rowDays(['PUBLIC_HOLIDAY']);

  const result: GeneratedHolidayYear = { year, created: [], skipped: [] };
  const write = async (row: CalendarRow, taken: ReadonlySet<string>) => {
    const { code, startDate, endDate, kind } = row;
    if (codes.has(code.toLowerCase()))
      return result.skipped.push({ code, startDate, endDate, reason: 'CODE_EXISTS' });
    if (eachDay(startDate, endDate).some((day) => taken.has(day)))
      return result.skipped.push({ code, startDate, endDate, reason: 'DAY_TAKEN' });
    const created = await createRecord(tx, holidayResource, context, { ...row });
    codes.add(code.toLowerCase());
    return result.created.push({ id: String(created.id), code, startDate, endDate, kind });
  };
  const written: CalendarRow[] = [];
  for (const row of statutory)
    if ((await write(row, publicDays)) && result.created.at(-1)?.code === row.code) written.push(row);

  // the company-wide weekly rules (no unit) of the year, for the days owed
  const data = await readCalendarData(tx, { tenantId, from, to });
  const weekState = (day: string) => weekDayOf(data.weeklyRules, data.workingWeek, day).state;
  const ownPublic: CalendarRow[] = existing
    .filter(
      (row) => row.kind === 'PUBLIC_HOLIDAY' && row.startDate <= dayOf(year, 12, 31) && row.endDate >= from,
    )
    .map((row) => ({ ...row, description: row.description ?? '' }));
  const occupied = rowDays();
  const owed = compensatoryDays([...ownPublic, ...written], weekState, occupied);
  for (const row of owed) await write(row, occupied);
  return result;
}
