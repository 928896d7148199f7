import { ethnicityContract } from '@hcm/contracts/categories';
import { ethnicities } from '../../../db/schema.ts';
import { bindCategory } from './category.ts';

export const ethnicityResource = bindCategory(ethnicityContract, ethnicities);
