import { api } from '@hcm/session';
import { ReasonDialog } from '../pages/ReasonDialog.tsx';
import { useRequestTexts, type Words } from './texts.ts';

/** The approved document the dialog cancels, as its detail page read it. */
export interface DocumentToCancel {
  readonly id: string;
  readonly version: number;
  /** the document's `{name}`s its `what` words are filled with (its days, its worker) */
  readonly values: Readonly<Record<string, string>>;
}

/** What one kind of document says when it is canceled after approval, and where it is sent. */
export interface CancelApprovedWords {
  /** POST …/:id/cancel-approved */
  readonly path: string;
  readonly title: Words;
  /** what canceling changes, with the document's `{name}`s */
  readonly what: Words;
}

/**
 * Cancel after approval (POST …/{id}/cancel-approved): the reason, which the server requires and
 * keeps on the approval timeline, asked before anything is sent. A refusal (a locked month, a
 * stale screen) is said in the user's words and the dialog stays open.
 */
export function CancelApprovedDialog({
  target,
  words,
  onClose,
  onDone,
}: {
  target: DocumentToCancel;
  words: CancelApprovedWords;
  onClose: () => void;
  onDone: () => void;
}) {
  const text = useRequestTexts();
  return (
    <ReasonDialog
      texts={{
        title: text.of(words.title),
        what: text.of(words.what, target.values),
        reason: text('reason'),
        reasonRequired: text('reasonRequired'),
        refused: (message) => text('refused', { message }),
        cancel: text('close'),
        confirm: text('confirm'),
      }}
      maxLength={1000}
      send={(reason) =>
        api.post(
          words.path.replace(':id', encodeURIComponent(target.id)),
          { reason, version: target.version },
          { ignoreError: true },
        )
      }
      onClose={onClose}
      onDone={onDone}
    />
  );
}
