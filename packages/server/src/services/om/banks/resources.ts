import { categoryContracts } from '@hcm/contracts/categories';
import { banks } from '../tables/banks.ts';
import { bindResource, type ResourceDefinition } from '../../../resources/index.ts';

/** The bank contract (modules/banks.ts, listed in categoryContracts rather than re-exported). */
const bankContract =
  categoryContracts.find((contract) => contract.permission === 'bank') ??
  ((): never => {
    throw new Error('@hcm/contracts/categories has no contract of bank');
  })();

/** Admin › Bank bound to its table (migration 0014): no rule beyond the contract's fields. */
export const bankResource = bindResource(bankContract, { table: banks });

/** Banks bound to their table. */
export const bankResources: readonly ResourceDefinition[] = [bankResource];
