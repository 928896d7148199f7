import { FieldErrorKeys, type FieldError } from '@hcm/contracts';
import { overtimeRegistrationContract } from '@hcm/contracts/overtime-registrations';
import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../../db/database.ts';
import { validationFailed } from '../../../http/errors.ts';
import { bindResource } from '../../../resources/index.ts';
import { workers } from '../../om/tables/workers.ts';
import { byWorkerDataScope } from '../../om/workers/worker-reach.ts';
import { recomputeDays, refuseInLockedMonths } from '../requests/effects.ts';
import { intersect, total } from '../timesheet/minute-ranges.ts';
import { capError, capsOn, usedMinutes } from './caps.ts';
import { periodOf, clockOf } from './period.ts';
import { registeredDay } from './registered-day.ts';
import { tmOvertimeRegistrations } from './tables.ts';

type Row = Record<string, unknown>;

const refuse = (errors: FieldError[]) => validationFailed(errors, 'The overtime registration is not valid');

/**
 * The worker's registrations are checked one at a time: two of the same worker written at once
 * would each read the other's minutes as not there yet and both pass a cap. A transaction-scoped
 * advisory lock on (overtime, worker) makes the second wait for the first's commit; other
 * workers' registrations, and everything else about the worker, are not held up.
 */
async function lockWorker(tx: Tx, workerId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`overtime:${workerId}`}, 0))`);
}

/**
 * The checks a registration passes before it is written or approved, and the day type it shows:
 * from and to not the same time, the period outside the shift's own work (overtime is time
 * beyond it), a labour rule in force that day, and the day's, month's and year's caps with the
 * worker's other standing registrations (caps.ts). `except`: the registration itself.
 */
export async function checkRegistration(tx: Tx, record: Row, except: string | null): Promise<Row> {
  const workerId = String(record.workerId);
  const workDate = String(record.workDate);
  const from = String(record.fromTime);
  const to = String(record.toTime);
  if (from === to)
    throw refuse([
      {
        field: 'toTime',
        code: FieldErrorKeys.invalidValue,
        message: `is the same as the start (${from}): no time is registered`,
      },
    ]);
  await lockWorker(tx, workerId);
  const day = await registeredDay(tx, workerId, workDate);
  const period = periodOf(from, to);
  const overlap = intersect([period], day.work);
  if (total(overlap) > 0) {
    const [first] = overlap;
    throw refuse([
      {
        field: 'fromTime',
        code: FieldErrorKeys.invalidValue,
        message: `overlaps the shift's working time (${clockOf(first?.start ?? 0)}–${clockOf(first?.end ?? 0)}): overtime is time beyond the shift`,
      },
    ]);
  }
  const caps = await capsOn(tx, workDate);
  if (!caps)
    throw refuse([
      {
        field: 'workDate',
        code: FieldErrorKeys.invalidValue,
        message:
          'has no timekeeping rule in force (Timekeeping › Config › Timekeeping rules): its caps are unknown',
      },
    ]);
  const used = await usedMinutes(tx, workerId, workDate, except);
  const error = capError('toTime', period.end - period.start, used, caps, day.normalMinutes);
  if (error) throw refuse([error]);
  return { dayType: day.dayType };
}

/**
 * Timekeeping › Documents › Overtime bound to its table (migration 0066), approvable
 * (docs/overtime-registrations.md). A caller files registrations for the employees their data
 * scope reaches (byWorkerDataScope). Writing one checks the caps under the worker's lock and
 * stamps the day type; approving checks them again (a registration canceled and asked for again,
 * a cap lowered since), refuses in a locked month, stamps approved_at and asks the engine for the
 * day again, all in the approving transaction.
 */
export const overtimeRegistrationResource = bindResource(overtimeRegistrationContract, {
  table: tmOvertimeRegistrations,
  dataScope: byWorkerDataScope('workerId'),
  approval: {
    onApproved: async ({ tx, caller }, record) => {
      const day = [{ workerId: String(record.workerId), workDate: String(record.workDate) }];
      await checkRegistration(tx, record, String(record.id));
      await refuseInLockedMonths(tx, day, 'approving overtime on one of its days');
      await tx
        .update(tmOvertimeRegistrations)
        .set({ approvedAt: sql`now()` })
        .where(eq(tmOvertimeRegistrations.id, String(record.id)));
      if (caller.tenantId) await recomputeDays(tx, caller.tenantId, day);
    },
  },
  // "Nguyễn Thị May – 12/01/2026 17:00–20:00": the name the list and its approval dialogs give it
  derived: {
    name: sql`((select w.full_name from workers w where w.tenant_id = ${tmOvertimeRegistrations.tenantId}
                 and w.id = ${tmOvertimeRegistrations.workerId}) || ' – ' || to_char(${tmOvertimeRegistrations.workDate}, 'DD/MM/YYYY')
                 || ' ' || ${tmOvertimeRegistrations.fromTime} || '–' || ${tmOvertimeRegistrations.toTime})`,
  },
  references: { workerId: workers },
  hooks: {
    beforeCreate: async ({ tx }, values) => {
      Object.assign(values, await checkRegistration(tx, values, null));
    },
    beforeUpdate: async ({ tx }, before, changes) => {
      Object.assign(changes, await checkRegistration(tx, { ...before, ...changes }, String(before.id)));
    },
  },
});
