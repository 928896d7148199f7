import { PermissionResources, type UserLevel } from '@hcm/contracts';
import { getTableColumns } from 'drizzle-orm';
import { approvalSpecOf } from './approval/approval-spec.ts';
import { deriveSchemas } from './schema/record-schemas.ts';
import { listViewOf } from './search/list-view.ts';
import type { PgColumn } from 'drizzle-orm/pg-core';
import {
  AUDIT_FIELDS,
  isTextKind,
  type FieldSpec,
  type Fields,
  type FrameworkColumns,
  type PermissionAction,
  type ResourceDeclaration,
  type ResourceDefinition,
  type ResourceScopeKind,
} from './types.ts';

const SEGMENT = /^[a-z][a-z0-9-]*$/;

/** The user levels the permission catalogue must give a resource of each scope. */
const LEVELS_OF_SCOPE: Record<ResourceScopeKind, readonly UserLevel[]> = {
  tenant: ['TENANT'],
  system: ['SYSTEM'],
  shared: ['SYSTEM', 'TENANT'],
};

/**
 * Declares a resource once; `registerResources` then serves all its generic sub-paths
 * (catalogues §7.1) under /api/{service}/{path}. A declaration that contradicts itself or its
 * table fails here, when the module loads, not on the first request.
 */
export function defineResource<F extends Fields>(typed: ResourceDeclaration<F>): ResourceDefinition {
  // The type parameter checks the names in the declaration; the definition needs no more.
  const declaration = typed as unknown as ResourceDeclaration;
  const where = `Resource ${declaration.service}/${declaration.path}`;
  const fail = (problem: string): never => {
    throw new Error(`${where}: ${problem}`);
  };
  if (!SEGMENT.test(declaration.service) || !SEGMENT.test(declaration.path))
    fail('service and path must be lower-case words joined by hyphens');

  const catalogued = PermissionResources[declaration.permission];
  if (!catalogued) fail(`permission resource ${declaration.permission} is not in @hcm/contracts`);
  const module = declaration.module ?? catalogued.module;
  if (module !== catalogued.module)
    fail(`module ${module} differs from the permission catalogue's ${catalogued.module}`);

  // The catalogue's user levels say who may be granted the permission; the scope says whose
  // records these are. A system user granted a tenant resource's permission would get 403 on
  // every call (and a tenant user a system resource's), so the two must agree: a shared
  // resource is the one both levels may be granted (system users write, tenant users read).
  const scope = declaration.scope ?? 'tenant';
  const levelsOfScope = LEVELS_OF_SCOPE[scope];
  const levels = catalogued.levels as readonly string[];
  const wanted =
    levelsOfScope.length === 1
      ? `the user level ${levelsOfScope.join('')} alone`
      : `the user levels ${levelsOfScope.join(' and ')}`;
  if (levels.length !== levelsOfScope.length || levelsOfScope.some((level) => !levels.includes(level)))
    fail(
      `a ${scope} resource needs ${wanted} in the permission catalogue, which says ${catalogued.levels.join(', ')}`,
    );

  const tableColumns: Record<string, PgColumn | undefined> = getTableColumns(declaration.table);
  const fieldNames = Object.keys(declaration.fields);
  const column = (name: string): PgColumn => tableColumns[name] ?? fail(`the table has no column ${name}`);
  const field = (name: string): FieldSpec => declaration.fields[name] ?? fail(`there is no field ${name}`);
  for (const name of fieldNames) column(name);
  if (scope !== 'tenant' && tableColumns.tenantId)
    fail(`a ${scope} resource is a global table: it has no tenantId column`);
  const columns: FrameworkColumns = {
    ...(scope === 'tenant' ? { tenantId: column('tenantId') } : {}),
    id: column('id'),
    version: column('version'),
    createdAt: column('createdAt'),
    createdBy: column('createdBy'),
    lastModifiedAt: column('lastModifiedAt'),
    lastModifiedBy: column('lastModifiedBy'),
  };

  const derivedNames = Object.keys(declaration.derived ?? {});
  for (const name of derivedNames)
    if (fieldNames.includes(name) || tableColumns[name])
      fail(`derived ${name} clashes with a field or column`);
  const known = (list: readonly string[], what: string, allowAudit = false, allowDerived = false) => {
    for (const name of list)
      if (
        !fieldNames.includes(name) &&
        !(allowAudit && (AUDIT_FIELDS as readonly string[]).includes(name)) &&
        !(allowDerived && derivedNames.includes(name))
      )
        fail(`${what} names ${name}, which is not a field`);
  };
  known(declaration.create, 'create');
  known(declaration.update, 'update');
  known(declaration.search, 'search');
  // a derived column is filtered and sorted, never written
  known(declaration.filters, 'filters', false, true);
  known(declaration.sort, 'sort', true, true);
  // A list with a cell of its own (a children field's rows, references' names) may be an export column.
  known(
    declaration.exportColumns.filter(
      (name) => !declaration.lists?.[name]?.cell && !declaration.lists?.[name]?.cells,
    ),
    'exportColumns',
    true,
  );
  known(declaration.importColumns, 'importColumns');
  for (const [name, spec] of Object.entries(declaration.fields)) {
    if (spec.required && !declaration.create.includes(name)) fail(`required field ${name} is not in create`);
    // without an import (a file field: a spreadsheet row cannot carry the file) no column is needed
    if (
      spec.required &&
      !declaration.without?.includes('import') &&
      !declaration.importColumns.includes(name)
    )
      fail(`required field ${name} is not in importColumns`);
  }
  for (const name of declaration.search)
    if (!isTextKind(declaration.fields[name]?.kind)) fail(`search field ${name} is not text`);
  if (!declaration.sort.includes(declaration.defaultSort.field)) fail('defaultSort is not among sort');

  const lists = declaration.lists ?? {};
  for (const name of Object.keys(lists))
    if (fieldNames.includes(name) || tableColumns[name]) fail(`list ${name} clashes with a field or column`);

  const without = declaration.without ?? [];
  // Without the status sub-paths a resource needs no status field (auto-complete then lists all).
  const statusField =
    declaration.statusField ?? (without.includes('status') && !declaration.fields.status ? null : 'status');
  if (statusField !== null && declaration.fields[statusField]?.kind !== 'enum')
    fail(`status field ${statusField} is not an enum field`);

  const dataScope = declaration.dataScope ?? 'tenant';
  if (dataScope !== 'tenant') {
    if (scope !== 'tenant') fail(`a data scope narrows a tenant resource: a ${scope} resource has none`);
    column(dataScope.column);
  }
  if (declaration.foldedSearch !== undefined) column(declaration.foldedSearch);

  const approval = declaration.approval ? approvalSpecOf(declaration, catalogued.approvable, fail) : null;
  const listView = listViewOf(declaration, column, columns, fail);

  return {
    declaration,
    name: declaration.permission,
    module,
    scope,
    basePath: `/api/${declaration.service}/${declaration.path}`,
    fields: declaration.fields,
    lists,
    statusField,
    columns,
    column,
    field,
    table: declaration.table,
    schemas: deriveSchemas(declaration, listView.fields),
    permissionFor: (action: PermissionAction) => `${declaration.permission}.${action}`,
    offers: (subPath) => !without.includes(subPath),
    hooks: declaration.hooks ?? {},
    dataScope,
    approval,
    listView,
  };
}
