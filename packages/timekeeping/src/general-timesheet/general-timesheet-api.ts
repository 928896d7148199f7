import {
  GeneralTimesheetPaths,
  type GeneralTimesheetClear,
  type GeneralTimesheetCorrection,
  type GeneralTimesheetPage,
} from '@hcm/contracts/general-timesheet';
import { api } from '@hcm/session';

/** GET one keyset page of a unit's month (the server's error envelope rejects the promise). */
export const gridPage = (organizationUnitId: string, month: string, after: string | null, pageSize = 200) =>
  api.get<GeneralTimesheetPage>(GeneralTimesheetPaths.grid, {
    params: { organizationUnitId, month, pageSize, ...(after ? { after } : {}) },
    ignoreError: true,
  });

type Changed = { workerId: string; workDate: string; corrected: boolean };

/** POST HR's correction of a cell, with its reason. */
export const correctCell = (body: GeneralTimesheetCorrection & { month: string }) =>
  api.post<Changed>(GeneralTimesheetPaths.correct, body, { ignoreError: true });

/** POST the clearing of a cell's correction: the engine's day again. */
export const clearCell = (body: GeneralTimesheetClear & { month: string }) =>
  api.post<Changed>(GeneralTimesheetPaths.clear, body, { ignoreError: true });
