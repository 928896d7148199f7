import { useEffect, useState } from 'react';
import { APPROVAL_RULES_API_PATH, type ApprovalRules } from '@hcm/contracts/approvals';
import { api } from '@hcm/session';

/**
 * Whether the signed-in user's tenant lets a requester take a step of their own request (four
 * eyes waived, System › Configuration), or null until known. Read each time a form appears, so
 * a setting changed meanwhile counts; a failed read says nothing to the user and leaves it null
 * (the rule then holds: the server would refuse such an assignee anyway).
 */
export function useRequesterMayApprove(userId: string | null): boolean | null {
  const [answer, setAnswer] = useState<{ userId: string; allowed: boolean } | null>(null);
  useEffect(() => {
    if (!userId) return;
    let live = true;
    api.get<ApprovalRules>(APPROVAL_RULES_API_PATH, { ignoreError: true }).then(
      (rules) => live && setAnswer({ userId, allowed: rules.requesterMayApprove }),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [userId]);
  return answer?.userId === userId ? answer.allowed : null;
}
