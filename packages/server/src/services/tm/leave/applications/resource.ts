import { leaveApplicationContract } from '@hcm/contracts/leave-applications';
import { FieldErrorKeys } from '@hcm/contracts';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../../../db/database.ts';
import { validationFailed } from '../../../../http/errors.ts';
import { bindResource } from '../../../../resources/index.ts';
import { leaveTypes } from '../../../om/tables/leave-categories.ts';
import { workers } from '../../../om/tables/workers.ts';
import { byWorkerDataScope } from '../../../om/workers/worker-reach.ts';
import { tmLeaveApplications } from '../tables.ts';
import { checkAgainstOthers, leaveTypeOf, shapeErrors } from './checks.ts';
import { countLeaveDays, decimalDays } from './count-days.ts';
import { approveLeave, askedOf, leaveInputs } from './effects.ts';

type Row = Record<string, unknown>;

/**
 * Every rule of an application beyond its fields' own, then its days counted as the timesheet
 * will and kept on it (`days`): the shape (to ≥ from, one day for a half or hours, times only
 * for hours), then, the worker's applications locked, no overlap, a working day at least, and
 * the annual balance (checks.ts). Nothing is written when one refuses.
 */
async function checkAndCount(tx: Tx, values: Row, id: string | null): Promise<void> {
  const asked = askedOf(values);
  const shape = shapeErrors(asked);
  if (shape.length > 0) throw validationFailed(shape, 'The leave application is not valid');
  const type = await leaveTypeOf(tx, String(values.leaveTypeId));
  if (!type)
    throw validationFailed(
      [
        {
          field: 'leaveTypeId',
          code: FieldErrorKeys.invalidValue,
          message: 'is not a leave type of the tenant',
        },
      ],
      'The leave application is not valid',
    );
  const workerId = String(values.workerId);
  const days = await countLeaveDays(tx, leaveInputs(), workerId, asked);
  await checkAgainstOthers(tx, { workerId, id, asked, type, days });
  values.days = decimalDays(days.reduce((sum, day) => sum + day.value, 0));
}

/**
 * Timekeeping › Documents › Leave application bound to its table (migration 0065), approvable
 * (docs/leave.md). A caller files applications for the employees their data scope reaches
 * (byWorkerDataScope): HR for their units or the tenant, an employee with a SELF role for
 * themselves. Approval writes what it takes from the balance and asks the engine for its days.
 */
export const leaveApplicationResource = bindResource(leaveApplicationContract, {
  table: tmLeaveApplications,
  dataScope: byWorkerDataScope('workerId'),
  approval: {
    onApproved: async ({ tx, caller }, record) => {
      if (caller.tenantId) await approveLeave(tx, caller.tenantId, caller.userId, record);
    },
  },
  // "Nguyễn Thị May – Nghỉ phép năm – 12/01/2026": what the list and the approval dialogs show
  derived: {
    name: sql`((select w.full_name from workers w where w.tenant_id = ${tmLeaveApplications.tenantId}
                 and w.id = ${tmLeaveApplications.workerId})
               || ' – ' || (select t.name from leave_types t where t.tenant_id = ${tmLeaveApplications.tenantId}
                 and t.id = ${tmLeaveApplications.leaveTypeId})
               || ' – ' || to_char(${tmLeaveApplications.fromDate}, 'DD/MM/YYYY'))`,
  },
  references: { workerId: workers, leaveTypeId: leaveTypes },
  hooks: {
    beforeCreate: async ({ tx }, values) => checkAndCount(tx, values, null),
    beforeUpdate: async ({ tx }, before, changes) => {
      const merged = { ...before, ...changes };
      await checkAndCount(tx, merged, String(before.id));
      changes.days = merged.days;
    },
  },
});
