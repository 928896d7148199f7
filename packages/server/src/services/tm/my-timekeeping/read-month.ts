import type { MyTimekeepingMonth } from '@hcm/contracts/my-timekeeping';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../../db/database.ts';
import { notFound } from '../../../http/errors.ts';
import { resolveCalendars } from '../calendar/resolve.ts';
import { legendOf, symbolClasses } from '../general-timesheet/month-cells.ts';
import {
  columnsOf,
  monthColumnsQuery,
  PageTexts,
  totalsOfMonth,
  type WorkerMonthRow,
} from '../general-timesheet/month-columns.ts';
import { daysOfMonth } from '../general-timesheet/read-grid.ts';
import type { TimesheetInputs } from '../timesheet/inputs.ts';

interface OwnWorker {
  readonly id: string;
  readonly code: string;
  readonly fullName: string;
  readonly unitId: string;
}

const rowsOf = async <T>(tx: Tx, query: ReturnType<typeof sql>) =>
  ((await tx.execute(query)) as unknown as { rows: T[] }).rows;

/** The employee record the caller's account is linked to (workers.user_id), or 404 in the envelope. */
export async function ownWorker(tx: Tx, userId: string | null): Promise<OwnWorker> {
  const [found] = userId
    ? await rowsOf<OwnWorker>(
        tx,
        sql`select id, code, full_name as "fullName", organization_unit_id as "unitId"
              from workers where user_id = ${userId} limit 1`,
      )
    : [];
  if (!found)
    throw notFound(
      'Your account is not linked to an employee record: ask HR to link it to see your timekeeping',
    );
  return found;
}

/**
 * The caller's own month (docs/my-timekeeping.md): the general timesheet's reading of one worker
 * (month-columns.ts: the same statement, the same columns, the same totals with HR's corrections
 * counted by their symbols), the symbols of the tenant's settings of that month, and the worker's
 * unit's calendar for the days the engine wrote nothing on.
 */
export async function readOwnMonth(
  tx: Tx,
  caller: { tenantId: string; userId: string | null },
  inputs: Pick<TimesheetInputs, 'locks' | 'settings'>,
  month: string,
): Promise<MyTimekeepingMonth> {
  const worker = await ownWorker(tx, caller.userId);
  const days = daysOfMonth(month);
  const from = days[0] as string;
  const to = days[days.length - 1] as string;
  const { settings } = await inputs.settings.settings(tx, month);
  const legend = legendOf(settings.symbols);
  const calendar = (
    await resolveCalendars(tx, { tenantId: caller.tenantId, organizationUnitIds: [worker.unitId], from, to })
  ).get(worker.unitId);
  const dayTypes = new Map((calendar?.days ?? []).map((day) => [day.date, day.type]));
  // one row whatever the month holds: the lateral aggregate answers nulls for a month without days
  const [row] = await rowsOf<WorkerMonthRow>(tx, monthColumnsQuery(caller.tenantId, [worker.id], from, to));
  if (!row) throw new Error('the month query answered no row');
  const texts = new PageTexts();
  const { columns, corrected } = columnsOf(row, days.length, texts);
  const locked = await inputs.locks.lockedMonths(tx, [worker.id], [month]);
  return {
    workerId: worker.id,
    workerCode: worker.code,
    workerName: worker.fullName,
    month,
    days,
    dayTypes: days.map((day) => dayTypes.get(day) ?? null),
    texts: texts.texts,
    legend,
    columns,
    totals: totalsOfMonth(
      row.sums,
      corrected,
      calendar?.days[0]?.standardDays ?? null,
      symbolClasses(legend),
    ),
    locked: locked.get(worker.id)?.has(month) ?? false,
  };
}
