import { fileListTable } from '../../../db/tables/file-lists.ts';

/* The typed mirror of migration 0037's table of the coefficient tables' files (its shape: db/tables/file-lists.ts). */

export const positionSalaryCoefficientFiles = fileListTable('position_salary_coefficient_files');

export const fileListTables = { positionSalaryCoefficientFiles };
