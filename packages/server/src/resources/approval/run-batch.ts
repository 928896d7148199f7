import type { ApprovalBatchItem, ApprovalBatchResult } from '@hcm/contracts/approvals';
import type { Tx } from '../../db/database.ts';
import { AppError } from '../../http/errors.ts';
import type { ResourceDefinition, ResourceRecord } from '../types.ts';
import type { ApprovalDeps, ApprovalMessage } from './approval-deps.ts';
import { listLink } from './approval-notices.ts';
import type { ApprovalContext } from './take-approval-action.ts';

/** Up to this many notices per user and batch go out one by one; more become one summary. */
export const BATCH_NOTICES_EACH = 3;

type Pending = Map<string, { tenantId: string; messages: ApprovalMessage[] }>;

/**
 * A batch of approval actions: each id in a savepoint of its own, so that one that fails (a
 * record in the wrong state, someone else's step) is rolled back alone and reported, and the
 * others go through. Every id is answered, in the order given. The notices wait for the end:
 * a user told of a few records gets each, one told of many (the approver of a 1,000-record
 * request) gets one summary linking to the list; a failed item's notices go with it.
 */
export async function runBatch(
  tx: Tx,
  definition: ResourceDefinition,
  context: ApprovalContext,
  ids: readonly string[],
  work: (savepoint: Tx, id: string, context: ApprovalContext) => Promise<ResourceRecord>,
): Promise<ApprovalBatchResult> {
  const items: ApprovalBatchItem[] = [];
  const field = definition.approval?.statusField as string;
  const pending: Pending = new Map();
  for (const id of ids) {
    const mine: Pending = new Map();
    const deps: ApprovalDeps = {
      ...context.deps,
      notify: async (_tx, tenantId, userIds, message) => {
        for (const userId of userIds) {
          const entry = mine.get(userId) ?? { tenantId, messages: [] };
          entry.messages.push(message);
          mine.set(userId, entry);
        }
      },
    };
    try {
      const record = await tx.transaction((savepoint) =>
        work(savepoint as unknown as Tx, id, { ...context, deps }),
      );
      items.push({ id, ok: true, approvalStatus: record[field] as ApprovalBatchItem['approvalStatus'] });
      for (const [userId, entry] of mine) {
        const all = pending.get(userId) ?? { tenantId: entry.tenantId, messages: [] };
        all.messages.push(...entry.messages);
        pending.set(userId, all);
      }
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      items.push({ id, ok: false, code: error.code, message: error.message });
    }
  }
  await sendPending(tx, definition, context.deps, pending);
  const succeeded = items.filter((item) => item.ok).length;
  return { succeeded, failed: items.length - succeeded, items };
}

async function sendPending(tx: Tx, definition: ResourceDefinition, deps: ApprovalDeps, pending: Pending) {
  for (const [userId, { tenantId, messages }] of pending) {
    if (messages.length <= BATCH_NOTICES_EACH) {
      for (const message of messages) await deps.notify(tx, tenantId, [userId], message);
      continue;
    }
    const english = messages[0]?.language === 'en';
    const listed = messages
      .slice(0, 10)
      .map((m) => `• ${m.title}`)
      .join('\n');
    const more = messages.length > 10 ? `\n… ${english ? 'and' : 'và'} ${messages.length - 10}` : '';
    const kind = definition.contract?.title ?? definition.declaration.title;
    await deps.notify(tx, tenantId, [userId], {
      title: english
        ? `${messages.length} approval updates: ${kind.en}`
        : `${messages.length} cập nhật phê duyệt: ${kind.vi}`,
      content: `${listed}${more}`,
      attachedLink: listLink(definition),
      eventType: 'APPROVAL',
      language: english ? 'en' : 'vi',
    });
  }
}
