import { useEffect } from 'react';
import { Toast, ToastBody, ToastTitle, Toaster, useToastController } from '@fluentui/react-components';
import { mountInBody } from './body-root.tsx';
import { loadUiDictionary, uiText } from '../i18n/ui-i18n.ts';
import type { ToastOptions } from './notify.ts';

const TOASTER_ID = 'hcm-ui-toaster';
/** core §9: max stack 5, duration 3000 ms, top right, no pause on hover */
export const TOAST_SETTINGS = { limit: 5, timeout: 3000, position: 'top-end', pauseOnHover: false } as const;

type Controller = ReturnType<typeof useToastController>;
let controller: Promise<Controller> | null = null;

function ToastHost({ onReady }: { onReady: (controller: Controller) => void }) {
  const toasts = useToastController(TOASTER_ID);
  useEffect(() => onReady(toasts), [onReady, toasts]);
  return (
    <Toaster
      toasterId={TOASTER_ID}
      position={TOAST_SETTINGS.position}
      limit={TOAST_SETTINGS.limit}
      timeout={TOAST_SETTINGS.timeout}
      pauseOnHover={TOAST_SETTINGS.pauseOnHover}
    />
  );
}

/** The page's one toaster, mounted at the end of <body> on first use. */
function toaster(): Promise<Controller> {
  controller ??= new Promise((resolve) => {
    mountInBody('hcm-toast-').render(<ToastHost onReady={resolve} />);
  });
  return controller;
}

const FLUENT_INTENT = { success: 'success', error: 'error', info: 'info', warning: 'warning' } as const;

export async function showToast({ intent, message, title }: ToastOptions): Promise<void> {
  const [toasts] = await Promise.all([toaster(), loadUiDictionary()]);
  toasts.dispatchToast(
    <Toast>
      <ToastTitle>{title ?? uiText(`toast.${intent}`)}</ToastTitle>
      <ToastBody>{typeof message === 'function' ? message() : message}</ToastBody>
    </Toast>,
    { intent: FLUENT_INTENT[intent] },
  );
}

export async function dismissAllToasts(): Promise<void> {
  if (controller) (await controller).dismissAllToasts();
}
