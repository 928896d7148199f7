import type { CheckInRow, CheckInStatus } from '@hcm/contracts/check-in';
import { sql } from 'drizzle-orm';
import type { ActionContext } from '../../../resources/action-log/record-actions.ts';
import { writeBatch } from '../../../bulk/index.ts';
import type { Tx } from '../../../db/database.ts';
import type { JobQueue } from '../../../jobs/job-queue.ts';
import { punchStore } from '../tables/punches.ts';
import { requestRecomputationForPunches } from '../timesheet/recompute-keys.ts';

/** The device code of punches made by a check-in; the worker's code is their PIN there. */
export const WEB_DEVICE_CODE = 'WEB';

/** The columns of a check-in row as the API answers it, with its worker's code and name. */
export const CHECK_IN_COLUMNS = sql`c.id, c.worker_id, w.code as worker_code, w.full_name as worker_name,
  c.checked_at, c.mode, c.status, c.distance_metres, c.accuracy_metres, c.location_name,
  c.client_ip, c.note`;

export interface CheckInSqlRow {
  id: string;
  worker_id: string;
  worker_code: string;
  worker_name: string;
  checked_at: Date | string;
  mode: CheckInRow['mode'];
  status: CheckInStatus;
  distance_metres: number | null;
  accuracy_metres: number | null;
  location_name: string | null;
  client_ip: string | null;
  note: string | null;
}

export const checkInRowOf = (row: CheckInSqlRow): CheckInRow => ({
  id: row.id,
  workerId: row.worker_id,
  workerCode: row.worker_code,
  workerName: row.worker_name,
  checkedAt: new Date(row.checked_at).toISOString(),
  mode: row.mode,
  status: row.status,
  distanceMetres: row.distance_metres === null ? null : Number(row.distance_metres),
  accuracyMetres: row.accuracy_metres === null ? null : Number(row.accuracy_metres),
  locationName: row.location_name,
  clientIp: row.client_ip,
  note: row.note,
});

/** One check-in by id or by the worker's client key, or null. */
export async function readCheckIn(
  tx: Tx,
  where: { id: string } | { workerId: string; clientKey: string },
): Promise<CheckInRow | null> {
  const condition =
    'id' in where
      ? sql`c.id = ${where.id}`
      : sql`c.worker_id = ${where.workerId} and c.client_key = ${where.clientKey}`;
  const result = (await tx.execute(
    sql`select ${CHECK_IN_COLUMNS} from tm_check_ins c join workers w on w.id = c.worker_id where ${condition}`,
  )) as unknown as { rows: CheckInSqlRow[] };
  const row = result.rows[0];
  return row ? checkInRowOf(row) : null;
}

/**
 * The punch a check-in that counts becomes: tm_punches under the device WEB with the worker's
 * code as its PIN, at the check-in's time; then its (worker, day) rows asked for again through
 * the timesheet engine's incremental path, in the same transaction.
 */
export async function storePunch(
  tx: Tx,
  queue: Pick<JobQueue, 'enqueue'>,
  actor: ActionContext,
  punch: { workerId: string; workerCode: string; checkedAt: Date; rawLine: string },
): Promise<void> {
  const tenantId = actor.scope.tenantId;
  if (!tenantId) throw new Error('check-in: a punch belongs to a tenant');
  await writeBatch(
    tx,
    punchStore,
    [
      {
        punchedAt: punch.checkedAt,
        deviceCode: WEB_DEVICE_CODE,
        attendanceCode: punch.workerCode.toUpperCase().slice(0, 50),
        workerId: punch.workerId,
        source: 'WEB' as const,
        rawLine: punch.rawLine.slice(0, 500),
      },
    ],
    { actor, action: 'CREATE', describe: { source: 'check-in' } },
  );
  await requestRecomputationForPunches(tx, queue, tenantId, [
    { workerId: punch.workerId, punchedAt: punch.checkedAt },
  ]);
}
