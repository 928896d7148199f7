import { use } from 'react';
import type { ApprovalStepView } from '@hcm/contracts/approvals';
import { makeStyles, tokens } from '@hcm/ui';
import { useWidgetsTranslation } from '../widgets-i18n.ts';
import { deadlineState } from './approval-rules.ts';
import { resourceKit } from './resource-kit.ts';
import { OUTCOME_COLORS, formatMoment, outcomeOf, selfActedKey } from './timeline-format.ts';

const useStyles = makeStyles({
  scroller: { overflowX: 'auto' },
  table: {
    borderCollapse: 'collapse',
    width: '100%',
    minWidth: '960px',
    '& th, & td': {
      textAlign: 'start',
      verticalAlign: 'top',
      padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalS}`,
      borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    },
    '& th': { fontWeight: tokens.fontWeightSemibold },
  },
  overdue: { color: tokens.colorPaletteRedForeground1, fontWeight: tokens.fontWeightSemibold },
  note: { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' },
  outcome: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalXS },
});

/** One request's steps: who, when it started and was due, when acted, the outcome and note, and the deadline kept. */
export function TimelineSteps({
  caption,
  steps,
  now,
}: {
  caption: string;
  steps: readonly ApprovalStepView[];
  now: number;
}) {
  const { Badge } = use(resourceKit());
  const styles = useStyles();
  const { t } = useWidgetsTranslation();
  const columns = ['step', 'assignee', 'startedAt', 'dueAt', 'actedAt', 'outcome', 'note', 'deadline'];
  return (
    // focusable: a table wider than a phone is scrolled by keyboard too (WCAG 2.1.1)
    <div className={styles.scroller} role="region" aria-label={caption} tabIndex={0}>
      <table className={styles.table} aria-label={caption}>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col">
                {t(`approvalFlow.timeline.${column}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {[...steps]
            .sort((a, b) => a.position - b.position)
            .map((step) => {
              const outcome = outcomeOf(step);
              const deadline = deadlineState(step, now);
              const selfActed = selfActedKey(step, outcome === 'APPROVED');
              return (
                <tr key={step.position}>
                  <td>
                    {step.position}. {step.name}
                  </td>
                  <td>{step.assigneeName ?? ''}</td>
                  <td>{formatMoment(step.startedAt)}</td>
                  <td>{formatMoment(step.dueAt)}</td>
                  <td>{formatMoment(step.actedAt)}</td>
                  <td>
                    <span className={styles.outcome}>
                      {outcome && (
                        <Badge appearance="tint" color={OUTCOME_COLORS[outcome]}>
                          {t(`approvalFlow.timeline.outcomes.${outcome}`)}
                        </Badge>
                      )}
                      {/* four eyes waived: who decided says so beside the outcome */}
                      {selfActed && (
                        <Badge appearance="tint" color="warning">
                          {t(`approvalFlow.timeline.selfActed.${selfActed}`)}
                        </Badge>
                      )}
                    </span>
                  </td>
                  <td className={styles.note}>{step.note ?? ''}</td>
                  <td
                    className={deadline === 'overdue' || deadline === 'missed' ? styles.overdue : undefined}
                  >
                    {t(`approvalFlow.timeline.deadlines.${deadline}`)}
                  </td>
                </tr>
              );
            })}
        </tbody>
      </table>
    </div>
  );
}
