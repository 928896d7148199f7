import { describe, expect, it } from 'vitest';
import { scrollModeOf } from './scroll-mode.ts';

describe('the floating scroll button', () => {
  it('hides on a page that fits the window', () => {
    expect(scrollModeOf({ scrollHeight: 600, viewportHeight: 600, scrollTop: 0 })).toBe('hidden');
    expect(scrollModeOf({ scrollHeight: 601, viewportHeight: 600, scrollTop: 0 })).toBe('hidden');
  });

  it('offers the bottom near the top of a tall page, the top further down', () => {
    const page = { scrollHeight: 3000, viewportHeight: 600 };
    expect(scrollModeOf({ ...page, scrollTop: 0 })).toBe('to-bottom');
    expect(scrollModeOf({ ...page, scrollTop: 1200 })).toBe('to-bottom');
    expect(scrollModeOf({ ...page, scrollTop: 1201 })).toBe('to-top');
    expect(scrollModeOf({ ...page, scrollTop: 2400 })).toBe('to-top');
  });

  it('offers both ways on a page barely taller than the window', () => {
    const page = { scrollHeight: 700, viewportHeight: 600 };
    expect(scrollModeOf({ ...page, scrollTop: 0 })).toBe('to-bottom');
    expect(scrollModeOf({ ...page, scrollTop: 100 })).toBe('to-top');
  });

  it('on a phone, stays off the first screen and offers only the way back to the top', () => {
    const page = { scrollHeight: 3000, viewportHeight: 844, phone: true };
    expect(scrollModeOf({ ...page, scrollTop: 0 })).toBe('hidden');
    expect(scrollModeOf({ ...page, scrollTop: 844 })).toBe('hidden');
    expect(scrollModeOf({ ...page, scrollTop: 845 })).toBe('to-top');
    expect(scrollModeOf({ ...page, scrollTop: 2156 })).toBe('to-top');
    expect(scrollModeOf({ scrollHeight: 900, viewportHeight: 844, scrollTop: 56, phone: true })).toBe(
      'hidden',
    );
  });
});
