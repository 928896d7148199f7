import { describe, expect, it } from 'vitest';
import { barWidth, topRows } from './top-rows.ts';

const row = (name: string, count: number) => ({ key: name, name, count });

describe('the bars of a head-count chart', () => {
  it('keeps short lists whole and sums the tail of long ones into "others"', () => {
    expect(topRows([row('A', 3), row('B', 1)], 3, 'Khác')).toEqual([row('A', 3), row('B', 1)]);
    expect(topRows([row('A', 5), row('B', 4), row('C', 2), row('D', 1)], 3, 'Khác')).toEqual([
      row('A', 5),
      row('B', 4),
      { key: '__others', name: 'Khác', count: 3 },
    ]);
  });

  it('draws bars as a share of the largest, a small one still visible, none for zero', () => {
    expect(barWidth(50, 100)).toBe(50);
    expect(barWidth(1, 1000)).toBe(1.5);
    expect(barWidth(0, 10)).toBe(0);
    expect(barWidth(3, 0)).toBe(0);
  });
});
