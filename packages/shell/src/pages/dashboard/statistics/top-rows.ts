import type { HeadCountRow } from '@hcm/contracts/worker-statistics';

/** The bars a chart shows: the first `limit` rows, and the rest summed into one named `others`. */
export function topRows(rows: readonly HeadCountRow[], limit: number, others: string): HeadCountRow[] {
  if (rows.length <= limit) return [...rows];
  const rest = rows.slice(limit - 1);
  return [
    ...rows.slice(0, limit - 1),
    { key: '__others', name: others, count: rest.reduce((sum, row) => sum + row.count, 0) },
  ];
}

/** A share of the largest, in percent, never below a sliver so that a 1 among 1,000 stays visible. */
export const barWidth = (count: number, largest: number) =>
  largest <= 0 || count <= 0 ? 0 : Math.max(1.5, Math.round((count / largest) * 1000) / 10);
