import { useEffect, useRef, useState } from 'react';
import { ApiPaths } from '@hcm/contracts';
import type { MyNotification } from '@hcm/contracts/notifications';
import { ApiError, api, notifications } from '@hcm/session';
import { Body1, Button, Loading, Text, Title2, makeStyles, tokens } from '@hcm/ui';
import { followLink } from '@hcm/widgets';
import { useShellTranslation } from '../../shell-i18n.ts';
import { ShellLink } from '../../components/ShellLink.tsx';
import { ShellPaths } from '../../routing/shell-paths.ts';
import { navigate } from '../../routing/location.ts';
import { formatSendTime, isNotificationId } from './my-notifications.ts';

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, minWidth: 0 },
  text: { margin: 0, overflowWrap: 'anywhere' },
  card: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
    padding: tokens.spacingHorizontalL,
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusMedium,
    boxShadow: tokens.shadow4,
  },
  meta: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS, margin: 0 },
  metaLabel: { color: tokens.colorNeutralForeground2 },
  // the content as written: its line breaks kept, long words wrapped, never read as HTML
  content: { margin: 0, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' },
  muted: { margin: 0, color: tokens.colorNeutralForeground2 },
  actions: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalM },
});

type Shown =
  | { status: 'loading' }
  | { status: 'not-found' }
  | { status: 'failed' }
  | { status: 'ready'; notification: MyNotification };

/** A path of the portal ('/om/…', not '//elsewhere'): followed in the page, through single-spa. */
const isPortalPath = (link: string) => link.startsWith('/') && !link.startsWith('//');

/**
 * Follows a notification's link as the bell does: a portal path through single-spa's navigation
 * (the shell's, which also tells its own router), an http(s) address in a new tab, anything
 * else (javascript:, data:) never.
 */
const follow = (link: string) => (isPortalPath(link) ? navigate(link) : followLink(link));

/**
 * /notification/notification-me/{id}/detail: one of the user's notifications, read in full, and
 * marked read on opening (once, and only when it was unread; the bell's count follows). Its
 * link, if any, is followed as the bell follows it. Someone else's, or no such one: not found.
 */
export function MyNotificationPage({ id }: { id: string }) {
  const styles = useStyles();
  const { t } = useShellTranslation();
  const [shown, setShown] = useState<Shown>(() =>
    isNotificationId(id) ? { status: 'loading' } : { status: 'not-found' },
  );
  const [reads, setReads] = useState(0);
  // marked once per page, however often the effect runs (strict mode, a retry)
  const marked = useRef(false);

  useEffect(() => {
    if (!isNotificationId(id)) return;
    let live = true;
    api
      .get<MyNotification>(ApiPaths.notification.myNotification.replace(':id', encodeURIComponent(id)), {
        // said in the page, not as a toast too
        ignoreError: true,
      })
      .then(
        (notification) => {
          if (!live) return;
          setShown({ status: 'ready', notification });
          if (notification.isRead || marked.current) return;
          marked.current = true;
          notifications.markRead(notification.id).then(
            (read) => live && setShown({ status: 'ready', notification: { ...notification, ...read } }),
            () => {
              marked.current = false;
            },
          );
        },
        (error: unknown) => {
          if (!live) return;
          const missing = error instanceof ApiError && (error.status === 404 || error.status === 400);
          setShown({ status: missing ? 'not-found' : 'failed' });
        },
      );
    return () => {
      live = false;
    };
  }, [id, reads]);

  const back = <ShellLink to={ShellPaths.myNotifications}>{t('myNotifications.detail.back')}</ShellLink>;

  if (shown.status === 'loading')
    return (
      <section className={styles.page} aria-busy="true" aria-label={t('myNotifications.detail.loading')}>
        <Loading />
      </section>
    );

  if (shown.status === 'not-found' || shown.status === 'failed') {
    const notFound = shown.status === 'not-found';
    return (
      <section className={styles.page}>
        <Title2 as="h1" className={styles.text}>
          {notFound ? t('myNotifications.detail.notFoundTitle') : t('myNotifications.title')}
        </Title2>
        <div className={styles.card} role="alert">
          <Body1>
            {notFound ? t('myNotifications.detail.notFound') : t('myNotifications.detail.loadFailed')}
          </Body1>
          {notFound ? null : (
            <div className={styles.actions}>
              <Button
                onClick={() => {
                  setShown({ status: 'loading' });
                  setReads((n) => n + 1);
                }}
              >
                {t('myNotifications.retry')}
              </Button>
            </div>
          )}
        </div>
        <div>{back}</div>
      </section>
    );
  }

  const { notification } = shown;
  const link = notification.attachedLink;
  return (
    <article className={styles.page} aria-labelledby="my-notification-title">
      <div>{back}</div>
      <Title2 as="h1" id="my-notification-title" className={styles.text}>
        {notification.title}
      </Title2>
      <div className={styles.card}>
        <p className={styles.meta}>
          <Text className={styles.metaLabel}>{t('myNotifications.detail.sentAt')}</Text>
          <Text weight="semibold">
            <time dateTime={notification.sendAt}>{formatSendTime(notification.sendAt)}</time>
          </Text>
        </p>
        {notification.content ? (
          <Body1 as="p" className={styles.content} data-testid="notification-content">
            {notification.content}
          </Body1>
        ) : (
          <p className={styles.muted}>{t('myNotifications.detail.noContent')}</p>
        )}
        {link ? (
          <div className={styles.actions}>
            <Button appearance="primary" onClick={() => follow(link)}>
              {t('myNotifications.detail.openLink')}
              {isPortalPath(link) ? null : ` ${t('myNotifications.detail.opensInNewTab')}`}
            </Button>
          </div>
        ) : null}
      </div>
    </article>
  );
}
