import { use, useMemo } from 'react';
import { api } from '@hcm/session';
import { Field, makeStyles, tokens, toDayjs } from '@hcm/ui';
import { dialogKit } from '../dialog-kit.ts';
import { useWidgetsTranslation } from '../widgets-i18n.ts';
import {
  hasMorePages,
  stepKeyOf,
  type PickOption,
  type StepTiming,
  type TemplateStep,
} from './assignment-model.ts';
import {
  assigneeSourceOf,
  userOption,
  workerOption,
  type AssigneeSource,
  type UserRow,
  type WorkerRow,
} from './assignee-sources.ts';
import { useAssignmentTypeText } from './assignment-type-text.ts';
import { PagedCombobox } from './PagedCombobox.tsx';
import type { PageLoader } from './use-paged-options.ts';

/** dd/MM/yyyy HH:mm (core §4), the schedule's format. */
const DATE_TIME = 'DD/MM/YYYY HH:mm';
const COLUMNS = 6;

const useStyles = makeStyles({
  wrapper: { overflowX: 'auto', marginBlockStart: tokens.spacingVerticalM },
  index: { width: '56px', boxSizing: 'border-box' },
  type: { width: '160px', boxSizing: 'border-box' },
  assignee: { minWidth: '240px' },
  date: { width: '136px', boxSizing: 'border-box', whiteSpace: 'nowrap' },
  row: { cursor: 'pointer' },
  empty: {
    textAlign: 'center',
    color: tokens.colorNeutralForeground3,
    paddingBlock: tokens.spacingVerticalXL,
  },
});

/**
 * Reads a step's choices from its source: users, or employees as their accounts; never the
 * users `excluded` (four eyes: the requester, the records' creators).
 */
function loaderOf(source: AssigneeSource, excluded: ReadonlySet<string>): PageLoader | null {
  if (source.kind === 'fixed') return null;
  const offered = (option: PickOption | null): option is PickOption =>
    option !== null && !excluded.has(option.id);
  if (source.kind === 'users')
    return async (keyword, pageIndex) => {
      const { data, page } = await api.getPage<UserRow>(source.url(keyword, pageIndex));
      return { options: data.map(userOption).filter(offered), more: hasMorePages(page) };
    };
  return async (keyword, pageIndex) => {
    const { data, page } = await api.getPage<WorkerRow>(source.url(keyword, pageIndex));
    return { options: data.map(workerOption).filter(offered), more: hasMorePages(page) };
  };
}

export interface StepsTableProps {
  templateId: string;
  /** the template's steps (the same list while the template is the same: the sources follow it) */
  steps: readonly TemplateStep[];
  /** the server's schedule, one per step; null while unknown: no times are shown */
  timings: readonly StepTiming[] | null;
  /** the schedule is being asked for: the table is busy (aria-busy) until it is answered or failed */
  scheduling?: boolean;
  assignees: Readonly<Record<string, PickOption | null>>;
  /** users never offered (four eyes); a change reads the lists again */
  excluded: ReadonlySet<string>;
  /** a step's error, by its key: shown once its control was touched */
  errorOf: (key: string) => string | undefined;
  selectedKey: string | null;
  onSelectRow: (key: string) => void;
  onAssign: (key: string, assignee: PickOption) => void;
  onTouch: (key: string) => void;
}

/**
 * The chosen template's steps: index, name, assignment type, an assignee picked from the
 * step's source (fixed for a USER step), and the step's start and end when known. A click on a row, or
 * the focus inside it, selects it.
 */
export function StepsTable(props: StepsTableProps) {
  const {
    templateId,
    steps,
    timings,
    scheduling = false,
    assignees,
    excluded,
    errorOf,
    selectedKey,
    onSelectRow,
    onAssign,
    onTouch,
  } = props;
  const { Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow } = use(dialogKit());
  const styles = useStyles();
  const { t } = useWidgetsTranslation();
  const typeText = useAssignmentTypeText();
  // one source and loader per step while the template and the excluded users stay: the
  // dropdowns keep their pages (the excluded in the source's key: a change reads them again)
  const excludedKey = [...excluded].sort().join(',');
  const rows = useMemo(
    () =>
      steps.map((step, index) => {
        const source = assigneeSourceOf(step);
        const load = loaderOf(source, new Set(excludedKey.split(',')));
        return { key: stepKeyOf(templateId, step, index), step, source, load };
      }),
    [templateId, steps, excludedKey],
  );

  return (
    <div className={styles.wrapper}>
      <Table
        aria-label={t('workflowAssignment.stepsTable')}
        aria-busy={scheduling}
        style={{ minWidth: 'max(100%, 880px)' }}
      >
        <TableHeader>
          <TableRow>
            <TableHeaderCell className={styles.index}>{t('workflowAssignment.index')}</TableHeaderCell>
            <TableHeaderCell>{t('workflowAssignment.stepName')}</TableHeaderCell>
            <TableHeaderCell className={styles.type}>
              {t('workflowAssignment.assignmentType')}
            </TableHeaderCell>
            <TableHeaderCell className={styles.assignee}>{t('workflowAssignment.assignee')}</TableHeaderCell>
            <TableHeaderCell className={styles.date}>{t('workflowAssignment.start')}</TableHeaderCell>
            <TableHeaderCell className={styles.date}>{t('workflowAssignment.end')}</TableHeaderCell>
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.map(({ key, step, source, load }, index) => {
            const fixed = source.kind === 'fixed';
            const error = errorOf(key);
            const timing = timings?.[index];
            const selected = key === selectedKey;
            return (
              <TableRow
                key={key}
                data-step-key={key}
                appearance={selected ? 'brand' : 'none'}
                aria-selected={selected}
                className={styles.row}
                onClick={() => onSelectRow(key)}
                // a keyboard user selects the row by moving into it
                onFocus={() => onSelectRow(key)}
              >
                <TableCell>{index + 1}</TableCell>
                <TableCell>{step.name}</TableCell>
                <TableCell>{typeText(step.assignmentType)}</TableCell>
                <TableCell>
                  <Field
                    validationState={error ? 'error' : 'none'}
                    validationMessage={error}
                    required={!fixed}
                  >
                    <PagedCombobox
                      aria-label={t('workflowAssignment.assigneeOf', { step: step.name })}
                      load={load}
                      sourceKey={`${key}\u0000${excludedKey}`}
                      selected={fixed ? source.option : (assignees[key] ?? null)}
                      disabled={fixed}
                      placeholder={t('workflowAssignment.assigneePlaceholder')}
                      onSelect={(option) => onAssign(key, option)}
                      onBlur={() => onTouch(key)}
                    />
                  </Field>
                </TableCell>
                <TableCell>{toDayjs(timing?.start)?.format(DATE_TIME)}</TableCell>
                <TableCell>{toDayjs(timing?.end)?.format(DATE_TIME)}</TableCell>
              </TableRow>
            );
          })}
          {rows.length === 0 ? (
            <TableRow>
              <TableCell colSpan={COLUMNS} className={styles.empty}>
                {t('workflowAssignment.empty')}
              </TableCell>
            </TableRow>
          ) : null}
        </TableBody>
      </Table>
    </div>
  );
}
