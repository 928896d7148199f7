// Calendar days as 'YYYY-MM-DD' strings, computed in UTC so no zone of the machine leaks in.
const DAY_MS = 86_400_000;

export function addDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
}

/** The local day of an instant in a zone `utcOffsetMinutes` ahead of UTC. */
export function localDateOf(at: number, utcOffsetMinutes: number): string {
  return new Date(at + utcOffsetMinutes * 60_000).toISOString().slice(0, 10);
}

/** Every day from `from` to `to`, both included. */
export function eachDay(from: string, to: string): string[] {
  const days: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) days.push(day);
  return days;
}
