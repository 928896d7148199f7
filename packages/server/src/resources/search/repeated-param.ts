/** A query parameter given once or repeated (types=A&types=B), as a list: auto-complete filters read it. */
export const listOf = (value: unknown): string[] =>
  value === undefined ? [] : (Array.isArray(value) ? value : [value]).map(String);
