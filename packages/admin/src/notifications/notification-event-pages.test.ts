import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { ADMIN_APP, menuEntries } from '@hcm/contracts';
import {
  EmailDeliveryStatus,
  NotificationEventStatus,
  notificationEventContract,
} from '@hcm/contracts/notification-events';
import { ADMIN_PAGES } from '../admin-pages.ts';
import {
  EmailStatusTones,
  EventStatusTones,
  dateTimeText,
  eventStatusText,
  liesAhead,
} from './event-labels.ts';

type Dictionary = Record<string, unknown>;
const dictionary = (app: 'shell' | 'admin', language: 'vi' | 'en') =>
  JSON.parse(
    readFileSync(new URL(`../../../${app}/i18n/${language}.json`, import.meta.url), 'utf8'),
  ) as Dictionary;

/** Every key path of a dictionary section ("emails.title"). */
const keysOf = (section: unknown, prefix = ''): string[] =>
  typeof section === 'object' && section !== null
    ? Object.entries(section).flatMap(([key, value]) => keysOf(value, `${prefix}${key}.`))
    : [prefix.slice(0, -1)];

describe('Notification › form in the admin app', () => {
  it('is a route the app declares and draws, a menu entry for tenant users', () => {
    const route = notificationEventContract.route;
    expect(ADMIN_APP.routes).toContain(route);
    expect(Object.keys(ADMIN_PAGES)).toContain(route);
    const entry = menuEntries().find((place) => place.entry.path === route)?.entry;
    expect(entry?.key).toBe('notificationForm');
    expect(entry?.levels).toEqual(['TENANT']);
    expect(notificationEventContract.level).toBe('tenant');
  });

  it('is titled as its menu entry: the entry is named by the contract’s title', () => {
    const entry = menuEntries().find((place) => place.entry.path === notificationEventContract.route)?.entry;
    expect(entry?.label).toBe(notificationEventContract.title);
  });

  it('has its page texts in both languages, the same keys, a text for every email status', () => {
    const vi = dictionary('admin', 'vi').notificationEvent;
    const en = dictionary('admin', 'en').notificationEvent;
    expect(keysOf(en).sort()).toEqual(keysOf(vi).sort());
    for (const status of Object.values(EmailDeliveryStatus))
      expect(keysOf(vi)).toContain(`emailStatus.${status}`);
  });

  it('gives every status a colour and a name', () => {
    expect(Object.keys(EventStatusTones).sort()).toEqual(Object.values(NotificationEventStatus).sort());
    expect(Object.keys(EmailStatusTones).sort()).toEqual(Object.values(EmailDeliveryStatus).sort());
    expect(EmailStatusTones).toMatchObject({
      SENT: 'success',
      RETRYING: 'warning',
      FAILED: 'danger',
      PENDING: 'informative',
      CANCELED: 'subtle',
    });
    expect(eventStatusText('SCHEDULED', 'vi')).toBe('Đã hẹn giờ');
    expect(eventStatusText('SCHEDULED', 'en')).toBe('Scheduled');
  });

  it('tells a time ahead from one gone, and writes times as dd/MM/yyyy HH:mm', () => {
    const now = Date.parse('2026-11-22T08:00:00Z');
    expect(liesAhead('2026-11-22T08:00:01Z', now)).toBe(true);
    expect(liesAhead('2026-11-22T07:59:59Z', now)).toBe(false);
    expect(liesAhead(null, now)).toBe(false);
    expect(liesAhead('not a time', now)).toBe(false);
    expect(dateTimeText('2026-03-05T08:07:00')).toBe('05/03/2026 08:07');
    expect(dateTimeText(null)).toBe('—');
  });
});
