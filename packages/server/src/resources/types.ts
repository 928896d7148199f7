import type { ApplicationModule, PermissionResource } from '@hcm/contracts';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { TSchema } from 'typebox';
import type { Tx } from '../db/database.ts';

export type Language = 'vi' | 'en';

/** A text in both languages of the product. */
export interface Label {
  readonly vi: string;
  readonly en: string;
}

/**
 * How the framework treats a field: text (keyword search, case-insensitive filters and
 * uniqueness), integer, or one of a fixed set of values (enum, e.g. status).
 */
export type FieldKind = 'text' | 'integer' | 'enum';

/** One field of a record, made by the helpers of `field` (schema/fields.ts). */
export interface FieldSpec {
  readonly kind: FieldKind;
  /** the TypeBox schema of a present value (limits and patterns of catalogues §5) */
  readonly schema: TSchema;
  /** must be given on create and can never be null; optional fields may be null */
  readonly required: boolean;
  /** no two records of a tenant share the value (case-insensitive for text) */
  readonly unique: boolean;
  readonly label: Label;
  /** the rules in words, shown as the note on the template's header cell */
  readonly rules: Label;
  /** a valid value: API examples, the template's sample row, the probe tests (n varies it) */
  readonly example: (n: number) => string | number;
  /** enum fields: the accepted values */
  readonly values?: readonly string[];
}

export type Fields = Readonly<Record<string, FieldSpec>>;

/**
 * A list of values kept in a child table (e.g. the modules a service pack unlocks): optional on
 * create and update (given → replaces the whole list), always returned with the record, and
 * recorded in the action log like a field. Not exported or imported.
 */
export interface ListSpec {
  readonly label: Label;
  /** the schema of one item */
  readonly item: TSchema;
  readonly maxItems: number;
  /** the lists of these records by record id (an absent id has an empty list), sorted */
  load(tx: Tx, ids: readonly string[]): Promise<Map<string, string[]>>;
  /** replaces the list of record `id` with `values` (distinct, sorted) */
  save(tx: Tx, id: string, values: readonly string[]): Promise<void>;
}

export type Lists = Readonly<Record<string, ListSpec>>;

/** Columns the framework keeps on every record. */
export const AUDIT_FIELDS = ['createdAt', 'createdBy', 'lastModifiedAt', 'lastModifiedBy'] as const;
export type AuditField = (typeof AUDIT_FIELDS)[number];

export type FieldName<F extends Fields> = keyof F & string;
export type SortDirection = 'asc' | 'desc';

/**
 * Everything about a resource, said once. The table (drizzle) must have the columns tenantId
 * (not on a system resource), id, version and the audit columns besides one column per field,
 * named like the field.
 */
export interface ResourceDeclaration<F extends Fields = Fields> {
  /** service prefix: /api/{service}/... (e.g. 'om') */
  readonly service: string;
  /** the resource's path under the service (e.g. 'job-titles') */
  readonly path: string;
  /** the permission resource (@hcm/contracts permissions.ts): routes need `<permission>.<action>` */
  readonly permission: PermissionResource;
  /** the application module; defaults to the permission catalogue's, and must agree with it */
  readonly module?: ApplicationModule;
  /** what one calls these records (sheet names, docs) */
  readonly title: Label;
  readonly table: PgTable;
  readonly fields: F;
  /** fields accepted by POST / (required ones must be among them) */
  readonly create: readonly FieldName<F>[];
  /** fields POST /{id}/update may change (each optional: only those given change) */
  readonly update: readonly FieldName<F>[];
  /** text fields the keyword matches (ILIKE, case-insensitive, anywhere in the text) */
  readonly search: readonly FieldName<F>[];
  /** query parameters of the same name: one value or several (`status=ACTIVE&status=INACTIVE`) */
  readonly filters: readonly FieldName<F>[];
  /** fields sortBy accepts (`field.asc` | `field.desc`) */
  readonly sort: readonly (FieldName<F> | AuditField)[];
  readonly defaultSort: { readonly field: FieldName<F> | AuditField; readonly direction: SortDirection };
  /** columns of GET /export, in order */
  readonly exportColumns: readonly (FieldName<F> | AuditField)[];
  /** columns of the import template and POST /import, in order */
  readonly importColumns: readonly FieldName<F>[];
  /** the enum field POST /{id}/active and /inactive switch (default 'status') */
  readonly statusField?: FieldName<F>;
  /**
   * 'tenant' (default): tenant-owned rows (a tenantId column), tenant users only. 'system': a
   * global table without tenantId, read and written by system users only (tenant users get 403).
   */
  readonly scope?: ResourceScopeKind;
  /** child lists written and returned with the record (see ListSpec) */
  readonly lists?: Lists;
}

export type ResourceScopeKind = 'tenant' | 'system';

/** Columns every resource table has besides its fields. */
export interface FrameworkColumns {
  /** absent on a system resource (a global table) */
  readonly tenantId?: PgColumn;
  readonly id: PgColumn;
  readonly version: PgColumn;
  readonly createdAt: PgColumn;
  readonly createdBy: PgColumn;
  readonly lastModifiedAt: PgColumn;
  readonly lastModifiedBy: PgColumn;
}

/** The permission actions of catalogues §6. */
export type PermissionAction = 'view' | 'create' | 'update' | 'delete' | 'export';

/** What defineResource derives from a declaration: the one object the routes are built from. */
export interface ResourceDefinition {
  readonly declaration: ResourceDeclaration;
  /** the permission resource, also the resource name in the action log (e.g. 'job_title') */
  readonly name: PermissionResource;
  readonly module: ApplicationModule;
  /** whose records: a tenant's (tenantId column) or the system's (global table) */
  readonly scope: ResourceScopeKind;
  /** /api/{service}/{path} */
  readonly basePath: string;
  readonly fields: Fields;
  /** the child lists ({} when none) */
  readonly lists: Lists;
  readonly statusField: string;
  /** the drizzle columns the framework keeps on every record */
  readonly columns: FrameworkColumns;
  /** the drizzle column of a field or framework column (throws for an unknown name) */
  column(name: string): PgColumn;
  /** the spec of a declared field (throws for an unknown name) */
  field(name: string): FieldSpec;
  readonly table: PgTable;
  readonly schemas: ResourceSchemas;
  /** `<permission>.<action>` */
  permissionFor(action: PermissionAction): string;
}

/** The TypeBox schemas of every sub-path, derived from the fields. */
export interface ResourceSchemas {
  readonly record: TSchema;
  readonly createBody: TSchema;
  readonly updateBody: TSchema;
  readonly idParams: TSchema;
  readonly searchQuery: TSchema;
  readonly countQuery: TSchema;
  readonly exportQuery: TSchema;
  readonly autoCompleteQuery: TSchema;
  readonly autoCompleteAllQuery: TSchema;
  readonly findByIdsBody: TSchema;
  /** one import row (the create body restricted to the import columns) */
  readonly importRow: TSchema;
}

/** A record as the API shows it. */
export type ResourceRecord = Record<string, unknown> & { id: string; version: number };
