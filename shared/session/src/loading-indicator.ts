import {
  BehaviorSubject,
  concat,
  distinctUntilChanged,
  map,
  of,
  shareReplay,
  startWith,
  switchScan,
  timer,
  type Observable,
} from 'rxjs';

/** The loading bar's rhythm (core §9: it appears after 1000 ms). Percentages of the bar. */
export interface LoadingTimings {
  /** A flagged call shorter than this shows nothing. */
  delayMs: number;
  /** The bar advances by `step` this often… */
  stepMs: number;
  /** …from `start`… */
  start: number;
  step: number;
  /** …and stops here until every flagged call has finished, since how long they take is unknown. */
  max: number;
  /** How long the full bar stays once all have finished. */
  finishMs: number;
}

export const DEFAULT_LOADING_TIMINGS: LoadingTimings = {
  delayMs: 1000,
  stepMs: 500,
  start: 40,
  step: 40,
  max: 80,
  finishMs: 300,
};

/** The bar's value: a percentage while shown, null while hidden. */
export type LoadingValue = number | null;

export interface LoadingIndicator {
  loading$: Observable<LoadingValue>;
  /** A flagged call starts; the returned function ends it (only the first call counts). */
  begin(): () => void;
}

/** Counts the pending flagged calls and turns the count into the bar's value over time. */
export function createLoadingIndicator(timings: LoadingTimings = DEFAULT_LOADING_TIMINGS): LoadingIndicator {
  const pending = new BehaviorSubject(0);
  const { delayMs, stepMs, start, step, max, finishMs } = timings;

  const loading$ = pending.pipe(
    map((count) => count > 0),
    distinctUntilChanged(),
    // `shown` is the last value drawn: it tells whether the bar is on screen.
    switchScan<boolean, LoadingValue, Observable<LoadingValue>>((shown, busy) => {
      if (busy) {
        // Already on screen (finishing at 100): carry on at once instead of flickering away.
        return timer(shown === null ? delayMs : 0, stepMs).pipe(
          map((tick) => Math.min(start + tick * step, max)),
        );
      }
      return shown === null ? of(null) : concat(of(100), timer(finishMs).pipe(map(() => null)));
    }, null),
    startWith(null),
    distinctUntilChanged(),
    shareReplay({ bufferSize: 1, refCount: true }),
  );

  return {
    loading$,
    begin() {
      pending.next(pending.value + 1);
      let ended = false;
      return () => {
        if (ended) return;
        ended = true;
        pending.next(pending.value - 1);
      };
    },
  };
}
