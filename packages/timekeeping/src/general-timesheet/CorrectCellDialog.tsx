import { useEffect, useId, useRef, useState } from 'react';
import {
  GeneralTimesheetLimits,
  type GeneralTimesheetCell,
  type GeneralTimesheetRow,
} from '@hcm/contracts/general-timesheet';
import { Button, Field, Input, Text, Title3, makeStyles, tokens, useFailureText } from '@hcm/ui';
import { dayFacts, unitsText } from './cell-text.ts';
import { clearCell, correctCell } from './general-timesheet-api.ts';
import { useTexts } from './texts.ts';

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
  facts: { margin: 0, paddingInlineStart: '20px', color: tokens.colorNeutralForeground2 },
  actions: { display: 'flex', flexWrap: 'wrap', justifyContent: 'flex-end', gap: '8px' },
});

/** The day HR typed into, and what they typed. */
export interface CellToCorrect {
  readonly row: GeneralTimesheetRow;
  readonly month: string;
  readonly workDate: string;
  readonly cell: GeneralTimesheetCell | null;
  readonly symbol: string;
}

/** "1.5" (days, a point or a comma) as thousandths; null when empty; NaN when not a number. */
function unitsOf(text: string): number | null {
  const value = text.trim().replace(',', '.');
  if (value === '') return null;
  return /^\d{1,2}(\.\d{1,3})?$/.test(value) ? Math.round(Number(value) * 1000) : Number.NaN;
}

/**
 * The correction of a day: what the engine computed (the tooltip's facts), the symbol typed and
 * the paid value, and the reason, which the server requires and logs. "Give the day back" clears
 * a correction (the engine computes the day again).
 */
export function CorrectCellDialog({
  target,
  onClose,
  onSaved,
}: {
  target: CellToCorrect;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { text } = useTexts();
  const failureText = useFailureText();
  const styles = useStyles();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const { cell } = target;
  const [symbol, setSymbol] = useState(target.symbol);
  const [paid, setPaid] = useState(() =>
    cell?.correction?.paidUnits != null ? unitsText(cell.correction.paidUnits) : '',
  );
  const [reason, setReason] = useState('');
  const [error, setError] = useState<{ field: 'reason' | 'paid' | 'form'; message: string } | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, []);

  const send = async (clear: boolean) => {
    if (reason.trim() === '') {
      setError({ field: 'reason', message: text('reasonRequired') });
      return;
    }
    const paidUnits = unitsOf(paid);
    if (!clear && Number.isNaN(paidUnits)) {
      setError({ field: 'paid', message: text('paidValue') });
      return;
    }
    setBusy(true);
    setError(null);
    const key = { workerId: target.row.workerId, month: target.month, workDate: target.workDate, reason };
    try {
      if (clear) await clearCell(key);
      else await correctCell({ ...key, symbol, paidUnits });
      onSaved();
    } catch (failure) {
      setError({ field: 'form', message: text('refused', { message: failureText(failure) }) });
    } finally {
      setBusy(false);
    }
  };

  const facts = dayFacts(cell, text);
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
        // the reason's absence is said in the page's words, not the browser's bubble
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void send(false);
        }}
      >
        <Title3 as="h2" id={titleId}>
          {text('dialogTitle', {
            name: `${target.row.fullName} (${target.row.code})`,
            date: `${target.workDate.slice(8, 10)}/${target.workDate.slice(5, 7)}/${target.workDate.slice(0, 4)}`,
          })}
        </Title3>
        {facts.length > 0 && (
          <ul className={styles.facts}>
            {facts.map((fact) => (
              <li key={fact}>{fact}</li>
            ))}
          </ul>
        )}
        <Field label={text('symbol')}>
          <Input
            value={symbol}
            maxLength={GeneralTimesheetLimits.symbolMaxLength}
            onChange={(_event, data) => setSymbol(data.value)}
          />
        </Field>
        <Field
          label={text('paidValue')}
          validationMessage={error?.field === 'paid' ? error.message : undefined}
        >
          <Input inputMode="decimal" value={paid} onChange={(_event, data) => setPaid(data.value)} />
        </Field>
        <Field
          label={text('reason')}
          required
          validationMessage={error?.field === 'reason' ? error.message : undefined}
        >
          <Input
            value={reason}
            maxLength={GeneralTimesheetLimits.reasonMaxLength}
            onChange={(_event, data) => setReason(data.value)}
          />
        </Field>
        {error?.field === 'form' && (
          <Text role="alert" style={{ color: tokens.colorPaletteRedForeground1 }}>
            {error.message}
          </Text>
        )}
        <div className={styles.actions}>
          {cell?.correction && (
            <Button disabled={busy} onClick={() => void send(true)}>
              {text('clear')}
            </Button>
          )}
          <Button appearance="secondary" disabled={busy} onClick={onClose}>
            {text('cancel')}
          </Button>
          <Button appearance="primary" type="submit" disabled={busy}>
            {text('save')}
          </Button>
        </div>
      </form>
    </dialog>
  );
}
