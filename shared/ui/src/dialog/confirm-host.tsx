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
  onClosed,
}: {
  options: ConfirmActionOptions & { onConfirm: () => unknown };
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
        onClosed();
      }}
    />
  );
}

/** Asks in a confirmation dialog of its own; resolves true on confirm, false on cancel or Escape. */
export async function confirmAction(options: ConfirmActionOptions): Promise<boolean> {
  await loadUiDictionary();
  return new Promise((resolve) => {
    const body = mountInBody('hcm-confirm-');
    let confirmed = false;
    const onClosed = () => {
      resolve(confirmed);
      // let the closing animation run before the root goes
      setTimeout(body.unmount, 300);
    };
    body.render(<Host options={{ ...options, onConfirm: () => (confirmed = true) }} onClosed={onClosed} />);
  });
}
