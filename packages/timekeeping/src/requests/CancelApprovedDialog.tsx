import { WorkUpdateRequestPaths } from '@hcm/contracts/work-update-requests';
import { api } from '@hcm/session';
import { ReasonDialog } from '../pages/ReasonDialog.tsx';
import { useWorkUpdateTexts } from './texts.ts';

/** The approved request the dialog cancels, as its detail page read it. */
export interface RequestToCancel {
  readonly id: string;
  readonly workDate: string;
  readonly version: number;
}

/**
 * Cancel after approval (POST …/{id}/cancel-approved): the reason, which the server requires and
 * keeps on the approval timeline, asked before anything is sent. A refusal (a locked month, a
 * stale screen) is said in the user's words and the dialog stays open.
 */
export function CancelApprovedDialog({
  target,
  onClose,
  onDone,
}: {
  target: RequestToCancel;
  onClose: () => void;
  onDone: () => void;
}) {
  const text = useWorkUpdateTexts();
  return (
    <ReasonDialog
      texts={{
        title: text('cancelTitle'),
        what: text('cancelWhat', { date: target.workDate }),
        reason: text('reason'),
        reasonRequired: text('reasonRequired'),
        refused: (message) => text('refused', { message }),
        cancel: text('close'),
        confirm: text('confirm'),
      }}
      maxLength={1000}
      send={(reason) =>
        api.post(
          WorkUpdateRequestPaths.cancelApproved.replace(':id', encodeURIComponent(target.id)),
          { reason, version: target.version },
          { ignoreError: true },
        )
      }
      onClose={onClose}
      onDone={onDone}
    />
  );
}
