import { useState } from 'react';
import { mountInBody } from '../toast/body-root.tsx';
import { loadUiDictionary } from '../i18n/ui-i18n.ts';
import { ConfirmDialog, type ConfirmKind } from './ConfirmDialog.tsx';

export interface ConfirmActionOptions {
  kind: ConfirmKind;
  itemName?: string;
  title?: string;
  message?: string;
}

function Host({
  options,
  onAnswer,
  onClosed,
}: {
  options: ConfirmActionOptions & { onConfirm: () => unknown };
  onAnswer: () => void;
  onClosed: () => void;
}) {
  const [open, setOpen] = useState(true);
  return (
    <ConfirmDialog
      {...options}
      open={open}
      onConfirm={options.onConfirm}
      onOpenChange={(next) => {
        if (next) return;
        setOpen(false);
        onAnswer();
      }}
      onClosed={onClosed}
    />
  );
}

/** How long a closed dialog may take to finish its exit motion before its root goes anyway. */
const CLOSE_FALLBACK_MS = 10_000;

/** Asks in a confirmation dialog of its own; resolves true on confirm, false on cancel or Escape. */
export async function confirmAction(options: ConfirmActionOptions): Promise<boolean> {
  await loadUiDictionary();
  return new Promise((resolve) => {
    const body = mountInBody('hcm-confirm-');
    let confirmed = false;
    let unmounted = false;
    const unmount = () => {
      if (unmounted) return;
      unmounted = true;
      body.unmount();
    };
    const onAnswer = () => {
      resolve(confirmed);
      setTimeout(unmount, CLOSE_FALLBACK_MS);
    };
    // The root goes once the dialog has finished closing, not after a fixed time: a modal
    // dialog hides the rest of the page from assistive technology (aria-hidden) until its exit
    // ends, and a root unmounted mid-exit on a busy machine left the page hidden for good.
    body.render(
      <Host
        options={{ ...options, onConfirm: () => (confirmed = true) }}
        onAnswer={onAnswer}
        onClosed={() => setTimeout(unmount, 0)}
      />,
    );
  });
}
