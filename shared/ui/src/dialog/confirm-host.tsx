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

/** A confirmation on screen or closing: how to dismiss it, and when its root is gone. */
interface LiveConfirmation {
  dismiss: () => void;
  gone: Promise<void>;
  closing: boolean;
}

const live = new Set<LiveConfirmation>();

function Host({
  options,
  onAnswer,
  onClosed,
  dismissWith,
}: {
  options: ConfirmActionOptions & { onConfirm: () => unknown };
  onAnswer: () => void;
  onClosed: () => void;
  dismissWith: (dismiss: () => void) => void;
}) {
  const [open, setOpen] = useState(true);
  dismissWith(() => {
    if (!open) return;
    setOpen(false);
    onAnswer();
  });
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
  // One modal at a time: a confirmation still running its exit motion keeps the rest of the page
  // hidden from assistive technology, the next one's root included, and two modals letting go
  // of it in either order is a race. The exit is short; the next one opens once it has ended.
  await Promise.all([...live].filter((entry) => entry.closing).map((entry) => entry.gone));
  return new Promise((resolve) => {
    const body = mountInBody('hcm-confirm-');
    let confirmed = false;
    let unmounted = false;
    let markGone = () => {};
    const entry: LiveConfirmation = {
      dismiss: () => {},
      gone: new Promise<void>((done) => (markGone = done)),
      closing: false,
    };
    live.add(entry);
    const unmount = () => {
      if (unmounted) return;
      unmounted = true;
      body.unmount();
      live.delete(entry);
      markGone();
    };
    let answered = false;
    const onAnswer = () => {
      if (answered) return;
      answered = true;
      entry.closing = true;
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
        dismissWith={(dismiss) => (entry.dismiss = dismiss)}
      />,
    );
  });
}

/**
 * Dismisses every confirmation still open (as Cancel would) and resolves once each one's root
 * has finished closing and is gone, so that nothing it hid from assistive technology stays
 * hidden: a test ends with this, and the next one starts on a page no earlier dialog covers.
 */
export async function settleConfirmations(): Promise<void> {
  const pending = [...live];
  for (const entry of pending) entry.dismiss();
  await Promise.all(pending.map((entry) => entry.gone));
}
