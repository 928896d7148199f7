import type { MessageText } from './errors.ts';

/** The functions of the language and how many arguments each takes. */
export interface FunctionInfo {
  readonly name: string;
  readonly min: number;
  readonly max: number;
  readonly signature: string;
  readonly description: MessageText;
}

const list: FunctionInfo[] = [
  {
    name: 'IF',
    min: 3,
    max: 3,
    signature: 'IF(điều_kiện, khi_đúng, khi_sai)',
    description: { vi: 'Giá trị theo điều kiện', en: 'A value chosen by a condition' },
  },
  {
    name: 'AND',
    min: 1,
    max: Infinity,
    signature: 'AND(đk1, đk2, …)',
    description: { vi: 'Đúng khi mọi điều kiện đúng', en: 'TRUE when every condition is' },
  },
  {
    name: 'OR',
    min: 1,
    max: Infinity,
    signature: 'OR(đk1, đk2, …)',
    description: { vi: 'Đúng khi có một điều kiện đúng', en: 'TRUE when any condition is' },
  },
  {
    name: 'NOT',
    min: 1,
    max: 1,
    signature: 'NOT(đk)',
    description: { vi: 'Phủ định điều kiện', en: 'The opposite condition' },
  },
  {
    name: 'MIN',
    min: 1,
    max: Infinity,
    signature: 'MIN(số1, số2, …)',
    description: { vi: 'Số nhỏ nhất', en: 'The smallest number' },
  },
  {
    name: 'MAX',
    min: 1,
    max: Infinity,
    signature: 'MAX(số1, số2, …)',
    description: { vi: 'Số lớn nhất', en: 'The largest number' },
  },
  {
    name: 'SUM',
    min: 1,
    max: Infinity,
    signature: 'SUM(số1, số2, …)',
    description: { vi: 'Tổng các số', en: 'The sum of the numbers' },
  },
  {
    name: 'ROUND',
    min: 2,
    max: 2,
    signature: 'ROUND(số, số_chữ_số)',
    description: { vi: 'Làm tròn, nửa xa số 0 (như Excel)', en: 'Rounded, halves away from zero (as Excel)' },
  },
  {
    name: 'ROUNDUP',
    min: 2,
    max: 2,
    signature: 'ROUNDUP(số, số_chữ_số)',
    description: { vi: 'Làm tròn ra xa số 0', en: 'Rounded away from zero' },
  },
  {
    name: 'ROUNDDOWN',
    min: 2,
    max: 2,
    signature: 'ROUNDDOWN(số, số_chữ_số)',
    description: { vi: 'Làm tròn về phía số 0', en: 'Rounded toward zero' },
  },
  {
    name: 'ABS',
    min: 1,
    max: 1,
    signature: 'ABS(số)',
    description: { vi: 'Giá trị tuyệt đối', en: 'The absolute value' },
  },
  {
    name: 'LOOKUP',
    min: 2,
    max: 3,
    signature: 'LOOKUP(bảng, khoá, "cột")',
    description: {
      vi: 'Tra bảng: dòng của khoá, hoặc bậc chứa khoá trong bảng bậc',
      en: "A table's value: the key's row, or the band holding the key",
    },
  },
];

/** Looked up by upper-case name in a Map: no name reaches an object's prototype. */
export const FUNCTIONS: ReadonlyMap<string, FunctionInfo> = new Map(list.map((f) => [f.name, f]));

export function arityText(info: FunctionInfo): MessageText {
  if (info.min === info.max)
    return { vi: `${info.min} đối số`, en: `${info.min} argument${info.min === 1 ? '' : 's'}` };
  if (info.max === Infinity)
    return {
      vi: `ít nhất ${info.min} đối số`,
      en: `at least ${info.min} argument${info.min === 1 ? '' : 's'}`,
    };
  return { vi: `${info.min} hoặc ${info.max} đối số`, en: `${info.min} or ${info.max} arguments` };
}
