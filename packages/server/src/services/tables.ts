import { iamTables } from './iam/tables/index.ts';
import { notificationTables } from './notification/tables/index.ts';
import { omTables } from './om/tables/index.ts';
import { payrollTables } from './payroll/tables/index.ts';
import { pmTables } from './pm/tables/index.ts';
import { systemTables } from './system/tables/index.ts';
import { tmTables } from './tm/tables/index.ts';
import { workCalendarTables } from './tm/work-calendars/tables.ts';
import { workShiftTables } from './tm/work-shifts/tables.ts';
import { deviceTables } from './tm/devices/tables.ts';
import { labourCalendarTables } from './tm/calendar/tables.ts';
import { checkInTables } from './tm/check-in/tables.ts';
import { timesheetTables } from './tm/timesheets/tables.ts';
import { workUpdateRequestTables } from './tm/work-update-requests/tables.ts';
import { overtimeRegistrationTables } from './tm/overtime/tables.ts';
import { presenceRequestTables } from './tm/presence-requests/tables.ts';
import { leaveTables } from './tm/leave/tables.ts';
import { leaveRuleTables } from './tm/leave/policies/tables.ts';
import { timekeepingConfigTables } from './tm/config/tables.ts';
import { shiftChangeRequestTables } from './tm/shift-changes/tables.ts';

/**
 * Every table a module owns (services/<module>/tables), module by module. The engine's own
 * tables are db/schema.ts's `schema`; the schema check (services/tables.test.ts) walks both, so
 * a table added to a module's list is checked against its migration with no new test code; a
 * new module adds its list here.
 */
export const moduleTables = {
  ...iamTables,
  ...notificationTables,
  ...omTables,
  ...pmTables,
  ...systemTables,
  ...tmTables,
  ...workCalendarTables,
  ...workShiftTables,
  ...deviceTables,
  ...labourCalendarTables,
  ...checkInTables,
  ...timesheetTables,
  ...workUpdateRequestTables,
  ...overtimeRegistrationTables,
  ...presenceRequestTables,
  ...leaveTables,
  ...leaveRuleTables,
  ...timekeepingConfigTables,
  ...shiftChangeRequestTables,
  ...payrollTables,
};
