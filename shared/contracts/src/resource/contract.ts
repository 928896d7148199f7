import type { ApplicationModule, UserLevel } from '../enums.ts';
import { PermissionResources, type PermissionResource } from '../permissions.ts';
import { RECORD_NAME_FIELDS } from './display-name.ts';
import type { FieldContract, FieldContracts, ValueOf } from './fields.ts';
import { CommonLabels, type Label } from './label.ts';

/** Columns the framework keeps on every record (not fields of the contract). */
export const AUDIT_COLUMNS = ['createdAt', 'createdBy', 'lastModifiedAt', 'lastModifiedBy'] as const;
export type AuditColumn = (typeof AUDIT_COLUMNS)[number];

/** The generic sub-paths of catalogues §7.1 a resource may opt out of. */
export const GENERIC_SUB_PATHS = [
  'create',
  'update',
  'delete',
  'status',
  'export',
  'import',
  'autoComplete',
] as const;
export type GenericSubPath = (typeof GENERIC_SUB_PATHS)[number];

/** Whose users work with these records: system users, tenant users, or both (each their own). */
export type ContractLevel = 'system' | 'tenant' | 'both';

export type SortDirection = 'asc' | 'desc';

export interface FormSection<N extends string = string> {
  readonly title: Label;
  readonly fields: readonly N[];
}

export interface ContractInput<F extends FieldContracts> {
  /** service prefix of the API: /api/{service}/{path} */
  readonly service: string;
  /** the path under the service, e.g. 'job-titles' */
  readonly path: string;
  /** the page route in the portal, e.g. '/setting/job-titles' (a menu entry's path) */
  readonly route: string;
  /** the permission resource of @hcm/contracts permissions.ts */
  readonly permission: PermissionResource;
  readonly level: ContractLevel;
  /** the plural title (page title, sheet name) and the singular (form title) */
  readonly title: Label;
  readonly singular: Label;
  readonly fields: F;
  /** the list's columns, in order (audit columns allowed) */
  readonly columns: readonly ((keyof F & string) | AuditColumn)[];
  /**
   * more columns a user may show with the list's column chooser, hidden until chosen (a list
   * too wide for a screen with all of them); after `columns` in the chooser
   */
  readonly optionalColumns?: readonly ((keyof F & string) | AuditColumn)[];
  /**
   * what a list row carries beyond its columns, names and status (listFields): the fields a page
   * reads from list rows for something other than a column (a worker's account for the workflow
   * step's assignee picker, a template's file for the picker that hands it on)
   */
  readonly listExtras?: readonly ((keyof F & string) | AuditColumn)[];
  /** fields the keyword matches */
  readonly keyword: readonly (keyof F & string)[];
  readonly filters: readonly (keyof F & string)[];
  readonly sort: readonly ((keyof F & string) | AuditColumn)[];
  readonly defaultSort: {
    readonly field: (keyof F & string) | AuditColumn;
    readonly direction: SortDirection;
  };
  /** the form: sections of fields; fields absent here are not edited in the form */
  readonly sections?: readonly FormSection<keyof F & string>[];
  /** fields create accepts; defaults to every field of the sections */
  readonly create?: readonly (keyof F & string)[];
  /** fields update may change; defaults to create without the status field */
  readonly update?: readonly (keyof F & string)[];
  /** columns of the export (defaults to the list's columns) and of the import (defaults to create minus status) */
  readonly exportColumns?: readonly ((keyof F & string) | AuditColumn)[];
  readonly importColumns?: readonly (keyof F & string)[];
  /**
   * The import syncs rather than only adds: a row whose value of this field (the contract's one
   * unique field) names an existing record updates that record; the other rows are added.
   */
  readonly importMatches?: keyof F & string;
  /**
   * Imports of a record's parts (GET {path}/sub-imports/{name}/download-template, POST
   * …/import): each sheet row names an existing record by its `code` and either adds rows to one
   * of its children lists (`list`) or sets some of its fields (`fields`).
   */
  readonly subImports?: Readonly<Record<string, SubImport<keyof F & string>>>;
  /** generic sub-paths this resource does not offer */
  readonly without?: readonly GenericSubPath[];
  /** the enum field /active and /inactive switch (default 'status') */
  readonly statusField?: keyof F & string;
}

/** One import of a record's part: rows added to a children list, or fields set (contract subImports). */
export type SubImport<K extends string = string> =
  { readonly list: K } | { readonly fields: readonly K[]; readonly title: Label };

/**
 * Any contract, its names widened to strings: what the server's binding and the UI kit's pages
 * take. (ResourceContract<F> is invariant in F, so code that serves every contract reads this.)
 */
export interface AnyResourceContract {
  readonly service: string;
  readonly path: string;
  readonly route: string;
  readonly permission: PermissionResource;
  readonly level: ContractLevel;
  readonly title: Label;
  readonly singular: Label;
  readonly fields: FieldContracts;
  readonly columns: readonly string[];
  /** columns the column chooser offers beyond `columns`, hidden by default */
  readonly optionalColumns: readonly string[];
  /**
   * what a list row (search, auto-complete, auto-complete-all, find-by-ids) carries beside `id`
   * and `version`: the fields that name a record (RECORD_NAME_FIELDS, `nameEn`), the status and
   * approval status (with `createdBy`, whom four eyes leave out), `columns`, `optionalColumns` and
   * `listExtras`, in that order; a file field brings its `<field>Info`, an area its `<field>Name`.
   * GET {id} answers the whole record.
   */
  readonly listFields: readonly string[];
  /** the contract's own additions to listFields (ContractInput.listExtras) */
  readonly listExtras: readonly string[];
  readonly keyword: readonly string[];
  readonly filters: readonly string[];
  readonly sort: readonly string[];
  readonly defaultSort: { readonly field: string; readonly direction: SortDirection };
  readonly sections: readonly FormSection[];
  readonly create: readonly string[];
  readonly update: readonly string[];
  readonly exportColumns: readonly string[];
  readonly importColumns: readonly string[];
  readonly importMatches: string | null;
  readonly subImports: Readonly<Record<string, SubImport>>;
  readonly without: readonly GenericSubPath[];
  readonly statusField: string | null;
  readonly module: ApplicationModule;
  /** from the permission catalogue: records go through the approval engine */
  readonly approvable: boolean;
  /** /api/{service}/{path} */
  readonly apiPath: string;
  /** the sub-paths it offers */
  offers(subPath: GenericSubPath): boolean;
}

/** A resource said once: read by the server (API, OpenAPI, import, export) and the browser (pages). */
export interface ResourceContract<F extends FieldContracts = FieldContracts> extends AnyResourceContract {
  readonly fields: F;
  readonly columns: readonly ((keyof F & string) | AuditColumn)[];
  readonly optionalColumns: readonly ((keyof F & string) | AuditColumn)[];
  readonly listFields: readonly ((keyof F & string) | AuditColumn)[];
  readonly listExtras: readonly ((keyof F & string) | AuditColumn)[];
  readonly keyword: readonly (keyof F & string)[];
  readonly filters: readonly (keyof F & string)[];
  readonly sort: readonly ((keyof F & string) | AuditColumn)[];
  readonly defaultSort: {
    readonly field: (keyof F & string) | AuditColumn;
    readonly direction: SortDirection;
  };
  readonly sections: readonly FormSection<keyof F & string>[];
  readonly create: readonly (keyof F & string)[];
  readonly update: readonly (keyof F & string)[];
  readonly exportColumns: readonly ((keyof F & string) | AuditColumn)[];
  readonly importColumns: readonly (keyof F & string)[];
  readonly importMatches: (keyof F & string) | null;
  readonly statusField: (keyof F & string) | null;
}

/** A record of a contract as the API answers it. */
export type RecordOf<C> =
  C extends ResourceContract<infer F>
    ? {
        id: string;
        version: number;
        createdAt: string;
        createdBy: string | null;
        lastModifiedAt: string;
        lastModifiedBy: string | null;
      } & {
        -readonly [K in keyof F]: ValueOf<F[K]>;
      }
    : never;

const SEGMENT = /^[a-z][a-z0-9-]*$/;
const ROUTE = /^(\/[a-z][a-z0-9-]*)+$/;
const LEVELS: Record<ContractLevel, readonly UserLevel[]> = {
  system: ['SYSTEM'],
  tenant: ['TENANT'],
  both: ['SYSTEM', 'TENANT'],
};

/**
 * Declares a resource once. A contract that contradicts itself or the permission catalogue
 * (an unknown permission, a user level the catalogue does not give it, a column that is not a
 * field) throws when its module loads: at the server's start, and in the contracts' tests.
 */
export function defineContract<const F extends FieldContracts>(input: ContractInput<F>): ResourceContract<F> {
  const where = `Contract ${input.service}/${input.path}`;
  const fail = (problem: string): never => {
    throw new Error(`${where}: ${problem}`);
  };
  if (!SEGMENT.test(input.service) || !SEGMENT.test(input.path))
    fail('service and path must be lower-case words joined by hyphens');
  if (!ROUTE.test(input.route)) fail(`route ${input.route} is not a lower-case path`);
  const catalogued = PermissionResources[input.permission];
  if (!catalogued) fail(`permission resource ${input.permission} is not in the permission catalogue`);
  const wanted = LEVELS[input.level];
  const levels = catalogued.levels as readonly UserLevel[];
  if (wanted.length !== levels.length || wanted.some((level) => !levels.includes(level)))
    fail(`level ${input.level} disagrees with the permission catalogue's user levels ${levels.join(', ')}`);

  const names = Object.keys(input.fields);
  const isAudit = (name: string) => (AUDIT_COLUMNS as readonly string[]).includes(name);
  const known = (list: readonly string[], what: string, audit = false) => {
    for (const name of list)
      if (!names.includes(name) && !(audit && isAudit(name)))
        fail(`${what} names ${name}, which is not a field`);
  };
  const statusField = input.statusField ?? (input.fields.status?.kind === 'enum' ? 'status' : null);
  if (statusField !== null && input.fields[statusField]?.kind !== 'enum')
    fail(`status field ${statusField} is not an enum`);
  const sections: readonly FormSection[] = input.sections ?? [
    { title: CommonLabels.general, fields: names.filter((name) => name !== statusField) },
  ];
  const sectionFields = sections.flatMap((section) => section.fields);
  const create = input.create ?? [...sectionFields, ...(statusField ? [statusField] : [])];
  const update = input.update ?? create.filter((name) => name !== statusField);
  const importColumns =
    input.importColumns ??
    create.filter((name) => {
      const kind = (input.fields[name] as FieldContract).kind;
      return (
        name !== statusField &&
        kind !== 'children' &&
        kind !== 'references' &&
        kind !== 'enumSet' &&
        kind !== 'file' &&
        kind !== 'files' &&
        kind !== 'image'
      );
    });
  const exportColumns = input.exportColumns ?? input.columns;
  known(input.columns, 'columns', true);
  const optionalColumns = input.optionalColumns ?? [];
  known(optionalColumns, 'optionalColumns', true);
  for (const name of optionalColumns)
    if (input.columns.includes(name)) fail(`optionalColumns names ${name}, which is already a column`);
  const listExtras = input.listExtras ?? [];
  known(listExtras, 'listExtras', true);
  known(input.keyword, 'keyword');
  known(input.filters, 'filters');
  known(input.sort, 'sort', true);
  known(sectionFields, 'sections');
  known(create, 'create');
  known(update, 'update');
  known(importColumns, 'importColumns');
  known(exportColumns, 'exportColumns', true);
  if (!input.sort.includes(input.defaultSort.field)) fail('defaultSort is not among sort');
  for (const name of input.keyword) {
    const kind = input.fields[name]?.kind;
    if (kind !== 'text' && kind !== 'code') fail(`keyword field ${name} is not text`);
  }
  const without = input.without ?? [];
  for (const [name, field] of Object.entries(input.fields)) {
    if (field.required && !without.includes('create') && !create.includes(name))
      fail(`required field ${name} is not in create`);
    if (field.required && !without.includes('import') && !importColumns.includes(name))
      fail(`required field ${name} is not among the import columns`);
  }
  const subImports = input.subImports ?? {};
  for (const [name, part] of Object.entries(subImports)) {
    if (!/^[a-z][a-z-]*$/.test(name)) fail(`sub-import ${name}: a path segment in lower-case words`);
    if (!input.fields.code?.unique) fail(`sub-import ${name}: the rows name a record by its unique code`);
    if ('list' in part) {
      const list = input.fields[part.list];
      if (list?.kind !== 'children') fail(`sub-import ${name}: ${part.list} is not a children field`);
      else if ('code' in list.fields) fail(`sub-import ${name}: an item field named code hides the record's`);
    } else
      for (const field of part.fields)
        if (
          !update.includes(field) ||
          ['children', 'files', 'file', 'image'].includes(input.fields[field]?.kind ?? '')
        )
          fail(`sub-import ${name}: ${field} is not a field update changes from a sheet`);
  }
  const importMatches = input.importMatches ?? null;
  if (importMatches !== null) {
    const unique = names.filter((name) => input.fields[name]?.unique);
    // With a second unique field, a matched row could collide with its own record's value.
    if (unique.length !== 1 || unique[0] !== importMatches)
      fail(`importMatches ${importMatches} must be the contract's only unique field`);
    if (!importColumns.includes(importMatches)) fail(`importMatches ${importMatches} is not imported`);
  }
  if (!without.includes('status') && statusField === null)
    fail('without a status field, list "status" in without');

  // A tree parent names a record of the resource itself: its pickers, lists and detail find it
  // through the resource's own auto-complete and find-by-ids, shown by its name.
  const apiPath = `/api/${input.service}/${input.path}`;
  const display = names.includes('name') ? 'name' : names.includes('code') ? 'code' : 'id';
  const fields = Object.fromEntries(
    Object.entries(input.fields).map(([name, field]) => [
      name,
      field.kind === 'treeParent' && !field.target
        ? { ...field, target: { resource: input.permission, apiPath, display } }
        : field,
    ]),
  ) as F;

  const approvalStatus =
    catalogued.approvable && input.fields.approvalStatus?.kind === 'enum'
      ? ['approvalStatus', 'createdBy']
      : [];
  const listFields = [
    ...new Set<string>([
      ...RECORD_NAME_FIELDS.filter((name) => names.includes(name)),
      ...(names.includes('nameEn') ? ['nameEn'] : []),
      ...(statusField ? [statusField] : []),
      ...approvalStatus,
      ...input.columns,
      ...optionalColumns,
      ...listExtras,
    ]),
  ] as ((keyof F & string) | AuditColumn)[];

  return {
    ...input,
    fields,
    optionalColumns,
    listFields,
    listExtras,
    sections,
    create,
    update,
    exportColumns,
    importColumns,
    importMatches,
    subImports,
    without,
    statusField: statusField as (keyof F & string) | null,
    module: catalogued.module,
    approvable: catalogued.approvable,
    apiPath,
    offers: (subPath) => !without.includes(subPath),
  };
}

/** Every label a contract uses: titles, fields, enum values, sections, audit columns. */
export function labelsOf(contract: AnyResourceContract): Label[] {
  const fieldLabels = (field: FieldContract): Label[] => [
    field.label,
    ...(field.hint ? [field.hint] : []),
    ...(field.kind === 'enum' || field.kind === 'enumSet'
      ? Object.values(field.valueLabels as Record<string, Label>)
      : []),
    ...(field.kind === 'children' ? Object.values(field.fields).flatMap(fieldLabels) : []),
  ];
  return [
    contract.title,
    contract.singular,
    ...Object.values(contract.fields).flatMap(fieldLabels),
    ...contract.sections.map((section) => section.title),
    CommonLabels.createdAt,
    CommonLabels.createdBy,
    CommonLabels.lastModifiedAt,
    CommonLabels.lastModifiedBy,
  ];
}

/** The label of a field or audit column. */
export function columnLabel(contract: AnyResourceContract, name: string): Label {
  const field = contract.fields[name];
  if (field) return field.label;
  if (isAuditColumn(name)) return CommonLabels[name];
  throw new Error(`${contract.apiPath} has no column ${name}`);
}

export const isAuditColumn = (name: string): name is AuditColumn =>
  (AUDIT_COLUMNS as readonly string[]).includes(name);
