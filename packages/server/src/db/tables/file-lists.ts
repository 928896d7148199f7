import { index, pgTable, primaryKey, smallint, uuid } from 'drizzle-orm/pg-core';

/*
 * The typed mirror of migration 0037 (hcm_create_file_list_table): the files attached to a
 * record, one table per record kind, all of one shape. The foreign keys live in the SQL only.
 */

/** A record kind's attached files: (tenant, record, file) with the place it was attached in. */
const fileListTable = <N extends string>(name: N) =>
  pgTable(
    name,
    {
      tenantId: uuid('tenant_id').notNull(),
      recordId: uuid('record_id').notNull(),
      fileId: uuid('file_id').notNull(),
      ordinal: smallint('ordinal').notNull(),
    },
    (t) => [
      primaryKey({ name: `${name}_pkey`, columns: [t.tenantId, t.recordId, t.fileId] }),
      index(`${name}_file_idx`).on(t.tenantId, t.fileId),
    ],
  );
export type FileListTableOf = ReturnType<typeof fileListTable>;

export const positionSalaryCoefficientFiles = fileListTable('position_salary_coefficient_files');
export const workerFiles = fileListTable('worker_files');
export const laborContractFiles = fileListTable('labor_contract_files');
export const displacementFiles = fileListTable('displacement_files');
export const resignationFiles = fileListTable('resignation_files');
export const rewardFiles = fileListTable('reward_files');
export const disciplineFiles = fileListTable('discipline_files');
export const benefitFiles = fileListTable('benefit_files');
export const salaryReviewFiles = fileListTable('salary_review_files');

export const fileListTables = {
  positionSalaryCoefficientFiles,
  workerFiles,
  laborContractFiles,
  displacementFiles,
  resignationFiles,
  rewardFiles,
  disciplineFiles,
  benefitFiles,
  salaryReviewFiles,
};
