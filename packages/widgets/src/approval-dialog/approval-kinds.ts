import { FieldLimits } from '@hcm/contracts';

/**
 * The decisions the dialog asks for (core §2 "shared dialogs", §5): also returning a record to
 * its requester for changes (`back`) and cancelling its approval request (`cancel-request`).
 */
export const APPROVAL_KINDS = [
  'approve',
  'reject',
  'switch-status',
  'delete',
  'back',
  'cancel-request',
] as const;
export type ApprovalKind = (typeof APPROVAL_KINDS)[number];

export const isApprovalKind = (value: unknown): value is ApprovalKind =>
  (APPROVAL_KINDS as readonly unknown[]).includes(value);

/**
 * core §5: the reject reason, the switch-status note and the reason to return a record are
 * required; the approve note and the reason to cancel a request optional.
 */
export const NOTE_RULES: Readonly<Record<ApprovalKind, { asks: boolean; required: boolean }>> = {
  approve: { asks: true, required: false },
  reject: { asks: true, required: true },
  'switch-status': { asks: true, required: true },
  delete: { asks: false, required: false },
  back: { asks: true, required: true },
  'cancel-request': { asks: true, required: false },
};

/** The note maximum (core §5 leaves its value to us: the product's note limit, 1000). */
export const APPROVAL_NOTE_MAX = FieldLimits.note;

/** The dictionary section of each kind: its name in camelCase. */
export const textKey = (kind: ApprovalKind) =>
  kind.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase());

/** The kinds whose text is a reason (the API's `reason`), not a note. */
const REASON_KINDS: readonly ApprovalKind[] = ['reject', 'back', 'cancel-request'];

/**
 * What the dialog answers on confirm: `reason` for a rejection, a return or a cancelled request,
 * `note` for the others that ask.
 */
export interface ApprovalDecision {
  kind: ApprovalKind;
  note?: string;
  reason?: string;
}

/** The note as it will be sent: trimmed; checked against the kind's rules. */
export function checkNote(
  kind: ApprovalKind,
  raw: string,
): { value: string; error: 'required' | 'tooLong' | null } {
  const value = raw.trim();
  if (!NOTE_RULES[kind].asks) return { value: '', error: null };
  if (NOTE_RULES[kind].required && value === '') return { value, error: 'required' };
  if (value.length > APPROVAL_NOTE_MAX) return { value, error: 'tooLong' };
  return { value, error: null };
}

export function decisionOf(kind: ApprovalKind, note: string): ApprovalDecision {
  if (REASON_KINDS.includes(kind)) return { kind, reason: note };
  if (kind === 'delete') return { kind };
  return { kind, note };
}
