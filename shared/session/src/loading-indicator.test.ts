import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLoadingIndicator, type LoadingIndicator, type LoadingValue } from './loading-indicator.ts';

// Virtual time (vi.useFakeTimers): the RxJS timers run on the faked setTimeout/setInterval.
describe('loading$ timing', () => {
  let indicator: LoadingIndicator;
  let values: LoadingValue[];
  const at = (ms: number) => vi.advanceTimersByTime(ms);

  beforeEach(() => {
    vi.useFakeTimers();
    indicator = createLoadingIndicator();
    values = [];
    indicator.loading$.subscribe((value) => values.push(value));
  });
  afterEach(() => vi.useRealTimers());

  it('starts hidden', () => {
    expect(values).toEqual([null]);
  });

  it('shows nothing for a flagged call that finishes within 1000 ms', () => {
    const end = indicator.begin();
    at(999);
    end();
    at(5000);
    expect(values).toEqual([null]);
  });

  it('appears at 40 after 1000 ms, advances by 40 every 500 ms up to 80, then 100 and hidden', () => {
    const end = indicator.begin();
    at(999);
    expect(values.at(-1)).toBeNull();
    at(1);
    expect(values.at(-1)).toBe(40);
    at(500);
    expect(values.at(-1)).toBe(80);
    at(10_000);
    expect(values.at(-1)).toBe(80);
    end();
    expect(values.at(-1)).toBe(100);
    at(300);
    expect(values).toEqual([null, 40, 80, 100, null]);
  });

  it('stays until the last of several overlapping calls has finished', () => {
    const first = indicator.begin();
    at(500);
    const second = indicator.begin();
    at(700);
    expect(values.at(-1)).toBe(40);
    first();
    at(300);
    expect(values.at(-1)).toBe(80);
    second();
    at(300);
    expect(values).toEqual([null, 40, 80, 100, null]);
  });

  it('a call starting while the bar finishes carries on at once, without hiding', () => {
    const first = indicator.begin();
    at(1000);
    first();
    at(100);
    const second = indicator.begin();
    at(0);
    expect(values.at(-1)).toBe(40);
    second();
    at(300);
    expect(values).toEqual([null, 40, 100, 40, 100, null]);
  });

  it('ending a call twice counts once', () => {
    const first = indicator.begin();
    const second = indicator.begin();
    first();
    first();
    at(1000);
    expect(values.at(-1)).toBe(40);
    second();
    at(300);
    expect(values.at(-1)).toBeNull();
  });

  it('gives a late subscriber the current value', () => {
    indicator.begin();
    at(1500);
    const late: LoadingValue[] = [];
    indicator.loading$.subscribe((value) => late.push(value));
    expect(late).toEqual([80]);
  });
});
