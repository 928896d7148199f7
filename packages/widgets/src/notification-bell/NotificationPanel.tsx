import { useEffect, useState } from 'react';
import type { MyNotification } from '@hcm/contracts/notifications';
import {
  Button,
  Spinner,
  Subtitle2,
  Text,
  formatDate,
  makeStyles,
  mergeClasses,
  tokens,
  visuallyHidden,
} from '@hcm/ui';
import { notifications } from '@hcm/session';
import { useWidgetsTranslation } from '../widgets-i18n.ts';
import { followLink } from './follow-link.ts';

/** What the panel shows at once: the newest; the notification pages list the rest. */
export const PANEL_PAGE_SIZE = 20;

const useStyles = makeStyles({
  head: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    padding: `${tokens.spacingVerticalM} ${tokens.spacingHorizontalM} ${tokens.spacingVerticalS}`,
  },
  title: { flexGrow: 1 },
  filters: { display: 'flex', gap: tokens.spacingHorizontalXS, paddingInline: tokens.spacingHorizontalM },
  list: {
    listStyle: 'none',
    margin: 0,
    padding: `${tokens.spacingVerticalS} 0`,
    maxHeight: 'min(420px, 60vh)',
    overflowY: 'auto',
  },
  item: {
    display: 'grid',
    gridTemplateColumns: '10px 1fr',
    columnGap: tokens.spacingHorizontalS,
    width: '100%',
    textAlign: 'start',
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    border: 'none',
    background: 'none',
    cursor: 'pointer',
    color: tokens.colorNeutralForeground1,
    fontFamily: 'inherit',
    ':hover': { backgroundColor: tokens.colorNeutralBackground1Hover },
    ':focus-visible': { outline: `2px solid ${tokens.colorStrokeFocus2}`, outlineOffset: '-2px' },
  },
  dot: {
    width: '8px',
    height: '8px',
    marginTop: '6px',
    borderRadius: tokens.borderRadiusCircular,
    backgroundColor: tokens.colorBrandBackground,
  },
  read: { backgroundColor: 'transparent' },
  itemTitle: { display: 'block', overflowWrap: 'anywhere' },
  unreadTitle: { fontWeight: tokens.fontWeightSemibold },
  time: { display: 'block', color: tokens.colorNeutralForeground3 },
  // said by screen readers, not shown: the dot says it to the eye
  hidden: visuallyHidden,
  state: { padding: tokens.spacingHorizontalM, color: tokens.colorNeutralForeground3 },
});

/** What the bell tells when a notification is opened (the `hcm-notification-open` event's detail). */
export interface NotificationOpenDetail {
  id: string;
  title: string;
  attachedLink: string | null;
}

/**
 * The bell's list: the newest notifications, all or only the unread; a click marks one read and
 * follows its link; "mark all read" empties the badge.
 */
export function NotificationPanel({
  onDone,
  onOpenNotification,
}: {
  onDone: () => void;
  onOpenNotification?: (detail: NotificationOpenDetail) => boolean | undefined;
}) {
  const styles = useStyles();
  const { t } = useWidgetsTranslation();
  const [onlyUnread, setOnlyUnread] = useState(false);
  const [items, setItems] = useState<MyNotification[] | null>(null);
  const [failed, setFailed] = useState(false);

  // bumped to read the list again: after a push, a "mark all", a retry
  const [reads, setReads] = useState(0);
  const reload = () => setReads((n) => n + 1);

  useEffect(() => {
    let live = true;
    notifications.list({ pageSize: PANEL_PAGE_SIZE, ...(onlyUnread ? { isRead: false } : {}) }).then(
      (page) => {
        if (!live) return;
        setFailed(false);
        setItems(page.data);
      },
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [onlyUnread, reads]);

  useEffect(() => {
    const subscription = notifications.arrived$.subscribe(reload);
    return () => subscription.unsubscribe();
  }, []);

  const open = async (item: MyNotification) => {
    if (!item.isRead) {
      setItems((list) => list?.map((n) => (n.id === item.id ? { ...n, isRead: true } : n)) ?? null);
      await notifications.markRead(item.id).catch(() => undefined);
    }
    const followed = onOpenNotification?.({
      id: item.id,
      title: item.title,
      attachedLink: item.attachedLink,
    });
    if (item.attachedLink) {
      onDone();
      if (followed !== false) followLink(item.attachedLink);
    }
  };
  const markAll = async () => {
    await notifications.markAllRead().catch(() => undefined);
    reload();
  };

  return (
    <div>
      <div className={styles.head}>
        <Subtitle2 as="h2" className={styles.title}>
          {t('notifications.title')}
        </Subtitle2>
        <Button size="small" appearance="transparent" onClick={() => void markAll()}>
          {t('notifications.markAllRead')}
        </Button>
      </div>
      <div className={styles.filters} role="group" aria-label={t('notifications.title')}>
        <Button
          size="small"
          appearance={onlyUnread ? 'subtle' : 'primary'}
          aria-pressed={!onlyUnread}
          onClick={() => setOnlyUnread(false)}
        >
          {t('notifications.all')}
        </Button>
        <Button
          size="small"
          appearance={onlyUnread ? 'primary' : 'subtle'}
          aria-pressed={onlyUnread}
          onClick={() => setOnlyUnread(true)}
        >
          {t('notifications.unread')}
        </Button>
      </div>
      {failed ? (
        <div className={styles.state} role="alert">
          {t('notifications.loadFailed')}{' '}
          <Button size="small" onClick={reload}>
            {t('notifications.retry')}
          </Button>
        </div>
      ) : items === null ? (
        <Spinner size="tiny" className={styles.state} />
      ) : items.length === 0 ? (
        <Text as="p" className={styles.state}>
          {onlyUnread ? t('notifications.emptyUnread') : t('notifications.empty')}
        </Text>
      ) : (
        <ul className={styles.list}>
          {items.map((item) => (
            <li key={item.id}>
              <button type="button" className={styles.item} onClick={() => void open(item)}>
                <span className={mergeClasses(styles.dot, item.isRead && styles.read)} />
                <span>
                  <Text className={mergeClasses(styles.itemTitle, !item.isRead && styles.unreadTitle)}>
                    {item.title}
                    {item.isRead ? null : (
                      <span className={styles.hidden}>{`, ${t('notifications.unreadMark')}`}</span>
                    )}
                  </Text>
                  <Text size={200} className={styles.time}>
                    {formatDate(item.sendAt, 'timeDate')}
                  </Text>
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
