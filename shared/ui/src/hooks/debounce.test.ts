import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEBOUNCE_MS, debounce } from './debounce.ts';
import { screenSizeOf } from './screen-size.ts';
import { statusTone } from '../status/status-colors.ts';

describe('debounce', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('is 500 ms', () => expect(DEBOUNCE_MS).toBe(500));

  it('trailing: runs once, 500 ms after the last call, with its arguments', () => {
    const fn = vi.fn();
    const d = debounce(fn);
    d('a');
    vi.advanceTimersByTime(300);
    d('ab');
    vi.advanceTimersByTime(499);
    expect(fn).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(fn).toHaveBeenCalledExactlyOnceWith('ab');
  });

  it('leading: runs the first call at once and swallows repeats until 500 ms are quiet', () => {
    const fn = vi.fn();
    const d = debounce(fn, 500, { leading: true });
    d(1);
    d(2);
    vi.advanceTimersByTime(400);
    d(3);
    vi.advanceTimersByTime(400);
    expect(fn.mock.calls).toEqual([[1]]);
    vi.advanceTimersByTime(100);
    d(4);
    expect(fn.mock.calls).toEqual([[1], [4]]);
  });

  it('cancel and flush', () => {
    const fn = vi.fn();
    const d = debounce(fn);
    d('x');
    d.cancel();
    vi.advanceTimersByTime(1000);
    expect(fn).not.toHaveBeenCalled();
    d('y');
    d.flush();
    expect(fn).toHaveBeenCalledExactlyOnceWith('y');
  });
});

describe('screen size classes', () => {
  it('follow core §9', () => {
    expect([0, 767, 768, 991, 992, 1199, 1200, 1599, 1600, 9999, 12000].map(screenSizeOf)).toEqual([
      'mobile',
      'mobile',
      'tablet-small',
      'tablet-small',
      'tablet',
      'tablet',
      'desktop',
      'desktop',
      'desktop-large',
      'desktop-large',
      'desktop-large',
    ]);
  });
});

describe('status tones', () => {
  it('follow catalogues §3.1', () => {
    expect(
      [
        'ACTIVE',
        'INACTIVE',
        'WAIT_APPROVE',
        'IN_APPROVE',
        'APPROVED',
        'REJECTED',
        'NEW',
        'CANCELED',
        'OTHER',
      ].map(statusTone),
    ).toEqual(['success', 'danger', 'warning', 'info', 'success', 'danger', 'neutral', 'danger', 'neutral']);
  });
});
