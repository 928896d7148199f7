import { useEffect, useId, useRef, useState } from 'react';
import { TimesheetLimits, TimesheetPaths } from '@hcm/contracts/timesheets';
import { Button, Field, Input, Text, Title3, makeStyles, tokens, useFailureText } from '@hcm/ui';
import { api } from '@hcm/session';
import { useTimesheetTexts } from './texts.ts';

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
        TimesheetPaths.reopen.replace('{id}', encodeURIComponent(target.id)),
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
          {text('reopenTitle', { code: target.code })}
        </Title3>
        <Text>{text('reopenWhat', { month: target.month })}</Text>
        <Field
          label={text('reason')}
          required
          validationMessage={error?.field === 'reason' ? error.message : undefined}
        >
          <Input
            value={reason}
            maxLength={TimesheetLimits.reasonMaxLength}
            onChange={(_event, data) => setReason(data.value)}
          />
        </Field>
        {error?.field === 'form' && (
          <Text role="alert" style={{ color: tokens.colorPaletteRedForeground1 }}>
            {error.message}
          </Text>
        )}
        <div className={styles.actions}>
          <Button disabled={busy} onClick={onClose}>
            {text('cancel')}
          </Button>
          <Button appearance="primary" type="submit" disabled={busy}>
            {text('confirm')}
          </Button>
        </div>
      </form>
    </dialog>
  );
}
