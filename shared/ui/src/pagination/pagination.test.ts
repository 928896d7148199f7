import { describe, expect, it } from 'vitest';
import { clampPage, pageRange } from './pagination.ts';

describe('pagination numbers', () => {
  it('first–last of total', () => {
    expect(pageRange(1, 25, 0)).toEqual({ first: 0, last: 0, pages: 1, page: 1 });
    expect(pageRange(1, 25, 60)).toEqual({ first: 1, last: 25, pages: 3, page: 1 });
    expect(pageRange(3, 25, 60)).toEqual({ first: 51, last: 60, pages: 3, page: 3 });
    expect(pageRange(9, 25, 60)).toEqual({ first: 51, last: 60, pages: 3, page: 3 });
  });

  it('keeps a page past a capped total, which is only a lower bound', () => {
    expect(pageRange(1, 25, 10_000, true)).toEqual({ first: 1, last: 25, pages: 400, page: 1 });
    expect(pageRange(402, 25, 10_050, true)).toEqual({ first: 10_026, last: 10_050, pages: 402, page: 402 });
    expect(pageRange(405, 25, 10_050, true).page).toBe(405);
  });

  it('clamps a typed page into range', () => {
    expect(clampPage('2', 3)).toBe(2);
    expect(clampPage('99', 3)).toBe(3);
    expect(clampPage('0', 3)).toBe(1);
    expect(clampPage('abc', 3)).toBeNull();
  });
});
