import {
  positionCoefficientContract,
  type PositionCoefficientRecord,
  type SalaryScaleRow,
} from '@hcm/contracts/position-coefficients';
import { api, http } from '@hcm/session';

const base = positionCoefficientContract.apiPath;

/** The calls of catalogues §7.4 the matrix editor makes (packages/server services/pm). */
export const positionCoefficientApi = {
  /** the ACTIVE grades with their steps, by priority: the matrix's lines */
  salaryScales: () => api.get<SalaryScaleRow[]>(`${base}/salary-scales`),
  /** the effective date of the ACTIVE table in force today (null: none) */
  latestEffectiveDate: () => api.get<string | null>(`${base}/latest-effective-date`),
  /** the tables of one effective date, with their matrices */
  findAllByEffectiveDate: (effectiveDate: string) =>
    api.post<PositionCoefficientRecord[]>(`${base}/find-all-by-effective-date`, { effectiveDate }),
  /** one table's matrix as a workbook (a row per grade, a column per step) */
  /** replaces one table's matrix with a workbook in the export's layout (400 names each bad cell) */
  importMatrix: (id: string, file: File) => {
    const body = new FormData();
    body.append('file', file, file.name);
    return api.post<PositionCoefficientRecord>(`${base}/${encodeURIComponent(id)}/import-matrix`, body, {
      ignoreError: true,
    });
  },
  exportMatrix: async (id: string): Promise<Blob> =>
    (await http.get<Blob>(`${base}/${encodeURIComponent(id)}/export-matrix`, { responseType: 'blob' })).data,
};

/** Offers a file to the user (the browser's download); tests replace `save`. */
export const matrixDownloads = {
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
