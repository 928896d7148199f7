import type { AnyResourceContract, ChildrenField, FieldContract, ScalarField } from '@hcm/contracts/resource';
import { decimalPattern, shownValue, storedValue } from '@hcm/contracts/resource';
import { FieldErrorKeys } from '@hcm/contracts';
import { cleanFieldText } from '../form/clean-text.ts';
import { firstError, Validators, type FieldError, type Validator } from '../form/validators.ts';
import { isInvalidDate } from '../input/date-text.ts';
import type { ResourceRecord } from './resource-api.ts';

/**
 * A form value per kind: text, code, integer, decimal, money as strings (the inputs' own shape,
 * integers included so that DecimalInput can edit them); boolean; date as a Date; enum as a
 * string; enumSet and references as string arrays; reference, treeParent, file, image as an id;
 * children as rows, each a ChildRow of its item fields' form values.
 */
export type FormValue = string | boolean | Date | readonly string[] | null | readonly unknown[];
export type FormValues = Record<string, FormValue>;
/** One row of a children field in the form: a form value per item field. */
export type ChildRow = Record<string, FormValue>;

/** The fields a form of this mode edits, in section order. */
export function editedFields(contract: AnyResourceContract, mode: 'create' | 'update'): string[] {
  const allowed = new Set(mode === 'create' ? contract.create : contract.update);
  return contract.sections.flatMap((section) => section.fields).filter((name) => allowed.has(name));
}

const toDate = (value: unknown): Date | null => {
  if (typeof value !== 'string' || value === '') return null;
  // yyyy-MM-dd is a calendar day: read it as local midnight, not UTC
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (day) return new Date(Number(day[1]), Number(day[2]) - 1, Number(day[3]));
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
};

/** The form value of one field's API value (`fresh`: a new record, so an enum takes its default). */
function formValueOf(field: FieldContract, value: unknown, fresh: boolean): FormValue {
  switch (field.kind) {
    case 'boolean':
      return typeof value === 'boolean' ? value : false;
    case 'date':
    case 'dateTime':
      return toDate(value);
    case 'integer':
      // typed in the field's unit (minutes) when it has one: the API's ms are converted here
      return typeof value === 'number' ? String(shownValue(field.unit, value)) : null;
    case 'enum':
      return typeof value === 'string' ? value : fresh ? (field.defaultValue ?? null) : null;
    case 'enumSet':
    case 'references':
    case 'files':
      return Array.isArray(value) ? (value as string[]) : [];
    case 'children':
      return Array.isArray(value)
        ? value.map((item) => childRowOf(field, item as Record<string, unknown>))
        : [];
    default:
      return typeof value === 'string' ? value : null;
  }
}

/**
 * A row of a children field as the form edits it; an empty new row without `item`, whose enums
 * take their defaults (a workflow step's unit: minutes) as a new record's do.
 */
export function childRowOf(field: ChildrenField, item?: Record<string, unknown>): ChildRow {
  const row: ChildRow = {};
  for (const [name, child] of Object.entries(field.fields))
    row[name] = formValueOf(child, item?.[name], item === undefined);
  return row;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The values a create form starts from the query string: a reference field named by a parameter
 * holding an id (the chart's "add a unit under it", `?parentId=`; an employee's "new contract",
 * `?workerId=`). They are the form's starting point, not the user's changes: leaving the form
 * untouched asks nothing.
 */
export function presetsOf(contract: AnyResourceContract, names: readonly string[], search: string) {
  const query = new URLSearchParams(search);
  const presets: Record<string, string> = {};
  for (const name of names) {
    const kind = contract.fields[name]?.kind;
    const value = query.get(name);
    if ((kind === 'reference' || kind === 'treeParent') && value && UUID.test(value)) presets[name] = value;
  }
  return presets;
}

/** Every edited field's starting value: the record's, or on create the presets and defaults. */
export function initialValues(
  contract: AnyResourceContract,
  names: readonly string[],
  record: ResourceRecord | null,
  presets: Readonly<Record<string, unknown>> = {},
): FormValues {
  const values: FormValues = {};
  for (const name of names) {
    const field = contract.fields[name];
    if (field) values[name] = formValueOf(field, record ? record[name] : presets[name], !record);
  }
  return values;
}

/** The comparable value of a cell of a unique item field (case-insensitive text), or null. */
const uniqueKey = (field: ScalarField, value: FormValue): string | null => {
  if (value === null || value === undefined || value === '') return null;
  const text = String(value).trim();
  return field.kind === 'text' || field.kind === 'code' ? text.toLowerCase() : text;
};

/**
 * The problems of a children field's rows, keyed `<row>.<item field>`: each cell's validators
 * (the item field's limits), and a unique item field's value used by an earlier row.
 */
export function childCellErrors(field: ChildrenField, rows: readonly ChildRow[]): Record<string, FieldError> {
  const errors: Record<string, FieldError> = {};
  const items = Object.entries(field.fields);
  const seen = new Map<string, Set<string>>(items.map(([name]) => [name, new Set<string>()]));
  rows.forEach((row, index) => {
    for (const [name, child] of items) {
      const error = firstError(row[name] ?? null, fieldValidators(child));
      if (error) {
        errors[`${index}.${name}`] = error;
        continue;
      }
      const key = child.unique ? uniqueKey(child, row[name] ?? null) : null;
      if (key === null) continue;
      if (seen.get(name)?.has(key)) errors[`${index}.${name}`] = { key: FieldErrorKeys.invalidValue };
      seen.get(name)?.add(key);
    }
  });
  return errors;
}

/** A decimal string within the field's precision and scale (the server's own pattern). */
const decimalValidator =
  (precision: number, scale: number, negative: boolean): Validator =>
  (value) => {
    if (value === null || value === undefined || value === '') return null;
    return new RegExp(decimalPattern(precision, scale, negative)).test(String(value))
      ? null
      : { key: FieldErrorKeys.pattern };
  };

/**
 * The kit validators of a field, derived from its contract: required, length, pattern, range,
 * decimal scale, a real date. They give the spec's error keys with their values (catalogues §5.3),
 * the same limits the server's TypeBox schema (fieldSchema) checks.
 */
export function fieldValidators(field: FieldContract): Validator[] {
  const validators: Validator[] = [];
  if (field.required) validators.push(Validators.required());
  switch (field.kind) {
    case 'text':
    case 'code':
      if (field.minLength) validators.push(Validators.minLength(field.minLength));
      validators.push(Validators.maxLength(field.maxLength));
      if (field.pattern) validators.push(Validators.pattern(field.pattern));
      break;
    case 'integer':
      validators.push(
        Validators.pattern(/^-?\d+$/),
        Validators.min(Math.ceil(shownValue(field.unit, field.minimum))),
        Validators.max(Math.floor(shownValue(field.unit, field.maximum))),
      );
      break;
    case 'decimal':
    case 'money':
      validators.push(
        decimalValidator(field.precision, field.scale, field.minimum.startsWith('-')),
        Validators.min(Number(field.minimum)),
      );
      break;
    case 'date':
    case 'dateTime':
      validators.push(Validators.date());
      break;
    case 'enum':
      validators.push(Validators.oneOf(field.values));
      break;
    case 'references':
    case 'files':
      validators.push(Validators.maxLength(field.maxItems));
      break;
    case 'children':
      if (field.minItems)
        validators.push((rows) =>
          ((rows ?? []) as ChildRow[]).length < (field.minItems ?? 0)
            ? { key: FieldErrorKeys.required }
            : null,
        );
      validators.push(Validators.maxLength(field.maxItems), (rows) => {
        const errors = childCellErrors(field, (rows ?? []) as ChildRow[]);
        return Object.keys(errors).length > 0 ? { key: FieldErrorKeys.invalidValue } : null;
      });
      break;
    default:
      break;
  }
  return validators;
}

export function formValidators(
  contract: AnyResourceContract,
  names: readonly string[],
  mode: 'create' | 'update' = 'update',
) {
  const validators: Record<string, Validator[]> = {};
  for (const name of names) {
    const field = contract.fields[name];
    // a numbered field left empty on create takes the tenant's next number (resource/numbering.ts)
    const automatic =
      mode === 'create' && (field?.kind === 'text' || field?.kind === 'code') && field.autoNumber;
    if (field) validators[name] = fieldValidators(automatic ? { ...field, required: false } : field);
  }
  return validators;
}

const pad = (n: number) => String(n).padStart(2, '0');
const localDay = (date: Date) => `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;

/** One value as the API takes it, or null for "no value". */
function requestValue(field: FieldContract, value: FormValue): unknown {
  if (value === null || value === undefined) return null;
  switch (field.kind) {
    case 'text':
    case 'code': {
      const text = cleanFieldText(String(value), field);
      return text === '' ? null : text;
    }
    case 'integer':
      return value === '' ? null : storedValue(field.unit, Number(value));
    case 'decimal':
    case 'money':
      return value === '' ? null : String(value);
    case 'date':
      return value instanceof Date && !isInvalidDate(value) ? localDay(value) : null;
    case 'dateTime':
      return value instanceof Date && !isInvalidDate(value) ? value.toISOString() : null;
    case 'boolean':
      return Boolean(value);
    case 'enumSet':
      return [...(value as string[])].sort();
    case 'references':
    case 'files':
      return value;
    case 'children':
      // a read-only item (a name the server copies from the record referred to) is not sent
      return (value as ChildRow[]).map((row) =>
        Object.fromEntries(
          Object.entries(field.fields)
            .filter(([, child]) => !child.readOnly)
            .map(([name, child]) => [name, requestValue(child, row[name] ?? null)]),
        ),
      );
    default:
      return value === '' ? null : value;
  }
}

/**
 * The request body: create leaves out fields without a value; update sends every edited field
 * (null clears an optional one) and the version read, so that a newer record answers 409.
 */
export function requestBody(
  contract: AnyResourceContract,
  names: readonly string[],
  values: FormValues,
  mode: 'create' | 'update',
  version?: number,
): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const name of names) {
    const field = contract.fields[name];
    if (!field) continue;
    const value = requestValue(field, values[name] ?? null);
    // An enum with a default always holds a value; one without (an optional choice) may be cleared.
    const alwaysSet = field.kind === 'enum' && (field.required || field.defaultValue !== undefined);
    if (value === null && (mode === 'create' || alwaysSet)) continue;
    body[name] = value;
  }
  if (mode === 'update' && version !== undefined) body.version = version;
  return body;
}

/** Whether the values differ from the starting ones (the unsaved-changes warning). */
export function valuesDiffer(a: FormValues, b: FormValues): boolean {
  const norm = (value: FormValue | undefined) =>
    value instanceof Date ? value.getTime() : value === '' || value === undefined ? null : value;
  return Object.keys({ ...a, ...b }).some(
    (key) => JSON.stringify(norm(a[key])) !== JSON.stringify(norm(b[key])),
  );
}
