import type { AnyResourceContract } from '../resource/contract.ts';

/** Leave types and public holidays. */
export const leaveCategoryContracts: readonly AnyResourceContract[] = [];
