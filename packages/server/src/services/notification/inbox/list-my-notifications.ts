import type { MyNotification, MyNotificationSort } from '@hcm/contracts/notifications';
import { Paging } from '@hcm/contracts';
import { and, asc, desc, eq, lte, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../../db/database.ts';
import { cappedTotal, type PageTotal } from '../../../resources/search/capped-total.ts';
import { userNotifications as n } from '../tables/notifications.ts';
import { notificationColumns, presentNotification } from './present-notification.ts';

export interface MyNotificationQuery {
  pageIndex?: number;
  pageSize?: number;
  sortBy?: MyNotificationSort;
  /** unset: all; true: only read; false: only unread */
  isRead?: boolean;
}

/** What the user's inbox holds: their own rows whose time has come (a scheduled one waits). */
export const inboxOf = (userId: string): SQL => and(eq(n.userId, userId), lte(n.sendAt, sql`now()`)) as SQL;

/**
 * The caller's notifications, newest first unless asked otherwise (core §3), a page at a time,
 * with the total for the pager.
 */
export async function listMyNotifications(
  tx: Tx,
  userId: string,
  query: MyNotificationQuery,
): Promise<{ data: MyNotification[]; page: { pageIndex: number; pageSize: number } & PageTotal }> {
  const pageIndex = query.pageIndex ?? 1;
  const pageSize = query.pageSize ?? Paging.defaultPageSize;
  const where = and(inboxOf(userId), query.isRead === undefined ? undefined : eq(n.isRead, query.isRead));
  const order = query.sortBy === 'sendAt.asc' ? [asc(n.sendAt), asc(n.id)] : [desc(n.sendAt), desc(n.id)];
  const rows = await tx
    .select(notificationColumns)
    .from(n)
    .where(where)
    .orderBy(...order)
    .limit(pageSize)
    .offset((pageIndex - 1) * pageSize);
  const total = await cappedTotal(tx, n, where, { pageIndex, pageSize, rows: rows.length });
  return { data: rows.map(presentNotification), page: { pageIndex, pageSize, ...total } };
}
