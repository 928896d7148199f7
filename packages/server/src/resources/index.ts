/**
 * The resource framework: bind a contract of @hcm/contracts to its table (bindResource), serve
 * its whole API (registerResources). See packages/server/README.md, "Resource framework".
 */
export {
  bindResource,
  type BoundResource,
  type EnumSetTable,
  type ResourceBinding,
} from './bind-resource.ts';
export { fileListOf, type FileListTable } from './write/file-lists.ts';
export { registerResources, type ResourceDeps } from './routes/register-resources.ts';
export { SUB_PATHS, type SubPath, type ResourceRouteTag } from './routes/route-options.ts';
export type {
  DataScope,
  ResolvedDataScope,
  FieldSpec,
  Fields,
  HookContext,
  Label,
  ResourceDeclaration,
  ResourceDefinition,
  ResourceHooks,
  ResourceRecord,
} from './types.ts';
