import { DataEnvelope, FieldErrorKeys } from '@hcm/contracts';
import {
  CalendarDay,
  CalendarDaysQuery,
  GeneratedHolidayYear,
  GenerateHolidayYearBody,
  MAX_CALENDAR_DAYS,
} from '@hcm/contracts/labour-calendar';
import type { FastifyRequest } from 'fastify';
import Type from 'typebox';
import { envelope, errorResponses } from '../../../http/envelope.ts';
import { validationFailed } from '../../../http/errors.ts';
import { actionContextOf, inResourceScope, resourceScopeOf } from '../../../resources/caller.ts';
import { holidayResource } from '../../om/leave-categories/resources.ts';
import type { TmRoutes } from '../index.ts';
import { daysBetween, isDay } from './days.ts';
import { generateHolidayYear } from './generate-year.ts';
import { readCalendarData, type CalendarQuery } from './resolve.ts';
import { resolveDays } from './resolve-days.ts';

const LabourRuleInForce = Type.Object({
  id: Type.String(),
  code: Type.String(),
  effectiveDate: Type.String(),
  normalHoursPerDay: Type.String(),
  normalHoursPerWeek: Type.String(),
  nightStartHour: Type.Integer(),
  nightEndHour: Type.Integer(),
  overtimeWeekdayPercent: Type.Integer(),
  overtimeRestDayPercent: Type.Integer(),
  overtimeHolidayPercent: Type.Integer(),
  nightWorkPercent: Type.Integer(),
  nightOvertimePercent: Type.Integer(),
});

/** 400 unless `from`–`to` is a range of real days, in order, of at most MAX_CALENDAR_DAYS. */
function checkRange(from: string, to: string) {
  const bad = [
    ...(isDay(from) ? [] : [{ field: 'from', code: FieldErrorKeys.invalidValue, message: 'is not a day' }]),
    ...(isDay(to) ? [] : [{ field: 'to', code: FieldErrorKeys.invalidValue, message: 'is not a day' }]),
  ];
  if (bad.length === 0 && to < from)
    bad.push({ field: 'to', code: FieldErrorKeys.invalidValue, message: 'must not be before from' });
  else if (bad.length === 0 && daysBetween(from, to) + 1 > MAX_CALENDAR_DAYS)
    bad.push({
      field: 'to',
      code: FieldErrorKeys.invalidValue,
      message: `a range has at most ${MAX_CALENDAR_DAYS} days`,
    });
  if (bad.length > 0) throw validationFailed(bad, 'The range of days is not one the calendar answers');
}

/**
 * The labour calendar's own routes: a year of statutory days generated into the holiday
 * calendar, and the resolved days of a range (what the timesheet engine reads, for people).
 */
export const labourCalendarRoutes: TmRoutes = async (app, { deps }) => {
  const holiday = holidayResource;
  const scopeOf = (request: FastifyRequest) => resourceScopeOf(holiday, request);

  app.post(
    `${holiday.basePath}/generate-year`,
    {
      config: { auth: 'user', permission: holiday.permissionFor('create'), module: holiday.module },
      schema: {
        summary: `${holiday.declaration.title.en}: write a year's statutory days (from the lunar calendar), never changing the tenant's own`,
        tags: [`${holiday.declaration.service}/${holiday.declaration.path}`],
        operationId: `${holiday.declaration.service}.${holiday.declaration.path}.generateYear`,
        body: GenerateHolidayYearBody,
        response: { 200: DataEnvelope(GeneratedHolidayYear), ...errorResponses },
      },
    },
    (request) => {
      const scope = scopeOf(request);
      return inResourceScope(deps.db, holiday, scope, async (tx, reach) =>
        envelope(
          await generateHolidayYear(
            tx,
            { ...actionContextOf(request, scope), scope: reach },
            request.body as GenerateHolidayYearBody,
          ),
        ),
      );
    },
  );

  app.get(
    '/api/tm/calendar-days',
    {
      config: { auth: 'user', permission: holiday.permissionFor('view'), module: holiday.module },
      schema: {
        summary:
          'The type of each day of a range for the tenant or a unit, with why, and the labour rules in force',
        tags: ['tm/calendar-days'],
        operationId: 'tm.calendarDays',
        querystring: CalendarDaysQuery,
        response: {
          200: DataEnvelope(
            Type.Object({ days: Type.Array(CalendarDay), labourRules: Type.Array(LabourRuleInForce) }),
          ),
          ...errorResponses,
        },
      },
    },
    (request) => {
      const { from, to, organizationUnitId } = request.query as CalendarDaysQuery;
      checkRange(from, to);
      const scope = scopeOf(request);
      return inResourceScope(deps.db, holiday, scope, async (tx) => {
        const query: CalendarQuery = {
          tenantId: String(scope.tenantId),
          organizationUnitId: organizationUnitId ?? null,
          from,
          to,
        };
        const data = await readCalendarData(tx, query);
        if (organizationUnitId && !data.unitFound)
          throw validationFailed(
            [
              {
                field: 'organizationUnitId',
                code: FieldErrorKeys.invalidValue,
                message: 'is not a unit of yours',
              },
            ],
            'The unit is not one of this tenant',
          );
        const days = resolveDays(data, from, to);
        const named = new Set(days.map((day) => day.labourRuleId));
        return envelope({ days, labourRules: data.labourRules.filter((rule) => named.has(rule.id)) });
      });
    },
  );
};
