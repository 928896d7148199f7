import { FieldErrorKeys } from '@hcm/contracts';
import type { Validator } from 'typebox/compile';
import { toFieldErrors } from '../../http/validation.ts';
import type { FieldSpec, Language, ResourceDefinition } from '../types.ts';
import { uniqueFieldsOf, uniqueKey } from '../write/uniqueness.ts';
import { fileProblem } from './read-upload.ts';
import { plainCell, type Sheet } from './read-sheet.ts';

const INVALID = { vi: 'không hợp lệ', en: 'is not valid' };

const PROBLEMS: Record<string, { vi: string; en: string }> = {
  [FieldErrorKeys.required]: { vi: 'bắt buộc', en: 'is required' },
  [FieldErrorKeys.maxlength]: { vi: 'quá dài', en: 'is too long' },
  [FieldErrorKeys.minlength]: { vi: 'quá ngắn', en: 'is too short' },
  [FieldErrorKeys.pattern]: { vi: 'sai định dạng', en: 'has the wrong format' },
  [FieldErrorKeys.min]: { vi: 'quá nhỏ', en: 'is too small' },
  [FieldErrorKeys.max]: { vi: 'quá lớn', en: 'is too large' },
  [FieldErrorKeys.invalidValue]: INVALID,
};

/** A row that passed the checks of the file alone, ready to insert, with its Excel row number. */
export interface ImportRow {
  rowNumber: number;
  values: Record<string, unknown>;
}

/** The rows and what is wrong with each (row number → messages); no messages means valid. */
export interface CheckedRows {
  rows: ImportRow[];
  problems: Map<number, string[]>;
}

/** A cell turned into the value the create schema expects (text trimmed, digits to numbers). */
function fieldValue(spec: FieldSpec, cell: unknown): unknown {
  const value = plainCell(cell);
  if (value === undefined) return undefined;
  if (value instanceof Date) return spec.kind === 'text' ? value.toISOString().slice(0, 10) : value;
  if (typeof value === 'number' || typeof value === 'boolean')
    return spec.kind === 'text' ? String(value) : value;
  const text = String(value).trim();
  if (text === '') return undefined;
  if (spec.kind === 'integer' && /^-?\d+$/.test(text)) return Number(text);
  return spec.kind === 'enum' ? text.toUpperCase() : text;
}

/** Which sheet column holds each import column, matched by label (either language) or name. */
function columnIndexes(definition: ResourceDefinition, header: string[]): Map<string, number> {
  const wanted = header.map((h) => h.trim().toLowerCase());
  const found = new Map<string, number>();
  const missing: string[] = [];
  for (const name of definition.declaration.importColumns) {
    const spec = definition.field(name);
    const index = wanted.findIndex((h) =>
      [spec.label.vi, spec.label.en, name].some((l) => l.toLowerCase() === h),
    );
    if (index >= 0) found.set(name, index);
    else if (spec.required) missing.push(spec.label.vi);
  }
  if (missing.length > 0)
    throw fileProblem(
      FieldErrorKeys.required,
      `the columns ${missing.join(', ')} are missing: use the template`,
    );
  return found;
}

/**
 * Every row against the import schema (the create body's rules) and the unique fields against
 * the other rows of the file. The database check comes later, inside the import transaction.
 */
export function checkRows(
  definition: ResourceDefinition,
  validator: Validator,
  sheet: Sheet,
  language: Language,
): CheckedRows {
  const indexes = columnIndexes(definition, sheet.header);
  const problems = new Map<number, string[]>();
  const complain = (rowNumber: number, message: string) =>
    problems.set(rowNumber, [...(problems.get(rowNumber) ?? []), message]);
  const label = (name: string) => definition.fields[name]?.label[language] ?? name;
  const firstRowOf = new Map<string, number>();
  const rows: ImportRow[] = [];

  for (const { rowNumber, cells } of sheet.rows) {
    const values: Record<string, unknown> = {};
    for (const [name, index] of indexes) {
      const value = fieldValue(definition.field(name), cells[index]);
      if (value !== undefined) values[name] = value;
    }
    for (const error of toFieldErrors(validator.Errors(values))) {
      const problem = PROBLEMS[error.code] ?? INVALID;
      const rules = definition.fields[error.field]?.rules[language];
      complain(rowNumber, `${label(error.field)}: ${problem[language]}${rules ? ` (${rules})` : ''}`);
    }
    for (const name of uniqueFieldsOf(definition)) {
      if (values[name] === undefined) continue;
      const key = `${name}\u0000${uniqueKey(definition, name, values[name])}`;
      const first = firstRowOf.get(key);
      if (first === undefined) firstRowOf.set(key, rowNumber);
      else
        complain(
          rowNumber,
          `${label(name)}: ${language === 'vi' ? 'trùng với dòng' : 'same as row'} ${first}`,
        );
    }
    rows.push({ rowNumber, values });
  }
  return { rows, problems };
}
