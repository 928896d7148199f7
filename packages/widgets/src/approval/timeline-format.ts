import { toDayjs } from '@hcm/ui';

/** A moment of the timeline as the spec writes it: dd/MM/yyyy HH:mm, in the browser's time zone. */
export const formatMoment = (value: string | null | undefined): string =>
  toDayjs(value)?.format('DD/MM/YYYY HH:mm') ?? '';

/** Fluent badge colours of a step's outcome (the kit's status colours: catalogues §3.1). */
export const OUTCOME_COLORS = {
  APPROVED: 'success',
  REJECTED: 'danger',
  CANCELED: 'danger',
  BACK: 'warning',
  WAITING: 'brand',
} as const;
export type StepOutcome = keyof typeof OUTCOME_COLORS;

/** A step's outcome; an open step that started is WAITING; a step not reached has none. */
export function outcomeOf(step: { outcome: string | null; startedAt: string | null }): StepOutcome | null {
  if (step.outcome && step.outcome in OUTCOME_COLORS) return step.outcome as StepOutcome;
  return step.startedAt ? 'WAITING' : null;
}

/**
 * The mark of a step or an event its requester, or the record's creator, decided themselves
 * (four eyes waived by the tenant, docs/approvals.md): the dictionary key under
 * `approvalFlow.timeline.selfActed`, or null. The requester's mark wins when they are both.
 */
export function selfActedKey(
  view: { byRequester: boolean; byCreator: boolean },
  approved: boolean,
): string | null {
  const who = view.byRequester ? 'requester' : view.byCreator ? 'creator' : null;
  return who && `${who}${approved ? 'Approved' : 'Acted'}`;
}
