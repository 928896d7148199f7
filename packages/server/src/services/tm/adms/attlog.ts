import { AdmsLimits, PIN_PATTERN, type QuarantineReason } from '@hcm/contracts/attendance-devices';
import { localTimeToInstant, parseLocalTime } from './local-time.ts';

/*
 * An ATTLOG upload (POST /iclock/cdata?table=ATTLOG): one punch a line, fields separated by tabs:
 *   PIN \t YYYY-MM-DD HH:MM:SS \t status \t verify \t workcode \t reserved…
 * The time is the device's local time with no offset. Each line is either a punch or a line kept
 * out of the punches with its reason (docs/attendance-devices.md, "Quarantine").
 */

/** The longest line kept as received (tm_punches.raw_line, tm_punch_quarantine.raw_line). */
const RAW_LINE_MAX = 500;

const PIN = new RegExp(PIN_PATTERN);

export interface PunchLine {
  pin: string;
  punchedAt: Date;
  rawLine: string;
}

export interface QuarantinedLine {
  pin: string | null;
  localTime: string | null;
  reason: QuarantineReason;
  rawLine: string;
}

export interface SortedUpload {
  /** non-empty lines received (what the device is told it delivered) */
  lines: number;
  punches: PunchLine[];
  quarantined: QuarantinedLine[];
}

/** The lines of a body, without empty ones (devices end with a line break, some with \r\n). */
export function linesOf(body: string): string[] {
  return body.split(/\r?\n/).filter((line) => line.trim() !== '');
}

/**
 * Sorts an upload's lines into punches and quarantined lines. `zone` is the device's time zone;
 * `now` the server's clock: a time more than AdmsLimits.pastDays before it (a clock reset to
 * 2000 after a power cut) or AdmsLimits.futureHours after it cannot be a punch that just
 * happened or one a device kept while offline.
 */
export function sortAttlog(lines: readonly string[], zone: string, now: Date): SortedUpload {
  const earliest = now.getTime() - AdmsLimits.pastDays * 86_400_000;
  const latest = now.getTime() + AdmsLimits.futureHours * 3_600_000;
  const punches: PunchLine[] = [];
  const quarantined: QuarantinedLine[] = [];
  for (const line of lines) {
    const rawLine = line.slice(0, RAW_LINE_MAX);
    const fields = line.split('\t').map((field) => field.trim());
    const [pin = '', localTime = ''] = fields;
    const keep = (reason: QuarantineReason, time: string | null = localTime.slice(0, 19) || null) =>
      quarantined.push({ pin: pin.slice(0, 50) || null, localTime: time, reason, rawLine });
    if (line.length > RAW_LINE_MAX || fields.length < 2) {
      keep('BAD_LINE');
      continue;
    }
    if (!PIN.test(pin)) {
      keep('BAD_PIN');
      continue;
    }
    const parts = parseLocalTime(localTime);
    const instant = parts ? localTimeToInstant(parts, zone) : null;
    if (!instant) {
      keep('BAD_TIME');
      continue;
    }
    if (instant.getTime() < earliest) keep('CLOCK_PAST');
    else if (instant.getTime() > latest) keep('CLOCK_FUTURE');
    else punches.push({ pin, punchedAt: instant, rawLine });
  }
  return { lines: lines.length, punches, quarantined };
}
