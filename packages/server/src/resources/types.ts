import type { ApplicationModule, FieldError, PermissionResource } from '@hcm/contracts';
import type {
  NumberingKind,
  AnyResourceContract,
  DisplayUnit,
  FieldKind as ContractFieldKind,
  GenericSubPath,
} from '@hcm/contracts/resource';
import type { ApprovalTransition } from '@hcm/contracts/approvals';
import type { SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { TSchema } from 'typebox';
import type { Tx } from '../db/database.ts';
import type { Scope } from '../db/tenant-scope.ts';
import type { PickerBinding } from './pickers.ts';

export type Language = 'vi' | 'en';

/** A text in both languages of the product. */
export interface Label {
  readonly vi: string;
  readonly en: string;
}

/**
 * The field kinds of a contract the framework serves (@hcm/contracts/resource): text and code
 * (keyword search, case-insensitive filters and uniqueness), integer, decimal and money
 * (decimal strings, numeric in SQL), boolean, date (yyyy-MM-dd), dateTime, enum, reference (a
 * uuid of another resource's record), treeParent (a reference to the same table) and file (the
 * uuid of a file of the storage service, write/file-fields.ts; an image is a file field to
 * the engine); enumSet, children, references and files become a ListSpec.
 */
export type FieldKind = Exclude<ContractFieldKind, 'references' | 'files' | 'enumSet' | 'image' | 'children'>;

/** Text kinds: compared and searched case-insensitively. */
export const isTextKind = (kind: FieldKind | undefined): boolean => kind === 'text' || kind === 'code';

/** Where a reference points: the target table's id (and tenant) columns. */
export interface ReferenceSpec {
  readonly table: PgTable;
  readonly id: PgColumn;
  /** present when the target is tenant-owned: the reference must be to the same tenant */
  readonly tenantId?: PgColumn;
  /** treeParent: the parent is of the same table, and no record may become its own ancestor */
  readonly tree: boolean;
  /**
   * the target's code and shown name, when it has them: an import cell may name the record by
   * either instead of its id (resources/import/resolve-references.ts)
   */
  readonly code?: PgColumn;
  readonly name?: PgColumn;
}

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
  readonly example: (n: number) => unknown;
  /** enum fields: the accepted values */
  readonly values?: readonly string[];
  /**
   * enum fields: false when the column allows NULL (an optional choice with no default, such as
   * a unit's wage region): answered and written as null when unset. Otherwise an enum always
   * holds a value (its default).
   */
  readonly neverNull?: boolean;
  /** reference and treeParent fields: what they point at */
  readonly reference?: ReferenceSpec;
  /** numbered from the tenant's pattern when a create leaves it empty (resources/numbering) */
  readonly autoNumber?: NumberingKind;
  /** integer fields typed in another unit (minutes kept as ms): sheets show and take the unit */
  readonly unit?: DisplayUnit;
  /** file fields: the extensions (lower-case, no dot) a stored file's name may end in */
  readonly file?: { readonly accept: readonly string[] };
  /** area fields: a province, or a ward of the province in `parent` (write/area-fields.ts) */
  readonly area?: { readonly level: 'province' | 'ward'; readonly parent?: string };
}

export type Fields = Readonly<Record<string, FieldSpec>>;

/**
 * A list kept in a child table: values of an enumSet (e.g. the modules a service pack unlocks),
 * the rows of a children field (write/children.ts) or the ids of a references field
 * (write/reference-lists.ts). Optional on create and update (given → replaces the whole list),
 * always returned with the record, and recorded in the action log like a field. Exported when
 * it has a `cell` or `cells`; never imported.
 */
export interface ListSpec {
  readonly label: Label;
  /** the schema of one item */
  readonly item: TSchema;
  readonly maxItems: number;
  /** the lists of these records by record id (an absent id has an empty list), in order */
  load(tx: Tx, ids: readonly string[]): Promise<Map<string, unknown[]>>;
  /** replaces the list of record `id` with `values` (normalised) */
  save(tx: Tx, id: string, values: readonly unknown[]): Promise<void>;
  /** the list as stored and compared (default: distinct values, sorted) */
  normalise?(values: readonly unknown[]): unknown[];
  /** errors the item schema cannot see (a value used twice: `<list>[<row>].<field>`), on the body's order */
  check?(values: readonly unknown[]): FieldError[];
  /**
   * the list as one export cell, in the reader's language (without it or `cells` the list
   * cannot be an export column)
   */
  cell?(values: readonly unknown[], language: Language): string;
  /** the export cells of these records by id, when a cell needs more than the values (the names of the records referred to) */
  cells?(tx: Tx, ids: readonly string[]): Promise<Map<string, string>>;
  /**
   * a files list: the extensions its files may have (each id must be a file the caller may see:
   * write/file-fields.ts), and the child table that says which record holds which file (who may
   * see a file follows who may see its record: files/readable-files.ts)
   */
  readonly files?: {
    readonly accept: readonly string[];
    readonly holder: { readonly table: PgTable; readonly record: PgColumn; readonly file: PgColumn };
  };
  /** a references list: the table its ids point at; each must be a record the caller reaches (write/references.ts) */
  readonly reference?: ReferenceSpec;
  /** the child table's columns, for the start-up check against the database (check-tables.ts) */
  readonly columns?: readonly ListColumn[];
}

/** A column a list stores its items in: `item` is the item field (or 'parent' for the record's id). */
export interface ListColumn {
  readonly table: string;
  readonly column: string;
  readonly item: string;
  readonly required: boolean;
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
  /**
   * a column (drizzle key) holding the search fields folded by hcm_fold (lower case, no accents,
   * migration 0032): the keyword is folded the same way and matched there instead, so that
   * "nguyen van an" finds "Nguyễn Văn An"
   */
  readonly foldedSearch?: string;
  /**
   * list columns computed by SQL from other tables (a worker's current contract): answered by
   * search, filtered (date ones by range too) and sorted like fields, never written; see
   * DerivedColumn
   */
  readonly derived?: Readonly<Record<string, DerivedColumn>>;
  /** query parameters of the same name: one value or several (`status=ACTIVE&status=INACTIVE`) */
  readonly filters: readonly FieldName<F>[];
  /** fields sortBy accepts (`field.asc` | `field.desc`) */
  readonly sort: readonly (FieldName<F> | AuditField)[];
  readonly defaultSort: { readonly field: FieldName<F> | AuditField; readonly direction: SortDirection };
  /** columns of GET /export, in order */
  readonly exportColumns: readonly (FieldName<F> | AuditField)[];
  /** columns of the import template and POST /import, in order */
  readonly importColumns: readonly FieldName<F>[];
  /** the unique field by which an import row updates an existing record instead of adding one */
  readonly importMatches?: FieldName<F>;
  /** the enum field POST /{id}/active and /inactive switch (default 'status') */
  readonly statusField?: FieldName<F>;
  /** parameters the auto-complete takes beyond keyword and paging (e.g. a template's types) */
  readonly autoCompleteFilters?: AutoCompleteFilters;
  /**
   * 'tenant' (default): tenant-owned rows (a tenantId column), tenant users only. 'system': a
   * global table without tenantId, read and written by system users only (tenant users get 403).
   * 'shared': a global table without tenantId, one list for every tenant (contract level 'both'):
   * system users read and write it, tenant users read it (search, get, count, auto-complete,
   * find-by-ids, export) and get 403 on every write (create, update, delete, active, inactive,
   * import and its template).
   */
  readonly scope?: ResourceScopeKind;
  /** child lists written and returned with the record (see ListSpec) */
  readonly lists?: Lists;
  /** generic sub-paths not served (their routes are not registered, so OpenAPI omits them) */
  readonly without?: readonly GenericSubPath[];
  /** rules beyond the fields, run inside the write's transaction (see ResourceHooks) */
  readonly hooks?: ResourceHooks;
  /** which of the tenant's records a caller reaches (default: all of them) */
  readonly dataScope?: DataScope;
  /** records go through the approval engine (the permission catalogue must say approvable) */
  readonly approval?: ApprovalBinding;
  /** its pickers for those who file documents without its view permission (pickers.ts) */
  readonly picker?: PickerBinding;
  /**
   * what a list row (search, auto-complete, auto-complete-all, find-by-ids) carries beside id
   * and version: fields, lists, derived and audit columns (a contract's listFields). Absent: the
   * whole record. GET /{id} and the writes always answer the whole record.
   */
  readonly listFields?: readonly string[];
}

/**
 * A read-only list column: a contract field (its label, type and filter are the contract's) whose
 * value is an SQL expression over the resource's row, given by the module's binding. The engine
 * selects it in list pages (search), filters and sorts by it; the expression must stay cheap per
 * row (an indexed correlated look-up), as a filter or sort on it evaluates it for each candidate.
 */
export interface DerivedColumn {
  readonly sql: SQL;
  readonly spec: FieldSpec;
}

/** Whose records: a tenant's, the system's, or the system's shared with every tenant (read-only there). */
export type ResourceScopeKind = 'tenant' | 'system' | 'shared';

/** Who runs a hook, in which transaction (already in the caller's scope). */
export interface HookContext {
  readonly tx: Tx;
  readonly caller: Scope;
  /**
   * An import's rows to add (the values of each, the row being checked among them), for a rule
   * that relates the rows of one file: a salary component's formula reading a component another
   * row adds. Absent on every other write.
   */
  readonly importRows?: readonly Row[];
}

type Row = Record<string, unknown>;

/**
 * Rules beyond the fields. Each runs inside the write's own transaction, after the checks of
 * the schema, uniqueness and references; throwing (an AppError: `validationFailed([...])`,
 * 409...) answers in the envelope and nothing is written. `values`/`changes` may be changed in
 * place by the before-hooks (e.g. a computed field). Import runs validate, beforeCreate and
 * afterCreate for each row; a row refused with field errors (400 or 422) is said on its row of
 * the error file, each error in the reader's language when its params carry the text (`vi`,
 * `en`), and nothing is written.
 */
export interface ResourceHooks {
  /**
   * create (changes = the new values with the child lists, before = null) and update (the record
   * before, the changes)
   */
  validate?(context: HookContext, changes: Row, before: Row | null): Promise<void> | void;
  beforeCreate?(context: HookContext, values: Row): Promise<void> | void;
  afterCreate?(context: HookContext, record: Row): Promise<void> | void;
  beforeUpdate?(context: HookContext, before: Row, changes: Row): Promise<void> | void;
  afterUpdate?(context: HookContext, before: Row, after: Row): Promise<void> | void;
  beforeDelete?(context: HookContext, record: Row): Promise<void> | void;
  afterDelete?(context: HookContext, record: Row): Promise<void> | void;
  /** POST /{id}/active and /inactive, after the change is written */
  onStatusChange?(context: HookContext, before: Row, after: Row): Promise<void> | void;
}

/**
 * A resource whose records go through the approval engine (approval/, issue 13): its status
 * field, the workflow templates that may approve it, and what approval does beyond the status.
 */
export interface ApprovalSpec {
  /** the enum field holding the approval status (set by the engine only) */
  readonly statusField: string;
  /** the WorkflowTemplateTypes key of its records (found by the permission resource) */
  readonly templateType: string;
  /**
   * the effect of approval, inside the approving transaction, after the status is APPROVED (a
   * decision applied to the employee on its effective date...)
   */
  onApproved?(context: HookContext, record: Row): Promise<void> | void;
  /**
   * what the record's own state refuses before any action is taken, inside the action's
   * transaction with the record locked (a payroll sheet not computed cannot be requested; a
   * salary period whose sheets are not approved cannot be): throwing answers the error
   * (a 409 naming why) and nothing is written
   */
  beforeAction?(
    context: HookContext,
    record: Row,
    action: ApprovalTransition['action'],
  ): Promise<void> | void;
}

/** What a binding says of approval: the effect, a check of the record's own state, and the status field when not approvalStatus. */
export interface ApprovalBinding {
  readonly statusField?: string;
  onApproved?: ApprovalSpec['onApproved'];
  beforeAction?: ApprovalSpec['beforeAction'];
}

/**
 * Parameters of /auto-complete and /auto-complete-all beyond keyword, paging and sortBy, with
 * the condition they make (catalogues §7.4: document templates by types and sub-types).
 */
export interface AutoCompleteFilters {
  /** each parameter's schema (optional in the query string) */
  readonly params: Readonly<Record<string, TSchema>>;
  /** the condition of a validated query (undefined: no narrowing) */
  where(query: Readonly<Record<string, unknown>>): SQL | undefined;
}

/**
 * Which of the tenant's records a caller reaches, on every sub-path (search, count, export,
 * auto-complete, find-by-ids, detail, update, delete, status). 'tenant': all. 'own': those whose
 * `column` (a uuid column of the table, by its drizzle key) is the caller's user id; a new
 * record gets the caller's id there. 'units': those whose `column` is one of `unitsOf` (the
 * caller's units and the units below them: the module that knows the organisation supplies
 * it, so the framework never imports it); a record written outside them is refused. 'fixed':
 * those whose `column` holds `value`, a new record getting it (a second resource over some rows
 * of another's table: working groups are the organisation units of type TO). 'reach': whatever
 * `reachOf` answers for this caller, which the module decides (the whole tenant for one caller,
 * the employees of some units for another): a condition on the rows and the values `column` may
 * hold in a written record (the employees' data scope, services/om/workers/worker-reach.ts).
 */
export type DataScope =
  | 'tenant'
  | { readonly kind: 'own'; readonly column: string }
  | { readonly kind: 'fixed'; readonly column: string; readonly value: string }
  | {
      readonly kind: 'units';
      readonly column: string;
      unitsOf(tx: Tx, caller: Scope): Promise<readonly string[]>;
    }
  | {
      readonly kind: 'reach';
      readonly column: string;
      reachOf(tx: Tx, caller: Scope, definition: ResourceDefinition): Promise<ResolvedDataScope>;
    };

/** The data scope resolved for one transaction: the rows it reaches and what it admits. */
export interface ResolvedDataScope {
  /** the condition on the rows (undefined: the whole tenant) */
  readonly rows: SQL | undefined;
  /**
   * the column a record's owner or unit is in, and the values allowed there: a list, or (when
   * the list would be long: every employee of a branch) a question asked of one value
   */
  readonly column?: {
    readonly name: string;
    readonly allowed: readonly string[];
    admits?(tx: Tx, value: string): Promise<boolean>;
  };
}

/** Columns every resource table has besides its fields. */
export interface FrameworkColumns {
  /** absent on a system or shared resource (a global table) */
  readonly tenantId?: PgColumn;
  readonly id: PgColumn;
  readonly version: PgColumn;
  readonly createdAt: PgColumn;
  readonly createdBy: PgColumn;
  readonly lastModifiedAt: PgColumn;
  readonly lastModifiedBy: PgColumn;
}

/**
 * What a list row is (ResourceDeclaration.listFields): the columns a page's statement selects,
 * the lists loaded for the page (one statement each, whatever its rows), and the row as the API
 * answers it. A list row never carries a child list that is not among its fields, so a page
 * costs the same statements at 5 rows as at 25 (search/list-view.ts attaches the rest).
 */
export interface ListView {
  /** the fields, lists, derived and audit columns a row carries beside id and version, in the record's order */
  readonly fields: readonly string[];
  /** the table's columns a page selects: id, version and those among `fields` */
  readonly columns: Readonly<Record<string, PgColumn>>;
  /** the derived columns among `fields` (selected by search; find-by-ids leaves them out) */
  readonly derived: readonly string[];
  /** the child lists among `fields` (a column that shows a list: a position's units) */
  readonly lists: readonly string[];
  /** a row (with its lists and what they derive attached) as a list answers it */
  present(row: Record<string, unknown>): ResourceRecord;
}

/** The permission actions of catalogues §6. */
export type PermissionAction = 'view' | 'create' | 'update' | 'delete' | 'export';

/** What defineResource derives from a declaration: the one object the routes are built from. */
export interface ResourceDefinition {
  readonly declaration: ResourceDeclaration;
  /** the permission resource, also the resource name in the action log (e.g. 'job_title') */
  readonly name: PermissionResource;
  readonly module: ApplicationModule;
  /** whose records: a tenant's (tenantId column), the system's, or shared (both global tables) */
  readonly scope: ResourceScopeKind;
  /** /api/{service}/{path} */
  readonly basePath: string;
  readonly fields: Fields;
  /** the child lists ({} when none) */
  readonly lists: Lists;
  /** the enum field /active and /inactive switch; null when the resource has none */
  readonly statusField: string | null;
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
  /** whether the generic sub-path is served (not opted out) */
  offers(subPath: GenericSubPath): boolean;
  readonly hooks: ResourceHooks;
  readonly dataScope: DataScope;
  /** the contract it was bound from (bindResource) */
  readonly contract?: AnyResourceContract;
  /** how its records are approved; null: they are not */
  readonly approval: ApprovalSpec | null;
  /** a list row: what search, auto-complete and find-by-ids answer of each record */
  readonly listView: ListView;
}

/** The TypeBox schemas of every sub-path, derived from the fields. */
export interface ResourceSchemas {
  readonly record: TSchema;
  /** a row of search, auto-complete, auto-complete-all and find-by-ids (ListView) */
  readonly listRecord: TSchema;
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
