import { category } from './category.ts';
import { wageCategoryContracts } from './wage-categories.ts';
import { leaveCategoryContracts } from './leave-categories.ts';
import { scaleGroupContracts } from './scale-groups.ts';
import { bankContracts } from './banks.ts';
import { systemCatalogueContracts } from './system-catalogues.ts';
import type { RecordOf } from '../resource/contract.ts';

export { category, categoryContract, categoryFields } from './category.ts';

/**
 * Every plain Admin category (code, name, description, priority, status), one line each: the
 * server makes and binds its table and the admin micro-app draws its pages; nothing else is
 * written per category (docs/architecture.md, "How to add a resource").
 */
export const plainCategoryContracts = [
  category('job_title', 'job-titles', 'Chức danh', 'Job titles', 'Job title'),
  category('ethnicity', 'ethnicities', 'Dân tộc', 'Ethnicities', 'Ethnicity'),
  category('religion', 'religions', 'Tôn giáo', 'Religions', 'Religion'),
  category('job_category', 'job-categories', 'Nhóm công việc', 'Job categories', 'Job category'),
] as const;

export const [jobTitleContract, ethnicityContract, religionContract] = plainCategoryContracts;

export type PlainCategoryContract = (typeof plainCategoryContracts)[number];
export type CategoryRecord = RecordOf<PlainCategoryContract>;

/**
 * Every category the admin micro-app draws from its contract alone: the plain ones and those
 * with fields of their own (wages, leave, scale groups, banks, the system catalogues).
 */
export const categoryContracts = [
  ...plainCategoryContracts,
  ...wageCategoryContracts,
  ...leaveCategoryContracts,
  ...scaleGroupContracts,
  ...bankContracts,
  ...systemCatalogueContracts,
] as const;
