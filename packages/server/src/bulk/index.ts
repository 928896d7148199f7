// The bulk data path (docs/bulk-path.md): facts that arrive in volume, beside the record engine.
export { defineBulkTable, type BulkTable, type BulkTableDeclaration } from './bulk-table.ts';
export { writeBatch, type BatchOptions, type BatchResult, type BulkRow } from './write-batch.ts';
export { ensureMonthPartitions, monthOf, monthsBetween, MAX_MONTHS_AT_ONCE } from './month-partitions.ts';
export { readKeysetPage, BULK_PAGE_SIZE, BULK_TOTAL_CAP, type KeysetQuery } from './keyset-page.ts';
export { sumOverPeriod, type SumQuery, type SumRow } from './sum-over-period.ts';
export type { Period, Equals } from './period.ts';
