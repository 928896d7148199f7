import { useEffect, useState, type ReactNode } from 'react';
import {
  Button,
  MessageBar,
  MessageBarBody,
  Spinner,
  Title2,
  goTo,
  makeStyles,
  tokens,
  failureText,
} from '@hcm/ui';
import { ApiError } from '@hcm/session';
import { useAdminTranslation } from '../admin-i18n.ts';
import { reportNavigationError } from '../navigation-error.ts';

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
});

/** A fact of an entry: its label and value, already translated. */
export type LogFact = readonly [label: string, value: string];

/**
 * One entry of a read-only log: loads it, sends a missing one (or a malformed id, or another
 * tenant's) to the shell's 404 page, and shows its title, a way back to the list, its facts as a
 * term list and what `children` adds below (the action log's changes).
 */
export function LogEntryPage<T>({
  id,
  load,
  title,
  listRoute,
  facts,
  children,
}: {
  id: string;
  /** quiet: this page tells the shell or shows the failure itself */
  load: (id: string) => Promise<T>;
  title: string;
  listRoute: string;
  facts: (entry: T) => readonly LogFact[];
  children?: (entry: T) => ReactNode;
}) {
  const styles = useStyles();
  const { t } = useAdminTranslation();
  const [entry, setEntry] = useState<T | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    let current = true;
    load(id)
      .then((found) => current && setEntry(found))
      .catch((error: unknown) => {
        if (!current) return;
        const status = error instanceof ApiError ? error.status : 0;
        if (status === 404 || status === 400) reportNavigationError(404);
        else if (status === 403) reportNavigationError(403);
        else setFailure(failureText(error));
      });
    return () => {
      current = false;
    };
  }, [id, load]);

  if (failure)
    return (
      <MessageBar intent="error">
        <MessageBarBody>{failure}</MessageBarBody>
      </MessageBar>
    );
  if (!entry) return <Spinner label={t('actionLog.loading')} />;
  return (
    <article className={styles.page} aria-label={title}>
      <header className={styles.header}>
        <Title2 as="h1">{title}</Title2>
        <Button onClick={() => goTo(listRoute)}>{t('actionLog.backToList')}</Button>
      </header>
      <dl className={styles.facts}>
        {facts(entry).map(([label, value]) => (
          <div key={label}>
            <dt className={styles.term}>{label}</dt>
            <dd className={styles.value}>{value}</dd>
          </div>
        ))}
      </dl>
      {children?.(entry)}
    </article>
  );
}
