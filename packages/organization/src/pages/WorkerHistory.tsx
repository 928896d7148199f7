import { useEffect, useState } from 'react';
import { workerHistoryPath, type WorkerHistoryEntry } from '@hcm/contracts/personnel-changes';
import { api } from '@hcm/session';
import {
  Caption1,
  Link,
  MessageBar,
  MessageBarBody,
  Spinner,
  StatusBadge,
  Subtitle1,
  Text,
  formatDate,
  goTo,
  makeStyles,
  tokens,
} from '@hcm/ui';
import { useOrganizationTranslation } from '../organization-i18n.ts';

const useStyles = makeStyles({
  // the heading is a Text (inline by default): a column keeps it above what follows
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  list: {
    listStyleType: 'none',
    margin: 0,
    padding: 0,
    display: 'flex',
    flexDirection: 'column',
    borderLeft: `2px solid ${tokens.colorNeutralStroke2}`,
  },
  item: {
    display: 'grid',
    gridTemplateColumns: 'minmax(96px, max-content) 1fr',
    columnGap: tokens.spacingHorizontalL,
    rowGap: '2px',
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    '@media (max-width: 599px)': { gridTemplateColumns: '1fr' },
  },
  date: { fontVariantNumeric: 'tabular-nums', color: tokens.colorNeutralForeground2 },
  head: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalS },
  summary: { overflowWrap: 'anywhere' },
});

/**
 * An employee's history on their page: every contract and decision, oldest first (the server's
 * order), each with its date, kind, number (a link to its page), what changed, its approval
 * status, and whether it has been applied to the record. Kinds the user may not view are left
 * out by the server.
 */
export function WorkerHistory({ workerId }: { workerId: string }) {
  const { t, i18n } = useOrganizationTranslation();
  const styles = useStyles();
  const language = i18n.language;
  // the summaries are written in the user's language: a switch asks again
  const requestKey = `${workerId}#${language}`;
  const [answer, setAnswer] = useState<{ key: string; entries?: WorkerHistoryEntry[] } | null>(null);

  useEffect(() => {
    let alive = true;
    api
      .get<WorkerHistoryEntry[]>(workerHistoryPath(workerId), { ignoreError: true })
      .then((entries) => alive && setAnswer({ key: requestKey, entries }))
      .catch(() => alive && setAnswer({ key: requestKey }));
    return () => {
      alive = false;
    };
  }, [workerId, requestKey]);

  const current = answer?.key === requestKey ? answer : null;
  const entries = current?.entries;
  const failed = current !== null && !entries;
  return (
    <section className={styles.section} aria-labelledby="worker-history-title">
      <Subtitle1 as="h2" id="worker-history-title">
        {t('history.title')}
      </Subtitle1>
      {failed && (
        <MessageBar intent="error">
          <MessageBarBody>{t('history.loadFailed')}</MessageBarBody>
        </MessageBar>
      )}
      {!failed && !entries && <Spinner size="tiny" label={t('history.loading')} />}
      {entries?.length === 0 && <Text>{t('history.empty')}</Text>}
      {entries && entries.length > 0 && (
        <ol className={styles.list}>
          {entries.map((entry) => (
            <li key={`${entry.kind}:${entry.id}`} className={styles.item}>
              <Text className={styles.date}>{formatDate(entry.effectiveDate)}</Text>
              <div>
                <div className={styles.head}>
                  <Text weight="semibold">{t(`history.kinds.${entry.kind}`)}</Text>
                  {entry.number && (
                    <Link
                      href={entry.route}
                      onClick={(event) => {
                        event.preventDefault();
                        goTo(entry.route);
                      }}
                    >
                      {entry.number}
                    </Link>
                  )}
                  {entry.approvalStatus && <StatusBadge status={entry.approvalStatus} />}
                  {entry.appliedAt && <Caption1>{t('history.applied')}</Caption1>}
                </div>
                <Text className={styles.summary}>{entry.summary}</Text>
                {!entry.number && (
                  <Link
                    href={entry.route}
                    onClick={(event) => {
                      event.preventDefault();
                      goTo(entry.route);
                    }}
                  >
                    {t('history.open')}
                  </Link>
                )}
              </div>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
