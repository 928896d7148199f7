import type { ResourceDefinition } from '../resources/index.ts';
import { notificationResources } from './notification/index.ts';
import { omResources } from './om/index.ts';
import { pmResources } from './pm/index.ts';
import { systemResources } from './system/index.ts';
import { tmResources } from './tm/index.ts';

/**
 * Every resource declared with the resource framework, service by service. The probe tests
 * (resources/probe.test.ts) walk these, so a resource added to a service's list is covered
 * with no new test code; a new service adds its list here.
 */
export const declaredResources: readonly ResourceDefinition[] = [
  ...omResources,
  ...pmResources,
  ...tmResources,
  ...systemResources,
  ...notificationResources,
];
