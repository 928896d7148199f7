import type { AnyResourceContract } from '../resource/contract.ts';

/** Military groups with their ranks and technical groups with their levels. */
export const scaleGroupContracts: readonly AnyResourceContract[] = [];
