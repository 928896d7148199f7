import { jobTitleContract } from '@hcm/contracts/categories';
import { jobTitles } from '../../../db/schema.ts';
import { bindCategory } from './category.ts';

export const jobTitleResource = bindCategory(jobTitleContract, jobTitles);
