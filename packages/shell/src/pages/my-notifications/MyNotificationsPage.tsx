import { useEffect, useState, type MouseEvent } from 'react';
import type { MyNotification } from '@hcm/contracts/notifications';
import { notifications } from '@hcm/session';
import {
  Body1,
  Button,
  Loading,
  PaginationBar,
  Text,
  Title2,
  makeStyles,
  mergeClasses,
  showToast,
  tokens,
  visuallyHidden,
} from '@hcm/ui';
import { useShellTranslation } from '../../shell-i18n.ts';
import { navigate, replaceLocation, useShellLocation } from '../../routing/location.ts';
import { ShellPaths, myNotificationPath } from '../../routing/shell-paths.ts';
import { followInPortal } from '../../navigation/follow-link.ts';
import {
  READ_FILTERS,
  formatSendTime,
  isReadOf,
  parseMyNotificationsQuery,
  serializeMyNotificationsQuery,
  type MyNotificationsQuery,
} from './my-notifications.ts';
import { useUnreadCount } from './use-unread-count.ts';

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, minWidth: 0 },
  text: { margin: 0 },
  toolbar: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: tokens.spacingVerticalS,
  },
  filters: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalXS },
  actions: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalM },
  count: { color: tokens.colorNeutralForeground2 },
  card: {
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusMedium,
    boxShadow: tokens.shadow4,
    overflow: 'hidden',
  },
  table: { width: '100%', borderCollapse: 'collapse', tableLayout: 'fixed' },
  head: {
    textAlign: 'start',
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    fontWeight: tokens.fontWeightSemibold,
    color: tokens.colorNeutralForeground2,
    backgroundColor: tokens.colorNeutralBackground2,
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
  },
  timeColumn: { width: '9.5rem' },
  row: {
    cursor: 'pointer',
    ':hover': { backgroundColor: tokens.colorNeutralBackground1Hover },
    ':not(:last-child)': { borderBottom: `1px solid ${tokens.colorNeutralStroke2}` },
  },
  cell: {
    padding: `${tokens.spacingVerticalM} ${tokens.spacingHorizontalM}`,
    verticalAlign: 'top',
  },
  titleCell: {
    display: 'grid',
    gridTemplateColumns: '8px minmax(0, 1fr)',
    columnGap: tokens.spacingHorizontalS,
  },
  dot: {
    width: '8px',
    height: '8px',
    marginTop: '7px',
    borderRadius: tokens.borderRadiusCircular,
    backgroundColor: tokens.colorBrandBackground,
  },
  noDot: { backgroundColor: 'transparent' },
  link: {
    color: tokens.colorNeutralForeground1,
    textDecorationLine: 'none',
    overflowWrap: 'anywhere',
    fontWeight: tokens.fontWeightRegular,
    ':hover': { textDecorationLine: 'underline' },
    ':focus-visible': {
      outline: `2px solid ${tokens.colorStrokeFocus2}`,
      outlineOffset: '2px',
      borderRadius: tokens.borderRadiusSmall,
    },
  },
  unread: { fontWeight: tokens.fontWeightSemibold },
  time: { color: tokens.colorNeutralForeground2, whiteSpace: 'nowrap' },
  hidden: visuallyHidden,
  state: { padding: tokens.spacingHorizontalL, color: tokens.colorNeutralForeground2, margin: 0 },
  failed: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    padding: tokens.spacingHorizontalL,
  },
});

interface Loaded {
  items: MyNotification[];
  total: number;
  /** more than `total` (the server stops counting at 10,000): the bar says "more than" */
  totalCapped: boolean;
}

/**
 * /notification/notification-me: the signed-in user's inbox, all of it or only the read or
 * unread ones, 25 a page, newest first; a row opens the notification. The filter and the page
 * stay in the address, so Back from a notification returns here as it was. The bell's count
 * stays right through the page's one feed (@hcm/session `notifications`).
 */
export function MyNotificationsPage() {
  const styles = useStyles();
  const { t } = useShellTranslation();
  const location = useShellLocation();
  const query = parseMyNotificationsQuery(location.search);
  const { filter, pageIndex, pageSize } = query;
  const unread = useUnreadCount();
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  // the request whose answer (or failure) is shown: another one is under way while they differ
  const [settled, setSettled] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const [marking, setMarking] = useState(false);
  // bumped to read the page again: a new arrival, "mark all", a retry
  const [reads, setReads] = useState(0);
  const reload = () => setReads((n) => n + 1);

  const show = (next: Partial<MyNotificationsQuery>) =>
    replaceLocation(`${ShellPaths.myNotifications}${serializeMyNotificationsQuery({ ...query, ...next })}`);

  const request = `${filter} ${pageIndex} ${pageSize} ${reads}`;
  const loading = settled !== request;

  useEffect(() => {
    let live = true;
    const isRead = isReadOf(filter);
    notifications
      .list({ pageIndex, pageSize, sortBy: 'sendAt.desc', ...(isRead === undefined ? {} : { isRead }) })
      .then(
        (page) => {
          if (!live) return;
          const pages = Math.max(1, Math.ceil(page.page.total / pageSize));
          // a page beyond the end (everything on it was read meanwhile): the last one instead
          if (page.data.length === 0 && pageIndex > pages) {
            replaceLocation(
              `${ShellPaths.myNotifications}${serializeMyNotificationsQuery({ filter, pageSize, pageIndex: pages })}`,
            );
            return;
          }
          setFailed(false);
          setLoaded({
            items: page.data,
            total: page.page.total,
            totalCapped: page.page.totalCapped === true,
          });
        },
        () => live && setFailed(true),
      )
      .finally(() => live && setSettled(request));
    return () => {
      live = false;
    };
  }, [filter, pageIndex, pageSize, request]);

  // The count as the server has it with each page read (the bell polls it every 20 s besides):
  // "mark all" is offered only when something is unread.
  useEffect(() => {
    void notifications.refreshCount().catch(() => undefined);
  }, [filter, pageIndex, pageSize, reads]);

  // the list again when a new notification arrives
  useEffect(() => {
    const subscription = notifications.arrived$.subscribe(() => setReads((n) => n + 1));
    return () => subscription.unsubscribe();
  }, []);

  const markAll = async () => {
    setMarking(true);
    try {
      await notifications.markAllRead();
      void showToast({ intent: 'success', message: () => t('myNotifications.markedAllRead') });
      reload();
    } catch {
      // the session's client has said what went wrong
    } finally {
      setMarking(false);
    }
  };

  const open = (item: MyNotification) => (event: MouseEvent<HTMLTableRowElement>) => {
    // the title's own link moves by itself (and leaves new-tab clicks to the browser)
    if ((event.target as Element).closest('a')) return;
    navigate(myNotificationPath(item.id));
  };

  const items = loaded?.items ?? [];
  return (
    <section className={styles.page} aria-labelledby="my-notifications-title">
      <Title2 as="h1" id="my-notifications-title" className={styles.text}>
        {t('myNotifications.title')}
      </Title2>
      <Body1>{t('myNotifications.intro')}</Body1>
      <div className={styles.toolbar}>
        <div className={styles.filters} role="group" aria-label={t('myNotifications.filterLabel')}>
          {READ_FILTERS.map((each) => (
            <Button
              key={each}
              appearance={filter === each ? 'primary' : 'subtle'}
              aria-pressed={filter === each}
              onClick={() => filter !== each && show({ filter: each, pageIndex: 1 })}
            >
              {t(`myNotifications.filters.${each}`)}
            </Button>
          ))}
        </div>
        <div className={styles.actions}>
          <Text className={styles.count}>{t('myNotifications.unreadCount', { count: unread })}</Text>
          <Button disabled={unread === 0 || marking} onClick={() => void markAll()}>
            {t('myNotifications.markAllRead')}
          </Button>
        </div>
      </div>
      <div className={styles.card} aria-busy={loading}>
        {failed ? (
          <div className={styles.failed} role="alert">
            <Text>{t('myNotifications.loadFailed')}</Text>
            <Button size="small" onClick={reload}>
              {t('myNotifications.retry')}
            </Button>
          </div>
        ) : loaded === null ? (
          <div className={styles.state}>
            <Loading />
          </div>
        ) : items.length === 0 ? (
          <p className={styles.state} role="status">
            {t(`myNotifications.empty.${filter}`)}
          </p>
        ) : (
          <table className={styles.table} aria-label={t('myNotifications.tableLabel')}>
            <thead>
              <tr>
                <th scope="col" className={styles.head}>
                  {t('myNotifications.columns.title')}
                </th>
                <th scope="col" className={mergeClasses(styles.head, styles.timeColumn)}>
                  {t('myNotifications.columns.sendAt')}
                </th>
              </tr>
            </thead>
            <tbody>
              {items.map((item) => {
                const to = myNotificationPath(item.id);
                return (
                  <tr key={item.id} className={styles.row} onClick={open(item)}>
                    <td className={styles.cell}>
                      <div className={styles.titleCell}>
                        <span
                          className={mergeClasses(styles.dot, item.isRead && styles.noDot)}
                          aria-hidden="true"
                          data-unread={item.isRead ? undefined : 'true'}
                        />
                        <a
                          href={to}
                          className={mergeClasses(styles.link, !item.isRead && styles.unread)}
                          onClick={followInPortal(to)}
                        >
                          {item.title}
                          {item.isRead ? null : (
                            <span className={styles.hidden}>{`, ${t('myNotifications.unreadMark')}`}</span>
                          )}
                        </a>
                      </div>
                    </td>
                    <td className={mergeClasses(styles.cell, styles.time)}>
                      <time dateTime={item.sendAt}>{formatSendTime(item.sendAt)}</time>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        )}
      </div>
      {loaded && loaded.total > 0 ? (
        <PaginationBar
          pageIndex={pageIndex}
          pageSize={pageSize}
          total={loaded.total}
          totalCapped={loaded.totalCapped}
          disabled={loading}
          onChange={(nextPage, nextSize) => show({ pageIndex: nextPage, pageSize: nextSize })}
        />
      ) : null}
    </section>
  );
}
