import { Suspense, use, useId, useState } from 'react';
import { Button, Field, makeStyles, tokens } from '@hcm/ui';
import { dialogKit } from '../dialog-kit.ts';
import { useWidgetsTranslation } from '../widgets-i18n.ts';
import {
  APPROVAL_NOTE_MAX,
  NOTE_RULES,
  checkNote,
  decisionOf,
  textKey,
  type ApprovalDecision,
  type ApprovalKind,
} from './approval-kinds.ts';

/** core §9: the approval modals are 520 px wide, a delete confirmation 400 px. */
const WIDTH: Readonly<Record<ApprovalKind, number>> = {
  approve: 520,
  reject: 520,
  'switch-status': 520,
  delete: 400,
  back: 520,
  'cancel-request': 520,
};

const useStyles = makeStyles({
  question: { marginBlockEnd: tokens.spacingVerticalM, overflowWrap: 'anywhere' },
  counter: { color: tokens.colorNeutralForeground3, textAlign: 'end' },
});

export interface ApprovalDialogProps {
  open: boolean;
  kind: ApprovalKind;
  /** the record's name, shown in the question */
  itemName?: string;
  /** replaces the kind's title, already translated */
  heading?: string;
  /** switch-status: the status the record goes to, already translated */
  targetStatus?: string;
  /** the note's starting text; default: the kind's default from the dictionary */
  defaultNote?: string;
  /** the user confirmed: the note (approve, switch-status) or the reason (reject, back, cancel-request), trimmed */
  onConfirm: (decision: ApprovalDecision) => void;
  /** the user closed it without deciding */
  onCancel: () => void;
}

/**
 * Approve (optional note), reject (required reason), switch status (required note), confirm a
 * delete (core §2, §5), return a record to its requester (required reason) or cancel its approval
 * request (optional reason): the dialog only asks; the page that opened it makes the call.
 *
 * It closes by `open` false, Fluent's own way (its closing motion, the focus and the page's
 * aria-hidden given back), never by being torn out; each opening starts with a fresh note.
 * Nothing of it loads before it is first opened.
 */
export function ApprovalDialog(props: ApprovalDialogProps) {
  // openings counts each time `open` turns true: 0 until the first, the key of each one's form
  const [shown, setShown] = useState({ open: props.open, openings: props.open ? 1 : 0 });
  if (shown.open !== props.open)
    setShown({ open: props.open, openings: shown.openings + (props.open ? 1 : 0) });
  if (shown.openings === 0) return null;
  return (
    <Suspense fallback={null}>
      <ApprovalDialogFrame {...props} opening={shown.openings} />
    </Suspense>
  );
}

function ApprovalDialogFrame({ opening, ...props }: ApprovalDialogProps & { opening: number }) {
  const { Dialog, DialogSurface } = use(dialogKit());
  const { open, kind } = props;
  // while it closes (its motion), a second click on its buttons answers nothing
  const onConfirm: ApprovalDialogProps['onConfirm'] = (decision) => {
    if (open) props.onConfirm(decision);
  };
  const onCancel = () => {
    if (open) props.onCancel();
  };
  return (
    <Dialog
      open={open}
      modalType={kind === 'delete' ? 'alert' : 'modal'}
      onOpenChange={(_, data) => {
        if (!data.open) onCancel();
      }}
    >
      <DialogSurface style={{ width: WIDTH[kind], maxWidth: 'calc(100vw - 32px)' }}>
        <ApprovalDialogBody key={opening} {...props} onConfirm={onConfirm} onCancel={onCancel} />
      </DialogSurface>
    </Dialog>
  );
}

function ApprovalDialogBody({
  kind,
  itemName,
  heading,
  targetStatus,
  defaultNote,
  onConfirm,
  onCancel,
}: ApprovalDialogProps) {
  const { DialogActions, DialogBody, DialogContent, DialogTitle, Textarea } = use(dialogKit());
  const styles = useStyles();
  const { t } = useWidgetsTranslation();
  const section = `approval.${textKey(kind)}`;
  const rules = NOTE_RULES[kind];
  const starting = defaultNote ?? (rules.asks ? t(`${section}.defaultNote`) : '');
  // null until the user types: the default shows, also one whose dictionary arrives late
  const [typed, setNote] = useState<string | null>(null);
  const note = typed ?? starting;
  const [touched, setTouched] = useState(false);
  const counterId = useId();

  const checked = checkNote(kind, note);
  const label = rules.asks ? t(`${section}.noteLabel`) : '';
  const error =
    touched && checked.error === 'required'
      ? t('approval.required', { field: label.toLowerCase() })
      : checked.error === 'tooLong'
        ? t('approval.tooLong', {
            field: label.toLowerCase(),
            max: APPROVAL_NOTE_MAX,
            actual: note.trim().length,
          })
        : undefined;

  const confirm = () => {
    setTouched(true);
    if (checked.error) return;
    onConfirm(decisionOf(kind, checked.value));
  };
  const values = { name: itemName ?? '', status: targetStatus ?? '' };
  return (
    <DialogBody>
      <DialogTitle>{heading || t(`${section}.title`)}</DialogTitle>
      <DialogContent>
        <p className={styles.question}>
          {t(itemName ? `${section}.messageNamed` : `${section}.message`, values)}
        </p>
        {rules.asks ? (
          <Field
            label={label}
            required={rules.required}
            validationState={error ? 'error' : 'none'}
            validationMessage={error}
          >
            <Textarea
              value={note}
              resize="vertical"
              rows={4}
              aria-describedby={counterId}
              onChange={(_, data) => {
                setTouched(true);
                setNote(data.value);
              }}
              onBlur={() => setTouched(true)}
            />
          </Field>
        ) : null}
        {rules.asks ? (
          <div id={counterId} className={styles.counter}>
            {t('approval.counter', { count: note.trim().length, max: APPROVAL_NOTE_MAX })}
          </div>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button appearance="secondary" onClick={onCancel}>
          {t('approval.cancel')}
        </Button>
        <Button appearance="primary" onClick={confirm}>
          {t(`${section}.action`)}
        </Button>
      </DialogActions>
    </DialogBody>
  );
}
