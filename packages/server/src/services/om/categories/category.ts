import type { AnyResourceContract } from '@hcm/contracts/resource';
import type { PgTable } from 'drizzle-orm/pg-core';
import { bindResource, type ResourceDefinition } from '../../../resources/index.ts';

/**
 * An Admin category (catalogues §2.2): its contract (@hcm/contracts/categories) bound to its
 * table (`categoryTable(name)` in db/schema.ts, made by one `SELECT hcm_create_category_table`
 * in a migration). Nothing else to say: the contract has the fields, paths and permission.
 */
export const bindCategory = (contract: AnyResourceContract, table: PgTable): ResourceDefinition =>
  bindResource(contract, { table });
