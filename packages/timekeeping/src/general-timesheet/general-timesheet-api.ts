import {
  GeneralTimesheetPaths,
  type GeneralTimesheetClear,
  type GeneralTimesheetCorrection,
  type GeneralTimesheetImportResult,
  type GeneralTimesheetPage,
} from '@hcm/contracts/general-timesheet';
import { api, http } from '@hcm/session';

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

/** GET the month as HR's Excel form (01a-LĐTL): the workbook and the name the server gave it. */
export async function exportExcel(organizationUnitId: string, month: string) {
  const response = await http.get<Blob>(GeneralTimesheetPaths.exportExcel, {
    params: { organizationUnitId, month },
    responseType: 'blob',
    loading: true,
  });
  const disposition = String((response.headers as Record<string, unknown>)['content-disposition'] ?? '');
  const fileName = /filename="?([^";]+)"?/.exec(disposition)?.[1] ?? `bang-cham-cong_${month}.xlsx`;
  return { blob: response.data, fileName };
}

/** POST the form back: each cell that differs becomes a correction (all or nothing; 400 names the cells). */
export function importExcel(organizationUnitId: string, month: string, file: File) {
  const body = new FormData();
  body.append('file', file, file.name);
  return api.post<GeneralTimesheetImportResult>(GeneralTimesheetPaths.importExcel, body, {
    params: { organizationUnitId, month },
    ignoreError: true,
  });
}

/** Offers a file to the user (the browser's download); tests replace `save`. */
export const excelDownloads = {
  save(blob: Blob, fileName: string): void {
    const url = URL.createObjectURL(blob);
    const anchor = document.createElement('a');
    anchor.href = url;
    anchor.download = fileName;
    anchor.rel = 'noopener';
    document.body.append(anchor);
    anchor.click();
    anchor.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  },
};
