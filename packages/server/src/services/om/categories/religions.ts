import { religionContract } from '@hcm/contracts/categories';
import { religions } from '../../../db/schema.ts';
import { bindCategory } from './category.ts';

export const religionResource = bindCategory(religionContract, religions);
