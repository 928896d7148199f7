import { ImportLimits } from '@hcm/contracts';
import ExcelJS from 'exceljs';
import { isTextKind, type FieldSpec, type Language, type ResourceDefinition } from '../types.ts';
import { columnWidth, labelOf, sheetName } from '../xlsx/xlsx.ts';
import { DATE_FORMAT, enumLabelsOf, enumName, enumNames } from '../xlsx/sheet-values.ts';

/** An example value as a cell: text, number and true/false as they are, nothing for null. */
const exampleCell = (value: unknown): ExcelJS.CellValue =>
  typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean'
    ? value
    : value === null || value === undefined
      ? null
      : JSON.stringify(value);

/** A field's example as a person types it: an enum by its name, a date as dd/MM/yyyy. */
function exampleOf(definition: ResourceDefinition, name: string, language: Language): unknown {
  const spec = definition.field(name);
  const value = spec.example(1);
  if (typeof value !== 'string') return value;
  if (spec.kind === 'enum') return enumName(enumLabelsOf(definition, name), value, language);
  if (spec.kind === 'date' && /^\d{4}-\d{2}-\d{2}$/.test(value)) return value.split('-').reverse().join('/');
  return value;
}

interface ValidationRanges {
  add(range: string, validation: ExcelJS.DataValidation): void;
}

/**
 * A drop-down of the enum's names on the column's data rows. Only a suggestion (a warning that
 * may be dismissed): the import also takes the other language's names and the codes. Skipped
 * when a name holds a comma or the list is longer than Excel's 255 characters.
 */
function enumDropDown(sheet: ExcelJS.Worksheet, column: number, names: readonly string[]): void {
  const list = names.join(',');
  if (names.some((name) => name.includes(',') || name.includes('"')) || list.length > 250) return;
  const letter = sheet.getColumn(column).letter;
  // exceljs has Worksheet.dataValidations (a range at once) but its typings omit it
  const validations = (sheet as unknown as { dataValidations: ValidationRanges }).dataValidations;
  validations.add(`${letter}2:${letter}${ImportLimits.maxRows + 1}`, {
    type: 'list',
    allowBlank: true,
    formulae: [`"${list}"`],
    showErrorMessage: true,
    errorStyle: 'warning',
  });
}

/** What an area cell may hold besides its code (import/area-cells.ts turns a name into it). */
const AREA_NAMES = {
  province: {
    vi: 'Hoặc tên: "Thành phố Hồ Chí Minh", "Hồ Chí Minh", "ho chi minh".',
    en: 'Or its name: "Thành phố Hồ Chí Minh", "Hồ Chí Minh", "ho chi minh".',
  },
  ward: {
    vi: 'Hoặc tên, trong tỉnh/thành phố của dòng: "Phường Bến Thành", "Bến Thành".',
    en: 'Or its name, among the wards of the row\'s province: "Phường Bến Thành", "Bến Thành".',
  },
} as const;

/** A column's rules in words, with the names an area cell may hold. */
const rulesOf = (spec: FieldSpec, language: Language) =>
  spec.area ? `${spec.rules[language]} ${AREA_NAMES[spec.area.level][language]}` : spec.rules[language];

const INSTRUCTIONS = {
  vi: {
    sheet: 'Hướng dẫn',
    columns: ['Cột', 'Quy định', 'Ví dụ'],
    limits: `Tối đa ${ImportLimits.maxRows} dòng, tệp tối đa ${ImportLimits.maxFileBytes / 1024 / 1024} MB. Nhập tất cả hoặc không dòng nào: khi có lỗi, tệp lỗi được trả về với cột "Lỗi".`,
  },
  en: {
    sheet: 'Instructions',
    columns: ['Column', 'Rules', 'Example'],
    limits: `At most ${ImportLimits.maxRows} rows, file at most ${ImportLimits.maxFileBytes / 1024 / 1024} MB. All rows or none are imported: on any error the file comes back with an "Errors" column.`,
  },
} as const;

/**
 * The import template: a first sheet with the import columns (a note with the rules on each
 * header cell) for the data, and an instructions sheet with the same rules and the limits.
 */
export async function templateWorkbook(definition: ResourceDefinition, language: Language): Promise<Buffer> {
  const names = definition.declaration.importColumns;
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(sheetName(definition.declaration.title[language]), {
    views: [{ state: 'frozen', ySplit: 1 }],
  });
  const headers = names.map((name) => labelOf(definition, name, language));
  sheet.columns = names.map((name, i) => ({
    key: name,
    width: columnWidth(definition, name, headers[i] ?? name),
  }));
  const header = sheet.addRow(headers);
  header.font = { bold: true };
  names.forEach((name, i) => {
    const spec = definition.field(name);
    const cell = header.getCell(i + 1);
    cell.note = `${rulesOf(spec, language)}\n${language === 'vi' ? 'Ví dụ' : 'Example'}: ${String(exampleOf(definition, name, language))}`;
    if (spec.required) cell.font = { bold: true, color: { argb: 'FFC00000' } };
    // text cells: an area code keeps its leading zeros (Hà Nội is 01)
    if (isTextKind(spec.kind) || spec.area) sheet.getColumn(i + 1).numFmt = '@';
    // a date typed or picked shows as dd/MM/yyyy whatever Excel's locale
    if (spec.kind === 'date') sheet.getColumn(i + 1).numFmt = DATE_FORMAT;
    const labels = spec.kind === 'enum' ? enumLabelsOf(definition, name) : undefined;
    if (labels) enumDropDown(sheet, i + 1, enumNames(labels, language));
  });

  const text = INSTRUCTIONS[language];
  const help = workbook.addWorksheet(text.sheet);
  help.columns = [{ width: 24 }, { width: 70 }, { width: 20 }];
  help.addRow([text.limits]).font = { italic: true };
  help.addRow([]);
  help.addRow([...text.columns]).font = { bold: true };
  for (const name of names) {
    const spec = definition.field(name);
    help.addRow([
      labelOf(definition, name, language),
      rulesOf(spec, language),
      exampleCell(exampleOf(definition, name, language)),
    ]);
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
