import { useState } from 'react';
import type { ApprovalTimeline } from '@hcm/contracts/approvals';
import { Spinner, Subtitle1, Subtitle2, makeStyles, tokens } from '@hcm/ui';
import { useWidgetsTranslation } from '../widgets-i18n.ts';
import { useApprovalFlow } from './approval-flow.tsx';
import { formatMoment, selfActedKey } from './timeline-format.ts';
import { TimelineSteps } from './TimelineSteps.tsx';
import { stampOf, useApprovalTimeline } from './use-approval-timeline.ts';

const useStyles = makeStyles({
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  request: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  facts: { margin: 0, display: 'flex', flexWrap: 'wrap', gap: `0 ${tokens.spacingHorizontalXXL}` },
  term: { color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
  value: { margin: 0 },
  events: { margin: 0, paddingInlineStart: tokens.spacingHorizontalXL },
  note: { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', color: tokens.colorNeutralForeground2 },
});

/**
 * A record's approval history below its fields: each request (newest first) with its template,
 * requester, time and steps, then every action taken (who, what, when, with which note).
 */
export function ApprovalTimelineSection({ record }: { record: Record<string, unknown> & { id: string } }) {
  const flow = useApprovalFlow();
  const styles = useStyles();
  const { t } = useWidgetsTranslation();
  const { timeline, failed } = useApprovalTimeline(flow.contract.apiPath, record.id, stampOf(record));
  const title = t('approvalFlow.timeline.title');
  return (
    <section className={styles.section} aria-label={title}>
      <Subtitle1 as="h2">{title}</Subtitle1>
      {failed ? (
        <p role="alert">{t('approvalFlow.timeline.loadFailed')}</p>
      ) : !timeline ? (
        <Spinner size="small" label={t('approvalFlow.timeline.loading')} />
      ) : (
        <TimelineBody timeline={timeline} />
      )}
    </section>
  );
}

function TimelineBody({ timeline }: { timeline: ApprovalTimeline }) {
  const styles = useStyles();
  const { t } = useWidgetsTranslation();
  // "now" for open steps past their deadline: when the timeline was shown
  const [now] = useState(() => Date.now());
  if (timeline.requests.length === 0 && timeline.events.length === 0)
    return <p>{t('approvalFlow.timeline.empty')}</p>;
  const requests = [...timeline.requests].sort((a, b) => b.requestedAt.localeCompare(a.requestedAt));
  const fact = (term: string, value: string) => (
    <div>
      <dt className={styles.term}>{term}</dt>
      <dd className={styles.value}>{value}</dd>
    </div>
  );
  return (
    <>
      {requests.map((request) => (
        <section key={request.id} className={styles.request} aria-label={request.templateName}>
          <Subtitle2 as="h3">{request.templateName}</Subtitle2>
          <dl className={styles.facts}>
            {fact(t('approvalFlow.timeline.requestedBy'), request.requestedByName ?? '')}
            {fact(t('approvalFlow.timeline.requestedAt'), formatMoment(request.requestedAt))}
          </dl>
          <TimelineSteps
            caption={t('approvalFlow.timeline.steps', { name: request.templateName })}
            steps={request.steps}
            now={now}
          />
        </section>
      ))}
      {timeline.events.length > 0 && (
        <section className={styles.request} aria-label={t('approvalFlow.timeline.events')}>
          <Subtitle2 as="h3">{t('approvalFlow.timeline.events')}</Subtitle2>
          <ol className={styles.events}>
            {timeline.events.map((event) => {
              const selfActed = selfActedKey(event, event.action === 'APPROVE');
              return (
                <li key={event.id}>
                  {t('approvalFlow.timeline.event', {
                    at: formatMoment(event.at),
                    actor: event.actorName ?? t('approvalFlow.timeline.system'),
                    action: t(`approvalFlow.eventActions.${event.action}`),
                  })}
                  {selfActed ? ` · ${t(`approvalFlow.timeline.selfActed.${selfActed}`)}` : null}
                  {event.note ? <div className={styles.note}>{event.note}</div> : null}
                </li>
              );
            })}
          </ol>
        </section>
      )}
    </>
  );
}
