import { toDayjs } from '@hcm/ui';

/** The read filter of the list, as the page's query says it (?filter=unread). */
export const READ_FILTERS = ['all', 'unread', 'read'] as const;
export type ReadFilter = (typeof READ_FILTERS)[number];

/** What the inbox is asked for each filter: no isRead for all. */
export const isReadOf = (filter: ReadFilter): boolean | undefined =>
  filter === 'all' ? undefined : filter === 'read';

/** catalogues §2.1: the list shows 25 a page unless the user picks another size. */
export const MY_NOTIFICATIONS_PAGE_SIZE = 25;

export interface MyNotificationsQuery {
  filter: ReadFilter;
  pageIndex: number;
  pageSize: number;
}

const positive = (text: string | null, fallback: number) => {
  const value = Number(text);
  return Number.isInteger(value) && value > 0 ? value : fallback;
};

/** The list's state as its address keeps it (so Back from a notification returns to the same page). */
export function parseMyNotificationsQuery(search: string): MyNotificationsQuery {
  const params = new URLSearchParams(search);
  const filter = params.get('filter');
  return {
    filter: (READ_FILTERS as readonly (string | null)[]).includes(filter) ? (filter as ReadFilter) : 'all',
    pageIndex: positive(params.get('page'), 1),
    pageSize: Math.min(positive(params.get('size'), MY_NOTIFICATIONS_PAGE_SIZE), 100),
  };
}

/** The query string of a list state, without what is the default ('' for the first page of all). */
export function serializeMyNotificationsQuery(query: MyNotificationsQuery): string {
  const params = new URLSearchParams();
  if (query.filter !== 'all') params.set('filter', query.filter);
  if (query.pageIndex !== 1) params.set('page', String(query.pageIndex));
  if (query.pageSize !== MY_NOTIFICATIONS_PAGE_SIZE) params.set('size', String(query.pageSize));
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** dd/MM/yyyy HH:mm in the browser's time zone; '' for an invalid date. */
export const formatSendTime = (sendAt: string): string => toDayjs(sendAt)?.format('DD/MM/YYYY HH:mm') ?? '';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A notification's id is a uuid: anything else is not found without asking the server. */
export const isNotificationId = (id: string): boolean => UUID.test(id);
