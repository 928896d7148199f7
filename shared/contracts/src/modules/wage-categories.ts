import type { AnyResourceContract } from '../resource/contract.ts';

/** Region wages, salary grades with their scales, contract types with their salary rate. */
export const wageCategoryContracts: readonly AnyResourceContract[] = [];
