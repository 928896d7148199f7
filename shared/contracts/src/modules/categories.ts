import { category } from './category.ts';
import { positionContract } from './positions.ts';
import { workingGroupContract } from './organization-units.ts';
import { wageCategoryContracts } from './wage-categories.ts';
import { leaveCategoryContracts } from './leave-categories.ts';
import { scaleGroupContracts } from './scale-groups.ts';
import { bankContracts } from './banks.ts';
import { systemCatalogueContracts } from './system-catalogues.ts';
import type { RecordOf } from '../resource/contract.ts';

export { category, categoryContract, categoryFields } from './category.ts';
export { positionContract, type PositionNode, type PositionRecord } from './positions.ts';
export { workingGroupContract, type WorkingGroupRecord } from './organization-units.ts';

/**
 * Every plain Admin category (code, name, description, priority, status), one line each, titled
 * as its resource (resource/titles.ts): the server makes and binds its table and the admin
 * micro-app draws its pages; nothing else is written per category (docs/architecture.md, "How
 * to add a resource").
 */
export const plainCategoryContracts = [
  category('job_title', 'job-titles', 'Job title'),
  category('ethnicity', 'ethnicities', 'Ethnicity'),
  category('religion', 'religions', 'Religion'),
  category('job_category', 'job-categories', 'Job category'),
  category('job_position', 'job-positions', 'Job position'),
  category('nature_of_work', 'natures-of-work', 'Nature of work'),
  category('occupation', 'occupations', 'Occupation'),
  category('subject_of_labor', 'subjects-of-labor', 'Subject of labour'),
  category('reward_type', 'reward-types', 'Reward type'),
  category('discipline_type', 'discipline-types', 'Discipline type'),
  category('job_nature', 'labor-natures', 'Labour nature'),
  category('unspecialized_job_title', 'non-professional-titles', 'Non-professional title'),
  category('allowance_type', 'allowance-types', 'Allowance type'),
] as const;

export const [jobTitleContract, ethnicityContract, religionContract] = plainCategoryContracts;

export type PlainCategoryContract = (typeof plainCategoryContracts)[number];
export type CategoryRecord = RecordOf<PlainCategoryContract>;

/**
 * Every category the admin micro-app draws from its contract alone: the plain ones and those
 * with fields of their own (positions, working groups, wages, leave, scale groups, banks, the
 * system catalogues).
 */
export const categoryContracts = [
  ...plainCategoryContracts,
  positionContract,
  workingGroupContract,
  ...wageCategoryContracts,
  ...leaveCategoryContracts,
  ...scaleGroupContracts,
  ...bankContracts,
  ...systemCatalogueContracts,
] as const;
