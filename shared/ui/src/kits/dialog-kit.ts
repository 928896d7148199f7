/** Dialogs: loaded on demand (a lazy chunk of @hcm/ui). */
export { ConfirmDialog } from '../dialog/ConfirmDialog.tsx';
export { confirmAction } from '../dialog/confirm-host.tsx';
