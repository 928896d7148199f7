import { useEffect, useId, useRef, useState } from 'react';
import { WorkUpdateRequestPaths } from '@hcm/contracts/work-update-requests';
import { Button, Field, Input, Text, Title3, makeStyles, tokens, useFailureText } from '@hcm/ui';
import { api } from '@hcm/session';
import { useWorkUpdateTexts } from './texts.ts';

const useStyles = makeStyles({
  dialog: {
    width: 'min(520px, calc(100vw - 32px))',
    boxSizing: 'border-box',
    padding: '24px',
    border: 'none',
    borderRadius: tokens.borderRadiusXLarge,
    boxShadow: tokens.shadow64,
    backgroundColor: tokens.colorNeutralBackground1,
    color: tokens.colorNeutralForeground1,
    '::backdrop': { backgroundColor: 'rgba(0, 0, 0, 0.4)' },
  },
  body: { display: 'flex', flexDirection: 'column', gap: '12px' },
  actions: { display: 'flex', flexWrap: 'wrap', justifyContent: 'flex-end', gap: '8px' },
});

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
  const failureText = useFailureText();
  const styles = useStyles();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<{ field: 'reason' | 'form'; message: string } | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, []);

  const send = async () => {
    if (reason.trim() === '') {
      setError({ field: 'reason', message: text('reasonRequired') });
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await api.post(
        WorkUpdateRequestPaths.cancelApproved.replace(':id', encodeURIComponent(target.id)),
        { reason, version: target.version },
        { ignoreError: true },
      );
      onDone();
    } catch (failure) {
      setError({ field: 'form', message: text('refused', { message: failureText(failure) }) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <dialog
      ref={ref}
      className={styles.dialog}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        if (!busy) onClose();
      }}
    >
      <form
        method="dialog"
        className={styles.body}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void send();
        }}
      >
        <Title3 as="h2" id={titleId}>
          {text('cancelTitle')}
        </Title3>
        <Text>{text('cancelWhat', { date: target.workDate })}</Text>
        <Field
          label={text('reason')}
          required
          validationMessage={error?.field === 'reason' ? error.message : undefined}
        >
          <Input value={reason} maxLength={1000} onChange={(_event, data) => setReason(data.value)} />
        </Field>
        {error?.field === 'form' && (
          <Text role="alert" style={{ color: tokens.colorPaletteRedForeground1 }}>
            {error.message}
          </Text>
        )}
        <div className={styles.actions}>
          <Button disabled={busy} onClick={onClose}>
            {text('close')}
          </Button>
          <Button appearance="primary" type="submit" disabled={busy}>
            {text('confirm')}
          </Button>
        </div>
      </form>
    </dialog>
  );
}
