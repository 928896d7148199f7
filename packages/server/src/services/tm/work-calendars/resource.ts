import { FieldErrorKeys } from '@hcm/contracts';
import { WORKING_GROUP_TYPE } from '@hcm/contracts/organization';
import { workCalendarContract } from '@hcm/contracts/work-calendars';
import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../../db/database.ts';
import { validationFailed } from '../../../http/errors.ts';
import { bindResource } from '../../../resources/index.ts';
import { jobTitles } from '../../om/tables/categories.ts';
import { organizationUnits } from '../../om/tables/organization-units.ts';
import { workers } from '../../om/tables/workers.ts';
import { calendarErrors, namedShifts, type CalendarFieldError } from './check-calendar.ts';
import { recomputeCalendarDays } from './recompute-on-approval.ts';
import {
  tmWorkCalendarRotation,
  tmWorkCalendars,
  tmWorkCalendarWeekdays,
  tmWorkCalendarWorkers,
} from './tables.ts';
import { workShiftTable, workShiftIds } from './work-shift-source.ts';

type Row = Record<string, unknown>;

/** The unit named is a working group (type TO) exactly when the target type says so. */
async function unitKindErrors(tx: Tx, record: Row): Promise<CalendarFieldError[]> {
  const unitId = record.organizationUnitId;
  if (typeof unitId !== 'string' || (record.targetType !== 'UNIT' && record.targetType !== 'WORKING_GROUP'))
    return [];
  const [unit] = await tx
    .select({ typeCode: organizationUnits.typeCode })
    .from(organizationUnits)
    .where(eq(organizationUnits.id, unitId));
  if (!unit) return []; // the engine's reference check answers an unknown unit
  const isGroup = unit.typeCode === WORKING_GROUP_TYPE;
  if (record.targetType === 'WORKING_GROUP' && !isGroup)
    return [
      {
        field: 'organizationUnitId',
        code: FieldErrorKeys.invalidValue,
        message: 'must be a working group (a unit of type TO)',
      },
    ];
  if (record.targetType === 'UNIT' && isGroup)
    return [
      {
        field: 'organizationUnitId',
        code: FieldErrorKeys.invalidValue,
        message: 'is a working group: choose the WORKING_GROUP target',
      },
    ];
  return [];
}

/** Every shift a rotation's slots name is one of the tenant's (the single shift field is the engine's). */
async function unknownSlotShifts(tx: Tx, record: Row): Promise<CalendarFieldError[]> {
  const slotShifts = namedShifts({ rotation: record.rotation });
  if (slotShifts.length === 0) return [];
  const known = new Set(await workShiftIds(tx, slotShifts));
  const unknown = slotShifts.filter((id) => !known.has(id));
  return unknown.length === 0
    ? []
    : [
        {
          field: 'rotation',
          code: FieldErrorKeys.invalidValue,
          message: `unknown work shift: ${unknown.join(', ')}`,
        },
      ];
}

/**
 * Timekeeping › Shift calendar bound to its tables (migration 0060), approvable: the approval
 * engine moves approval_status and stamps approved_at in the approving transaction (the tie-break
 * between equal calendars); the engine keeps edits and deletes to the requester's states, so an
 * approved calendar is changed by a new one, never in place.
 */
export const workCalendarResource = bindResource(workCalendarContract, {
  table: tmWorkCalendars,
  approval: {
    onApproved: async ({ tx, caller }, record) => {
      await tx
        .update(tmWorkCalendars)
        .set({ approvedAt: sql`now()` })
        .where(eq(tmWorkCalendars.id, String(record.id)));
      // the days already computed under the calendars before it are computed again
      if (caller.tenantId) await recomputeCalendarDays(tx, caller.tenantId, String(record.id));
    },
  },
  references: {
    organizationUnitId: organizationUnits,
    jobTitleId: jobTitles,
    workShiftId: workShiftTable,
  },
  referenceLists: {
    workerIds: {
      table: tmWorkCalendarWorkers,
      parent: tmWorkCalendarWorkers.calendarId,
      value: tmWorkCalendarWorkers.workerId,
      order: tmWorkCalendarWorkers.ordinal,
      target: workers,
    },
  },
  enumSets: {
    weekdays: {
      table: tmWorkCalendarWeekdays,
      parent: tmWorkCalendarWeekdays.calendarId,
      value: tmWorkCalendarWeekdays.weekday,
    },
  },
  children: {
    rotation: {
      table: tmWorkCalendarRotation,
      parent: tmWorkCalendarRotation.calendarId,
      order: tmWorkCalendarRotation.position,
    },
  },
  hooks: {
    validate: async ({ tx }, changes, before) => {
      const record = { ...before, ...changes };
      const errors = calendarErrors(record);
      if (errors.length === 0)
        errors.push(...(await unitKindErrors(tx, record)), ...(await unknownSlotShifts(tx, record)));
      if (errors.length > 0) throw validationFailed(errors, 'The work calendar is not consistent');
    },
  },
});
