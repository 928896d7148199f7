import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  /** the raw message (headers and body) as received */
  raw: string;
}

export interface TestSmtpServer {
  /** smtp://127.0.0.1:<port> */
  url: string;
  received: ReceivedMail[];
  /** the next `times` mails to `address` are refused with 451 (a mail server briefly unable) */
  failNext(address: string, times: number): void;
  stop(): Promise<void>;
}

/** A real SMTP server in this process (smtp-server), that keeps every mail it accepts. */
export async function startTestSmtpServer(): Promise<TestSmtpServer> {
  const received: ReceivedMail[] = [];
  const failing = new Map<string, number>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(address, _session, callback) {
      const left = failing.get(address.address) ?? 0;
      if (left > 0) {
        failing.set(address.address, left - 1);
        const error = new Error('Mailbox busy, try again later') as Error & { responseCode: number };
        error.responseCode = 451;
        callback(error);
        return;
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    failNext: (address, times) => failing.set(address, times),
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * A received mail made readable for assertions: quoted-printable bodies and RFC 2047 encoded
 * words (a Vietnamese subject) decoded to UTF-8 text.
 */
export function readableMail(raw: string): string {
  const words = raw
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?UTF-8\?([QB])\?([^?]*)\?=/gi, (_, kind: string, text: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeQuotedPrintable(text.replace(/_/g, ' ')),
    );
  // folded headers (an encoded subject split over lines) joined
  return decodeQuotedPrintable(words).replace(/\r\n[ \t]+/g, ' ');
}

function decodeQuotedPrintable(text: string): string {
  const bytes: number[] = [];
  const source = text.replace(/=\r?\n/g, '');
  for (let i = 0; i < source.length; i++) {
    const hex = source.slice(i + 1, i + 3);
    if (source[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else bytes.push(...Buffer.from(source[i] as string, 'utf8'));
  }
  return Buffer.from(bytes).toString('utf8');
}
