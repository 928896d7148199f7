import { label, type Label } from '@hcm/contracts/resource';

/**
 * Every error the formula language reports, as labels (Vietnamese and English, the contracts'
 * label()). `{{name}}` marks a parameter; a parameter may itself be bilingual.
 */
export const FormulaMessages = {
  // parsing
  syntax: label(
    'formula.errors.syntax',
    'Cần {{expected}} {{where}}, gặp {{found}}',
    'Expected {{expected}} {{where}} but found {{found}}',
  ),
  empty: label('formula.errors.empty', 'Công thức trống', 'The formula is empty'),
  unclosedText: label(
    'formula.errors.unclosedText',
    'Chuỗi văn bản mở {{where}} chưa có dấu " đóng',
    'The text opened {{where}} has no closing "',
  ),
  accentedName: label(
    'formula.errors.accentedName',
    'Tên “{{name}}” {{where}} phải viết không dấu: chữ cái Latin, chữ số và _',
    'The name "{{name}}" {{where}} must be written without accents: Latin letters, digits and _',
  ),
  // names
  unknownVariable: label(
    'formula.errors.unknownVariable',
    'Không có biến “{{name}}” trong danh mục biến ({{where}})',
    'There is no variable "{{name}}" in the variable catalogue ({{where}})',
  ),
  unknownFunction: label(
    'formula.errors.unknownFunction',
    'Không có hàm “{{name}}” ({{where}}); các hàm: {{functions}}',
    'There is no function "{{name}}" ({{where}}); the functions are {{functions}}',
  ),
  argumentCount: label(
    'formula.errors.argumentCount',
    'Hàm {{name}} cần {{expected}}, ở đây có {{count}} ({{where}})',
    '{{name}} takes {{expected}}, here it has {{count}} ({{where}})',
  ),
  // types
  conditionExpected: label(
    'formula.errors.conditionExpected',
    'Cần một điều kiện (đúng/sai) {{where}}, nhưng đây là {{found}}',
    'A condition (TRUE/FALSE) is expected {{where}}, but this is {{found}}',
  ),
  numberExpected: label(
    'formula.errors.numberExpected',
    'Cần một số {{where}}, nhưng đây là {{found}}',
    'A number is expected {{where}}, but this is {{found}}',
  ),
  joinable: label(
    'formula.errors.joinable',
    'Phép & nối số hoặc văn bản; {{where}} là {{found}}',
    '& joins numbers or text; {{where}} is {{found}}',
  ),
  comparison: label(
    'formula.errors.comparison',
    'Không so sánh được {{left}} với {{right}} ({{where}})',
    'Cannot compare {{left}} with {{right}} ({{where}})',
  ),
  conditionOrder: label(
    'formula.errors.conditionOrder',
    'Hai điều kiện chỉ so sánh được bằng = hoặc <> ({{where}})',
    'Two conditions can only be compared with = or <> ({{where}})',
  ),
  branches: label(
    'formula.errors.branches',
    'Hai nhánh của IF phải cùng kiểu: {{then}} và {{else}} ({{where}})',
    'Both branches of IF must be of one type: {{then}} and {{else}} ({{where}})',
  ),
  resultType: label(
    'formula.errors.resultType',
    'Thành phần kiểu {{type}} nhưng công thức cho ra {{found}}',
    'The component is of type {{type}} but the formula gives {{found}}',
  ),
  // lookups
  tableExpected: label(
    'formula.errors.tableExpected',
    'Đối số thứ nhất của LOOKUP phải là mã một bảng tra cứu ({{where}})',
    "LOOKUP's first argument must be a lookup table's code ({{where}})",
  ),
  unknownTable: label(
    'formula.errors.unknownTable',
    'Không có bảng tra cứu “{{name}}” ({{where}})',
    'There is no lookup table "{{name}}" ({{where}})',
  ),
  tableAsValue: label(
    'formula.errors.tableAsValue',
    '“{{name}}” là một bảng tra cứu: dùng LOOKUP({{name}}, khoá) ({{where}})',
    '"{{name}}" is a lookup table: use LOOKUP({{name}}, key) ({{where}})',
  ),
  columnRequired: label(
    'formula.errors.columnRequired',
    'Bảng {{name}} có nhiều cột: ghi tên cột, ví dụ LOOKUP({{name}}, khoá, "{{column}}") ({{where}}); các cột: {{columns}}',
    'Table {{name}} has several columns: name one, e.g. LOOKUP({{name}}, key, "{{column}}") ({{where}}); the columns are {{columns}}',
  ),
  columnText: label(
    'formula.errors.columnText',
    'Tên cột của LOOKUP phải là một văn bản trong ngoặc kép ({{where}})',
    "LOOKUP's column must be a name in double quotes ({{where}})",
  ),
  unknownColumn: label(
    'formula.errors.unknownColumn',
    'Bảng {{name}} không có cột “{{column}}” ({{where}}); các cột: {{columns}}',
    'Table {{name}} has no column "{{column}}" ({{where}}); the columns are {{columns}}',
  ),
  keyType: label(
    'formula.errors.keyType',
    'Khoá của bảng {{name}} là {{expected}}, nhưng {{where}} là {{found}}',
    'The key of table {{name}} is {{expected}}, but {{where}} is {{found}}',
  ),
  // the template
  invalidCode: label(
    'formula.errors.invalidCode',
    'Mã thành phần “{{code}}” chỉ gồm chữ cái Latin, chữ số và _, bắt đầu bằng chữ cái hoặc _',
    'The component code "{{code}}" may hold Latin letters, digits and _ only, and starts with a letter or _',
  ),
  duplicateComponent: label(
    'formula.errors.duplicateComponent',
    'Mã thành phần {{code}} xuất hiện hơn một lần',
    'The component code {{code}} appears more than once',
  ),
  componentIsVariable: label(
    'formula.errors.componentIsVariable',
    'Mã thành phần {{code}} trùng mã một biến hoặc bảng trong danh mục',
    'The component code {{code}} is already a variable or table of the catalogue',
  ),
  cycle: label(
    'formula.errors.cycle',
    'Các thành phần tham chiếu vòng tròn: {{cycle}}',
    'The components refer to each other in a cycle: {{cycle}}',
  ),
  // one worker's computation
  divisionByZero: label(
    'formula.errors.divisionByZero',
    'Chia cho 0 {{where}}: {{divisor}} = 0',
    'Division by zero {{where}}: {{divisor}} = 0',
  ),
  invalidPower: label(
    'formula.errors.invalidPower',
    'Phép lũy thừa {{where}} không xác định ({{base}} ^ {{exponent}})',
    'The power {{where}} is undefined ({{base}} ^ {{exponent}})',
  ),
  notFinite: label(
    'formula.errors.notFinite',
    'Kết quả quá lớn hoặc không xác định',
    'The result is too large or undefined',
  ),
  missingValue: label(
    'formula.errors.missingValue',
    'Không có giá trị của {{name}} cho người lao động này',
    'There is no value of {{name}} for this worker',
  ),
  badValue: label(
    'formula.errors.badValue',
    'Giá trị của {{name}} phải là {{expected}}: {{value}}',
    'The value of {{name}} must be {{expected}}: {{value}}',
  ),
  missingKey: label(
    'formula.errors.missingKey',
    'Bảng {{name}} không có dòng cho khoá {{key}} ({{where}})',
    'Table {{name}} has no row for the key {{key}} ({{where}})',
  ),
  missingTable: label(
    'formula.errors.missingTable',
    'Thiếu dữ liệu của bảng tra cứu {{name}}',
    'There is no data for the lookup table {{name}}',
  ),
  badTable: label(
    'formula.errors.badTable',
    'Dữ liệu bảng tra cứu {{name}} không hợp lệ: {{reason}}',
    'The data of lookup table {{name}} is invalid: {{reason}}',
  ),
} as const satisfies Record<string, Label>;

export type FormulaErrorCode = keyof typeof FormulaMessages;

/** A parameter of a message: the same in both languages, or one text each. */
export type MessageText = string | { readonly vi: string; readonly en: string };

export interface FormulaError {
  readonly code: FormulaErrorCode;
  /** The label's i18n key (FormulaMessages[code].key). */
  readonly key: string;
  /** The full message in each language, the component's code first when there is one. */
  readonly message: { readonly vi: string; readonly en: string };
  /** The component whose formula or value failed. */
  readonly component?: string;
  /** Where in the formula: [start, end) offsets, and the 1-based line and column of start. */
  readonly start?: number;
  readonly end?: number;
  readonly line?: number;
  readonly column?: number;
  /** The parameters, in Vietnamese where a parameter has two texts. */
  readonly params: Readonly<Record<string, string>>;
}

function pick(text: MessageText, language: 'vi' | 'en'): string {
  return typeof text === 'string' ? text : text[language];
}

function render(
  template: string,
  params: Readonly<Record<string, MessageText>>,
  language: 'vi' | 'en',
): string {
  return template.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => {
    const value = params[name];
    return value === undefined ? whole : pick(value, language);
  });
}

/** 1-based line and column of an offset. */
export function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < offset && i < text.length; i++) {
    if (text.charCodeAt(i) === 10) {
      line++;
      lineStart = i + 1;
    }
  }
  return { line, column: offset - lineStart + 1 };
}

/** "at column 5" / "ở cột 5" (with the line when the formula has several). */
export function whereText(text: string, offset: number): MessageText {
  const { line, column } = lineAndColumn(text, offset);
  if (text.includes('\n'))
    return { vi: `ở dòng ${line}, cột ${column}`, en: `at line ${line}, column ${column}` };
  return { vi: `ở cột ${column}`, en: `at column ${column}` };
}

export interface ErrorPlace {
  /** The formula's text, to turn offsets into line and column. */
  readonly text?: string;
  readonly start?: number;
  readonly end?: number;
  readonly component?: string;
}

/** An error with its message rendered in both languages; `where` is filled from the place. */
export function formulaError(
  code: FormulaErrorCode,
  params: Readonly<Record<string, MessageText>>,
  place: ErrorPlace = {},
): FormulaError {
  const all: Record<string, MessageText> = { ...params };
  let position: { start?: number; end?: number; line?: number; column?: number } = {};
  if (place.start !== undefined) {
    const at = lineAndColumn(place.text ?? '', place.start);
    position = { start: place.start, end: place.end ?? place.start, ...at };
    if (all.where === undefined) all.where = whereText(place.text ?? '', place.start);
  }
  const template = FormulaMessages[code];
  const prefix = place.component ? `${place.component}: ` : '';
  const flat: Record<string, string> = {};
  for (const [name, value] of Object.entries(all)) flat[name] = pick(value, 'vi');
  return {
    code,
    key: template.key,
    message: {
      vi: prefix + render(template.vi, all, 'vi'),
      en: prefix + render(template.en, all, 'en'),
    },
    ...(place.component ? { component: place.component } : {}),
    ...position,
    params: flat,
  };
}

/** Names of the formula types in messages. */
export const TypeNames: Readonly<Record<string, MessageText>> = {
  number: { vi: 'một số', en: 'a number' },
  text: { vi: 'văn bản', en: 'text' },
  boolean: { vi: 'một điều kiện (đúng/sai)', en: 'a condition (TRUE/FALSE)' },
  date: { vi: 'một ngày', en: 'a date' },
};

/** A list in both languages: "A, B hoặc C" / "A, B or C". */
export function alternatives(items: readonly MessageText[]): MessageText {
  const join = (language: 'vi' | 'en', word: string) => {
    const texts = items.map((item) => pick(item, language));
    if (texts.length <= 1) return texts.join('');
    return `${texts.slice(0, -1).join(', ')} ${word} ${texts[texts.length - 1]}`;
  };
  return { vi: join('vi', 'hoặc'), en: join('en', 'or') };
}

/**
 * Thrown inside a compiled template when one worker's value cannot be computed; the run catches
 * it and answers the worker's error (the component named), never a half-computed result.
 */
export class FormulaRuntimeError extends Error {
  constructor(
    readonly code: FormulaErrorCode,
    readonly params: Readonly<Record<string, MessageText>>,
    readonly start?: number,
    readonly end?: number,
  ) {
    super(code);
    this.name = 'FormulaRuntimeError';
  }
}
