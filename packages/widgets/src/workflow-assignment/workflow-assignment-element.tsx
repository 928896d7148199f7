import { flag, stringList } from '../elements/attribute-values.ts';
import type { WidgetElementSpec } from '../elements/define-widget.tsx';
import { LazyWorkflowAssignmentForm as WorkflowAssignmentForm } from './LazyWorkflowAssignmentForm.tsx';

/**
 * <hcm-workflow-assignment template-types='["LEAVE_REQUEST"]' show-errors>: the workflow
 * assignment form. Every change of its value or validity dispatches hcm-workflow-change
 * (bubbling, composed) with `{ valid, value }`; a page submits by setting show-errors, which
 * shows each missing field and a warning when the form is incomplete.
 */
export const workflowAssignmentElement: WidgetElementSpec = {
  tag: 'hcm-workflow-assignment',
  properties: ['apiBase', 'templateTypes', 'showErrors'],
  render: (values, { emit }) => (
    <WorkflowAssignmentForm
      templateTypes={stringList(values.templateTypes)}
      showErrors={flag(values.showErrors)}
      onChange={(result) => emit('hcm-workflow-change', result)}
    />
  ),
};
