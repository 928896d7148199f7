import { useEffect, useId, useRef, useState } from 'react';
import { LeavePolicyPaths, type LeaveAccrualRun } from '@hcm/contracts/leave-policies';
import { api } from '@hcm/session';
import {
  Button,
  Field,
  Input,
  Text,
  Title3,
  makeStyles,
  tokens,
  useFailureText,
  useHasAuthority,
} from '@hcm/ui';
import { useRequestTexts, type Words } from '../requests/texts.ts';

/* HR's "accrue now" on the leave rules' list (docs/leave.md "The leave jobs"). */

const WORDS = {
  open: ['Cộng phép năm ngay', 'Accrue annual leave now'],
  title: ['Cộng phép năm ngay', 'Accrue annual leave now'],
  what: [
    'Ghi vào sổ phép các lần cộng phép của năm đã đến hạn theo quy định, không chờ lịch chạy hằng đêm. Chạy lại không ghi trùng.',
    "Writes the year's accruals that are due by the rules into the leave ledger now, without waiting for the nightly run. Running it again writes nothing twice.",
  ],
  year: ['Năm', 'Year'],
  yearRequired: ['Nhập năm, ví dụ 2026', 'Enter a year, e.g. 2026'],
  run: ['Cộng phép', 'Accrue'],
  close: ['Đóng', 'Close'],
  done: ['Đã ghi {written} mục cộng phép của năm {year}.', 'Wrote {written} accrual entries for {year}.'],
  refused: ['Không cộng được: {message}', 'Not accrued: {message}'],
} as const satisfies Record<string, Words>;

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

/** The dialog: the year, then the entries written (or the server's refusal), the dialog left open. */
function AccrueNowDialog({ onClose }: { onClose: () => void }) {
  const text = useRequestTexts();
  const failureText = useFailureText();
  const styles = useStyles();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const [year, setYear] = useState(String(new Date().getFullYear()));
  const [outcome, setOutcome] = useState<
    { kind: 'done'; message: string } | { kind: 'error' | 'year'; message: string } | null
  >(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, []);

  const submit = async () => {
    if (!/^\d{4}$/.test(year.trim())) {
      setOutcome({ kind: 'year', message: text.of(WORDS.yearRequired) });
      return;
    }
    setBusy(true);
    setOutcome(null);
    try {
      const run = await api.post<LeaveAccrualRun>(
        LeavePolicyPaths.accrue,
        { year: Number(year.trim()) },
        { ignoreError: true },
      );
      setOutcome({ kind: 'done', message: text.of(WORDS.done, { written: run.written, year: run.year }) });
    } catch (failure) {
      setOutcome({ kind: 'error', message: text.of(WORDS.refused, { message: failureText(failure) }) });
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
          {text.of(WORDS.title)}
        </Title3>
        <Text>{text.of(WORDS.what)}</Text>
        <Field
          label={text.of(WORDS.year)}
          required
          validationMessage={outcome?.kind === 'year' ? outcome.message : undefined}
        >
          <Input
            value={year}
            inputMode="numeric"
            maxLength={4}
            onChange={(_event, data) => setYear(data.value)}
          />
        </Field>
        {outcome?.kind === 'done' && <Text role="status">{outcome.message}</Text>}
        {outcome?.kind === 'error' && (
          <Text role="alert" style={{ color: tokens.colorPaletteRedForeground1 }}>
            {outcome.message}
          </Text>
        )}
        <div className={styles.actions}>
          <Button disabled={busy} onClick={onClose}>
            {text.of(WORDS.close)}
          </Button>
          <Button appearance="primary" type="submit" disabled={busy}>
            {text.of(WORDS.run)}
          </Button>
        </div>
      </form>
    </dialog>
  );
}

/** On the leave rules' list, for those who may change the rules (POST /api/tm/leave-accruals). */
export function AccrueNowButton() {
  const text = useRequestTexts();
  const [open, setOpen] = useState(false);
  if (!useHasAuthority('leave_policy.update')) return null;
  return (
    <>
      <Button onClick={() => setOpen(true)}>{text.of(WORDS.open)}</Button>
      {open && <AccrueNowDialog onClose={() => setOpen(false)} />}
    </>
  );
}
