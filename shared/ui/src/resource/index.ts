/**
 * Generic resource pages driven by a contract of @hcm/contracts/resource: a lazy chunk of
 * @hcm/ui (kits/resource-kit.ts), reached through the wrappers of lazy.tsx.
 */
export {
  ResourceListPage,
  type ResourceListPageProps,
  type ResourceListContext,
  type ResourceListExtension,
} from './ResourceListPage.tsx';
export {
  ResourceForm,
  type ExtraSubmit,
  type ResourceFormProps,
  type ResourceSectionProps,
} from './ResourceForm.tsx';
export {
  ResourceDetailPage,
  type DetailPageControls,
  type ResourceDetailPageProps,
} from './ResourceDetailPage.tsx';
export { ResourcePages, type ResourcePagesProps } from './ResourcePages.tsx';
export { FieldInput, type FieldInputProps } from './FieldInput.tsx';
export { ReferenceInput, type ReferenceInputProps } from './ReferenceInput.tsx';
export {
  PrintDocumentButton,
  PrintDocumentDialog,
  type PrintDocumentDialogProps,
  type PrintPlaceholder,
} from './PrintDocumentDialog.tsx';
export {
  MAX_PRINT_SELECTION,
  PrintSelectionButton,
  PrintSelectionDialog,
  type PrintSelectionDialogProps,
} from './PrintSelectionDialog.tsx';
export { registerContractLabels, useLabelText } from './resource-labels.ts';
