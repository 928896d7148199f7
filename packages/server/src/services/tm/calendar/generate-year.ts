import type { GeneratedHolidayYear, GenerateHolidayYearBody } from '@hcm/contracts/labour-calendar';
import { and, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import type { Tx } from '../../../db/database.ts';
import { holidays } from '../../../db/tables/holidays.ts';
import { createRecord, type WriteContext } from '../../../resources/write/write-records.ts';
import { holidayResource } from '../../om/leave-categories/resources.ts';
import { dayOf, eachDay } from './days.ts';
import { readCalendarData } from './resolve.ts';
import { compensatoryDays, statutoryHolidays, type CalendarRow } from './statutory.ts';
import { weekDayOf } from './weekly.ts';

/** The codes of `rows` the tenant has already, whatever their status (lower case): one query. */
async function codesTaken(tx: Tx, tenantId: string, rows: readonly CalendarRow[]): Promise<Set<string>> {
  if (rows.length === 0) return new Set();
  const wanted = rows.map((row) => row.code.toLowerCase());
  const found = await tx
    .select({ code: holidays.code })
    .from(holidays)
    .where(and(eq(holidays.tenantId, tenantId), inArray(sql`lower(${holidays.code})`, wanted)));
  return new Set(found.map((row) => row.code.toLowerCase()));
}

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
  const active = await tx
    .select({
      code: holidays.code,
      kind: holidays.kind,
      startDate: holidays.startDate,
      endDate: holidays.endDate,
      name: holidays.name,
      paid: holidays.paid,
    })
    .from(holidays)
    .where(
      and(
        eq(holidays.tenantId, tenantId),
        eq(holidays.status, 'ACTIVE'),
        lte(holidays.startDate, to),
        gte(holidays.endDate, from),
      ),
    );
  const daysOf = (rows: readonly { startDate: string; endDate: string }[]) =>
    new Set(rows.flatMap((row) => eachDay(row.startDate, row.endDate)));
  const publicRows = active.filter((row) => row.kind === 'PUBLIC_HOLIDAY');

  const result: GeneratedHolidayYear = { year, created: [], skipped: [] };
  /** Writes the rows whose code is free (any status) and whose days are not `taken`; answers those written. */
  const write = async (rows: readonly CalendarRow[], taken: ReadonlySet<string>) => {
    const codes = await codesTaken(tx, tenantId, rows);
    const written: CalendarRow[] = [];
    for (const row of rows) {
      const { code, startDate, endDate, kind } = row;
      if (codes.has(code.toLowerCase()))
        result.skipped.push({ code, startDate, endDate, reason: 'CODE_EXISTS' });
      else if (eachDay(startDate, endDate).some((day) => taken.has(day)))
        result.skipped.push({ code, startDate, endDate, reason: 'DAY_TAKEN' });
      else {
        const created = await createRecord(tx, holidayResource, context, { ...row });
        result.created.push({ id: String(created.id), code, startDate, endDate, kind });
        written.push(row);
      }
    }
    return written;
  };
  const written = await write(statutory, daysOf(publicRows));

  // the days owed by the year's public holidays, the tenant's own and those just written, under
  // the company-wide weekly rules (no unit), on days no row of the calendar holds
  const data = await readCalendarData(tx, { tenantId, from, to });
  const weekState = (day: string) => weekDayOf(data.weeklyRules, data.workingWeek, day).state;
  const ownPublic: CalendarRow[] = publicRows
    .filter((row) => row.startDate <= dayOf(year, 12, 31))
    .map((row) => ({ ...row, description: '' }));
  const occupied = daysOf(active);
  await write(compensatoryDays([...ownPublic, ...written], weekState, occupied), occupied);
  return result;
}
