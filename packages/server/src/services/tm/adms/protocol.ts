import type { Acknowledgement } from './device-session.ts';

/*
 * The words of ZKTeco's ADMS push protocol as this server speaks them (docs/attendance-devices.md,
 * "The conversation"). Plain text, one item a line.
 */

/** A serial as the register keeps it (upper case), or null when the text is not one. */
export function serialOf(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const serial = value.trim().toUpperCase();
  return /^[A-Z0-9_.]{4,50}$/.test(serial) ? serial : null;
}

/** A Stamp as devices send it: digits (seconds since their epoch), kept to say "send me what is newer". */
export function stampOf(value: unknown): string | undefined {
  return typeof value === 'string' && /^[0-9]{1,20}$/.test(value) ? value : undefined;
}

/** A push version ("2.4.1", "3.1.2"), kept to tell firmwares apart in the device list. */
export function pushVersionOf(value: unknown): string | null {
  return typeof value === 'string' && /^[0-9A-Za-z.\-_]{1,20}$/.test(value) ? value : null;
}

/**
 * The handshake's answer: the options the device runs with. ATTLOGStamp hands back the last
 * stamp it gave, so a device that reconnects sends only newer punches (None: everything it
 * holds). OPERLOGStamp=9999 asks for no operation log: nothing here reads it. Realtime=1: each
 * punch is pushed as it happens; TransInterval and TransTimes are the fallback batches.
 * TimeZone is not sent on purpose: firmwares disagree on its unit (hours or minutes), and a
 * wrong one moves the device's own clock by hours (saifulcoder/adms-server-ZKTeco#14); the
 * server converts the device's local time with the device record's IANA zone instead.
 */
export function handshakeAnswer(serial: string, attlogStamp: string | null): string {
  return [
    `GET OPTION FROM: ${serial}`,
    `ATTLOGStamp=${attlogStamp ?? 'None'}`,
    'OPERLOGStamp=9999',
    'ATTPHOTOStamp=None',
    'ErrorDelay=30',
    'Delay=10',
    'TransTimes=00:00;14:05',
    'TransInterval=1',
    'TransFlag=TransData AttLog OpLog EnrollUser ChgUser',
    'Realtime=1',
    'Encrypt=None',
    '',
  ].join('\n');
}

/** The heartbeat's answer: the commands, one `C:<number>:<command>` a line, or OK when none. */
export function commandsAnswer(commands: readonly { commandNo: number; command: string }[]): string {
  if (commands.length === 0) return 'OK';
  return commands.map((c) => `C:${c.commandNo}:${c.command}`).join('\n') + '\n';
}

/**
 * The acknowledgements of POST /iclock/devicecmd: one `ID=<n>&Return=<code>&CMD=<word>` a line.
 * Lines that are not one are skipped (nothing to acknowledge).
 */
export function acknowledgementsOf(lines: readonly string[]): Acknowledgement[] {
  const answers: Acknowledgement[] = [];
  for (const line of lines) {
    const fields = new URLSearchParams(line.trim());
    const id = fields.get('ID');
    const code = fields.get('Return');
    if (!id || !/^[0-9]{1,9}$/.test(id) || code === null || !/^-?[0-9]{1,9}$/.test(code)) continue;
    answers.push({ commandNo: Number(id), returnCode: Number(code) });
  }
  return answers;
}
