import type { ResourceDefinition } from '../../../resources/index.ts';

/** Military and technical groups bound to their tables. */
export const scaleGroupResources: readonly ResourceDefinition[] = [];
