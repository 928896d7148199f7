import type { PageEnvelope } from '@hcm/contracts';
import {
  NOTIFICATION_EVENT_PATHS,
  type EmailDelivery,
  type NotificationEventRecord,
} from '@hcm/contracts/notification-events';
import { api } from '@hcm/session';

/** A path of NOTIFICATION_EVENT_PATHS with the notification's id in it. */
const pathOf = (path: string, id: string) => path.replace(':id', encodeURIComponent(id));

/** The page size of a notification's emails. */
export const EMAILS_PAGE_SIZE = 25;

/**
 * Notification › form beside the generic sub-paths. Quiet calls (`ignoreError`): the pages show
 * the envelope's message themselves, so nothing is said twice.
 */
export const notificationEventApi = {
  /** sends a DRAFT or SCHEDULED notification now, or schedules it when its sendAt lies ahead */
  send: (id: string) =>
    api.post<NotificationEventRecord>(pathOf(NOTIFICATION_EVENT_PATHS.send, id), undefined, {
      ignoreError: true,
      loading: true,
    }),
  /** withdraws a DRAFT or SCHEDULED notification (CANCELED) */
  cancel: (id: string) =>
    api.post<NotificationEventRecord>(pathOf(NOTIFICATION_EVENT_PATHS.cancel, id), undefined, {
      ignoreError: true,
      loading: true,
    }),
  /** one page (from 1) of the notification's emails, in the order written */
  emails: (
    id: string,
    pageIndex: number,
    pageSize = EMAILS_PAGE_SIZE,
  ): Promise<PageEnvelope<EmailDelivery>> =>
    api.getPage<EmailDelivery>(
      `${pathOf(NOTIFICATION_EVENT_PATHS.emails, id)}?pageIndex=${pageIndex}&pageSize=${pageSize}`,
      { ignoreError: true },
    ),
};
