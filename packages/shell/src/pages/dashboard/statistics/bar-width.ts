/** A share of the largest, in percent, never below a sliver so that a 1 among 1,000 stays visible. */
export const barWidth = (count: number, largest: number) =>
  largest <= 0 || count <= 0 ? 0 : Math.max(1.5, Math.round((count / largest) * 1000) / 10);
