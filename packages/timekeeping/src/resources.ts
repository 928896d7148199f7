import type { AnyResourceContract } from '@hcm/contracts/resource';
import type { ModulePageOptions } from '@hcm/ui';
import { labourCalendarContracts } from '@hcm/contracts/labour-calendar';
import { workShiftContract } from '@hcm/contracts/work-shifts';
import { workShiftPages } from './work-shifts/work-shift-pages.tsx';
import { attendanceDeviceContracts } from '@hcm/contracts/attendance-devices';
import { checkInSettingsContract } from '@hcm/contracts/check-in';

/** A record kind the app draws with the kit's generic pages (list, create, detail, update). */
export interface TimekeepingResource {
  /** its contract: the route, title, fields, columns and permission come from there */
  readonly contract: AnyResourceContract;
  /** what the generic form or pages cannot do well: a field's own input, a value's own view */
  readonly pages?: ModulePageOptions;
}

/**
 * The timekeeping records drawn by the generic resource pages, one line each. Adding a line (and
 * its contract's route to TIMEKEEPING_APP in @hcm/contracts micro-apps.ts) is all a record kind
 * needs for its list, create, detail and update pages (README "Adding a page").
 *
 * Only the app's page chunk imports this file, so the contracts and their inputs stay out of the
 * app's entry.
 */
export const TIMEKEEPING_RESOURCES: readonly TimekeepingResource[] = [
  // work shifts: clock inputs, sections that follow the kind, the timeline (docs/work-shifts.md)
  { contract: workShiftContract, pages: workShiftPages },
  // weekly days off, standard working days, timekeeping rules (the labour calendar, issue 30)
  ...labourCalendarContracts.map((contract) => ({ contract })),
  // timekeepers and users on devices (PIN ↔ worker): docs/attendance-devices.md
  ...attendanceDeviceContracts.map((contract) => ({ contract })),
  // units' check-in modes, work locations and networks (docs/check-in.md)
  { contract: checkInSettingsContract },
];
