import { Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { api } from '@hcm/session';
import { useSignedInUserId } from '../signed-in-user.ts';
import { Field, Spinner, makeStyles, notify, tokens } from '@hcm/ui';
import { useWidgetsTranslation } from '../widgets-i18n.ts';
import {
  assignmentValue,
  hasMorePages,
  stepKeyOf,
  validateAssignment,
  type PickOption,
  type TemplateDetail,
  type TemplateStep,
  type WorkflowAssignment,
  type WorkflowAssignmentResult,
} from './assignment-model.ts';
import { assigneeSourceOf, templateDetailUrl, templateSearchUrl } from './assignee-sources.ts';
import { excludedAssignees, withoutExcluded } from './four-eyes.ts';
import { defaultTemplateOf, NoTemplatesHint } from './NoTemplatesHint.tsx';
import { PagedCombobox } from './PagedCombobox.tsx';
import { StepsTable } from './StepsTable.tsx';
import type { PageLoader } from './use-paged-options.ts';
import { useRequesterMayApprove } from './use-approval-rules.ts';
import { useStepSchedule } from './use-step-schedule.ts';

/** The touched key of the template dropdown (the steps' are their keys). */
const TEMPLATE = '\u0000template';
const NO_STEPS: readonly TemplateStep[] = [];
const MINUTE = 60_000;
const startOfMinute = (at: number) => at - (at % MINUTE);

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  error: { color: tokens.colorPaletteRedForeground1 },
});

export interface WorkflowAssignmentFormProps {
  /** only templates approving any of these kinds (WorkflowTemplateTypes); none: all */
  templateTypes?: readonly string[];
  /** the starting value: its template is chosen, and its steps' assignees kept */
  value?: WorkflowAssignment;
  /** every change of the value or its validity */
  onChange?: (result: WorkflowAssignmentResult) => void;
  /** true: every control shows its error, and a warning says the form is incomplete (a submit) */
  showErrors?: boolean;
  /**
   * the creators of the records to be requested, when the page knows them: like the requester
   * (the user signed in), never offered as assignees unless the tenant allows it (four eyes)
   */
  creatorIds?: readonly string[];
}

/**
 * Assigns a record to a workflow (core §2–§5): a template is chosen (the only one, or the
 * kind's default, by itself; with none, the form says where to make one),
 * its steps are listed with an assignee for each (picked from the step's role, job position or
 * title; fixed for a user step) and scheduled one after the other from now as the approval
 * engine will schedule them, which the server answers (useStepSchedule).
 */
export function WorkflowAssignmentForm({
  templateTypes,
  value,
  onChange,
  showErrors = false,
  creatorIds,
}: WorkflowAssignmentFormProps) {
  const styles = useStyles();
  const { t } = useWidgetsTranslation();
  const typesKey = JSON.stringify(templateTypes ?? []);
  const initial = useRef(value);

  const [template, setTemplate] = useState<PickOption | null>(() =>
    value?.workflowTemplateId ? { id: value.workflowTemplateId, name: '' } : null,
  );
  const [detail, setDetail] = useState<TemplateDetail | null>(null);
  const [assignees, setAssignees] = useState<Record<string, PickOption | null>>({});
  // "now" for the schedule: when the steps were built or last assigned, to the minute shown (a
  // change within the minute asks the server nothing new)
  const [startAt, setStartAt] = useState(() => startOfMinute(Date.now()));
  const [touched, setTouched] = useState<ReadonlySet<string>>(() => new Set());
  const [selectedRow, setSelectedRow] = useState<string | null>(null);
  const touch = useCallback((key: string) => setTouched((keys) => new Set(keys).add(key)), []);

  // read for the user signed in (none yet on another site's page: then nothing is read)
  const userId = useSignedInUserId();
  // four eyes: neither the requester nor the records' creators are offered (docs/approvals.md)
  const requesterMayApprove = useRequesterMayApprove(userId);
  const creatorsKey = JSON.stringify(creatorIds ?? []);
  const excluded = useMemo(
    () => excludedAssignees(requesterMayApprove, userId, JSON.parse(creatorsKey) as string[]),
    [requesterMayApprove, userId, creatorsKey],
  );
  const loadTemplates = useMemo<PageLoader | null>(() => {
    if (!userId) return null;
    const types = JSON.parse(typesKey) as string[];
    return async (keyword, pageIndex) => {
      const { data, page } = await api.getPage<TemplateDetail & { code?: string }>(
        templateSearchUrl(keyword, pageIndex, types),
      );
      return {
        options: data.map(({ id, name, code }) => ({ id, name, ...(code ? { code } : {}) })),
        more: hasMorePages(page),
      };
    };
  }, [typesKey, userId]);

  // none to choose from: said, with where to make one; exactly one, or the kind's default
  // (DEFAULT_<kind>, the tenant's starter data): it is chosen
  const [noTemplates, setNoTemplates] = useState(false);
  useEffect(() => {
    if (!loadTemplates) return;
    let live = true;
    const types = JSON.parse(typesKey) as string[];
    loadTemplates('', 1).then(
      ({ options, more }) => {
        if (!live) return;
        setNoTemplates(options.length === 0 && !more);
        const picked = options.length === 1 && !more ? options[0] : defaultTemplateOf(options, types);
        if (picked) setTemplate((chosen) => chosen ?? { id: picked.id, name: picked.name });
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [loadTemplates, typesKey]);

  // a template chosen: its detail, and the step rows built again from it
  const templateId = template?.id ?? null;
  useEffect(() => {
    if (!templateId) return;
    let live = true;
    api.get<TemplateDetail>(templateDetailUrl(templateId)).then(
      (found) => {
        if (!live) return;
        const kept = initial.current;
        const next: Record<string, PickOption | null> = {};
        found.steps.forEach((step, index) => {
          const key = stepKeyOf(found.id, step, index);
          const source = assigneeSourceOf(step);
          const given =
            kept?.workflowTemplateId === found.id
              ? kept.steps.find((s) => s.workFlowStepTemplateId === key)?.assigneeUserId
              : null;
          next[key] = source.kind === 'fixed' ? source.option : given ? { id: given, name: '' } : null;
        });
        setDetail(found);
        setTemplate((chosen) =>
          chosen?.id === found.id && !chosen.name ? { id: found.id, name: found.name } : chosen,
        );
        setAssignees(next);
        setStartAt(startOfMinute(Date.now()));
        setSelectedRow(null);
      },
      () => live && setDetail({ id: templateId, name: '', steps: [] }),
    );
    return () => {
      live = false;
    };
  }, [templateId]);

  const loaded = detail !== null && detail.id === templateId;
  const steps = loaded ? detail.steps : NO_STEPS;
  // the engine's times, never a sum of calendar durations: none until the server answers
  const { timings, pending: scheduling } = useStepSchedule(loaded ? templateId : null, startAt, steps.length);
  const result = useMemo<WorkflowAssignmentResult>(() => {
    const assignment = assignmentValue(templateId, steps, withoutExcluded(assignees, excluded), timings);
    return { valid: validateAssignment(assignment).valid, value: assignment };
  }, [templateId, steps, assignees, timings, excluded]);
  const errors = validateAssignment(result.value);

  // told once per change of the value or its validity
  const told = useRef('');
  useEffect(() => {
    const key = JSON.stringify(result);
    if (key === told.current) return;
    told.current = key;
    onChange?.(result);
  }, [result, onChange]);

  // a submit (showErrors false → true): every control touched, and a warning when incomplete
  const shown = useRef(false);
  const allKeys = useMemo(
    () => [TEMPLATE, ...result.value.steps.map((s) => s.workFlowStepTemplateId)],
    [result],
  );
  useEffect(() => {
    if (showErrors && !shown.current) {
      setTouched((keys) => new Set([...keys, ...allKeys]));
      if (!result.valid) void notify.warning(t('workflowAssignment.formInvalid'));
    }
    shown.current = showErrors;
  }, [showErrors, allKeys, result.valid, t]);
  const isTouched = (key: string) => showErrors || touched.has(key);

  // a step fixed to a user the form may not offer: said at once, only another template will do
  const errorOf = (key: string) =>
    excluded.has(assignees[key]?.id ?? '') && errors.assignees.has(key)
      ? t('workflowAssignment.requesterNotAssignee')
      : isTouched(key) && errors.assignees.has(key)
        ? t('workflowAssignment.assigneeRequired')
        : undefined;

  const templateError =
    isTouched(TEMPLATE) && errors.template ? t('workflowAssignment.templateRequired') : undefined;
  const stepsError =
    templateId && detail?.id === templateId && errors.steps && isTouched(TEMPLATE)
      ? t('workflowAssignment.stepsRequired')
      : undefined;

  return (
    <div className={styles.form}>
      <Field
        label={t('workflowAssignment.template')}
        required
        validationState={templateError ? 'error' : 'none'}
        validationMessage={templateError}
      >
        <PagedCombobox
          load={loadTemplates}
          sourceKey={typesKey}
          selected={template}
          placeholder={t('workflowAssignment.templatePlaceholder')}
          onSelect={(option) => {
            touch(TEMPLATE);
            if (option.id !== templateId) setTemplate(option);
          }}
          onBlur={() => touch(TEMPLATE)}
        />
      </Field>
      {noTemplates && !templateId ? <NoTemplatesHint /> : null}
      {templateId && detail?.id !== templateId ? (
        <Spinner size="small" label={t('workflowAssignment.loading')} />
      ) : templateId ? (
        <Suspense fallback={<Spinner size="small" label={t('workflowAssignment.loading')} />}>
          <StepsTable
            templateId={templateId}
            steps={steps}
            timings={timings}
            scheduling={scheduling}
            assignees={assignees}
            excluded={excluded}
            errorOf={errorOf}
            selectedKey={selectedRow}
            onSelectRow={setSelectedRow}
            onTouch={touch}
            onAssign={(key, option) => {
              touch(key);
              setAssignees((current) => ({ ...current, [key]: option }));
              setStartAt(startOfMinute(Date.now()));
            }}
          />
          {stepsError ? (
            <div role="alert" className={styles.error}>
              {stepsError}
            </div>
          ) : null}
        </Suspense>
      ) : null}
    </div>
  );
}
