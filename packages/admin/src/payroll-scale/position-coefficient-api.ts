import {
  positionCoefficientContract,
  type PositionCoefficientRecord,
  type SalaryScaleRow,
} from '@hcm/contracts/position-coefficients';
import { api } from '@hcm/session';

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
};
