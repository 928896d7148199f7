import { describe, expect, it } from 'vitest';
import { allOf } from './all-of.ts';

describe('allOf', () => {
  it('is false for no items, unlike Array.prototype.every', () => {
    // eslint-disable-next-line no-restricted-syntax -- the vacuous truth this helper exists to refuse
    expect([].every(() => true)).toBe(true);
    expect(allOf([], () => true)).toBe(false);
  });

  it('is true when every item passes, false when one does not', () => {
    expect(allOf([2, 4, 6], (n) => n % 2 === 0)).toBe(true);
    expect(allOf(new Set([2, 3]), (n) => n % 2 === 0)).toBe(false);
  });
});
