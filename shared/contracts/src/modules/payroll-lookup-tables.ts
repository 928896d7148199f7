import Type from 'typebox';
import { FieldLimits } from '../limits.ts';
import { label, type Label } from '../resource/label.ts';
import { SalaryValueTypes, type SalaryValueType } from './salary-components.ts';

/*
 * The payroll lookup tables (issue 32 item 4; docs/payroll-variables.md): tables formulas read
 * with LOOKUP(code, key[, "column"]) — the income-tax bands, a tenant's own scales — each with
 * effective-dated versions of its rows. Salary › Config (permission salary_configuration).
 * LTT_VUNG (region minimum wages) and HE_SO_BAC (the payroll scale) are derived from the
 * records they come from, never stored here.
 */

export const LookupTablePaths = {
  /** GET: the tenant's tables; POST: a new table */
  list: '/api/pm/lookup-tables',
  /** GET, PUT, DELETE one table (GET carries its versions without their rows) */
  one: '/api/pm/lookup-tables/:id',
  /** POST: a new version of a table */
  versions: '/api/pm/lookup-tables/:id/versions',
  /** GET, PUT, DELETE one version (GET carries its rows) */
  version: '/api/pm/lookup-tables/:id/versions/:versionId',
  /** GET: a version as an .xlsx sheet (a row per key or band, a column per value column) */
  exportVersion: '/api/pm/lookup-tables/:id/versions/:versionId/export',
  /** POST multipart (?effectiveFrom=&note=): a sheet of that shape read back as a new version, or a version replaced */
  importVersion: '/api/pm/lookup-tables/:id/versions/import',
} as const;

/** The codes the payroll module derives, which a stored table may not take. */
export const DERIVED_LOOKUP_TABLE_CODES = ['LTT_VUNG', 'HE_SO_BAC'] as const;

export const LookupTableLimits = {
  columnsMax: 20,
  rowsMax: 5000,
  /** a key of a keyed table, as text */
  keyMaxLength: 100,
  /** a TEXT or ENUM value in a row */
  textMaxLength: 200,
} as const;

/** A formula name in upper case: letters A–Z, digits, underscore, not starting with a digit. */
export const LOOKUP_CODE_PATTERN = '^[A-Z_][A-Z0-9_]*$';

/**
 * The keys of a table's and a version's field errors (their words: shared/ui/i18n error.lookup…),
 * with the values they carry: `row` (1-based), `column`, `type`, `key`, `first` (the row it is on
 * already), `bound` and `previous` (band bounds), `code`.
 */
export const LookupErrorKeys = {
  codeTaken: 'error.lookupCodeTaken',
  bandKeyType: 'error.lookupBandKeyType',
  columnDuplicate: 'error.lookupColumnDuplicate',
  keyDuplicate: 'error.lookupKeyDuplicate',
  keyType: 'error.lookupKeyType',
  bandOrder: 'error.lookupBandOrder',
  openBand: 'error.lookupOpenBand',
  valueType: 'error.lookupValueType',
  valueMissing: 'error.lookupValueMissing',
  unknownColumn: 'error.lookupUnknownColumn',
} as const;

export const LOOKUP_TABLE_KINDS = ['keyed', 'band'] as const;
export type LookupTableKind = (typeof LOOKUP_TABLE_KINDS)[number];

/** A band table's key is a number: its rows are read by "up to" bounds. */
export const BAND_KEY_TYPES = [
  'INTEGER',
  'MONEY',
  'DOUBLE',
  'PERCENT',
  'NUMBER',
] as const satisfies readonly SalaryValueType[];

const l = (key: string, vi: string, en: string) => label(`payrollLookupTable.${key}`, vi, en);

export const LookupTableLabels = {
  title: l('title', 'Bảng tra cứu tính lương', 'Payroll lookup tables'),
  singular: l('singular', 'Bảng tra cứu', 'Lookup table'),
  code: l('code', 'Mã bảng', 'Table code'),
  name: l('name', 'Tên bảng', 'Name'),
  nameEn: l('nameEn', 'Tên tiếng Anh', 'English name'),
  kind: l('kind', 'Loại bảng', 'Kind'),
  keyType: l('keyType', 'Kiểu khóa', 'Key type'),
  columns: l('columns', 'Các cột giá trị', 'Value columns'),
  columnCode: l('columnCode', 'Mã cột', 'Column code'),
  columnType: l('columnType', 'Kiểu giá trị', 'Value type'),
  versions: l('versions', 'Các phiên bản theo ngày hiệu lực', 'Versions by effective date'),
  effectiveFrom: l('effectiveFrom', 'Hiệu lực từ ngày', 'Effective from'),
  note: l('note', 'Ghi chú, căn cứ pháp lý', 'Note, legal source'),
  key: l('key', 'Khóa', 'Key'),
  upTo: l('upTo', 'Đến mức (bao gồm)', 'Up to (inclusive)'),
  openBand: l('openBand', 'Trên mức trước', 'Above the previous band'),
  derived: l('derived', 'Lấy từ danh mục', 'From the records'),
} as const;

export const LookupTableKindLabels: Readonly<Record<LookupTableKind, Label>> = {
  keyed: l('kinds.keyed', 'Tra theo khóa', 'Keyed'),
  band: l('kinds.band', 'Tra theo bậc (mức trên)', 'Bands (upper bounds)'),
};

const Code = Type.String({ pattern: LOOKUP_CODE_PATTERN, minLength: 1, maxLength: FieldLimits.code });
const DateText = Type.String({ format: 'date' });
const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) =>
  Type.Union([schema, Type.Null()]);

export const LookupColumn = Type.Object(
  {
    code: Code,
    type: Type.Enum(SalaryValueTypes),
    name: Type.String({ minLength: 1, maxLength: FieldLimits.name }),
    nameEn: Type.Optional(Nullable(Type.String({ maxLength: FieldLimits.name }))),
  },
  { additionalProperties: false },
);
export type LookupColumn = Type.Static<typeof LookupColumn>;

/** A row: a keyed table's key, or a band's inclusive upper bound (null: the open last band). */
export const LookupRow = Type.Object(
  {
    key: Nullable(Type.Union([Type.String({ maxLength: LookupTableLimits.keyMaxLength }), Type.Number()])),
    values: Type.Record(
      Type.String(),
      Type.Union([Type.String({ maxLength: LookupTableLimits.textMaxLength }), Type.Number()]),
    ),
  },
  { additionalProperties: false },
);
export type LookupRow = Type.Static<typeof LookupRow>;

const tableFields = {
  name: Type.String({ minLength: 1, maxLength: FieldLimits.name }),
  nameEn: Type.Optional(Nullable(Type.String({ maxLength: FieldLimits.name }))),
  description: Type.Optional(Nullable(Type.String({ maxLength: FieldLimits.description }))),
  columns: Type.Array(LookupColumn, { minItems: 1, maxItems: LookupTableLimits.columnsMax }),
};

/** POST /api/pm/lookup-tables */
export const LookupTableCreateBody = Type.Object(
  {
    code: Code,
    kind: Type.Enum(LOOKUP_TABLE_KINDS),
    keyType: Type.Enum(SalaryValueTypes),
    ...tableFields,
  },
  { additionalProperties: false },
);
export type LookupTableCreateBody = Type.Static<typeof LookupTableCreateBody>;

/** PUT /api/pm/lookup-tables/{id}: the code, kind and key type stay; `version` is the one read. */
export const LookupTableUpdateBody = Type.Object(
  {
    ...tableFields,
    status: Type.Optional(Type.Enum(['ACTIVE', 'INACTIVE'])),
    version: Type.Integer({ minimum: 1 }),
  },
  { additionalProperties: false },
);
export type LookupTableUpdateBody = Type.Static<typeof LookupTableUpdateBody>;

/** POST …/versions, PUT …/versions/{versionId} (with `version`, the one read) */
export const LookupVersionBody = Type.Object(
  {
    effectiveFrom: DateText,
    note: Type.Optional(Nullable(Type.String({ maxLength: FieldLimits.note }))),
    rows: Type.Array(LookupRow, { minItems: 1, maxItems: LookupTableLimits.rowsMax }),
    version: Type.Optional(Type.Integer({ minimum: 1 })),
  },
  { additionalProperties: false },
);
export type LookupVersionBody = Type.Static<typeof LookupVersionBody>;

export const LookupVersionSummary = Type.Object({
  id: Type.String(),
  effectiveFrom: Type.String(),
  note: Nullable(Type.String()),
  rowCount: Type.Integer(),
  version: Type.Integer(),
});
export type LookupVersionSummary = Type.Static<typeof LookupVersionSummary>;

export const LookupTable = Type.Object({
  id: Type.String(),
  code: Type.String(),
  name: Type.String(),
  nameEn: Nullable(Type.String()),
  kind: Type.Enum(LOOKUP_TABLE_KINDS),
  keyType: Type.Enum(SalaryValueTypes),
  columns: Type.Array(LookupColumn),
  description: Nullable(Type.String()),
  status: Type.Enum(['ACTIVE', 'INACTIVE']),
  version: Type.Integer(),
  /** newest first */
  versions: Type.Array(LookupVersionSummary),
  lastModifiedAt: Type.String(),
});
export type LookupTable = Type.Static<typeof LookupTable>;

export const LookupVersion = Type.Object({
  id: Type.String(),
  tableId: Type.String(),
  effectiveFrom: Type.String(),
  note: Nullable(Type.String()),
  rows: Type.Array(LookupRow),
  version: Type.Integer(),
  lastModifiedAt: Type.String(),
});
export type LookupVersion = Type.Static<typeof LookupVersion>;

/** POST …/versions/import's query: the version the sheet becomes (replaced when one of that date exists). */
export const LookupImportQuery = Type.Object(
  {
    effectiveFrom: DateText,
    note: Type.Optional(Type.String({ maxLength: FieldLimits.note })),
  },
  { additionalProperties: false },
);
export type LookupImportQuery = Type.Static<typeof LookupImportQuery>;
