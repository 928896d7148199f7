import {
  notificationEventContract,
  type EmailDeliveryStatus,
  type NotificationEventStatus,
} from '@hcm/contracts/notification-events';
import type { Label } from '@hcm/contracts/resource';
import { toDayjs } from '@hcm/ui';
import type { Tone } from './ToneBadge.tsx';

/** The colour of a notification's status: a draft grey, a scheduled one blue, a sent one green. */
export const EventStatusTones: Readonly<Record<NotificationEventStatus, Tone>> = {
  DRAFT: 'informative',
  SCHEDULED: 'brand',
  SENT: 'success',
  CANCELED: 'subtle',
};

/** The colour of an email's delivery (its text is the dictionary's notificationEvent.emailStatus). */
export const EmailStatusTones: Readonly<Record<EmailDeliveryStatus, Tone>> = {
  PENDING: 'informative',
  SENT: 'success',
  RETRYING: 'warning',
  FAILED: 'danger',
  CANCELED: 'subtle',
};

const statusField = notificationEventContract.fields.sendStatus;
const statusLabels: Readonly<Record<string, Label>> =
  statusField.kind === 'enum' ? (statusField.valueLabels as Readonly<Record<string, Label>>) : {};

/** A notification's status in the language shown, from the contract's labels. */
export const eventStatusText = (status: string, language: string): string =>
  statusLabels[status]?.[language === 'en' ? 'en' : 'vi'] ?? status;

/** dd/MM/yyyy HH:mm (core §4); a dash for none. */
export const dateTimeText = (value: string | null | undefined): string =>
  toDayjs(value)?.format('DD/MM/YYYY HH:mm') ?? '—';

/** Whether the time lies ahead of now: sending then schedules instead. */
export const liesAhead = (value: unknown, now = Date.now()): boolean => {
  const at = typeof value === 'string' ? toDayjs(value) : null;
  return at !== null && at.valueOf() > now;
};
