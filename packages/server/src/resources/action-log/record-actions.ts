import type { Db } from '../../db/database.ts';
import { actionLogs, systemActionLogs } from '../../db/schema.ts';
import type { Scope } from '../../db/tenant-scope.ts';

/** The actions the log records: declared once in @hcm/contracts, which the log's page reads too. */
export { ActionLogActions, type ActionLogAction } from '@hcm/contracts';
import type { ActionLogAction } from '@hcm/contracts';

/** Changed fields only: `{ name: { before, after } }`. */
export type Changes = Record<string, { before: unknown; after: unknown }>;

/** Who acts, from where. */
export interface ActionContext {
  scope: Scope;
  ip: string | null;
  userAgent: string | null;
}

export interface ActionEntry {
  /** the permission resource, e.g. job_title */
  resource: string;
  /** null: the attempt named no record (a role refused at its creation) */
  recordId: string | null;
  action: ActionLogAction;
  changes: Changes;
}

/**
 * The difference between two states of a record over `fields`: only the fields whose value
 * changed. A created record has no before (null), a deleted one no after.
 */
export function diffRecords(
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
  fields: readonly string[],
): Changes {
  const changes: Changes = {};
  for (const field of fields) {
    const was = before ? (before[field] ?? null) : null;
    const is = after ? (after[field] ?? null) : null;
    if (JSON.stringify(was) !== JSON.stringify(is)) changes[field] = { before: was, after: is };
  }
  return changes;
}

const CHUNK = 1000;

/**
 * Writes the entries to the log of the caller's scope (a tenant's action_logs, or
 * system_action_logs for system users), with `tx` — the transaction of the change itself, so
 * a change is never committed without its log rows, nor the rows without the change.
 */
export async function recordActions(
  tx: Db,
  context: ActionContext,
  entries: readonly ActionEntry[],
): Promise<void> {
  const { scope, ip, userAgent } = context;
  const rows = entries.map((entry) => ({ ...entry, userId: scope.userId, ip, userAgent }));
  for (let start = 0; start < rows.length; start += CHUNK) {
    const chunk = rows.slice(start, start + CHUNK);
    const tenantId = scope.tenantId;
    if (tenantId === null) await tx.insert(systemActionLogs).values(chunk);
    else await tx.insert(actionLogs).values(chunk.map((row) => ({ ...row, tenantId })));
  }
}
