import type { ResourceDefinition } from '../../../resources/index.ts';

/** Banks bound to their table. */
export const bankResources: readonly ResourceDefinition[] = [];
