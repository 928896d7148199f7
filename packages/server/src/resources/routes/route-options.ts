import type { GenericSubPath } from '@hcm/contracts/resource';
import type { RouteShorthandOptions } from 'fastify';
import { refuseTenantWriter } from '../caller.ts';
import type { PermissionAction, ResourceDefinition } from '../types.ts';

/** The generic sub-paths (catalogues §7.1), each with the permission action it needs. */
export const SUB_PATHS = {
  search: { method: 'GET', url: '', action: 'view' },
  autoComplete: { method: 'GET', url: '/auto-complete', action: 'view' },
  autoCompleteAll: { method: 'GET', url: '/auto-complete-all', action: 'view' },
  count: { method: 'GET', url: '/count', action: 'view' },
  findByIds: { method: 'POST', url: '/find-by-ids', action: 'view' },
  export: { method: 'GET', url: '/export', action: 'export' },
  downloadTemplate: { method: 'GET', url: '/download-template', action: 'export' },
  import: { method: 'POST', url: '/import', action: 'create' },
  // a record's parts from a sheet (contract subImports, import/sub-imports.ts)
  subImportTemplate: { method: 'GET', url: '/sub-imports/:name/download-template', action: 'export' },
  subImport: { method: 'POST', url: '/sub-imports/:name/import', action: 'update' },
  create: { method: 'POST', url: '', action: 'create' },
  get: { method: 'GET', url: '/:id', action: 'view' },
  update: { method: 'POST', url: '/:id/update', action: 'update' },
  delete: { method: 'POST', url: '/:id/delete', action: 'delete' },
  active: { method: 'POST', url: '/:id/active', action: 'update' },
  inactive: { method: 'POST', url: '/:id/inactive', action: 'update' },
  // the list's selection in one request, all or none (body { ids })
  activeBatch: { method: 'POST', url: '/active/batch', action: 'update' },
  inactiveBatch: { method: 'POST', url: '/inactive/batch', action: 'update' },
  // who changed which field, from the action log (action-log/read-history.ts)
  changes: { method: 'GET', url: '/:id/changes', action: 'view' },
} as const satisfies Record<string, { method: 'GET' | 'POST'; url: string; action: PermissionAction }>;

export type SubPath = keyof typeof SUB_PATHS;

/** Which resource and sub-path a route serves: on `config.resource`, read by docs and probes. */
export interface ResourceRouteTag {
  resource: string;
  subPath: SubPath;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** set by the resource framework on every route it registers */
    resource?: ResourceRouteTag;
  }
}

/** The contract's opt-out that removes each sub-path (search, count, find-by-ids, get: never). */
const OPT_OUT: Partial<Record<SubPath, GenericSubPath>> = {
  autoComplete: 'autoComplete',
  autoCompleteAll: 'autoComplete',
  export: 'export',
  downloadTemplate: 'import',
  import: 'import',
  subImportTemplate: 'import',
  subImport: 'import',
  create: 'create',
  update: 'update',
  delete: 'delete',
  active: 'status',
  inactive: 'status',
  activeBatch: 'status',
  inactiveBatch: 'status',
};

/**
 * The sub-paths that change records, or serve only to change them (the import template): on a
 * shared resource, system users only (refuseTenantWriter); tenant users read the rest.
 */
const WRITES: ReadonlySet<SubPath> = new Set<SubPath>([
  'create',
  'update',
  'delete',
  'active',
  'inactive',
  'activeBatch',
  'inactiveBatch',
  'import',
  'downloadTemplate',
  'subImport',
  'subImportTemplate',
]);

/** Whether a tenant user holding the permission may call the sub-path of the resource. */
export function tenantMayCall(definition: ResourceDefinition, subPath: SubPath): boolean {
  if (definition.scope === 'system') return false;
  return definition.scope === 'tenant' || !WRITES.has(subPath);
}

/** Who the resource's scope lets call the sub-path, in words for the OpenAPI description. */
function whoMayCall(definition: ResourceDefinition, subPath: SubPath): string {
  if (definition.scope === 'tenant') return 'Tenant users (system users get 403).';
  if (definition.scope === 'system') return 'System users (tenant users get 403).';
  return tenantMayCall(definition, subPath)
    ? 'System users and tenant users: one list shared by every tenant.'
    : 'System users only: the list is kept by the system administrator for every tenant (tenant users get 403).';
}

/** Whether the resource serves the sub-path: an opted-out one has no route, so no OpenAPI entry. */
export function serves(definition: ResourceDefinition, subPath: SubPath): boolean {
  if (
    (subPath === 'subImport' || subPath === 'subImportTemplate') &&
    Object.keys(definition.contract?.subImports ?? {}).length === 0
  )
    return false;
  const optOut = OPT_OUT[subPath];
  return optOut === undefined || definition.offers(optOut);
}

const SUMMARIES: Record<SubPath, string> = {
  search: 'Search (keyword, filters, paging, sortBy)',
  autoComplete: 'Auto-complete: ACTIVE records, paged',
  autoCompleteAll: 'Auto-complete: all ACTIVE records (capped)',
  count: 'Count the records that match',
  findByIds: 'Find records by ids',
  export: 'Export the records that match as xlsx',
  downloadTemplate: 'Download the import template (xlsx)',
  import: 'Import records from an xlsx file (all or none)',
  subImportTemplate: "Download the template of an import of the records' parts (xlsx)",
  subImport:
    "Import the records' parts from an xlsx file: each row names a record by code and adds a row to one of its lists or sets its fields (all or none)",
  create: 'Create',
  get: 'Get one record',
  update: 'Update (optimistic: send the version read)',
  delete: 'Delete',
  active: 'Set status ACTIVE',
  inactive: 'Set status INACTIVE',
  activeBatch: 'Set status ACTIVE on several records at once: all of them, or none and the reason',
  inactiveBatch: 'Set status INACTIVE on several records at once: all of them, or none and the reason',
  changes: "The record's change history: who changed which field from what to what, newest first",
};

/**
 * Route options of one sub-path: the auth rule, permission and module (enforced centrally by
 * iam/authorization), the schemas, and the summary, tag and operation id of the OpenAPI document.
 * `permissions`: a picker's reads also let in those who file the documents that pick the resource.
 */
export function routeOptions(
  definition: ResourceDefinition,
  subPath: SubPath,
  schema: Record<string, unknown>,
  /** any one of these instead of the sub-path's own permission (a picker's reads: pickers.ts) */
  permissions?: readonly string[],
): RouteShorthandOptions {
  const { declaration } = definition;
  const refuseTenants = definition.scope === 'shared' && !tenantMayCall(definition, subPath);
  return {
    config: {
      auth: 'user',
      permission: permissions ?? definition.permissionFor(SUB_PATHS[subPath].action),
      module: definition.module,
      resource: { resource: definition.name, subPath },
    },
    ...(refuseTenants ? { onRequest: refuseTenantWriter } : {}),
    schema: {
      ...schema,
      description: whoMayCall(definition, subPath),
      summary: `${declaration.title.en}: ${SUMMARIES[subPath]}`,
      tags: [`${declaration.service}/${declaration.path}`],
      operationId: `${declaration.service}.${declaration.path}.${subPath}`,
    },
  };
}
