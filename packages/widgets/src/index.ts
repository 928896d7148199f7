/**
 * @hcm/widgets: the widgets every page may show, as React components for the micro-apps and as
 * custom elements for the portal's other places (README.md lists each element's attributes and
 * events). Loading this module defines the elements, in light DOM with the portal's one Fluent,
 * i18n and session. Pages outside the portal load the standalone bundle instead (standalone/).
 */
import { LightHost, defineWidgetElements } from './elements/define-widget.tsx';
import { widgetSpecs } from './elements/widget-specs.tsx';

export {
  NotificationBell,
  badgeText,
  type NotificationBellProps,
} from './notification-bell/NotificationBell.tsx';
export type { NotificationOpenDetail } from './notification-bell/NotificationPanel.tsx';
export { followLink } from './notification-bell/follow-link.ts';
export { ApprovalDialog, type ApprovalDialogProps } from './approval-dialog/ApprovalDialog.tsx';
export {
  APPROVAL_KINDS,
  APPROVAL_NOTE_MAX,
  type ApprovalDecision,
  type ApprovalKind,
} from './approval-dialog/approval-kinds.ts';
export {
  DocumentTemplatePicker,
  type DocumentTemplatePickerProps,
  type PickedTemplate,
  type TemplatePickerResult,
} from './template-picker/DocumentTemplatePicker.tsx';
export { GuidelineViewer, type GuidelineViewerProps } from './guideline-viewer/GuidelineViewer.tsx';
export { FilePreview, type FilePreviewProps } from './guideline-viewer/FilePreview.tsx';
export { LazyWorkflowAssignmentForm as WorkflowAssignmentForm } from './workflow-assignment/LazyWorkflowAssignmentForm.tsx';
export type { WorkflowAssignmentFormProps } from './workflow-assignment/WorkflowAssignmentForm.tsx';
export type {
  AssignmentStepValue,
  WorkflowAssignment,
  WorkflowAssignmentResult,
} from './workflow-assignment/assignment-model.ts';
export { ApprovalContractPages } from './approval/LazyApprovalContractPages.tsx';
export type { ApprovalContractPagesProps } from './approval/ApprovalContractPages.tsx';
export { WIDGETS_APP } from './widgets-i18n.ts';

if (typeof customElements !== 'undefined') defineWidgetElements(widgetSpecs, LightHost);
