// The payroll module's tables (migration 0050), written and read through the engine's bulk path.
import { payrollResultLines } from './result-lines.ts';

export {
  payrollResultLines,
  resultLineStore,
  ResultValueTypes,
  type ResultValueType,
} from './result-lines.ts';

/** The module's drizzle mirrors, for the schema check (services/tables.test.ts). */
export const payrollTables = { payrollResultLines };
