import { useEffect, useRef, useState } from 'react';
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
import { appendPage, nearEnd, visibleRange } from './virtual-window.ts';

/** How many the panel reads at a time, the newest first; scrolling down reads the next ones. */
export const PANEL_PAGE_SIZE = 20;
/** Each row's height: a title of up to two lines and its time (the window needs a fixed one). */
export const ROW_HEIGHT = 68;
const LIST_HEIGHT = 'min(420px, 60vh)';

const useStyles = makeStyles({
  head: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    padding: `${tokens.spacingVerticalM} ${tokens.spacingHorizontalM} ${tokens.spacingVerticalS}`,
  },
  title: { flexGrow: 1 },
  filters: { display: 'flex', gap: tokens.spacingHorizontalXS, paddingInline: tokens.spacingHorizontalM },
  scroller: { maxHeight: LIST_HEIGHT, overflowY: 'auto', marginBlockStart: tokens.spacingVerticalS },
  list: { listStyle: 'none', margin: 0, padding: 0, position: 'relative' },
  row: { position: 'absolute', insetInline: 0, height: `${ROW_HEIGHT}px` },
  item: {
    height: '100%',
    boxSizing: 'border-box',
    overflow: 'hidden',
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
  itemTitle: {
    overflowWrap: 'anywhere',
    // two lines at most, so that every row has the same height (the full title is its name)
    display: '-webkit-box',
    WebkitLineClamp: 2,
    WebkitBoxOrient: 'vertical',
    overflow: 'hidden',
  },
  unreadTitle: { fontWeight: tokens.fontWeightSemibold },
  time: { display: 'block', color: tokens.colorNeutralForeground3 },
  // said by screen readers, not shown: the dot says it to the eye
  hidden: visuallyHidden,
  state: { padding: tokens.spacingHorizontalM, color: tokens.colorNeutralForeground3 },
});

/** The rows to draw for a list scrolled to `scrollTop` in a viewport `viewport` px high. */
function windowOf(items: readonly MyNotification[], scrollTop: number, viewport: number) {
  const { first, last } = visibleRange(scrollTop, viewport, ROW_HEIGHT, items.length);
  return items.slice(first, last + 1).map((item, offset) => ({ item, index: first + offset }));
}

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
  const [total, setTotal] = useState(0);
  const [failed, setFailed] = useState(false);
  const [scrollTop, setScrollTop] = useState(0);
  const [viewport, setViewport] = useState(420);
  const scroller = useRef<HTMLDivElement | null>(null);
  // the next page is being read (never two at once)
  const reading = useRef(false);

  // bumped to read the list again from the top: after a push, a "mark all", a retry
  const [reads, setReads] = useState(0);
  const reload = () => setReads((n) => n + 1);
  const filter = onlyUnread ? { isRead: false } : {};

  useEffect(() => {
    let live = true;
    notifications.list({ pageSize: PANEL_PAGE_SIZE, ...(onlyUnread ? { isRead: false } : {}) }).then(
      (page) => {
        if (!live) return;
        setFailed(false);
        setItems(page.data);
        setTotal(page.page.total);
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

  /** Reads the page after what is shown, when the reader nears the end of it. */
  const readMore = (top: number, height: number) => {
    if (!items || reading.current || items.length >= total) return;
    if (!nearEnd(top, height, ROW_HEIGHT, items.length)) return;
    reading.current = true;
    const pageIndex = Math.floor(items.length / PANEL_PAGE_SIZE) + 1;
    notifications
      .list({ pageSize: PANEL_PAGE_SIZE, pageIndex, ...filter })
      .then(
        (page) => {
          setItems((shown) => (shown ? appendPage(shown, page.data) : page.data));
          setTotal(page.page.total);
        },
        () => undefined,
      )
      .finally(() => {
        reading.current = false;
      });
  };
  const onScroll = () => {
    const element = scroller.current;
    if (!element) return;
    setScrollTop(element.scrollTop);
    setViewport(element.clientHeight);
    readMore(element.scrollTop, element.clientHeight);
  };

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
  // a "mark all" the server did not take is said, not hidden behind the same unread list
  const [markFailed, setMarkFailed] = useState(false);
  const markAll = async () => {
    setMarkFailed(false);
    await notifications.markAllRead().catch(() => setMarkFailed(true));
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
      {markFailed && (
        <div className={styles.state} role="alert">
          {t('notifications.markAllFailed')}
        </div>
      )}
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
        <div className={styles.scroller} ref={scroller} onScroll={onScroll}>
          <ul className={styles.list} style={{ height: items.length * ROW_HEIGHT }}>
            {windowOf(items, scrollTop, viewport).map(({ item, index }) => (
              <li
                key={item.id}
                className={styles.row}
                style={{ top: index * ROW_HEIGHT }}
                // only a window of the list is drawn: say where each row stands in the whole
                aria-setsize={total}
                aria-posinset={index + 1}
              >
                <button
                  type="button"
                  className={styles.item}
                  title={item.title}
                  onClick={() => void open(item)}
                >
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
        </div>
      )}
    </div>
  );
}
