import { describe, expect, it } from 'vitest';
import { columnOffsets, columnSpan, rowSpan } from './grid-window.ts';

describe('the grid window', () => {
  it('draws the rows in view and a few around them, never past the ends', () => {
    expect(rowSpan(0, 320, 32, 10_000)).toEqual({ start: 0, end: 14 });
    expect(rowSpan(32_000, 320, 32, 10_000)).toEqual({ start: 996, end: 1014 });
    expect(rowSpan(319_680, 320, 32, 10_000)).toEqual({ start: 9986, end: 10_000 });
    expect(rowSpan(0, 320, 32, 0)).toEqual({ start: 0, end: 0 });
  });

  it('finds the columns crossing the view among columns of their own widths', () => {
    const { offsets, total } = columnOffsets([100, 200, 100, 100, 100, 100]);
    expect(offsets).toEqual([0, 100, 300, 400, 500, 600]);
    expect(total).toBe(700);
    // the view 250..450 crosses columns 1, 2 and 3; one more each side
    expect(columnSpan(offsets, 250, 200, 1)).toEqual({ start: 0, end: 5 });
    expect(columnSpan(offsets, 650, 400, 1)).toEqual({ start: 4, end: 6 });
  });
});
