import { readFileSync } from 'node:fs';

/**
 * The server's time where a lifetime is measured (tokens, sessions, the refresh grace): passed
 * in, so that a test moves it instead of waiting for the wall's (job schedules take the same
 * kind, jobs/job-queue.ts).
 */
export type Clock = () => Date;

export const wallClock: Clock = () => new Date();

/**
 * HCM_TEST_CLOCK_FILE's clock (tests only, config.ts): the wall's, moved by the whole number of
 * milliseconds the file holds (no file, or an empty one: not moved). Read at every look, so an
 * end-to-end story moves a running portal's clock by writing the file; it writes another file
 * and renames it over this one, so no look finds it half written. A file holding anything else
 * fails the look, and with it the request: a broken test set-up is never taken for time.
 */
export function fileOffsetClock(file: string, base: Clock = wallClock): Clock {
  return () => {
    let text = '';
    try {
      text = readFileSync(file, 'utf8').trim();
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
    if (!/^(-?\d+)?$/.test(text))
      throw new Error(`HCM_TEST_CLOCK_FILE ${file} must hold a whole number of milliseconds, got "${text}"`);
    return new Date(base().getTime() + Number(text));
  };
}

/** The wall's clock, or the test clock HCM_TEST_CLOCK_FILE names, said loudly at every start. */
export function sessionClockOf(
  testClockFile: string | undefined,
  log: { warn(details: object, message: string): void },
): Clock {
  if (testClockFile === undefined) return wallClock;
  log.warn(
    { testClockFile },
    'HCM_TEST_CLOCK_FILE is set: sign-ins, tokens and sessions run on a TEST CLOCK that this file moves. Never in production.',
  );
  return fileOffsetClock(testClockFile);
}
