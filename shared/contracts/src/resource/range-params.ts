/**
 * The query parameters of a date filter's range (every list, every date filter), both bounds
 * inclusive and each optional: `joinedDateFrom=2026-01-01&joinedDateTo=2026-01-31`. The filter
 * itself still takes one day or several (`joinedDate=…`). The server validates them with the
 * list schemas (request-schemas.ts); the list pages keep them in the URL like any filter.
 */
export const rangeParams = (filter: string) => ({ from: `${filter}From`, to: `${filter}To` }) as const;
