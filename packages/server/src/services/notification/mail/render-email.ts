import type { MessageTemplateRecord } from '@hcm/contracts/settings';
import type { Recipient } from '../events/resolve-recipients.ts';

export interface NotificationForMail {
  title: string;
  content: string | null;
  attachedLink: string | null;
  sentAt: Date;
}

type Template = Pick<MessageTemplateRecord, 'subjectVi' | 'bodyVi' | 'subjectEn' | 'bodyEn'>;

const PLACEHOLDER = /\{\{\s*([A-Za-z][A-Za-z0-9_.]*)\s*\}\}/g;

/** dd/MM/yyyy HH:mm in Vietnam's time (UTC+7, no daylight saving). */
export function vietnamTime(at: Date): string {
  const local = new Date(at.getTime() + 7 * 3_600_000);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(local.getUTCDate())}/${two(local.getUTCMonth() + 1)}/${local.getUTCFullYear()} ${two(local.getUTCHours())}:${two(local.getUTCMinutes())}`;
}

/** A portal path made absolute with the portal's public address (PUBLIC_URL), when it has one. */
export function absoluteLink(link: string | null, publicUrl: string | undefined): string {
  if (!link) return '';
  if (!link.startsWith('/') || !publicUrl) return link;
  return new URL(link, publicUrl).toString();
}

const DEFAULT_TEMPLATE: Template = {
  subjectVi: '{{title}}',
  bodyVi: 'Xin chào {{fullName}},\n\n{{content}}\n\n{{link}}\n\nThông báo gửi lúc {{sendAt}}.',
  subjectEn: '{{title}}',
  bodyEn: 'Hello {{fullName}},\n\n{{content}}\n\n{{link}}\n\nSent at {{sendAt}} (Vietnam time).',
};

/**
 * The email of a notification for one recipient: the template in the recipient's language
 * (English falls back to Vietnamese when the template has none), its placeholders filled —
 * fullName, title, content, link, sendAt — and an unknown placeholder left empty. Without a
 * template the mail carries the notification's title and content. Text only: the HTML part is
 * this text escaped (mailer.ts), so nothing a sender typed becomes markup.
 */
export function renderEmail(
  template: Template | null,
  notification: NotificationForMail,
  recipient: Pick<Recipient, 'fullName' | 'language'>,
  publicUrl: string | undefined,
): { subject: string; text: string } {
  const chosen = template ?? DEFAULT_TEMPLATE;
  const english = recipient.language === 'en' && Boolean(chosen.bodyEn);
  const values: Record<string, string> = {
    fullName: recipient.fullName,
    title: notification.title,
    content: notification.content ?? '',
    link: absoluteLink(notification.attachedLink, publicUrl),
    sendAt: vietnamTime(notification.sentAt),
  };
  const fill = (text: string) => text.replace(PLACEHOLDER, (_, name: string) => values[name] ?? '');
  const subject = fill((english ? chosen.subjectEn : null) || chosen.subjectVi || '')
    .replace(/[\r\n]+/g, ' ')
    .trim()
    .slice(0, 250);
  const text = fill((english ? chosen.bodyEn : null) || chosen.bodyVi || '')
    .replace(/\n{3,}/g, '\n\n')
    .trim()
    .slice(0, 20_000);
  return { subject: subject || notification.title.slice(0, 250), text };
}
