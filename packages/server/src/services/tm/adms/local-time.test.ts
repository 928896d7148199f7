import { describe, expect, it } from 'vitest';
import { sortAttlog } from './attlog.ts';
import { isTimeZone, localTimeToInstant, parseLocalTime } from './local-time.ts';
import { acknowledgementsOf, commandsAnswer, serialOf } from './protocol.ts';

const at = (text: string, zone: string) => {
  const fields = parseLocalTime(text);
  return fields ? (localTimeToInstant(fields, zone)?.toISOString() ?? null) : 'not a time';
};

describe("a device's local time", () => {
  it.each([
    ['2026-03-09 07:58:12', 'Asia/Ho_Chi_Minh', '2026-03-09T00:58:12.000Z'],
    // the early hours of a month's first day are that month's (Vietnam's +07)
    ['2026-02-01 03:00:00', 'Asia/Ho_Chi_Minh', '2026-01-31T20:00:00.000Z'],
    ['2026-03-09 09:00:00', 'Asia/Tokyo', '2026-03-09T00:00:00.000Z'],
    ['2026-07-01 09:00:00', 'Europe/Berlin', '2026-07-01T07:00:00.000Z'],
    ['2026-01-01 09:00:00', 'Europe/Berlin', '2026-01-01T08:00:00.000Z'],
    // the hour daylight saving repeats is taken at its first showing
    ['2026-10-25 02:30:00', 'Europe/Berlin', '2026-10-25T00:30:00.000Z'],
    // the hour daylight saving skips was never shown by a right clock
    ['2026-03-29 02:30:00', 'Europe/Berlin', null],
    ['2026-02-29 08:00:00', 'Asia/Ho_Chi_Minh', 'not a time'],
    ['2026-13-45 99:00:00', 'Asia/Ho_Chi_Minh', 'not a time'],
    ['2026-03-09T07:58:12', 'Asia/Ho_Chi_Minh', 'not a time'],
  ])('%s in %s is %s', (text, zone, expected) => {
    expect(at(text, zone)).toBe(expected);
  });

  it('knows IANA zones and nothing else', () => {
    expect(isTimeZone('Asia/Ho_Chi_Minh')).toBe(true);
    expect(isTimeZone('Asia/Saigon')).toBe(true);
    expect(isTimeZone('GMT+7')).toBe(false);
    expect(isTimeZone('Mars/Olympus_Mons')).toBe(false);
  });
});

describe('an ATTLOG upload sorted', () => {
  const now = new Date('2026-03-10T03:00:00Z'); // 10:00 in Vietnam
  it('keeps believable punches and quarantines the rest with the reason', () => {
    const sorted = sortAttlog(
      [
        '1001\t2026-03-10 07:55:03\t0\t1\t0\t0\t0',
        '1001\t2000-01-01 00:01:00\t0\t1\t0', // a clock reset after a power cut
        '1001\t2025-02-01 08:00:00\t0\t1\t0', // more than 400 days old
        '1001\t2025-02-10 08:00:00\t0\t1\t0', // a backlog within 400 days
        '1001\t2026-03-11 12:00:00\t0\t1\t0', // 33 hours ahead
        '1001\t2026-03-11 08:00:00\t0\t1\t0', // 22 hours ahead: a clock a little fast
        '10-01\t2026-03-10 08:00:00\t0', // not a PIN
        'no tabs at all',
        '1001\tyesterday',
      ],
      'Asia/Ho_Chi_Minh',
      now,
    );
    expect(sorted.lines).toBe(9);
    expect(sorted.punches.map((p) => p.punchedAt.toISOString())).toEqual([
      '2026-03-10T00:55:03.000Z',
      '2025-02-10T01:00:00.000Z',
      '2026-03-11T01:00:00.000Z',
    ]);
    expect(sorted.quarantined.map((q) => q.reason)).toEqual([
      'CLOCK_PAST',
      'CLOCK_PAST',
      'CLOCK_FUTURE',
      'BAD_PIN',
      'BAD_LINE',
      'BAD_TIME',
    ]);
  });
});

describe('the words of the protocol', () => {
  it('hands commands one a line, or OK', () => {
    expect(commandsAnswer([])).toBe('OK');
    expect(commandsAnswer([{ commandNo: 7, command: 'DATA DELETE USERINFO PIN=5' }])).toBe(
      'C:7:DATA DELETE USERINFO PIN=5\n',
    );
  });
  it('reads acknowledgements and skips what is not one', () => {
    expect(
      acknowledgementsOf([
        'ID=7&Return=0&CMD=DATA',
        'ID=8&Return=-1002&CMD=DATA',
        'garbage',
        'ID=x&Return=0',
      ]),
    ).toEqual([
      { commandNo: 7, returnCode: 0 },
      { commandNo: 8, returnCode: -1002 },
    ]);
  });
  it('takes serials in upper case and refuses what is not one', () => {
    expect(serialOf('ckjj202600001')).toBe('CKJJ202600001');
    expect(serialOf("x' or 1=1")).toBeNull();
    expect(serialOf(undefined)).toBeNull();
  });
});
