import { useEffect, useId, useRef, useState } from 'react';
import { Button, Field, Input, Text, Title3, makeStyles, tokens, useFailureText } from '@hcm/ui';

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

/** The words of a reason dialog, already translated (each app keeps its own texts). */
export interface ReasonDialogTexts {
  readonly title: string;
  /** what the action does, under the title */
  readonly what: string;
  readonly reason: string;
  readonly reasonRequired: string;
  /** the server's refusal in the user's words */
  readonly refused: (message: string) => string;
  readonly cancel: string;
  readonly confirm: string;
}

/**
 * An action on an approved record that needs a reason (reopen a timesheet, cancel a request
 * after approval): the reason is asked before anything is sent, `send` posts it, and a refusal
 * (a locked month, a stale screen) is said in the user's words with the dialog left open.
 */
export function ReasonDialog({
  texts,
  maxLength,
  send,
  onClose,
  onDone,
}: {
  texts: ReasonDialogTexts;
  maxLength: number;
  send: (reason: string) => Promise<unknown>;
  onClose: () => void;
  onDone: () => void;
}) {
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

  const submit = async () => {
    if (reason.trim() === '') {
      setError({ field: 'reason', message: texts.reasonRequired });
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await send(reason);
      onDone();
    } catch (failure) {
      setError({ field: 'form', message: texts.refused(failureText(failure)) });
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
          void submit();
        }}
      >
        <Title3 as="h2" id={titleId}>
          {texts.title}
        </Title3>
        <Text>{texts.what}</Text>
        <Field
          label={texts.reason}
          required
          validationMessage={error?.field === 'reason' ? error.message : undefined}
        >
          <Input value={reason} maxLength={maxLength} onChange={(_event, data) => setReason(data.value)} />
        </Field>
        {error?.field === 'form' && (
          <Text role="alert" style={{ color: tokens.colorPaletteRedForeground1 }}>
            {error.message}
          </Text>
        )}
        <div className={styles.actions}>
          <Button disabled={busy} onClick={onClose}>
            {texts.cancel}
          </Button>
          <Button appearance="primary" type="submit" disabled={busy}>
            {texts.confirm}
          </Button>
        </div>
      </form>
    </dialog>
  );
}
