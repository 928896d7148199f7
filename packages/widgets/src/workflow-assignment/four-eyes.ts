import type { PickOption } from './assignment-model.ts';

/**
 * Who the form may not offer as a step's assignee (four eyes, docs/approvals.md): the user
 * requesting (the one signed in) and the records' creators, unless the tenant lets a requester
 * take a step of their own. While the rule is not known yet it holds: the stricter choice, and
 * the server refuses such an assignee anyway.
 */
export function excludedAssignees(
  requesterMayApprove: boolean | null,
  requester: string | null,
  creators: readonly string[] = [],
): ReadonlySet<string> {
  if (requesterMayApprove === true) return new Set();
  return new Set([requester, ...creators].filter((id): id is string => typeof id === 'string' && id !== ''));
}

/** The steps' assignees with the excluded ones taken out (a fixed step's included): to be chosen again. */
export function withoutExcluded(
  assignees: Readonly<Record<string, PickOption | null>>,
  excluded: ReadonlySet<string>,
): Record<string, PickOption | null> {
  return Object.fromEntries(
    Object.entries(assignees).map(([key, option]) => [
      key,
      option && excluded.has(option.id) ? null : option,
    ]),
  );
}
