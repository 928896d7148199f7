import { useEffect, useId, useRef, useState } from 'react';
import { LEAVE_APPLICATION_TARGETS } from '@hcm/contracts/leave-applications';
import {
  LEAVE_CASES,
  LeaveCaseLabels,
  LeavePolicyPaths,
  type LeaveCase,
  type LeaveWorkerCase,
} from '@hcm/contracts/leave-policies';
import { ApiError, http } from '@hcm/session';
import {
  Button,
  Caption1,
  FormField,
  Input,
  ReferencePicker,
  Text,
  TextInput,
  Title3,
  Validators,
  fieldErrorText,
  makeStyles,
  mergeClasses,
  serverFieldErrors,
  tokens,
  useFailureText,
  useFormState,
  useUiTranslation,
  type FieldError,
} from '@hcm/ui';
import { useRequestTexts } from '../requests/texts.ts';
import { LEAVE_CASE_MEANINGS, WORKER_CASE_TEXTS as W } from './worker-case-texts.ts';

/** The note's most characters (the server's limit, tm_leave_worker_cases.note). */
const NOTE_MAX = 1000;

const useStyles = makeStyles({
  dialog: {
    width: 'min(560px, calc(100vw - 32px))',
    maxHeight: 'calc(100dvh - 32px)',
    boxSizing: 'border-box',
    padding: '24px',
    border: 'none',
    borderRadius: tokens.borderRadiusXLarge,
    boxShadow: tokens.shadow64,
    backgroundColor: tokens.colorNeutralBackground1,
    color: tokens.colorNeutralForeground1,
    '::backdrop': { backgroundColor: 'rgba(0, 0, 0, 0.4)' },
  },
  body: { display: 'flex', flexDirection: 'column', gap: '16px' },
  cases: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    margin: 0,
    padding: 0,
    border: 'none',
    minWidth: 0,
  },
  legend: { fontWeight: tokens.fontWeightSemibold, paddingBottom: tokens.spacingVerticalXS },
  required: { color: tokens.colorPaletteRedForeground3, paddingInlineStart: tokens.spacingHorizontalXS },
  option: {
    display: 'grid',
    gridTemplateColumns: 'auto 1fr',
    columnGap: tokens.spacingHorizontalS,
    alignItems: 'start',
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
    cursor: 'pointer',
  },
  chosen: {
    border: `${tokens.strokeWidthThick} solid ${tokens.colorBrandStroke1}`,
    backgroundColor: tokens.colorBrandBackground2,
  },
  radio: { margin: '3px 0 0 0', width: '16px', height: '16px', accentColor: tokens.colorBrandBackground },
  caseName: { fontWeight: tokens.fontWeightSemibold },
  meaning: { gridColumn: '2', color: tokens.colorNeutralForeground2 },
  hint: { color: tokens.colorNeutralForeground2 },
  error: { color: tokens.colorPaletteRedForeground1 },
  actions: { display: 'flex', flexWrap: 'wrap', justifyContent: 'flex-end', gap: '8px' },
});

interface Values extends Record<string, unknown> {
  workerId: string | null;
  leaveCase: LeaveCase;
  note: string;
}

/** PUT /api/tm/leave-worker-cases/{workerId}: the case saved (STANDARD removes the exception). */
async function saveCase(workerId: string, leaveCase: LeaveCase, note: string): Promise<LeaveWorkerCase> {
  const path = LeavePolicyPaths.workerCase.replace(':workerId', encodeURIComponent(workerId));
  const body = { leaveCase, note: note.trim() === '' ? null : note.trim() };
  return (await http.put<{ data: LeaveWorkerCase }>(path, body, { ignoreError: true })).data.data;
}

/**
 * "Add or change" a worker's case: the worker (searched by code or name; fixed when a row of the
 * list is changed), the case with its days and what it means, a note. The server's field errors
 * are shown on the fields they name; any other refusal under the form, the dialog left open.
 */
export function WorkerCaseDialog({
  current,
  onSaved,
  onClose,
}: {
  /** the row being changed; none: a worker to choose */
  current: LeaveWorkerCase | null;
  onSaved: (saved: LeaveWorkerCase) => void;
  onClose: () => void;
}) {
  const text = useRequestTexts();
  const failureText = useFailureText();
  const ui = useUiTranslation();
  const styles = useStyles();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const caseErrorId = useId();
  const caseIds = useId();
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const form = useFormState<Values>({
    initialValues: {
      workerId: current?.workerId ?? null,
      leaveCase: current?.leaveCase ?? 'HEAVY',
      note: current?.note ?? '',
    },
    validators: {
      workerId: [Validators.required()],
      note: [Validators.maxLength(NOTE_MAX)],
    },
  });
  const worker = form.field('workerId');
  const leaveCase = form.field('leaveCase');
  const note = form.field('note');

  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, []);

  const save = async () => {
    const { workerId: chosen, leaveCase: value, note: written } = form.values;
    if (!chosen) return;
    setBusy(true);
    setRefusal(null);
    try {
      onSaved(await saveCase(chosen, value, written));
    } catch (failure) {
      const fields =
        failure instanceof ApiError && failure.status === 400
          ? (serverFieldErrors(failure.fieldErrors) as Partial<Record<keyof Values, FieldError>>)
          : {};
      form.setErrors(fields);
      // what no field shows is said under the form
      if (Object.keys(fields).length === 0) setRefusal(text.of(W.refused, { message: failureText(failure) }));
    } finally {
      setBusy(false);
    }
  };

  // the radios are no Field of the kit: their error in the kit's words, under the group
  const caseError = leaveCase.error
    ? fieldErrorText(leaveCase.error, text.of(W.leaveCase), (key, params) =>
        ui.i18n.exists(key, { ns: 'ui' }) ? ui.t(key, params) : undefined,
      )
    : null;

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
          void form.handleSubmit(save)(event);
        }}
      >
        <Title3 as="h2" id={titleId}>
          {current ? text.of(W.changeOf, { name: current.workerName }) : text.of(W.dialogTitle)}
        </Title3>
        <FormField
          label={text.of(W.worker)}
          required
          error={worker.error}
          hint={current ? undefined : text.of(W.workerHint)}
        >
          {current ? (
            <Input readOnly value={`${current.workerName} (${current.workerCode})`} />
          ) : (
            <ReferencePicker
              target={LEAVE_APPLICATION_TARGETS.worker}
              value={worker.value}
              onChange={worker.onChange}
              onBlur={worker.onBlur}
              aria-invalid={worker.error ? true : undefined}
            />
          )}
        </FormField>
        <fieldset className={styles.cases} aria-describedby={caseError ? caseErrorId : undefined}>
          <legend className={styles.legend}>
            {text.of(W.leaveCase)}
            <span className={styles.required} aria-hidden="true">
              *
            </span>
          </legend>
          {LEAVE_CASES.map((value) => (
            // the whole card chooses; the radio is named by the case and described by its meaning
            <label
              key={value}
              className={mergeClasses(styles.option, leaveCase.value === value && styles.chosen)}
            >
              <input
                className={styles.radio}
                type="radio"
                name="leaveCase"
                value={value}
                checked={leaveCase.value === value}
                aria-labelledby={`${caseIds}-${value}`}
                aria-describedby={`${caseIds}-${value}-meaning`}
                onChange={() => leaveCase.onChange(value)}
              />
              <span id={`${caseIds}-${value}`} className={styles.caseName}>
                {text.of([LeaveCaseLabels[value].vi, LeaveCaseLabels[value].en])}
              </span>
              <Caption1 id={`${caseIds}-${value}-meaning`} className={styles.meaning}>
                {text.of(LEAVE_CASE_MEANINGS[value])}
              </Caption1>
            </label>
          ))}
          <Caption1 className={styles.hint}>{text.of(W.caseHint)}</Caption1>
          {caseError && (
            <Caption1 id={caseErrorId} className={styles.error}>
              {caseError}
            </Caption1>
          )}
        </fieldset>
        <FormField label={text.of(W.note)} error={note.error}>
          <TextInput
            value={note.value}
            onChange={note.onChange}
            onBlur={note.onBlur}
            placeholder={text.of(W.notePlaceholder)}
          />
        </FormField>
        {refusal && (
          <Text role="alert" className={styles.error}>
            {refusal}
          </Text>
        )}
        <div className={styles.actions}>
          <Button disabled={busy} onClick={onClose}>
            {text.of(W.cancel)}
          </Button>
          <Button appearance="primary" type="submit" disabled={busy}>
            {text.of(W.save)}
          </Button>
        </div>
      </form>
    </dialog>
  );
}
