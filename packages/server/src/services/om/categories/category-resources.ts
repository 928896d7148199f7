import { plainCategoryContracts } from '@hcm/contracts/categories';
import { categoryTables } from '../tables/categories.ts';
import type { ResourceDefinition } from '../../../resources/index.ts';
import { bindCategory } from './category.ts';

/** Every Admin category of @hcm/contracts/categories bound to its table: no line per category. */
export const categoryResources: readonly ResourceDefinition[] = plainCategoryContracts.map((contract) =>
  bindCategory(contract, categoryTables[contract.permission]),
);

/** The categories the suites and benches use by name. */
export const [jobTitleResource, ethnicityResource, religionResource] = categoryResources as [
  ResourceDefinition,
  ResourceDefinition,
  ResourceDefinition,
];
