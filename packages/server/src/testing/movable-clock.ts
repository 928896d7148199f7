import type { Clock } from '../clock.ts';

/** A clock a test moves on by hand: it starts at the wall's time and never moves by itself. */
export interface MovableClock {
  readonly now: Clock;
  /** moves the clock on by `ms` milliseconds */
  advance(ms: number): void;
}

export function movableClock(start = new Date()): MovableClock {
  let time = start.getTime();
  return {
    now: () => new Date(time),
    advance(ms) {
      time += ms;
    },
  };
}
