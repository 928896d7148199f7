import { describe, expect, it } from 'vitest';
import { barWidth } from './bar-width.ts';

// which bars a card shows is the contract's (@hcm/contracts/worker-statistics topRows, tested there)
describe('the bars of a head-count chart', () => {
  it('draws bars as a share of the largest, a small one still visible, none for zero', () => {
    expect(barWidth(50, 100)).toBe(50);
    expect(barWidth(1, 1000)).toBe(1.5);
    expect(barWidth(0, 10)).toBe(0);
    expect(barWidth(3, 0)).toBe(0);
  });
});
