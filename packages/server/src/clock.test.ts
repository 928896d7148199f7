import { mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { fileOffsetClock, sessionClockOf, wallClock } from './clock.ts';

const base = () => new Date('2026-03-01T08:00:00.000Z');

describe('the test clock of HCM_TEST_CLOCK_FILE', () => {
  const folders: string[] = [];
  const clockFile = () => {
    const folder = mkdtempSync(join(tmpdir(), 'hcm-clock-'));
    folders.push(folder);
    return join(folder, 'clock');
  };
  afterEach(() => {
    for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
  });

  it('is the base clock until the file moves it, and follows every write of the file', () => {
    const file = clockFile();
    const clock = fileOffsetClock(file, base);
    expect(clock()).toEqual(base());
    writeFileSync(file, '');
    expect(clock()).toEqual(base());
    // as the e2e support writes it: another file renamed over this one
    writeFileSync(`${file}.next`, '960000\n');
    renameSync(`${file}.next`, file);
    expect(clock()).toEqual(new Date('2026-03-01T08:16:00.000Z'));
    writeFileSync(file, '-60000');
    expect(clock()).toEqual(new Date('2026-03-01T07:59:00.000Z'));
  });

  it('fails a look at a file holding anything but whole milliseconds, rather than guess a time', () => {
    const file = clockFile();
    const clock = fileOffsetClock(file, base);
    for (const text of ['16 minutes', '1.5', '1e6']) {
      writeFileSync(file, text);
      expect(() => clock()).toThrow(`must hold a whole number of milliseconds, got "${text}"`);
    }
  });

  it('is the wall clock without the variable, and said loudly at start with it', () => {
    const warnings: string[] = [];
    const log = { warn: (_details: object, message: string) => void warnings.push(message) };
    expect(sessionClockOf(undefined, log)).toBe(wallClock);
    expect(warnings).toEqual([]);
    expect(sessionClockOf(clockFile(), log)).not.toBe(wallClock);
    expect(warnings).toEqual([expect.stringContaining('TEST CLOCK')]);
  });
});
