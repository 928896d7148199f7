/**
 * The resource framework: declare a resource once (defineResource with the `field` helpers),
 * serve its whole API (registerResources). See packages/server/README.md, "Resource framework".
 */
export { defineResource } from './define-resource.ts';
export { field } from './schema/fields.ts';
export { registerResources, type ResourceDeps } from './routes/register-resources.ts';
export { SUB_PATHS, type SubPath, type ResourceRouteTag } from './routes/route-options.ts';
export type {
  FieldSpec,
  Fields,
  Label,
  ResourceDeclaration,
  ResourceDefinition,
  ResourceRecord,
} from './types.ts';
