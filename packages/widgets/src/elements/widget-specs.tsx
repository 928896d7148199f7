import { NotificationBell } from '../notification-bell/NotificationBell.tsx';
import { ApprovalDialog } from '../approval-dialog/ApprovalDialog.tsx';
import { isApprovalKind } from '../approval-dialog/approval-kinds.ts';
import { DocumentTemplatePicker } from '../template-picker/DocumentTemplatePicker.tsx';
import { guidelineViewerElement } from '../guideline-viewer/guideline-viewer-element.tsx';
import { workflowAssignmentElement } from '../workflow-assignment/workflow-assignment-element.tsx';
import { flag, stringList, text } from './attribute-values.ts';
import type { WidgetElementSpec } from './define-widget.tsx';

/**
 * The widgets as custom elements: their attributes, and the events they dispatch (all bubbling
 * and composed). packages/widgets/README.md documents each with an example.
 */
export const notificationBellElement: WidgetElementSpec = {
  tag: 'hcm-notification-bell',
  properties: ['apiBase'],
  render: (_values, { emit }) => (
    <NotificationBell
      // hcm-notification-open is cancelable: a page that calls preventDefault follows the link itself
      onOpenNotification={(detail) => emit('hcm-notification-open', detail, { cancelable: true })}
    />
  ),
};

export const approvalDialogElement: WidgetElementSpec = {
  tag: 'hcm-approval-dialog',
  properties: ['apiBase', 'open', 'kind', 'itemName', 'heading', 'targetStatus', 'defaultNote'],
  render: (values, { element, emit }) => {
    const kind = values.kind;
    if (!isApprovalKind(kind)) return null;
    // like <dialog>, it closes itself: the open attribute goes, and a page may set it again
    const close = () => element.removeAttribute('open');
    return (
      <ApprovalDialog
        open={flag(values.open)}
        kind={kind}
        itemName={text(values.itemName)}
        heading={text(values.heading)}
        targetStatus={text(values.targetStatus)}
        defaultNote={values.defaultNote}
        onConfirm={(decision) => {
          close();
          emit('hcm-confirm', decision);
        }}
        onCancel={() => {
          close();
          emit('hcm-cancel', { kind });
        }}
      />
    );
  },
};

export const templatePickerElement: WidgetElementSpec = {
  tag: 'hcm-document-template-picker',
  properties: ['apiBase', 'open', 'multiple', 'fixedType', 'types', 'preselectedIds'],
  render: (values, { element, emit }) => (
    <DocumentTemplatePicker
      open={flag(values.open)}
      multiple={flag(values.multiple)}
      fixedType={text(values.fixedType)}
      types={stringList(values.types)}
      preselectedIds={stringList(values.preselectedIds)}
      onDone={(result) => {
        // it closes itself, as the approval dialog does: the page may set open again
        element.removeAttribute('open');
        emit(result.success ? 'hcm-select' : 'hcm-cancel', result);
      }}
    />
  ),
};

export const widgetSpecs = [
  notificationBellElement,
  approvalDialogElement,
  templatePickerElement,
  guidelineViewerElement,
  workflowAssignmentElement,
] as const;
