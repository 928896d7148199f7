import { Suspense, lazy } from 'react';
import { Spinner } from '@hcm/ui';
import type { WorkflowAssignmentFormProps } from './WorkflowAssignmentForm.tsx';

// The form and the settings contracts it reads are a lazy chunk: the widgets' entry stays
// within its budget, and a page that never shows the form never downloads it.
const Form = lazy(() =>
  import('./WorkflowAssignmentForm.tsx').then((module) => ({ default: module.WorkflowAssignmentForm })),
);

/** WorkflowAssignmentForm, loaded when first shown. */
export function LazyWorkflowAssignmentForm(props: WorkflowAssignmentFormProps) {
  return (
    <Suspense fallback={<Spinner size="small" />}>
      <Form {...props} />
    </Suspense>
  );
}
