import { FieldErrorKeys } from '@hcm/contracts';
import { HISTORY_PAGE, type HistoryEntry, type RecordHistoryPage } from '@hcm/contracts/resource';
import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/database.ts';
import { actionLogs, systemActionLogs, users } from '../../db/schema.ts';
import { validationFailed } from '../../http/errors.ts';
import type { ResourceDefinition } from '../types.ts';

/** A keyset position: the microsecond time (UTC text) and id of the last entry of a page. */
interface Cursor {
  at: string;
  id: string;
}

const encode = (cursor: Cursor) => Buffer.from(`${cursor.at}|${cursor.id}`).toString('base64url');

function decode(text: string): Cursor {
  const [at, id] = Buffer.from(text, 'base64url').toString().split('|');
  const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
  if (!at || !id || !uuid.test(id) || Number.isNaN(Date.parse(at)))
    throw validationFailed([
      { field: 'cursor', code: FieldErrorKeys.invalidValue, message: 'is not the `next` of a history page' },
    ]);
  return { at, id };
}

/**
 * The change history of record `recordId` of `definition` in the caller's log (a tenant's
 * action_logs, or system_action_logs for a system user): newest first, `pageSize` entries after
 * `cursor`, each with its author's name and the changed fields. The caller has already found the
 * record inside its data scope; row-level security keeps the log to the caller's tenant.
 */
export async function readRecordHistory(
  tx: Tx,
  definition: ResourceDefinition,
  tenantId: string | null,
  recordId: string,
  query: { pageSize?: number; cursor?: string },
): Promise<RecordHistoryPage> {
  const log = tenantId === null ? systemActionLogs : actionLogs;
  const pageSize = query.pageSize ?? HISTORY_PAGE.default;
  const cursor = query.cursor ? decode(query.cursor) : null;
  const conditions: SQL[] = [eq(log.resource, definition.name), eq(log.recordId, recordId)];
  if (cursor)
    conditions.push(sql`(${log.createdAt}, ${log.id}) < (${cursor.at}::timestamptz, ${cursor.id}::uuid)`);
  const rows = await tx
    .select({
      id: log.id,
      at: sql<string>`to_char(${log.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
      action: log.action,
      userId: log.userId,
      changes: log.changes,
    })
    .from(log)
    .where(and(...conditions))
    .orderBy(desc(log.createdAt), desc(log.id))
    .limit(pageSize + 1);
  const page = rows.slice(0, pageSize);
  const authorIds = [...new Set(page.flatMap((row) => (row.userId ? [row.userId] : [])))];
  const names = new Map(
    authorIds.length === 0
      ? []
      : (
          await tx
            .select({ id: users.id, fullName: users.fullName })
            .from(users)
            .where(inArray(users.id, authorIds))
        ).map((user) => [user.id, user.fullName]),
  );
  const data: HistoryEntry[] = page.map((row) => ({
    id: row.id,
    at: row.at,
    action: row.action,
    userId: row.userId,
    userName: row.userId ? (names.get(row.userId) ?? null) : null,
    changes: Object.entries(row.changes).map(([field, change]) => ({ field, ...change })),
  }));
  const last = page.at(-1);
  return { data, next: rows.length > pageSize && last ? encode({ at: last.at, id: last.id }) : null };
}
