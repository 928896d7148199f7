import { describe, expect, it } from 'vitest';
import { HEAD_COUNT_BARS, OTHERS_KEY, topRows } from './worker-statistics.ts';

const row = (name: string, count: number) => ({ key: name, name, count });

describe('the bars of a head-count card', () => {
  it('keeps short lists whole and sums the tail of long ones into "others"', () => {
    expect(topRows([row('A', 3), row('B', 1)], 3, 'Khác')).toEqual([row('A', 3), row('B', 1)]);
    expect(topRows([row('A', 3), row('B', 2), row('C', 1)], 3, 'Khác')).toEqual([
      row('A', 3),
      row('B', 2),
      row('C', 1),
    ]);
    expect(topRows([row('A', 5), row('B', 4), row('C', 2), row('D', 1)], 3, 'Khác')).toEqual([
      row('A', 5),
      row('B', 4),
      { key: OTHERS_KEY, name: 'Khác', count: 3 },
    ]);
    expect(topRows([], 3, 'Khác')).toEqual([]);
  });

  it('shows HEAD_COUNT_BARS bars by default, adding up to the rows’ total', () => {
    const rows = Array.from({ length: 451 }, (_, index) => row(`P${index}`, 500 - index));
    const shown = topRows(rows);
    expect(shown).toHaveLength(HEAD_COUNT_BARS);
    expect(shown.slice(0, -1)).toEqual(rows.slice(0, HEAD_COUNT_BARS - 1));
    expect(shown.at(-1)).toMatchObject({ key: OTHERS_KEY, name: 'Khác' });
    const sum = (list: readonly { count: number }[]) => list.reduce((total, { count }) => total + count, 0);
    expect(sum(shown)).toBe(sum(rows));
    // the rows given are not changed
    expect(rows).toHaveLength(451);
  });
});
