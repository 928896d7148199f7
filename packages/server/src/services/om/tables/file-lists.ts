import { fileListTable } from '../../../db/tables/file-lists.ts';

/* The typed mirror of migration 0037's tables of the organisation's records (their shape: db/tables/file-lists.ts). */

export const workerFiles = fileListTable('worker_files');
export const laborContractFiles = fileListTable('labor_contract_files');
export const displacementFiles = fileListTable('displacement_files');
export const resignationFiles = fileListTable('resignation_files');
export const rewardFiles = fileListTable('reward_files');
export const disciplineFiles = fileListTable('discipline_files');
export const benefitFiles = fileListTable('benefit_files');
export const salaryReviewFiles = fileListTable('salary_review_files');

export const fileListTables = {
  workerFiles,
  laborContractFiles,
  displacementFiles,
  resignationFiles,
  rewardFiles,
  disciplineFiles,
  benefitFiles,
  salaryReviewFiles,
};
