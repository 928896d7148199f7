import { Suspense, useCallback, useState, type ReactNode } from 'react';
import { ApprovalDialog } from '../approval-dialog/ApprovalDialog.tsx';
import type { ApprovalKind } from '../approval-dialog/approval-kinds.ts';
import { dialogKit } from '../dialog-kit.ts';
import { useWidgetsTranslation } from '../widgets-i18n.ts';
import type { ActionInput } from './approval-api.ts';
import type { ApprovalAction } from './approval-rules.ts';
import { WorkflowRequestDialog } from './WorkflowRequestDialog.tsx';

/** The approval dialog's kind of each action but the request (a workflow form of its own). */
const DIALOG_KINDS: Readonly<Record<Exclude<ApprovalAction, 'REQUEST_APPROVAL'>, ApprovalKind>> = {
  APPROVE: 'approve',
  REJECT: 'reject',
  BACK: 'back',
  CANCEL_APPROVAL: 'cancel-request',
};

/** Whom the action is about: one record by its name, or several selected rows. */
export interface PromptSubject {
  itemName?: string;
  count?: number;
  /** the records' creators: a request's form does not offer them as assignees (four eyes) */
  creatorIds?: readonly string[];
}

interface Pending extends PromptSubject {
  action: ApprovalAction;
  open: boolean;
  /** a new dialog (fresh inputs) for each question */
  id: number;
  resolve: (input: ActionInput | null) => void;
}

/**
 * The dialog each action asks its input with (core §5): the workflow assignment to request, the
 * approval dialog for the others (an optional note to approve, a required reason to reject or
 * return, an optional reason to cancel). `ask` opens it and answers the input, or null when the
 * user closed it.
 */
export function useApprovalPrompt(templateTypes: readonly string[]): {
  ask: (action: ApprovalAction, subject: PromptSubject) => Promise<ActionInput | null>;
  element: ReactNode;
} {
  const { t } = useWidgetsTranslation();
  const [pending, setPending] = useState<Pending | null>(null);
  const ask = useCallback(async (action: ApprovalAction, subject: PromptSubject) => {
    // the dialogs are made of the dialog kit: loaded first, the dialog then shows at once
    // instead of suspending while the page around it may be redrawn
    await dialogKit();
    return new Promise<ActionInput | null>((resolve) =>
      setPending((last) => ({ action, ...subject, resolve, open: true, id: (last?.id ?? 0) + 1 })),
    );
  }, []);
  if (!pending) return { ask, element: null };

  const answer = (input: ActionInput | null) => {
    if (!pending.open) return;
    // closed the dialog's own way (open false), not torn out: its modal clean-up (the page's
    // aria-hidden, the focus) then runs whatever the caller's call redraws meanwhile
    setPending({ ...pending, open: false });
    pending.resolve(input);
  };
  const cancel = () => answer(null);
  const many = (pending.count ?? 1) > 1;
  // several rows are named by their number in the questions ("3 bản ghi")
  const name = many ? t('approvalFlow.records', { count: pending.count }) : (pending.itemName ?? '');
  const titled = (section: string) =>
    name ? t(`approvalFlow.${section}.titleNamed`, { name }) : t(`approvalFlow.${section}.title`);

  let dialog: ReactNode;
  switch (pending.action) {
    case 'REQUEST_APPROVAL':
      dialog = (
        <WorkflowRequestDialog
          open={pending.open}
          title={titled('request')}
          templateTypes={templateTypes}
          creatorIds={pending.creatorIds}
          onConfirm={(workflow) => answer({ workflow })}
          onCancel={cancel}
        />
      );
      break;
    default:
      dialog = (
        <ApprovalDialog
          open={pending.open}
          kind={DIALOG_KINDS[pending.action]}
          itemName={name || undefined}
          onConfirm={(decision) =>
            answer(
              decision.reason === undefined ? { note: decision.note ?? '' } : { reason: decision.reason },
            )
          }
          onCancel={cancel}
        />
      );
  }
  return {
    ask,
    element: (
      <Suspense key={pending.id} fallback={null}>
        {dialog}
      </Suspense>
    ),
  };
}
