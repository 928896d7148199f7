import { recordDisplayName } from '@hcm/contracts/resource';
import type { Language } from '@hcm/contracts';
import { eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/database.ts';
import { users } from '../../db/schema.ts';
import type { ResourceDefinition } from '../types.ts';
import type { ApprovalDeps } from './approval-deps.ts';

type Row = Record<string, unknown>;

/** What a notice says, in the recipient's language. */
export type NoticeText = (language: Language, record: string) => { title: string; content: string };

/** The record as a notice names it: its kind and its number, name or code ("Khen thưởng 012/2026/QĐ"). */
export function recordCaption(definition: ResourceDefinition, record: Row, language: Language): string {
  const kind = definition.contract?.singular ?? definition.declaration.title;
  const name = recordDisplayName(record);
  const caption = language === 'en' ? kind.en : kind.vi;
  return name !== '' ? `${caption} ${name}` : caption;
}

/** The record's page in the portal. */
export const recordLink = (definition: ResourceDefinition, id: string): string =>
  definition.contract ? `${definition.contract.route}/${id}/detail` : definition.basePath;

/** The records' list in the portal. */
export const listLink = (definition: ResourceDefinition): string =>
  definition.contract ? definition.contract.route : definition.basePath;

/**
 * Puts a notice about `record` in the inbox of each of `userIds` (not the actor: nobody is told
 * what they just did), each in their own language, inside the caller's transaction.
 */
export async function sendApprovalNotice(
  tx: Tx,
  deps: ApprovalDeps,
  input: {
    tenantId: string;
    definition: ResourceDefinition;
    record: Row;
    userIds: readonly (string | null | undefined)[];
    actorId: string | null;
    text: NoticeText;
  },
): Promise<void> {
  const wanted = [
    ...new Set(input.userIds.filter((id): id is string => typeof id === 'string' && id !== input.actorId)),
  ];
  if (wanted.length === 0) return;
  const rows = await tx
    .select({ id: users.id, language: users.language })
    .from(users)
    .where(inArray(users.id, wanted));
  const link = recordLink(input.definition, String(input.record.id));
  const record = await withDerivedName(tx, input.definition, input.record);
  for (const language of ['vi', 'en'] as const) {
    const ids = rows.filter((row) => (row.language === 'en' ? 'en' : 'vi') === language).map((r) => r.id);
    if (ids.length === 0) continue;
    const { title, content } = input.text(language, recordCaption(input.definition, record, language));
    await deps.notify(tx, input.tenantId, ids, {
      title: title.slice(0, 200),
      content: content.slice(0, 2000),
      attachedLink: link,
      eventType: 'APPROVAL',
      language,
    });
  }
}

/**
 * The record with the name its list shows when it has none of its own: a request document is
 * named by a derived column ("Nguyễn Thị May – Nghỉ hằng năm – 19/11/2026"), which a written row
 * does not carry, and a manager with ten notices of "Đơn xin nghỉ" could not tell them apart.
 */
async function withDerivedName(tx: Tx, definition: ResourceDefinition, record: Row): Promise<Row> {
  const derived = definition.declaration.derived?.name;
  if (!derived || recordDisplayName(record) !== '' || typeof record.id !== 'string') return record;
  const [found] = await tx
    .select({ name: derived.sql })
    .from(definition.table)
    .where(eq(definition.columns.id, record.id));
  const name = found?.name;
  return typeof name === 'string' && name !== '' ? { ...record, name } : record;
}

/** Vietnamese date and time for notices (dd/MM/yyyy HH:mm, Vietnam's time). */
export function noticeTime(at: Date, language: Language): string {
  return new Intl.DateTimeFormat(language === 'en' ? 'en-GB' : 'vi-VN', {
    timeZone: 'Asia/Ho_Chi_Minh',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hour12: false,
  }).format(at);
}
