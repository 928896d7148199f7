import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { FieldErrorKeys } from '@hcm/contracts';
import { ApiError } from '@hcm/session';
import { Button, Field, Title3, makeStyles, tokens, useFailureText } from '@hcm/ui';
import { useOrganizationTranslation } from '../organization-i18n.ts';
import { unitApi } from './unit-api.ts';
import { UnitPicker } from './UnitPicker.tsx';
import { childrenOf, type UnitTree } from './unit-tree.ts';

const TOP = '__top__';

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
  body: { display: 'flex', flexDirection: 'column', gap: '16px' },
  current: { color: tokens.colorNeutralForeground2 },
  actions: { display: 'flex', justifyContent: 'flex-end', gap: '8px' },
});

/** The unit and the units under it: none of them can become its parent. */
function selfAndBelow(tree: UnitTree, id: string): Set<string> {
  const found = new Set<string>();
  const stack = [id];
  for (let next = stack.pop(); next !== undefined; next = stack.pop()) {
    if (found.has(next)) continue;
    found.add(next);
    stack.push(...childrenOf(tree, next));
  }
  return found;
}

export interface MoveUnitDialogProps {
  tree: UnitTree;
  unitId: string;
  onClose: () => void;
  /** after the server moved it */
  onMoved: (id: string, parentId: string | null) => void;
}

/**
 * Moves a unit under another one picked by name or code (or to the top level). The unit itself
 * and the units under it are not offered; should the server still refuse (someone moved a unit
 * meanwhile), its 400 on parentId is said on the picker, as is any other refusal (in the user's
 * words, never the server's). A native modal <dialog>: focus stays in
 * it, Escape closes it, and focus goes back where it was.
 */
export function MoveUnitDialog({ tree, unitId, onClose, onMoved }: MoveUnitDialogProps) {
  const { t } = useOrganizationTranslation();
  const failureText = useFailureText();
  const styles = useStyles();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const unit = tree.units.get(unitId);
  const parent = unit?.parentId ? tree.units.get(unit.parentId) : undefined;
  const excluded = useMemo(() => selfAndBelow(tree, unitId), [tree, unitId]);
  const [choice, setChoice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, []);

  if (!unit) return null;
  const submit = async () => {
    if (choice === null) {
      setError(t('move.required'));
      return;
    }
    setBusy(true);
    setError(null);
    const parentId = choice === TOP ? null : choice;
    try {
      await unitApi.move(unitId, parentId);
      onMoved(unitId, parentId);
    } catch (failure) {
      const onParent =
        failure instanceof ApiError ? failure.fieldErrors.find((e) => e.field === 'parentId') : undefined;
      // any other refusal in the user's words by its key or status (a 403 names the permission)
      const message =
        onParent?.code === FieldErrorKeys.invalidValue
          ? t('move.loop')
          : failureText(failure, { label: (field) => (field === 'parentId' ? t('move.parent') : undefined) });
      setError(t('move.refused', { message }));
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
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Title3 as="h2" id={titleId}>
          {t('move.title', { name: unit.name })}
        </Title3>
        <span className={styles.current}>
          {parent ? t('move.current', { name: `${parent.name} (${parent.code})` }) : t('move.currentTop')}
        </span>
        <Field label={t('move.parent')} required validationMessage={error ?? undefined}>
          <UnitPicker
            tree={tree}
            placeholder={t('move.placeholder')}
            excluded={excluded}
            extraOption={unit.parentId ? { value: TOP, text: t('move.top') } : undefined}
            keepText
            inlinePopup
            onPick={(id) => {
              setChoice(id);
              setError(null);
            }}
          />
        </Field>
        <div className={styles.actions}>
          <Button appearance="secondary" disabled={busy} onClick={onClose}>
            {t('move.cancel')}
          </Button>
          <Button appearance="primary" type="submit" disabled={busy}>
            {t('move.confirm')}
          </Button>
        </div>
      </form>
    </dialog>
  );
}
