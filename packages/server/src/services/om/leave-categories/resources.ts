import type { ResourceDefinition } from '../../../resources/index.ts';

/** Leave types and holidays bound to their tables. */
export const leaveCategoryResources: readonly ResourceDefinition[] = [];
