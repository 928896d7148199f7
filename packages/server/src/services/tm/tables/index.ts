// The timekeeping module's tables (migration 0050), written and read through the engine's bulk path.
import { tmDayRecords } from './day-records.ts';
import { tmPunches } from './punches.ts';

export { dayRecordStore, tmDayRecords } from './day-records.ts';
export { punchStore, PunchSources, tmPunches, type PunchSource } from './punches.ts';

/** The module's drizzle mirrors, for the schema check (services/tables.test.ts). */
export const tmTables = { tmPunches, tmDayRecords };
