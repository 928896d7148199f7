import { STATUTORY_PARAMETERS } from './parameters.ts';
import { STATUTORY_REGION_WAGES } from './region-wages.ts';
import { STATUTORY_TABLES } from './tables.ts';
import type { StatutoryData } from './types.ts';

export * from './types.ts';
export { STATUTORY_PARAMETERS } from './parameters.ts';
export { STATUTORY_REGION_WAGES } from './region-wages.ts';
export { STATUTORY_TABLES, THUE_TNCN } from './tables.ts';
export * from './components.ts';

/** Vietnam's statutory payroll figures as the product ships them (docs/payroll-statutory.md). */
export const STATUTORY_DATA: StatutoryData = {
  parameters: STATUTORY_PARAMETERS,
  regionWages: STATUTORY_REGION_WAGES,
  tables: STATUTORY_TABLES,
};
