import { useEffect, useRef, useState } from 'react';
import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
} from '@fluentui/react-components';
import { useUiTranslation } from '../i18n/ui-i18n.ts';
import { Loading } from '../status/Loading.tsx';

export type ConfirmKind = 'delete' | 'activate' | 'deactivate' | 'confirm';

/** Widths of core §9: confirmations 400 px, the default confirm 520 px. */
export const CONFIRM_WIDTHS: Readonly<Record<ConfirmKind, number>> = {
  delete: 400,
  activate: 400,
  deactivate: 400,
  confirm: 520,
};

export interface ConfirmDialogProps {
  open: boolean;
  kind: ConfirmKind;
  /** the record's name, shown in the question */
  itemName?: string;
  /** replaces the kind's title / question, already translated */
  title?: string;
  message?: string;
  /**
   * Runs on confirm; while its promise is pending the buttons are disabled; the dialog closes
   * (onOpenChange(false)) when it resolves, and stays open when it rejects.
   */
  onConfirm: () => unknown;
  onOpenChange: (open: boolean) => void;
  /** the dialog has finished closing (its exit motion ended): the page is no longer hidden */
  onClosed?: () => void;
}

const prefersReducedMotion = () =>
  typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/** Confirmation of delete, activate, deactivate (400 px) or a generic confirm (520 px). */
export function ConfirmDialog({
  open,
  kind,
  itemName,
  title,
  message,
  onConfirm,
  onOpenChange,
  onClosed,
}: ConfirmDialogProps) {
  const { t } = useUiTranslation();
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    try {
      await onConfirm();
      onOpenChange(false);
    } catch {
      // the caller reports the failure (toast); the dialog stays for another try
    } finally {
      setBusy(false);
    }
  };
  const name = itemName ?? '';
  // Who asked for reduced motion gets no motion at all, and the dialog is gone the moment it
  // closes. (Fluent's "reduced" motion is a 1 ms animation, whose end still waits for the
  // page's next frame: a browser test on a loaded machine once waited longer than 5 s for it,
  // with the page behind still hidden from assistive technology.)
  const [reducedMotion] = useState(prefersReducedMotion);
  const wasOpen = useRef(open);
  useEffect(() => {
    if (open) wasOpen.current = true;
    else if (wasOpen.current && reducedMotion) {
      wasOpen.current = false;
      onClosed?.();
    }
  }, [open, reducedMotion, onClosed]);
  return (
    <Dialog
      open={open}
      modalType="alert"
      onOpenChange={(_, data) => !busy && onOpenChange(data.open)}
      surfaceMotion={
        reducedMotion
          ? null
          : {
              onMotionFinish: (_, { direction }) => {
                if (direction === 'exit') onClosed?.();
              },
            }
      }
    >
      <DialogSurface style={{ width: CONFIRM_WIDTHS[kind], maxWidth: 'calc(100vw - 32px)' }}>
        <DialogBody>
          <DialogTitle>{title ?? t(`confirm.${kind}.title`)}</DialogTitle>
          <DialogContent>
            {message ?? t(name ? `confirm.${kind}.messageNamed` : `confirm.${kind}.message`, { name })}
          </DialogContent>
          <DialogActions>
            <Button appearance="secondary" disabled={busy} onClick={() => onOpenChange(false)}>
              {t('confirm.cancel')}
            </Button>
            <Button
              appearance="primary"
              disabled={busy}
              icon={busy ? <Loading size="tiny" /> : undefined}
              onClick={() => void confirm()}
            >
              {t(`confirm.${kind}.action`)}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
