import { formatDate, makeStyles, tokens } from '@hcm/ui';
import { useAdminTranslation } from '../admin-i18n.ts';
import { LogEntryPage } from '../logs/LogEntryPage.tsx';
import { actionLogApi, type ActionLogEntry } from './action-log-api.ts';
import { fieldName, resourceName, valueName } from './log-labels.ts';
import { ACTION_LOG_ROUTE } from './action-log-route.ts';

const useStyles = makeStyles({
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
  const fact = (name: string, value: string) => [t(`actionLog.${name}`), value] as const;

  return (
    <LogEntryPage<ActionLogEntry>
      id={id}
      load={actionLogApi.get}
      title={t('actionLog.entry')}
      listRoute={ACTION_LOG_ROUTE}
      facts={(entry) => [
        fact('createdAt', formatDate(entry.createdAt, 'timeDate')),
        fact('username', entry.username ?? '—'),
        fact('action', t(`actionLog.actions.${entry.action}`, { defaultValue: entry.action })),
        fact('resource', resourceName(entry.resource, language)),
        fact('recordId', entry.recordId ?? '—'),
        fact('ip', entry.ip ?? '—'),
        fact('userAgent', entry.userAgent ?? '—'),
      ]}
    >
      {(entry) => {
        const changes = Object.entries(entry.changes);
        return (
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
        );
      }}
    </LogEntryPage>
  );
}
