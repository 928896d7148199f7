import { describe, expect, it } from 'vitest';
import { singleFlight } from './single-flight.ts';

describe('singleFlight', () => {
  it('shares one run among overlapping calls and starts anew afterwards', async () => {
    let runs = 0;
    const task = singleFlight(async () => {
      runs += 1;
      await new Promise((r) => setTimeout(r, 10));
      return runs;
    });
    expect(await Promise.all([task(), task(), task()])).toEqual([1, 1, 1]);
    expect(await task()).toBe(2);
  });

  it('lets a failed run be retried', async () => {
    let attempt = 0;
    const task = singleFlight(async () => {
      attempt += 1;
      if (attempt === 1) throw new Error('first fails');
      return attempt;
    });
    await expect(task()).rejects.toThrow('first fails');
    expect(await task()).toBe(2);
  });
});
