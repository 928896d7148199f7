import { use, useCallback, useState } from 'react';
import type { WorkflowAssignmentBody } from '@hcm/contracts/approvals';
import { Button } from '@hcm/ui';
import { dialogKit } from '../dialog-kit.ts';
import { LazyWorkflowAssignmentForm } from '../workflow-assignment/LazyWorkflowAssignmentForm.tsx';
import type { WorkflowAssignmentResult } from '../workflow-assignment/assignment-model.ts';
import { useWidgetsTranslation } from '../widgets-i18n.ts';
import { assignmentBody } from './approval-rules.ts';

export interface WorkflowRequestDialogProps {
  open: boolean;
  /** the dialog's title, already translated */
  title: string;
  /** the workflow template types offered (the record kind's) */
  templateTypes: readonly string[];
  /** the records' creators, never offered as assignees (four eyes), like the user requesting */
  creatorIds?: readonly string[];
  onConfirm: (workflow: WorkflowAssignmentBody) => void;
  onCancel: () => void;
}

/**
 * "Gửi duyệt": the workflow assignment form in a dialog (a template of the record's kind and an
 * assignee per step). Confirming an incomplete form shows its errors and its warning instead.
 */
export function WorkflowRequestDialog({
  open,
  title,
  templateTypes,
  creatorIds,
  onConfirm,
  onCancel,
}: WorkflowRequestDialogProps) {
  const { Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle } = use(dialogKit());
  const { t } = useWidgetsTranslation();
  const [result, setResult] = useState<WorkflowAssignmentResult | null>(null);
  const [showErrors, setShowErrors] = useState(false);
  const onChange = useCallback((next: WorkflowAssignmentResult) => setResult(next), []);
  const body = result?.valid ? assignmentBody(result.value) : null;
  const confirm = () => {
    if (body) onConfirm(body);
    else setShowErrors(true);
  };
  return (
    <Dialog open={open} onOpenChange={(_, data) => !data.open && onCancel()}>
      <DialogSurface style={{ width: 960, maxWidth: 'calc(100vw - 32px)' }}>
        <DialogBody>
          <DialogTitle>{title}</DialogTitle>
          <DialogContent>
            <LazyWorkflowAssignmentForm
              templateTypes={templateTypes}
              creatorIds={creatorIds}
              onChange={onChange}
              showErrors={showErrors}
            />
          </DialogContent>
          <DialogActions>
            <Button appearance="secondary" onClick={onCancel}>
              {t('approval.cancel')}
            </Button>
            <Button appearance="primary" onClick={confirm}>
              {t('approvalFlow.request.confirm')}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
