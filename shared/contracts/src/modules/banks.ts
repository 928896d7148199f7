import type { AnyResourceContract } from '../resource/contract.ts';

/** Banks (name, short name, code; sorted by name). */
export const bankContracts: readonly AnyResourceContract[] = [];
