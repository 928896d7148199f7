import { useEffect, useState } from 'react';
import type { MyNotification } from '@hcm/contracts/notifications';
import { notifications } from '@hcm/session';
import { formatDate } from '@hcm/ui';
import { ShellPaths } from '../../../routing/shell-paths.ts';
import { useDashboardText } from './dashboard-text.ts';
import { ListCard, PortalLink, useCardStyles } from './NumberCard.tsx';

const SHOWN = 5;

/** The user's latest notices (the inbox every user has), the unread ones first in weight. */
export function NoticesCard() {
  const styles = useCardStyles();
  const { text } = useDashboardText();
  const [latest, setLatest] = useState<{ rows: MyNotification[]; unread: number } | null>(null);
  useEffect(() => {
    let alive = true;
    Promise.all([notifications.list({ pageSize: SHOWN }), notifications.list({ pageSize: 1, isRead: false })])
      .then(([page, unread]) => alive && setLatest({ rows: page.data, unread: unread.page.total }))
      .catch(() => alive && setLatest({ rows: [], unread: 0 }));
    return () => {
      alive = false;
    };
  }, []);
  const inbox = ShellPaths.myNotifications;
  return (
    <ListCard
      slot="notices"
      title={
        latest && latest.unread > 0
          ? `${text('notices')} (${text('unread', { count: latest.unread })})`
          : text('notices')
      }
      empty={latest ? text('noNotices') : '…'}
      footer={
        latest && latest.rows.length > 0 ? (
          <PortalLink to={inbox}>{text('allNotices')}</PortalLink>
        ) : undefined
      }
    >
      {(latest?.rows ?? []).map((notice) => (
        <li key={notice.id} className={styles.item}>
          <span
            className={styles.itemName}
            title={notice.title}
            style={{ fontWeight: notice.isRead ? undefined : 600 }}
          >
            {notice.title}
          </span>
          <span className={styles.itemValue}>{formatDate(notice.sendAt)}</span>
        </li>
      ))}
    </ListCard>
  );
}
