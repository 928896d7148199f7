/** Dialogs: loaded on demand (a lazy chunk of @hcm/ui). */
export { ConfirmDialog } from '../dialog/ConfirmDialog.tsx';
export { confirmAction } from '../dialog/confirm-host.tsx';
// Whether a table's wrapper scrolls sideways (then it must take the focus itself): the document
// template picker's table, in a dialog that is as narrow as a phone.
export { useOverflowing } from '../hooks/overflowing.ts';
// Fluent's dialog parts and the text area, for dialogs built elsewhere (@hcm/widgets): the kit is
// the one copy of them, so that no module bundles Fluent's dialog a second time. The table parts
// are the document template picker's: a list in a dialog whose rows a click chooses and a
// double click confirms, which the list kit's DataTable does not offer.
export {
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Textarea,
} from '@fluentui/react-components';
