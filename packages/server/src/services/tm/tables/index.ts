// The timekeeping module's tables (migrations 0050, 0059), written and read through the engine's bulk path.
import { tmDayRecomputeKeys, tmDayRecords } from './day-records.ts';
import { tmPunches } from './punches.ts';

export {
  dayRecordStore,
  DayRecordFlags,
  tmDayRecomputeKeys,
  tmDayRecords,
  type DayRecordOutcome,
} from './day-records.ts';
export { punchStore, PunchSources, tmPunches, type PunchSource } from './punches.ts';

/** The module's drizzle mirrors, for the schema check (services/tables.test.ts). */
export const tmTables = { tmPunches, tmDayRecords, tmDayRecomputeKeys };
