/** Dialogs: loaded on demand (a lazy chunk of @hcm/ui). */
export { ConfirmDialog } from '../dialog/ConfirmDialog.tsx';
export { confirmAction } from '../dialog/confirm-host.tsx';
// Fluent's dialog parts and the text area, for dialogs built elsewhere (@hcm/widgets): the kit is
// the one copy of them, so that no module bundles Fluent's dialog a second time.
export {
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Textarea,
} from '@fluentui/react-components';
