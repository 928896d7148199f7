import { useCallback, useEffect, useMemo, useRef, useState } from 'react';

/** Search input, clicks and keys are debounced 500 ms (core §5, catalogues §9). */
export const DEBOUNCE_MS = 500;

export interface Debounced<A extends unknown[]> {
  (...args: A): void;
  cancel(): void;
  /** runs a pending trailing call now */
  flush(): void;
}

/**
 * Trailing (default): runs once `wait` ms after the last call, with its arguments.
 * Leading: runs the first call at once and swallows the calls that follow it until `wait` ms
 * pass without one (a double click submits once).
 */
export function debounce<A extends unknown[]>(
  fn: (...args: A) => void,
  wait = DEBOUNCE_MS,
  { leading = false }: { leading?: boolean } = {},
): Debounced<A> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let pending: A | undefined;
  const debounced = (...args: A) => {
    const idle = timer === undefined;
    if (timer !== undefined) clearTimeout(timer);
    if (leading) {
      if (idle) fn(...args);
      timer = setTimeout(() => (timer = undefined), wait);
      return;
    }
    pending = args;
    timer = setTimeout(() => {
      timer = undefined;
      const call = pending;
      pending = undefined;
      if (call) fn(...call);
    }, wait);
  };
  debounced.cancel = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    pending = undefined;
  };
  debounced.flush = () => {
    const call = pending;
    debounced.cancel();
    if (call) fn(...call);
  };
  return debounced;
}

/** A stable debounced version of `fn` (always calling its latest version), cancelled on unmount. */
export function useDebouncedCallback<A extends unknown[]>(
  fn: (...args: A) => void,
  wait = DEBOUNCE_MS,
  options: { leading?: boolean } = {},
): Debounced<A> {
  const latest = useRef(fn);
  useEffect(() => {
    latest.current = fn;
  });
  const leading = options.leading ?? false;
  const debounced = useMemo(() => {
    const run = (...args: A) => latest.current(...args);
    // debounce() only keeps `run`: the ref is read when an event or a timer calls it, never in render.
    // eslint-disable-next-line react-hooks/refs
    return debounce(run, wait, { leading });
  }, [wait, leading]);
  useEffect(() => () => debounced.cancel(), [debounced]);
  return debounced;
}

/** Click handler that acts on the first click and ignores repeats within 500 ms. */
export function useDebouncedClick<E>(handler: (event: E) => void, wait = DEBOUNCE_MS): (event: E) => void {
  return useDebouncedCallback(handler, wait, { leading: true });
}

/** Key handler (e.g. Enter in a search box) with the same 500 ms rule as clicks. */
export function useDebouncedKey<E extends { key: string }>(
  keys: readonly string[],
  handler: (event: E) => void,
  wait = DEBOUNCE_MS,
): (event: E) => void {
  const debounced = useDebouncedCallback(handler, wait, { leading: true });
  return useCallback(
    (event: E) => (keys.includes(event.key) ? debounced(event) : undefined),
    [keys, debounced],
  );
}

/** `value`, settled: changes `wait` ms after the last change. */
export function useDebouncedValue<T>(value: T, wait = DEBOUNCE_MS): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), wait);
    return () => clearTimeout(timer);
  }, [value, wait]);
  return settled;
}
