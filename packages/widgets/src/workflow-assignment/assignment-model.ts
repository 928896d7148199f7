import type { AssignmentType } from '@hcm/contracts/settings';

/**
 * One step of the value (core "Workflow assignment"): who handles it, and when the approval
 * engine will start it and when it will be due, as the server previews them (ISO 8601; null until
 * it answered, or when it could not). The server schedules the steps itself when the request is
 * sent: the times are for the page to show, never taken from it.
 */
export interface AssignmentStepValue {
  workFlowStepTemplateId: string;
  assigneeUserId: string | null;
  startDateRaw: string | null;
  endDateRaw: string | null;
}

/** What the form produces (core "Workflow assignment"). */
export interface WorkflowAssignment {
  workflowTemplateId: string | null;
  steps: AssignmentStepValue[];
}

export interface WorkflowAssignmentResult {
  valid: boolean;
  value: WorkflowAssignment;
}

/** A choice of a paged dropdown: a template, or the user account of an assignee. */
export interface PickOption {
  id: string;
  name: string;
}

/** A step of a template's detail, as GET {workflow-templates}/{id} answers it. */
export interface TemplateStep {
  /** answered when the server gives its steps ids (see stepKeyOf) */
  id?: string | null;
  name: string;
  assignmentType: AssignmentType;
  assignmentId: string;
  assignmentName: string | null;
  /**
   * the SLA in milliseconds on the calendar (a working day as one day): not the step's length,
   * which the server's schedule gives (useStepSchedule)
   */
  slaTime: number | null;
}

export interface TemplateDetail {
  id: string;
  name: string;
  steps: TemplateStep[];
}

/**
 * The step's id for the value. The template's detail answers its steps without ids today
 * (children rows carry only their item fields); until it does, the step is named by its
 * template and 1-based position, which is what identifies it within a template version.
 */
export const stepKeyOf = (templateId: string, step: TemplateStep, index: number): string =>
  step.id ?? `${templateId}#${index + 1}`;

/** A step's start and end, as the server's schedule answers them. */
export interface StepTiming {
  start: Date;
  end: Date;
}

/** A next page appended to what is loaded, without the entries already there (pages shift as records change). */
export function mergePages<T>(loaded: readonly T[], page: readonly T[], keyOf: (entry: T) => string): T[] {
  const seen = new Set(loaded.map(keyOf));
  const merged = [...loaded];
  for (const entry of page) {
    const key = keyOf(entry);
    if (seen.has(key)) continue;
    seen.add(key);
    merged.push(entry);
  }
  return merged;
}

/** Whether more pages follow the one answered. */
export const hasMorePages = (page: { pageIndex: number; pageSize: number; total: number }): boolean =>
  page.pageIndex * page.pageSize < page.total;

export interface AssignmentErrors {
  /** no template chosen */
  template: boolean;
  /** a template without steps */
  steps: boolean;
  /** the steps (by workFlowStepTemplateId) whose assignee is missing */
  assignees: ReadonlySet<string>;
}

/** The form's rules (core §5): a template with at least one step, and an assignee on each. */
export function validateAssignment(value: WorkflowAssignment): AssignmentErrors & { valid: boolean } {
  const template = !value.workflowTemplateId;
  const steps = value.steps.length === 0;
  const assignees = new Set(
    value.steps.filter((step) => !step.assigneeUserId).map((step) => step.workFlowStepTemplateId),
  );
  return { template, steps, assignees, valid: !template && !steps && assignees.size === 0 };
}

/**
 * The value of the chosen template's steps, their assignees and their times from the server's
 * schedule (`timings`, one per step; null while it is not known: the times are null then).
 */
export function assignmentValue(
  templateId: string | null,
  steps: readonly TemplateStep[],
  assignees: Readonly<Record<string, PickOption | null | undefined>>,
  timings: readonly StepTiming[] | null,
): WorkflowAssignment {
  if (!templateId) return { workflowTemplateId: null, steps: [] };
  return {
    workflowTemplateId: templateId,
    steps: steps.map((step, index) => {
      const key = stepKeyOf(templateId, step, index);
      const timing = timings?.[index];
      return {
        workFlowStepTemplateId: key,
        assigneeUserId: assignees[key]?.id ?? null,
        startDateRaw: timing ? timing.start.toISOString() : null,
        endDateRaw: timing ? timing.end.toISOString() : null,
      };
    }),
  };
}
