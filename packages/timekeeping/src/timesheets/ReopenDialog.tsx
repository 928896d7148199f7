import { TimesheetLimits, TimesheetPaths } from '@hcm/contracts/timesheets';
import { api } from '@hcm/session';
import { ReasonDialog } from '../pages/ReasonDialog.tsx';
import { useTimesheetTexts } from './texts.ts';

/** What the dialog reopens: an approved timesheet as its detail page read it. */
export interface TimesheetToReopen {
  readonly id: string;
  readonly code: string;
  readonly month: string;
  readonly version: number;
}

/**
 * Reopening an approved timesheet (POST …/{id}/reopen): the reason, which the server requires and
 * keeps in the action log, asked before anything is sent.
 */
export function ReopenDialog({
  target,
  onClose,
  onDone,
}: {
  target: TimesheetToReopen;
  onClose: () => void;
  onDone: () => void;
}) {
  const text = useTimesheetTexts();
  return (
    <ReasonDialog
      texts={{
        title: text('reopenTitle', { code: target.code }),
        what: text('reopenWhat', { month: target.month }),
        reason: text('reason'),
        reasonRequired: text('reasonRequired'),
        refused: (message) => text('refused', { message }),
        cancel: text('cancel'),
        confirm: text('confirm'),
      }}
      maxLength={TimesheetLimits.reasonMaxLength}
      send={(reason) =>
        api.post(
          TimesheetPaths.reopen.replace('{id}', encodeURIComponent(target.id)),
          { reason, version: target.version },
          { ignoreError: true },
        )
      }
      onClose={onClose}
      onDone={onDone}
    />
  );
}
