import { useEffect, useState } from 'react';
import {
  Button,
  MessageBar,
  MessageBarBody,
  Spinner,
  Title2,
  formatDate,
  goTo,
  makeStyles,
  tokens,
} from '@hcm/ui';
import { ApiError } from '@hcm/session';
import { useAdminTranslation } from '../admin-i18n.ts';
import { reportNavigationError } from '../navigation-error.ts';
import { actionLogApi, type ActionLogEntry } from './action-log-api.ts';
import { fieldName, resourceName, valueName } from './log-labels.ts';
import { ACTION_LOG_ROUTE } from './action-log-route.ts';

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, maxWidth: '960px' },
  header: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: tokens.spacingHorizontalM,
  },
  facts: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fill, minmax(240px, 1fr))',
    gap: tokens.spacingVerticalM,
    margin: 0,
  },
  term: { color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
  value: { margin: 0, overflowWrap: 'anywhere' },
  changes: { width: '100%', borderCollapse: 'collapse' },
  cell: {
    textAlign: 'start',
    verticalAlign: 'top',
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalS}`,
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
    overflowWrap: 'anywhere',
  },
});

/** A changed value as a person reads it: text as it is, the rest as JSON, nothing as a dash. */
export const shownValue = (value: unknown): string =>
  value === null || value === undefined || value === ''
    ? '—'
    : typeof value === 'string'
      ? value
      : JSON.stringify(value);

/** One entry of the log: who did what to which record, from where, and each changed field. */
export function ActionLogDetailPage({ id }: { id: string }) {
  const styles = useStyles();
  const { t, i18n } = useAdminTranslation();
  const language = i18n.language;
  const [entry, setEntry] = useState<ActionLogEntry | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    let current = true;
    actionLogApi
      .get(id)
      .then((found) => current && setEntry(found))
      .catch((error: unknown) => {
        if (!current) return;
        const status = error instanceof ApiError ? error.status : 0;
        // A missing entry (or a malformed id, or another tenant's) is the shell's 404 page.
        if (status === 404 || status === 400) reportNavigationError(404);
        else if (status === 403) reportNavigationError(403);
        else setFailure(error instanceof ApiError ? error.message : String(error));
      });
    return () => {
      current = false;
    };
  }, [id]);

  if (failure)
    return (
      <MessageBar intent="error">
        <MessageBarBody>{failure}</MessageBarBody>
      </MessageBar>
    );
  if (!entry) return <Spinner label={t('actionLog.loading')} />;

  const facts: [string, string][] = [
    ['createdAt', formatDate(entry.createdAt, 'timeDate')],
    ['username', entry.username ?? '—'],
    ['action', t(`actionLog.actions.${entry.action}`, { defaultValue: entry.action })],
    ['resource', resourceName(entry.resource, language)],
    ['recordId', entry.recordId ?? '—'],
    ['ip', entry.ip ?? '—'],
    ['userAgent', entry.userAgent ?? '—'],
  ];
  const changes = Object.entries(entry.changes);
  return (
    <article className={styles.page} aria-label={t('actionLog.entry')}>
      <header className={styles.header}>
        <Title2 as="h1">{t('actionLog.entry')}</Title2>
        <Button onClick={() => goTo(ACTION_LOG_ROUTE)}>{t('actionLog.backToList')}</Button>
      </header>
      <dl className={styles.facts}>
        {facts.map(([name, value]) => (
          <div key={name}>
            <dt className={styles.term}>{t(`actionLog.${name}`)}</dt>
            <dd className={styles.value}>{value}</dd>
          </div>
        ))}
      </dl>
      <section aria-label={t('actionLog.changes')}>
        <h2>{t('actionLog.changes')}</h2>
        {changes.length === 0 ? (
          <p>{t('actionLog.noChanges')}</p>
        ) : (
          <table className={styles.changes}>
            <thead>
              <tr>
                <th className={styles.cell}>{t('actionLog.field')}</th>
                <th className={styles.cell}>{t('actionLog.before')}</th>
                <th className={styles.cell}>{t('actionLog.after')}</th>
              </tr>
            </thead>
            <tbody>
              {changes.map(([field, change]) => (
                <tr key={field}>
                  <td className={styles.cell}>{fieldName(entry.resource, field, language)}</td>
                  <td className={styles.cell}>
                    {shownValue(valueName(entry.resource, field, change.before, language))}
                  </td>
                  <td className={styles.cell}>
                    {shownValue(valueName(entry.resource, field, change.after, language))}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </article>
  );
}
