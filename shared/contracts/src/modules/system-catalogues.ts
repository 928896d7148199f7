import type { AnyResourceContract } from '../resource/contract.ts';

/** The System categories kept by system administrators for every tenant: coefficients, payroll coefficients, time salary coefficients, technical levels. */
export const systemCatalogueContracts: readonly AnyResourceContract[] = [];
