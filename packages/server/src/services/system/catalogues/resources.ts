import type { ResourceDefinition } from '../../../resources/index.ts';

/** The System categories shared by every tenant. */
export const systemCatalogueResources: readonly ResourceDefinition[] = [];
