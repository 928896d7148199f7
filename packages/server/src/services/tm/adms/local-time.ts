/*
 * Devices send their clock's local time with no offset ("2026-03-09 07:58:12"). The instant it
 * names depends on the zone the device is set up in (the device record's IANA time zone), so the
 * conversion happens here, with the zone's rules as Node's ICU knows them, daylight saving
 * included (Vietnam has had none since 1975; a tenant's device in another country may).
 */

const LOCAL_TIME = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/;

/** The fields of a local time, or null when the text is not one (or not a real date and time). */
export function parseLocalTime(text: string): number[] | null {
  const match = LOCAL_TIME.exec(text);
  if (!match) return null;
  const [year, month, day, hour, minute, second] = match.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  if (month < 1 || month > 12 || hour > 23 || minute > 59 || second > 59 || day < 1) return null;
  const real = new Date(Date.UTC(year, month - 1, day));
  if (real.getUTCMonth() !== month - 1 || real.getUTCDate() !== day) return null;
  return [year, month, day, hour, minute, second];
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterOf(zone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(zone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(zone, formatter);
  }
  return formatter;
}

/** Whether `zone` is an IANA time zone this server knows. */
export function isTimeZone(zone: string): boolean {
  if (zone.length === 0 || zone.length > 64) return false;
  try {
    formatterOf(zone);
    return true;
  } catch {
    return false;
  }
}

/** The zone's offset from UTC at `instant`, in milliseconds (+07:00 → 25,200,000). */
export function offsetAt(zone: string, instant: number): number {
  const parts = Object.fromEntries(
    formatterOf(zone)
      .formatToParts(new Date(instant))
      .filter((part) => part.type !== 'literal')
      .map((part) => [part.type, Number(part.value)]),
  ) as Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', number>;
  const asUtc = Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute, parts.second);
  return asUtc - Math.floor(instant / 1000) * 1000;
}

/**
 * The instant a device's local time names in `zone`, or null when the zone skips that time (a
 * daylight-saving gap: the clock never showed it). A time shown twice (the hour repeated when
 * daylight saving ends) is taken at its first showing.
 */
export function localTimeToInstant(fields: readonly number[], zone: string): Date | null {
  const [year = 0, month = 1, day = 1, hour = 0, minute = 0, second = 0] = fields;
  const wall = Date.UTC(year, month - 1, day, hour, minute, second);
  // Two passes find the offset in force at the instant itself (the offset at the wall time read
  // as UTC can be the other side of a change).
  const first = wall - offsetAt(zone, wall);
  const earlier = wall - offsetAt(zone, first - 3_600_000);
  const candidates = [earlier, first, wall - offsetAt(zone, first)].sort((a, b) => a - b);
  for (const instant of candidates) if (instant + offsetAt(zone, instant) === wall) return new Date(instant);
  return null;
}
