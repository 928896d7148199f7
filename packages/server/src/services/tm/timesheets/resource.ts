import { ConflictReasons, ErrorCodes, FieldErrorKeys } from '@hcm/contracts';
import { timesheetContract } from '@hcm/contracts/timesheets';
import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../../db/database.ts';
import { AppError } from '../../../http/errors.ts';
import { bindResource } from '../../../resources/index.ts';
import { organizationUnits } from '../../om/tables/organization-units.ts';
import { tmTimesheets } from './tables.ts';

type Row = Record<string, unknown>;

/** 409 MONTH_LOCKED: the answer to anything that would change a locked month (docs/timesheets.md). */
export const monthLocked = (month: string, message: string) =>
  new AppError(409, ErrorCodes.monthLocked, message, undefined, undefined, {
    reason: ConflictReasons.monthLocked,
    month,
  });

/**
 * What refuses a new timesheet of (unit, month), checked before the database's unique index
 * says it less clearly: the unit has one already (409 timesheetExists, whatever its state), or
 * the nearest timesheet above the unit for that month is APPROVED — a sub-unit's own timesheet
 * would take its workers out of a locked month without anyone approving that (409 MONTH_LOCKED).
 */
async function refuseSecond(tx: Tx, unitId: string, month: string): Promise<void> {
  const [existing] = (
    (await tx.execute(sql`
      select code from tm_timesheets where organization_unit_id = ${unitId}::uuid and month = ${month}`)) as unknown as {
      rows: { code: string }[];
    }
  ).rows;
  if (existing)
    throw new AppError(
      409,
      ErrorCodes.conflict,
      `The unit already has the timesheet ${existing.code} for ${month}`,
      [
        {
          field: 'organizationUnitId',
          code: FieldErrorKeys.invalidValue,
          message: 'already has a timesheet this month',
        },
        {
          field: 'month',
          code: FieldErrorKeys.invalidValue,
          message: 'already has a timesheet for this unit',
        },
      ],
      undefined,
      { reason: ConflictReasons.timesheetExists, code: existing.code },
    );
  const [above] = (
    (await tx.execute(sql`
      with recursive up as (
        select u.parent_id as id, 1 as depth from organization_units u where u.id = ${unitId}::uuid
        union all
        select u.parent_id, up.depth + 1 from up join organization_units u on u.id = up.id
         where up.id is not null and up.depth < 64
      )
      select t.code, t.approval_status as status
        from up join tm_timesheets t on t.organization_unit_id = up.id and t.month = ${month}
       order by up.depth limit 1`)) as unknown as { rows: { code: string; status: string }[] }
  ).rows;
  if (above?.status === 'APPROVED')
    throw monthLocked(
      month,
      `The timesheet ${above.code} of a unit above this one is approved and locks ${month}: reopen it first`,
    );
}

/**
 * Timekeeping › Timesheet bound to its table (migration 0062), approvable: the approval engine
 * moves approval_status; approval stamps approved_at, and from that commit the month is locked
 * for the workers the timesheet decides (month-locks.ts). The engine keeps edits and deletes to
 * the requester's states (NEW, REJECTED, CANCELED), so a locked month is opened only by
 * …/{id}/reopen (reopen.ts).
 */
export const timesheetResource = bindResource(timesheetContract, {
  table: tmTimesheets,
  approval: {
    onApproved: async ({ tx }, record) => {
      await tx
        .update(tmTimesheets)
        .set({ approvedAt: sql`now()` })
        .where(eq(tmTimesheets.id, String(record.id)));
    },
  },
  references: { organizationUnitId: organizationUnits },
  hooks: {
    validate: async ({ tx }, changes: Row, before: Row | null) => {
      // the unit and month are set once (the contract's update leaves them out)
      if (before !== null) return;
      const unitId = changes.organizationUnitId;
      const month = changes.month;
      if (typeof unitId === 'string' && typeof month === 'string') await refuseSecond(tx, unitId, month);
    },
  },
});
