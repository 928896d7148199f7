import { describe, expect, it } from 'vitest';
import { appendPage, nearEnd, visibleRange } from './virtual-window.ts';

describe('the bell list’s window', () => {
  it('draws the rows in view and a few on each side, never beyond the list', () => {
    expect(visibleRange(0, 420, 64, 1000)).toEqual({ first: 0, last: 11 });
    expect(visibleRange(6400, 420, 64, 1000)).toEqual({ first: 96, last: 111 });
    // scrolled to the very end
    expect(visibleRange(64_000 - 420, 420, 64, 1000)).toEqual({ first: 989, last: 999 });
    expect(visibleRange(0, 420, 64, 3)).toEqual({ first: 0, last: 2 });
    expect(visibleRange(0, 420, 64, 0)).toEqual({ first: 0, last: -1 });
  });

  it('asks for the next page three rows before the end of what is loaded', () => {
    expect(nearEnd(0, 420, 64, 20)).toBe(false);
    expect(nearEnd(1280 - 420 - 3 * 64, 420, 64, 20)).toBe(true);
  });

  it('keeps each notification once when the pages shifted under newer ones', () => {
    const shown = [{ id: 'a' }, { id: 'b' }];
    expect(appendPage(shown, [{ id: 'b' }, { id: 'c' }])).toEqual([{ id: 'a' }, { id: 'b' }, { id: 'c' }]);
  });
});
