import type { ResourceDefinition } from '../../../resources/index.ts';

/** Region wages, salary grades, contract types bound to their tables. */
export const wageCategoryResources: readonly ResourceDefinition[] = [];
