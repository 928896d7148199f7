import { use, useState } from 'react';
import { Button, Field } from '@hcm/ui';
import { dialogKit } from '../dialog-kit.ts';
import { APPROVAL_NOTE_MAX } from '../approval-dialog/approval-kinds.ts';
import { useWidgetsTranslation } from '../widgets-i18n.ts';

export interface ReasonDialogProps {
  open: boolean;
  /** title, question, the reason's label and the confirm button, already translated */
  title: string;
  message: string;
  label: string;
  confirmLabel: string;
  /** a reason must be given (a return for changes); otherwise it is optional (a cancel) */
  required: boolean;
  onConfirm: (reason: string) => void;
  onCancel: () => void;
}

/**
 * Asks for a reason, required or not: cancelling a request and returning a record for changes,
 * which the approval dialog's kinds (approve, reject) do not cover. Closed by `open` false (Fluent's own closing: focus and aria-hidden restored).
 */
export function ReasonDialog({
  open,
  title,
  message,
  label,
  confirmLabel,
  required,
  onConfirm,
  onCancel,
}: ReasonDialogProps) {
  const { Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Textarea } =
    use(dialogKit());
  const { t } = useWidgetsTranslation();
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const trimmed = reason.trim();
  const error =
    touched && required && trimmed === ''
      ? t('approval.required', { field: label.toLowerCase() })
      : trimmed.length > APPROVAL_NOTE_MAX
        ? t('approval.tooLong', {
            field: label.toLowerCase(),
            max: APPROVAL_NOTE_MAX,
            actual: trimmed.length,
          })
        : undefined;
  const confirm = () => {
    setTouched(true);
    if ((required && trimmed === '') || trimmed.length > APPROVAL_NOTE_MAX) return;
    onConfirm(trimmed);
  };
  return (
    <Dialog open={open} onOpenChange={(_, data) => !data.open && onCancel()}>
      {/* core §9: the approval modals are 520 px wide */}
      <DialogSurface style={{ width: 520, maxWidth: 'calc(100vw - 32px)' }}>
        <DialogBody>
          <DialogTitle>{title}</DialogTitle>
          <DialogContent>
            <p>{message}</p>
            <Field
              label={label}
              required={required}
              validationState={error ? 'error' : 'none'}
              validationMessage={error}
            >
              <Textarea
                value={reason}
                resize="vertical"
                rows={4}
                onChange={(_, data) => setReason(data.value)}
                onBlur={() => setTouched(true)}
              />
            </Field>
          </DialogContent>
          <DialogActions>
            <Button appearance="secondary" onClick={onCancel}>
              {t('approval.cancel')}
            </Button>
            <Button appearance="primary" onClick={confirm}>
              {confirmLabel}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
