import { ErrorCodes, FieldErrorKeys, type FieldError } from '@hcm/contracts';
import {
  labourRuleContract,
  MAX_STANDARD_DAYS,
  standardWorkingDayContract,
  weeklyOffRuleContract,
} from '@hcm/contracts/labour-calendar';
import { and, eq, isNull, ne, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { AppError, validationFailed } from '../../../http/errors.ts';
import { bindResource, type HookContext, type ResourceDefinition } from '../../../resources/index.ts';
import { organizationUnits } from '../../om/tables/organization-units.ts';
import { labourRules, standardWorkingDays, weeklyOffRules } from './tables.ts';

type Row = Record<string, unknown>;

/** The value a write leaves a field with: the change, else the record's. */
const valueOf = (changes: Row, before: Row | null, field: string): unknown =>
  field in changes ? changes[field] : before?.[field];

/**
 * A check that a tenant has one record of a table per effective date (and per unit when the
 * table has one): 409 on effectiveDate otherwise, before the unique index would refuse it with
 * a message about the code.
 */
function onePerDate(
  table: PgTable & { id: PgColumn; tenantId: PgColumn; effectiveDate: PgColumn },
  unit: PgColumn | null,
  what: string,
) {
  return async ({ tx, caller }: HookContext, changes: Row, before: Row | null) => {
    if (before && !('effectiveDate' in changes) && !('organizationUnitId' in changes)) return;
    const date = String(valueOf(changes, before, 'effectiveDate'));
    const unitId = unit
      ? (valueOf(changes, before, 'organizationUnitId') as string | null | undefined)
      : null;
    const conditions: (SQL | undefined)[] = [
      eq(table.tenantId, String(caller.tenantId)),
      eq(table.effectiveDate, date),
      unit ? (unitId ? eq(unit, unitId) : isNull(unit)) : undefined,
      before ? ne(table.id, String(before.id)) : undefined,
    ];
    const [taken] = await tx
      .select({ id: table.id })
      .from(table)
      .where(and(...conditions))
      .limit(1);
    if (taken)
      throw new AppError(409, ErrorCodes.conflict, `There is already ${what} from ${date}: one per date`, [
        {
          field: 'effectiveDate',
          code: FieldErrorKeys.invalidValue,
          message: 'already has a rule from this date',
        },
      ]);
  };
}

/**
 * Weekly-off rules: one per unit (or the whole tenant) and effective date (409), and a week
 * that is not all rest: a rule with no working day would leave the month without a working day.
 */
export const weeklyOffRuleResource = bindResource(weeklyOffRuleContract, {
  table: weeklyOffRules,
  references: { organizationUnitId: organizationUnits },
  hooks: {
    async validate(context, changes, before) {
      const days = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];
      if (days.every((day) => valueOf(changes, before, day) === 'OFF'))
        throw validationFailed(
          days.map((field) => ({
            field,
            code: FieldErrorKeys.invalidValue,
            message: 'a week needs a working day',
          })),
          'Every day of the week is a rest day: a week needs at least one working day',
        );
      await onePerDate(weeklyOffRules, weeklyOffRules.organizationUnitId, 'a weekly-off rule for this unit')(
        context,
        changes,
        before,
      );
    },
  },
});

/**
 * Standard working days: a fixed number is more than 0 and at most 31 and must be given; counted
 * from the calendar, none is kept. One per unit (or the tenant) and date (409).
 */
export const standardWorkingDayResource = bindResource(standardWorkingDayContract, {
  table: standardWorkingDays,
  references: { organizationUnitId: organizationUnits },
  hooks: {
    async validate(context, changes, before) {
      const method = valueOf(changes, before, 'method') ?? 'CALENDAR';
      const days = valueOf(changes, before, 'days');
      if (method === 'FIXED') {
        const n = typeof days === 'string' ? Number(days) : Number.NaN;
        if (!(n > 0 && n <= MAX_STANDARD_DAYS))
          throw validationFailed(
            [
              days === null || days === undefined
                ? {
                    field: 'days',
                    code: FieldErrorKeys.required,
                    message: 'a fixed number of days is required',
                  }
                : {
                    field: 'days',
                    code: FieldErrorKeys.max,
                    message: `must be more than 0 and at most ${MAX_STANDARD_DAYS}`,
                    params: { required: MAX_STANDARD_DAYS, actual: n },
                  },
            ],
            `A fixed month has more than 0 and at most ${MAX_STANDARD_DAYS} standard working days`,
          );
      } else if (days !== null && days !== undefined) {
        // counted from the calendar: a number given would be silently ignored
        if ('days' in changes)
          throw validationFailed(
            [
              {
                field: 'days',
                code: FieldErrorKeys.invalidValue,
                message: 'is counted from the calendar: leave it empty',
              },
            ],
            'Standard working days counted from the calendar take no fixed number',
          );
        changes.days = null;
      }
      await onePerDate(
        standardWorkingDays,
        standardWorkingDays.organizationUnitId,
        'a standard-days rule for this unit',
      )(context, changes, before);
    },
  },
});

/** The most normal hours a day may be given: a day. */
const MAX_HOURS_A_DAY = 24;

/**
 * Labour rules: normal hours a day in (0, 24], a week at least a day's; the night window's ends
 * differ; an overtime rate is at least 100 %. One rule per effective date (409).
 */
export const labourRuleResource = bindResource(labourRuleContract, {
  table: labourRules,
  hooks: {
    async validate(context, changes, before) {
      const errors: FieldError[] = [];
      const day = Number(valueOf(changes, before, 'normalHoursPerDay'));
      const week = Number(valueOf(changes, before, 'normalHoursPerWeek'));
      if (!(day > 0 && day <= MAX_HOURS_A_DAY))
        errors.push({
          field: 'normalHoursPerDay',
          code: FieldErrorKeys.max,
          message: `must be more than 0 and at most ${MAX_HOURS_A_DAY}`,
          params: { required: MAX_HOURS_A_DAY, actual: day },
        });
      if (week < day)
        errors.push({
          field: 'normalHoursPerWeek',
          code: FieldErrorKeys.invalidValue,
          message: 'must not be less than a day',
        });
      if (valueOf(changes, before, 'nightStartHour') === valueOf(changes, before, 'nightEndHour'))
        errors.push({
          field: 'nightEndHour',
          code: FieldErrorKeys.invalidValue,
          message: 'must differ from the start',
        });
      for (const field of ['overtimeWeekdayPercent', 'overtimeRestDayPercent', 'overtimeHolidayPercent']) {
        const rate = Number(valueOf(changes, before, field));
        if (rate < 100)
          errors.push({
            field,
            code: FieldErrorKeys.min,
            message: 'an overtime rate is at least 100 %',
            params: { required: 100, actual: rate },
          });
      }
      if (errors.length > 0)
        throw validationFailed(errors, 'The working-time rule has values it cannot take');
      await onePerDate(labourRules, null, 'a labour rule')(context, changes, before);
    },
  },
});

/** The labour calendar's resources, for the timekeeping service (services/tm/index.ts). */
export const labourCalendarResources: readonly ResourceDefinition[] = [
  weeklyOffRuleResource,
  standardWorkingDayResource,
  labourRuleResource,
];
