import { categoryContracts } from '@hcm/contracts/categories';
import { settingContracts } from '@hcm/contracts/settings';
import type { AnyResourceContract } from '@hcm/contracts/resource';

/**
 * The contracts whose routes the app draws with the generic pages and no page of its own (one
 * shared chunk, pages/CategoryPages.tsx, picks the contract by route): the Admin and System
 * categories and the Admin settings. Kept out of the entry chunk.
 */
export const DRAWN_CONTRACTS: readonly AnyResourceContract[] = [...categoryContracts, ...settingContracts];
