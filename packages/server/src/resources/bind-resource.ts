import type { AnyResourceContract, EnumSetField, ScalarField } from '@hcm/contracts/resource';
import { eq, getTableColumns, inArray, sql, type SQL } from 'drizzle-orm';
import { getTableConfig, type PgColumn, type PgTable } from 'drizzle-orm/pg-core';
import Type from 'typebox';
import { defineResource } from './define-resource.ts';
import { childrenList, type ChildTable } from './write/children.ts';
import { referenceList, type ReferenceListTable } from './write/reference-lists.ts';
import { fileList, type FileListTable } from './write/file-lists.ts';
import { fieldSpecOf, isColumnKind } from './schema/contract-fields.ts';
import type { PickerBinding } from './pickers.ts';
import type {
  ApprovalBinding,
  AutoCompleteFilters,
  DataScope,
  DerivedColumn,
  FieldSpec,
  ListSpec,
  ReferenceSpec,
  ResourceDeclaration,
  ResourceDefinition,
  ResourceHooks,
} from './types.ts';

/** The child table of an enumSet field: one row per (record, value). */
export interface EnumSetTable {
  readonly table: PgTable;
  /** the column holding the record's id */
  readonly parent: PgColumn;
  /** the column holding one value */
  readonly value: PgColumn;
}

/** What the server adds to a contract: where its records live, and rules beyond the fields. */
export interface ResourceBinding {
  /** the drizzle table: a column per scalar field, named like the field, plus id, version, audit */
  readonly table: PgTable;
  /** reference fields: the table of the record each points at (treeParent needs none) */
  readonly references?: Readonly<Record<string, PgTable>>;
  /** enumSet fields: their child tables */
  readonly enumSets?: Readonly<Record<string, EnumSetTable>>;
  /** children fields: their child tables (write/children.ts) */
  readonly children?: Readonly<Record<string, ChildTable>>;
  /** references fields: their child tables of ids and the table referred to (write/reference-lists.ts) */
  readonly referenceLists?: Readonly<Record<string, ReferenceListTable>>;
  /** files fields: their child tables of file ids (write/file-lists.ts) */
  readonly fileLists?: Readonly<Record<string, FileListTable>>;
  readonly hooks?: ResourceHooks;
  /** which of the tenant's records a caller reaches (default 'tenant': all) */
  readonly dataScope?: DataScope;
  /** auto-complete parameters beyond keyword and paging */
  readonly autoCompleteFilters?: AutoCompleteFilters;
  /** the column of the search fields folded (accents and case ignored): see ResourceDeclaration */
  readonly foldedSearch?: string;
  /**
   * read-only contract fields computed in SQL over the row (ResourceDeclaration.derived): the
   * module gives the expression, the contract the label, type and filter
   */
  readonly derived?: Readonly<Record<string, SQL>>;
  /** records go through the approval engine: required when the contract is approvable */
  readonly approval?: ApprovalBinding;
  /** its pickers for those who file documents without its view permission (pickers.ts) */
  readonly picker?: PickerBinding;
}

/** A definition bound from a contract: it keeps the contract (test factories build bodies from it). */
export type BoundResource = ResourceDefinition & { readonly contract: AnyResourceContract };

/** The SQL types a column of each kind may have (a start-up check, not a migration). */
const SQL_TYPES: Record<string, RegExp> = {
  text: /^(varchar|text|character varying)/,
  code: /^(varchar|text|character varying)/,
  integer: /^(integer|smallint|bigint|numeric\(\d+(, ?0)?\))/,
  decimal: /^numeric/,
  money: /^numeric/,
  boolean: /^boolean$/,
  date: /^date$/,
  dateTime: /^timestamp/,
  enum: /^(varchar|text|character varying)/,
  reference: /^uuid$/,
  treeParent: /^uuid$/,
  file: /^uuid$/,
  image: /^uuid$/,
  area: /^(varchar|character varying)/,
};

/** Whose records, by the contract's level: 'both' is one global list kept by system users, read by tenants. */
const SCOPE_OF_LEVEL = { tenant: 'tenant', system: 'system', both: 'shared' } as const;

/** The tenant id of the calling transaction, as the policies read it. */
const CURRENT_TENANT = sql`nullif(current_setting('app.tenant_id', true), '')::uuid`;

/** The drizzle key of a column (what insert values are keyed by). */
const keyOf = (table: PgTable, column: PgColumn): string =>
  Object.entries(getTableColumns(table)).find(([, candidate]) => candidate === column)?.[0] ?? column.name;

/** A ListSpec over an enumSet's child table (tenant column filled from the scope when it has one). */
function enumSetList(field: EnumSetField, child: EnumSetTable): ListSpec {
  const tenantId = (getTableColumns(child.table) as Record<string, PgColumn | undefined>).tenantId;
  return {
    label: field.label,
    item: Type.Unsafe<string>({ type: 'string', enum: [...field.values] }),
    maxItems: field.values.length,
    async load(tx, ids) {
      const rows = (await tx
        .select({ id: child.parent, value: child.value })
        .from(child.table)
        .where(inArray(child.parent, [...ids]))
        .orderBy(child.value)) as { id: string; value: string }[];
      const byId = new Map<string, string[]>();
      for (const row of rows) byId.set(row.id, [...(byId.get(row.id) ?? []), row.value]);
      return byId;
    },
    async save(tx, id, values) {
      await tx.delete(child.table).where(eq(child.parent, id));
      if (values.length === 0) return;
      const key = (column: PgColumn) => keyOf(child.table, column);
      await tx.insert(child.table).values(
        values.map((value) => ({
          ...(tenantId ? { [key(tenantId)]: CURRENT_TENANT } : {}),
          [key(child.parent)]: id,
          [key(child.value)]: value,
        })),
      );
    },
  };
}

/**
 * Binds a contract (@hcm/contracts) to its table: the contract says the API (service, path,
 * permission, level, fields with their limits and labels, keyword, filters, sort, columns,
 * opt-outs); the binding says where the records live and the rules beyond the fields. Whatever
 * contradicts the table (a missing column, a required field on a nullable column, a column of
 * the wrong type) or the permission catalogue throws here, when the module loads: the server
 * does not start.
 */
export function bindResource(contract: AnyResourceContract, binding: ResourceBinding): BoundResource {
  const fail = (problem: string): never => {
    throw new Error(`Binding of ${contract.apiPath}: ${problem}`);
  };
  const columns = getTableColumns(binding.table) as Record<string, PgColumn | undefined>;
  const tableName = getTableConfig(binding.table).name;
  const column = (name: string): PgColumn =>
    columns[name] ?? fail(`the table ${tableName} has no column for the field ${name}`);

  const fields: Record<string, FieldSpec> = {};
  const lists: Record<string, ListSpec> = {};
  const derived: Record<string, DerivedColumn> = {};
  for (const [name, field] of Object.entries(contract.fields)) {
    const expression = binding.derived?.[name];
    if (expression) {
      if (!field.readOnly || !isColumnKind(field.kind))
        fail(`derived field ${name} must be a read-only scalar field of the contract`);
      derived[name] = { sql: expression, spec: fieldSpecOf(field as ScalarField) };
      continue;
    }
    if (field.kind === 'enumSet') {
      const child =
        binding.enumSets?.[name] ?? fail(`enumSet field ${name} needs its child table in enumSets`);
      lists[name] = enumSetList(field, child);
      continue;
    }
    if (field.kind === 'children') {
      const child =
        binding.children?.[name] ?? fail(`children field ${name} needs its child table in children`);
      lists[name] = childrenList(name, field, child);
      continue;
    }
    if (field.kind === 'files') {
      const child =
        binding.fileLists?.[name] ?? fail(`files field ${name} needs its child table in fileLists`);
      lists[name] = fileList(name, field, child);
      continue;
    }
    if (field.kind === 'references') {
      const child =
        binding.referenceLists?.[name] ??
        fail(`references field ${name} needs its child table in referenceLists`);
      const target = targetOf(child.target, false, field.target.display);
      const shown = getTableColumns(child.target) as Record<string, PgColumn | undefined>;
      const display =
        shown[field.target.display] ??
        fail(
          `references field ${name}: the table ${getTableConfig(child.target).name} has no column for its display field ${field.target.display}`,
        );
      lists[name] = referenceList(name, field, child, { reference: target, display });
      continue;
    }
    if (!isColumnKind(field.kind)) fail(`field ${name}: kind ${field.kind} is not served`);
    const scalar = field as ScalarField;
    const own = column(name);
    const type = own.getSQLType();
    if (!SQL_TYPES[scalar.kind]?.test(type))
      fail(`field ${name} (${scalar.kind}) cannot be stored in the column ${own.name} of type ${type}`);
    if (scalar.required && !own.notNull)
      fail(`field ${name} is required but the column ${own.name} allows NULL`);
    if (!scalar.required && own.notNull && !own.hasDefault)
      fail(`field ${name} is optional but the column ${own.name} is NOT NULL without a default`);
    const maxLength = (scalar.kind === 'text' || scalar.kind === 'code') && scalar.maxLength;
    const length = (own as PgColumn & { length?: number }).length;
    if (maxLength && length !== undefined && maxLength > length)
      fail(`field ${name} allows ${maxLength} characters, the column ${own.name} ${length}`);
    const spec = fieldSpecOf(scalar, referenceOf(name, scalar));
    fields[name] = scalar.kind === 'enum' ? { ...spec, neverNull: own.notNull } : spec;
  }

  function referenceOf(name: string, field: ScalarField): ReferenceSpec | undefined {
    if (field.kind === 'treeParent') return targetOf(binding.table, true, 'name');
    if (field.kind !== 'reference') return undefined;
    const target =
      binding.references?.[name] ?? fail(`reference field ${name} needs its target table in references`);
    return targetOf(target, false, field.target?.display ?? 'name');
  }
  function targetOf(table: PgTable, tree: boolean, display: string): ReferenceSpec {
    const target = getTableColumns(table) as Record<string, PgColumn | undefined>;
    const id = target.id ?? fail(`the table ${getTableConfig(table).name} has no id column to refer to`);
    const code = target.code;
    const shown = target[display];
    return {
      table,
      id,
      tree,
      ...(target.tenantId ? { tenantId: target.tenantId } : {}),
      ...(code ? { code } : {}),
      ...(shown ? { name: shown } : {}),
    };
  }

  for (const [name, field] of Object.entries(contract.fields))
    if (field.kind === 'area' && field.parent !== undefined) {
      const parent = contract.fields[field.parent];
      if (parent?.kind !== 'area' || parent.level !== 'province')
        fail(`area field ${name}: its parent ${field.parent} is not a province field of the contract`);
    }

  for (const name of Object.keys(binding.derived ?? {}))
    if (!derived[name]) fail(`derived names ${name}, which is not a field of the contract`);
  const written = [...contract.create, ...contract.update, ...contract.importColumns];
  for (const name of Object.keys(derived))
    if (written.includes(name)) fail(`derived field ${name} is computed: it cannot be written`);
  const listNames = Object.keys(lists);
  const scalars = (names: readonly string[]) => names.filter((name) => !listNames.includes(name));
  const stored = (names: readonly string[]) => names.filter((name) => !derived[name]);
  for (const [what, names] of [
    ['keyword', contract.keyword],
    ['filters', contract.filters],
    ['sort', contract.sort],
    ['exportColumns', contract.exportColumns],
    ['importColumns', contract.importColumns],
  ] as const)
    for (const name of names)
      if (
        listNames.includes(name) &&
        !(what === 'exportColumns' && (lists[name]?.cell || lists[name]?.cells))
      )
        fail(`${what} names ${name}, a list: lists are written and answered with the record only`);
  for (const name of contract.importColumns) {
    const kind = contract.fields[name]?.kind;
    if (kind === 'file' || kind === 'image')
      fail(`importColumns names ${name}, a ${kind}: a spreadsheet row cannot carry an uploaded file`);
  }

  const declaration: ResourceDeclaration = {
    service: contract.service,
    path: contract.path,
    permission: contract.permission,
    module: contract.module,
    title: contract.title,
    table: binding.table,
    fields,
    create: scalars(contract.create),
    update: scalars(contract.update),
    search: contract.keyword,
    filters: contract.filters,
    sort: contract.sort,
    defaultSort: contract.defaultSort,
    exportColumns: stored(contract.exportColumns),
    importColumns: contract.importColumns,
    ...(contract.importMatches ? { importMatches: contract.importMatches } : {}),
    ...(contract.statusField ? { statusField: contract.statusField } : {}),
    scope: SCOPE_OF_LEVEL[contract.level],
    lists,
    without: contract.without,
    ...(binding.hooks ? { hooks: binding.hooks } : {}),
    ...(binding.dataScope ? { dataScope: binding.dataScope } : {}),
    ...(binding.autoCompleteFilters ? { autoCompleteFilters: binding.autoCompleteFilters } : {}),
    ...(binding.foldedSearch ? { foldedSearch: binding.foldedSearch } : {}),
    ...(Object.keys(derived).length > 0 ? { derived } : {}),
    ...(binding.approval ? { approval: binding.approval } : {}),
    ...(binding.picker ? { picker: binding.picker } : {}),
    // a list row: the contract's columns, names, status and what its pages read (listExtras)
    listFields: contract.listFields,
  };
  return { ...defineResource(declaration), contract };
}
