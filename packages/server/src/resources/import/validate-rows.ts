import { FieldErrorKeys } from '@hcm/contracts';
import { storedValue } from '@hcm/contracts/resource';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Validator } from 'typebox/compile';
import { toFieldErrors } from '../../http/validation.ts';
import { isTextKind, type FieldSpec, type Language, type ResourceDefinition } from '../types.ts';
import { uniqueFieldsOf, uniqueKey } from '../write/uniqueness.ts';
import { areaCodeOf } from './area-cells.ts';
import { CellProblem, type CellValue, type Sheet } from './read-sheet.ts';
import { enumCodeOf, enumLabelsOf, enumProblem, isoDateOf } from '../xlsx/sheet-values.ts';

const INVALID = { vi: 'không hợp lệ', en: 'is not valid' };

/** An area cell that did not become a code (area-cells.ts): it names no area, or two. */
const NO_AREA = {
  province: {
    vi: 'không xác định được tỉnh/thành phố: nhập mã 2 chữ số hoặc tên (có dấu hoặc không)',
    en: 'names no single province: give its 2-digit code or its name (accents optional)',
  },
  ward: {
    vi: 'không xác định được phường/xã trong tỉnh/thành phố của dòng: nhập mã 5 chữ số hoặc tên đầy đủ',
    en: "names no single ward of the row's province: give its 5-digit code or its full name",
  },
};

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

const CELL_PROBLEMS: Record<CellProblem['kind'], { vi: string; en: string }> = {
  formulaError: { vi: 'công thức cho kết quả lỗi', en: 'the formula gives an error' },
  formulaWithoutResult: {
    vi: 'công thức chưa được tính (mở và lưu lại tệp bằng Excel)',
    en: 'the formula has no computed result (open and save the file in Excel)',
  },
};

/** A number as a decimal string without exponent or float noise (1234.5 → "1234.5"). */
export function decimalText(value: number): string {
  const plain = String(value);
  if (!/e/i.test(plain)) return plain;
  // 1e21 and up or 1e-7 and below: fixed notation, trailing zeros of the fraction dropped.
  return value.toFixed(20).replace(/\.?0+$/, '');
}

/** An Excel serial day (1 = 1900-01-01, with Excel's 1900 leap day) as a Date in UTC. */
const fromSerial = (serial: number) => new Date(Math.round((serial - 25569) * 86_400_000));

const BOOLEAN_WORDS: Record<string, boolean> = {
  true: true,
  false: false,
  '1': true,
  '0': false,
  có: true,
  không: false,
  yes: true,
  no: false,
};

/**
 * A cell turned into the value the create schema expects: text trimmed, digits to numbers,
 * numbers of decimal and money fields to decimal strings (Excel keeps the digits it shows, so
 * nothing is lost on the way), Excel dates to yyyy-MM-dd or ISO, yes/no words to booleans.
 */
function fieldValue(spec: FieldSpec, value: CellValue): unknown {
  if (value === undefined || value instanceof CellProblem) return undefined;
  // an area code whose leading zeros Excel dropped (1 → "01"); a name stays (area-cells.ts)
  if (spec.area && (typeof value === 'number' || typeof value === 'string')) {
    const code = areaCodeOf(spec.area.level, value);
    if (code !== undefined) return code;
    if (typeof value === 'number') return String(value);
  }
  if (typeof value === 'number')
    switch (spec.kind) {
      case 'text':
      case 'code':
      case 'reference':
      case 'treeParent':
        return String(value);
      case 'decimal':
      case 'money':
        return decimalText(value);
      case 'date':
        return fromSerial(value).toISOString().slice(0, 10);
      case 'dateTime':
        return fromSerial(value).toISOString();
      case 'boolean':
        return value === 1 ? true : value === 0 ? false : value;
      case 'integer':
        // typed in the field's unit (minutes), kept in the API's (ms)
        return storedValue(spec.unit, value);
      default:
        return value;
    }
  if (typeof value === 'boolean') return isTextKind(spec.kind) ? String(value) : value;
  const text = value.trim();
  if (text === '') return undefined;
  if (spec.kind === 'integer' && /^-?\d+$/.test(text)) return storedValue(spec.unit, Number(text));
  if (spec.kind === 'boolean') return BOOLEAN_WORDS[text.toLowerCase()] ?? text;
  // dd/MM/yyyy as well as ISO; anything else is left for the schema to refuse
  if (spec.kind === 'date') return isoDateOf(text) ?? text;
  return spec.kind === 'enum' ? text.toUpperCase() : text;
}

/**
 * An enum cell of a contract field as its code: the code, or its Vietnamese or English name
 * (xlsx/sheet-values.ts). Undefined when the field is not such an enum or the cell is empty;
 * a problem when the text names no single value.
 */
function enumCell(
  definition: ResourceDefinition,
  name: string,
  cell: CellValue,
  language: Language,
): { code: string } | { problem: string } | undefined {
  const labels = enumLabelsOf(definition, name);
  if (!labels || typeof cell !== 'string' || cell.trim() === '') return undefined;
  const code = enumCodeOf(labels, cell.trim());
  if (code !== undefined) return { code };
  return { problem: enumProblem(definition.field(name).label, labels, cell.trim(), language) };
}

/**
 * Every row against the import schema (the create body's rules) and the unique fields against
 * the other rows of the file, before any transaction. The database check comes later, inside
 * the import's write transaction (or a read one when the file alone already has errors).
 */
export async function checkRows(
  definition: ResourceDefinition,
  validator: Validator,
  sheet: Sheet,
  language: Language,
): Promise<CheckedRows> {
  const problems = new Map<number, string[]>();
  const complain = (rowNumber: number, message: string) =>
    problems.set(rowNumber, [...(problems.get(rowNumber) ?? []), message]);
  const label = (name: string) => definition.fields[name]?.label[language] ?? name;
  const firstRowOf = new Map<string, number>();
  const rows: ImportRow[] = [];

  for (const { rowNumber, cells } of sheet.rows) {
    const values: Record<string, unknown> = {};
    // fields whose cell already has its own message: the schema's would say it again, worse
    const said = new Set<string>();
    sheet.columns.forEach(({ name }, index) => {
      const cell = cells[index];
      if (cell instanceof CellProblem)
        complain(rowNumber, `${label(name)}: ${CELL_PROBLEMS[cell.kind][language]}`);
      const named = enumCell(definition, name, cell, language);
      if (named && 'problem' in named) {
        complain(rowNumber, named.problem);
        said.add(name);
        return;
      }
      const value = named ? named.code : fieldValue(definition.field(name), cell);
      if (value !== undefined) values[name] = value;
    });
    for (const error of toFieldErrors(validator.Errors(values))) {
      if (said.has(error.field)) continue;
      const area = definition.fields[error.field]?.area;
      if (area && error.code !== FieldErrorKeys.required) {
        complain(rowNumber, `${label(error.field)}: ${NO_AREA[area.level][language]}`);
        continue;
      }
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
    // 10,000 rows take a while: let other requests in between.
    if (rows.length % 500 === 0) await nextTurn();
  }
  return { rows, problems };
}
