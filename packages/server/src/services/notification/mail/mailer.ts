import nodemailer from 'nodemailer';
import type { MailConfig } from '../../../config.ts';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  /** resolves with the server's message id once the SMTP server accepted the mail */
  send(mail: OutgoingMail): Promise<{ messageId: string; response: string }>;
  /** where mail goes, without credentials (the outbound log's url) */
  readonly endpoint: string;
  close(): void;
}

/** The plain text as HTML: escaped, each line break kept. */
export function htmlOf(text: string): string {
  const escaped = text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  return `<div style="font-family:Segoe UI,Arial,sans-serif;font-size:14px;line-height:1.5">${escaped.replace(/\r?\n/g, '<br>')}</div>`;
}

/**
 * The SMTP client of SMTP_URL (nodemailer), or null when none is configured. Each attempt has
 * time limits, so a mail server that stops answering fails the job (to be retried) rather than
 * holding it.
 */
export function createMailer(config: MailConfig): Mailer | null {
  if (!config.smtpUrl) return null;
  const url = new URL(config.smtpUrl);
  const transport = nodemailer.createTransport({
    host: url.hostname,
    port: Number(url.port || (url.protocol === 'smtps:' ? 465 : 587)),
    secure: url.protocol === 'smtps:',
    ...(url.username
      ? { auth: { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } }
      : {}),
    // a few connections kept open and reused: a batch of jobs sends over them
    pool: true,
    maxConnections: 5,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  return {
    endpoint: `${url.protocol}//${url.host}`,
    async send(mail) {
      const info = await transport.sendMail({
        from: config.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: htmlOf(mail.text),
      });
      return { messageId: String(info.messageId ?? ''), response: String(info.response ?? '') };
    },
    close: () => transport.close(),
  };
}
