import { FieldLimits, Patterns } from '../limits.ts';
import { Status } from '../enums.ts';
import { CommonLabels, type Label } from './label.ts';
import type { NumberingKind } from './numbering.ts';

/**
 * How a field is stored, validated, shown and edited. Decimals and money travel as decimal
 * strings ("1234.50"), never as binary floats; dates as yyyy-MM-dd, date-times as ISO 8601.
 */
export type FieldKind =
  | 'text'
  | 'code'
  | 'integer'
  | 'decimal'
  | 'money'
  | 'boolean'
  | 'date'
  | 'dateTime'
  | 'enum'
  | 'reference'
  | 'references'
  | 'enumSet'
  | 'treeParent'
  | 'file'
  | 'files'
  | 'area'
  | 'image'
  | 'children';

/** Another resource a field points at, and how the form finds one (its auto-complete). */
export interface ReferenceTarget {
  /** the target's permission resource (e.g. 'job_title') */
  readonly resource: string;
  /** the target's API base path (e.g. '/api/om/job-titles'): its /auto-complete and /find-by-ids */
  readonly apiPath: string;
  /** the target's field shown for a chosen record (e.g. 'name') */
  readonly display: string;
}

/**
 * What an example may need to be valid for a caller: their user id (a record of their tenant),
 * and a record of theirs of each resource a required reference points at (by the target's
 * permission resource, e.g. organization_unit), which a required reference's example takes.
 */
export interface ExampleContext {
  readonly userId: string;
  readonly references?: Readonly<Record<string, string>>;
}

/**
 * A unit a number is typed and read in while the API keeps another: the API value is the
 * shown one times `factor` (minutes shown, milliseconds stored: 60 000). Declared once on the
 * field; the server's schema asks for a multiple of the factor, the form, list, detail, export
 * and import convert.
 */
export interface DisplayUnit {
  readonly label: Label;
  readonly factor: number;
}

interface FieldBase<K extends FieldKind, R extends boolean> {
  readonly kind: K;
  readonly label: Label;
  /** must be given on create and can never be null */
  readonly required: R;
  /** no two records of a tenant share the value (case-insensitive for text) */
  readonly unique: boolean;
  /**
   * a valid value: API examples, the template's sample row, test factories (n varies it); a
   * value that must name a record of the caller's tenant (a step's assignee) reads `context`
   */
  readonly example: (n: number, context?: ExampleContext) => unknown;
  /** a short help text under the input */
  readonly hint?: Label;
  /** filled by the server (a child row's referred record's name): shown, never typed */
  readonly readOnly?: boolean;
}

export interface TextField<R extends boolean = boolean> extends FieldBase<'text' | 'code', R> {
  readonly maxLength: number;
  readonly minLength?: number;
  /** a regular expression (catalogues §5) the whole value matches */
  readonly pattern?: string;
  /** a multi-line input in the form */
  readonly multiline?: boolean;
  /**
   * numbered from the tenant's pattern (numbering.ts) when a create leaves it empty: optional on
   * create although required, and the form shows "automatic" as its placeholder
   */
  readonly autoNumber?: NumberingKind;
  /** a month kept as 'YYYY-MM' (the pattern says so), typed and shown as HR writes one, MM/yyyy */
  readonly shownAs?: 'month';
}
export interface NumberField<R extends boolean = boolean> extends FieldBase<'integer', R> {
  /** as the API keeps it (in the unit's stored scale when there is one) */
  readonly minimum: number;
  readonly maximum: number;
  /** typed and shown in this unit, kept by the API as shown × factor */
  readonly unit?: DisplayUnit;
  /** a number of months, shown as years and months ("3 năm 2 tháng"): a seniority */
  readonly shownAs?: 'yearsAndMonths';
}
export interface DecimalField<R extends boolean = boolean> extends FieldBase<'decimal' | 'money', R> {
  /** digits in all, and after the point (numeric(precision, scale) in SQL) */
  readonly precision: number;
  readonly scale: number;
  readonly minimum: string;
}
export type BooleanField<R extends boolean = boolean> = FieldBase<'boolean', R>;
export type DateField<R extends boolean = boolean> = FieldBase<'date' | 'dateTime', R>;
export interface EnumField<V extends string = string, R extends boolean = boolean> extends FieldBase<
  'enum',
  R
> {
  readonly values: readonly V[];
  /** a label per value */
  readonly valueLabels: Readonly<Record<V, Label>>;
  /** given when create omits it */
  readonly defaultValue?: V;
}
export interface ReferenceField<R extends boolean = boolean> extends FieldBase<
  'reference' | 'treeParent',
  R
> {
  /** reference: the target; treeParent: the resource itself (set by defineContract) */
  readonly target?: ReferenceTarget;
  /**
   * a child row's reference whose target depends on another item field of the row (an enum):
   * `targets[row[field]]` (a workflow step's assignee: a role, a job position, a user, …)
   */
  readonly targetBy?: { readonly field: string; readonly targets: Readonly<Record<string, ReferenceTarget>> };
}
/**
 * A file kept by the storage service (System › Files), by id. The browser uploads it under
 * `ownerType` (whose size and kind limits the storage service keeps, GET /api/storage/limits)
 * and the server accepts only a file of the caller's tenant whose name ends in one of `accept`.
 */
export interface FileField<R extends boolean = boolean> extends FieldBase<'file' | 'image', R> {
  /** the storage owner type the upload is made under (e.g. 'DOCUMENT_TEMPLATE') */
  readonly ownerType: string;
  /** the extensions accepted, lower-case without the dot (e.g. ['docx', 'xlsx']) */
  readonly accept: readonly string[];
}
/** The two levels of Vietnam's areas since 1 July 2025 (Resolution 202/2025/QH15). */
export type AreaLevel = 'province' | 'ward';
/** The code pattern of each level: 2 digits a province, 5 a ward (the national statistics codes). */
export const AREA_CODE_PATTERNS: Readonly<Record<AreaLevel, string>> = {
  province: '^[0-9]{2}$',
  ward: '^[0-9]{5}$',
};
/**
 * A province, or a ward of the province another field of the record holds, by its code among the
 * areas in force (GET /api/om/areas, generation CURRENT), chosen from a list. A record answers
 * `<field>Name` beside the code ("Phường Bến Thành"); exports and printed documents write it.
 */
export interface AreaField<R extends boolean = boolean> extends FieldBase<'area', R> {
  readonly level: AreaLevel;
  /** a ward: the field holding its province (the ward must be of it) */
  readonly parent?: string;
}

/**
 * Several files kept by the storage service, by id, in the order they were attached (a decree and
 * its appendices, a worker's scanned papers): each uploaded under `ownerType`, named
 * .<one of `accept`>, at most `maxItems`. Written as the list of ids; a record answers
 * `<field>Info` beside it, each file's name, size and type.
 */
export interface FilesField extends FieldBase<'files', false> {
  readonly ownerType: string;
  readonly accept: readonly string[];
  readonly maxItems: number;
}
export interface ReferencesField extends FieldBase<'references', false> {
  readonly target: ReferenceTarget;
  readonly maxItems: number;
}
/** several values of a fixed set (e.g. the modules a service pack unlocks), kept distinct and sorted */
export interface EnumSetField<V extends string = string> extends FieldBase<'enumSet', false> {
  readonly values: readonly V[];
  readonly valueLabels: Readonly<Record<V, Label>>;
}
export interface ChildrenField extends FieldBase<'children', false> {
  /** the fields of one child row */
  readonly fields: Readonly<Record<string, ScalarField>>;
  readonly maxItems: number;
  /** the fewest rows: above 0 the list must be given on create and is never emptied */
  readonly minItems?: number;
  /**
   * the item fields an export cell writes of each row, in order (default: every item but
   * references, whose ids mean nothing to a reader; a read-only name beside one says it)
   */
  readonly cellItems?: readonly string[];
}

export type ScalarField =
  | TextField
  | NumberField
  | DecimalField
  | BooleanField
  | DateField
  | EnumField
  | ReferenceField
  | FileField
  | AreaField;
export type FieldContract = ScalarField | ReferencesField | FilesField | EnumSetField | ChildrenField;
export type FieldContracts = Readonly<Record<string, FieldContract>>;

type Req<O> = O extends { required: true } ? true : false;
interface Common {
  readonly label: Label;
  readonly required?: boolean;
  readonly unique?: boolean;
  readonly hint?: Label;
  readonly readOnly?: boolean;
}

/**
 * How many files one files field holds unless it says otherwise (catalogues §5.3 "total files
 * limited (default from a shared constant, value not shown)": ours is 10).
 */
export const MAX_ATTACHED_FILES = 10;

/** What papers kept with a record come as: a PDF or a scan, or an Office document. */
export const ATTACHMENT_TYPES = ['pdf', 'docx', 'xlsx', 'png', 'jpg', 'jpeg'] as const;

const pad = (n: number) => String(n).padStart(4, '0');

/**
 * The field helpers: each carries the limits and patterns of catalogues §5 from FieldLimits and
 * Patterns, so a contract never restates them.
 */
export const f = {
  /** free text up to maxLength characters (FieldLimits.name, .description, …) */
  text<
    O extends Common & {
      maxLength: number;
      pattern?: string;
      multiline?: boolean;
      minLength?: number;
      autoNumber?: NumberingKind;
      shownAs?: 'month';
      /** a valid value when the label would not be one (a pattern); n varies it */
      example?: (n: number) => string;
    },
  >(options: O): TextField<Req<O>> {
    return {
      kind: 'text',
      required: (options.required ?? false) as Req<O>,
      unique: options.unique ?? false,
      example: (n) => `${options.label.vi} ${n}`,
      ...options,
    };
  },
  /** a code: 4 to 50 letters, digits, underscore or dot; required and unique per tenant */
  code(options: { label?: Label; autoNumber?: NumberingKind } = {}): TextField<true> {
    return {
      kind: 'code',
      label: options.label ?? CommonLabels.code,
      ...(options.autoNumber ? { autoNumber: options.autoNumber } : {}),
      required: true,
      unique: true,
      maxLength: FieldLimits.code,
      minLength: 4,
      pattern: Patterns.code,
      example: (n) => `CODE_${pad(n)}`,
    };
  },
  integer<
    O extends Common & {
      minimum?: number;
      maximum?: number;
      unit?: DisplayUnit;
      shownAs?: 'yearsAndMonths';
    },
  >(options: O): NumberField<Req<O>> {
    const minimum = options.minimum ?? 0;
    const maximum = options.maximum ?? FieldLimits.integer;
    return {
      kind: 'integer',
      required: (options.required ?? false) as Req<O>,
      unique: options.unique ?? false,
      example: (n) => Math.min(Math.max(n, minimum), maximum),
      ...options,
      minimum,
      maximum,
    };
  },
  /** a decimal as a string: precision digits in all, scale after the point */
  decimal<O extends Common & { precision?: number; scale?: number; minimum?: string }>(
    options: O,
  ): DecimalField<Req<O>> {
    return {
      kind: 'decimal',
      required: (options.required ?? false) as Req<O>,
      unique: options.unique ?? false,
      precision: options.precision ?? 18,
      scale: options.scale ?? 2,
      minimum: options.minimum ?? '0',
      example: (n) => `${n}.5`,
      ...options,
    };
  },
  /** money in VND as a decimal string (numeric(18, 2)), never negative */
  money<O extends Common>(options: O): DecimalField<Req<O>> {
    return {
      kind: 'money',
      required: (options.required ?? false) as Req<O>,
      unique: false,
      precision: 18,
      scale: 2,
      minimum: '0',
      example: (n) => `${1_000_000 + n * 1000}`,
      ...options,
    };
  },
  boolean<O extends Common>(options: O): BooleanField<Req<O>> {
    return {
      kind: 'boolean',
      required: (options.required ?? false) as Req<O>,
      unique: false,
      example: (n) => n % 2 === 0,
      ...options,
    };
  },
  /** a calendar day, yyyy-MM-dd (shown dd/MM/yyyy) */
  date<O extends Common>(options: O): DateField<Req<O>> {
    return {
      kind: 'date',
      required: (options.required ?? false) as Req<O>,
      unique: false,
      example: (n) => `2026-01-${String((n % 28) + 1).padStart(2, '0')}`,
      ...options,
    };
  },
  dateTime<O extends Common>(options: O): DateField<Req<O>> {
    return {
      kind: 'dateTime',
      required: (options.required ?? false) as Req<O>,
      unique: false,
      example: (n) => `2026-01-${String((n % 28) + 1).padStart(2, '0')}T08:00:00.000Z`,
      ...options,
    };
  },
  /** one of a fixed set of values, each with its label */
  enumOf<V extends string, O extends Common & { valueLabels: Readonly<Record<V, Label>>; defaultValue?: V }>(
    options: O,
  ): EnumField<V, Req<O>> {
    const values = Object.keys(options.valueLabels) as V[];
    return {
      kind: 'enum',
      required: (options.required ?? false) as Req<O>,
      unique: false,
      values,
      example: () => options.defaultValue ?? values[0],
      ...options,
    };
  },
  /** ACTIVE or INACTIVE, default ACTIVE; switched by POST /{id}/active and /inactive */
  status(): EnumField<Status, false> {
    return f.enumOf({
      label: CommonLabels.status,
      valueLabels: {
        [Status.active]: CommonLabels.active,
        [Status.inactive]: CommonLabels.inactive,
      } as Record<Status, Label>,
      defaultValue: Status.active,
    });
  },
  /** a record of another resource, chosen with its auto-complete */
  reference<O extends Common & { target: ReferenceTarget }>(options: O): ReferenceField<Req<O>> {
    return {
      kind: 'reference',
      required: (options.required ?? false) as Req<O>,
      unique: false,
      example: (_n, context) =>
        options.required ? (context?.references?.[options.target.resource] ?? null) : null,
      ...options,
    };
  },
  /** several records of another resource (a child table of ids) */
  references(options: Common & { target: ReferenceTarget; maxItems?: number }): ReferencesField {
    return {
      kind: 'references',
      label: options.label,
      target: options.target,
      required: false,
      unique: false,
      maxItems: options.maxItems ?? 100,
      example: () => [],
      ...(options.hint ? { hint: options.hint } : {}),
    };
  },
  /** several values of a fixed set, each with its label */
  enumSet<V extends string>(options: Common & { valueLabels: Readonly<Record<V, Label>> }): EnumSetField<V> {
    return {
      kind: 'enumSet',
      label: options.label,
      valueLabels: options.valueLabels,
      values: Object.keys(options.valueLabels) as V[],
      required: false,
      unique: false,
      example: () => [],
      ...(options.hint ? { hint: options.hint } : {}),
    };
  },
  /** the parent in a tree of the same resource (no cycles) */
  treeParent(options: Common = { label: CommonLabels.parent }): ReferenceField<false> {
    return {
      kind: 'treeParent',
      required: false,
      unique: false,
      example: () => null,
      ...options,
    } as ReferenceField<false>;
  },
  /** an uploaded file (System › Files), by id, uploaded under ownerType, named .<one of accept> */
  file<O extends Common & { ownerType: string; accept: readonly string[] }>(options: O): FileField<Req<O>> {
    return {
      kind: 'file',
      required: (options.required ?? false) as Req<O>,
      unique: false,
      example: () => null,
      ...options,
    };
  },
  /** a province, or a ward of the province in `parent` (GET /api/om/areas), by its code */
  area<O extends Common & { level: AreaLevel; parent?: string }>(options: O): AreaField<Req<O>> {
    return {
      kind: 'area',
      required: (options.required ?? false) as Req<O>,
      unique: false,
      // Thành phố Hồ Chí Minh, Phường Bến Thành
      example: () => (options.level === 'province' ? '79' : '26743'),
      ...options,
    };
  },
  /** several uploaded files (System › Files), by id, in order: attachments (default at most 10) */
  files(options: Common & { ownerType: string; accept: readonly string[]; maxItems?: number }): FilesField {
    return {
      kind: 'files',
      label: options.label,
      ownerType: options.ownerType,
      accept: options.accept,
      required: false,
      unique: false,
      maxItems: options.maxItems ?? MAX_ATTACHED_FILES,
      example: () => [],
      ...(options.hint ? { hint: options.hint } : {}),
    };
  },
  /** an uploaded image (thumbnails made by the server), by id */
  image<O extends Common & { ownerType: string; accept: readonly string[] }>(options: O): FileField<Req<O>> {
    return {
      kind: 'image',
      required: (options.required ?? false) as Req<O>,
      unique: false,
      example: () => null,
      ...options,
    };
  },
  /** rows of a child list, written and answered with the parent */
  children(
    options: Common & {
      fields: Readonly<Record<string, ScalarField>>;
      maxItems?: number;
      minItems?: number;
      /** valid rows (needed when minItems > 0) */
      example?: ChildrenField['example'];
      cellItems?: readonly string[];
    },
  ): ChildrenField {
    return {
      kind: 'children',
      label: options.label,
      fields: options.fields,
      required: false,
      unique: false,
      maxItems: options.maxItems ?? 100,
      example: options.example ?? (() => []),
      ...(options.minItems ? { minItems: options.minItems } : {}),
      ...(options.hint ? { hint: options.hint } : {}),
      ...(options.cellItems ? { cellItems: options.cellItems } : {}),
    };
  },
};

/** The value type of a field, as the API answers it (optional fields may be null). */
type ValueOfKind<F> =
  F extends EnumField<infer V>
    ? V
    : F extends TextField | DecimalField | DateField | ReferenceField | FileField | AreaField
      ? string
      : F extends NumberField
        ? number
        : F extends BooleanField
          ? boolean
          : F extends ReferencesField | FilesField
            ? string[]
            : F extends EnumSetField<infer V>
              ? V[]
              : F extends ChildrenField
                ? Array<{ [K in keyof F['fields']]: ValueOf<F['fields'][K]> }>
                : never;

export type ValueOf<F> = F extends { kind: 'enum' | 'references' | 'files' | 'enumSet' | 'children' }
  ? ValueOfKind<F>
  : F extends { required: true }
    ? ValueOfKind<F>
    : ValueOfKind<F> | null;
