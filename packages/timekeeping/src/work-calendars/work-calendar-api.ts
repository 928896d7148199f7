import {
  shiftSummaryPath,
  workCalendarExplainPath,
  type ShiftSummaryPage,
  type WorkCalendarExplanation,
} from '@hcm/contracts/work-calendars';
import { api } from '@hcm/session';

/** GET the explanation of one worker's day (the server's error envelope rejects the promise). */
export const explainDay = (workerId: string, date: string) =>
  api.get<WorkCalendarExplanation>(workCalendarExplainPath, {
    params: { workerId, date },
    ignoreError: true,
  });

/** GET one keyset page of a unit's month of shifts. */
export const summaryPage = (
  organizationUnitId: string,
  month: string,
  after: string | null,
  pageSize = 100,
) =>
  api.get<ShiftSummaryPage>(shiftSummaryPath, {
    params: { organizationUnitId, month, pageSize, ...(after ? { after } : {}) },
    ignoreError: true,
  });
