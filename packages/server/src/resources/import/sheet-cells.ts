/**
 * A cell that holds no usable value: a formula whose saved result is an error (#DIV/0!,
 * #REF!...), or a formula saved without a result (written by a program that does not compute).
 * It becomes a row error, never a value: the formula's text is not read.
 */
export class CellProblem {
  constructor(
    readonly kind: 'formulaError' | 'formulaWithoutResult',
    /** what the error workbook shows in the cell */
    readonly shown: string | null,
  ) {}
}

/** A reference into the shared strings table, looked up once the sheet has been read. */
export class SharedString {
  constructor(readonly index: number) {}
}

/** A cell's plain value as read: text, number, boolean, a problem, or nothing. */
export type CellValue = string | number | boolean | CellProblem | undefined;

/** A <c> element while it is read: its type (t), <v> text, inline <is><t> text, whether it has <f>. */
export interface RawCell {
  type: string;
  value: string;
  hasValue: boolean;
  hasFormula: boolean;
  inline: string;
}

/** The value of a cell by its type (ECMA-376 §18.18.11); styles are not read. */
export function parseCell(cell: RawCell): CellValue | SharedString {
  if (cell.type === 'e') return new CellProblem('formulaError', cell.value);
  if (cell.hasFormula && !cell.hasValue) return new CellProblem('formulaWithoutResult', null);
  if (!cell.hasValue && cell.type !== 'inlineStr') return undefined;
  switch (cell.type) {
    case 's': {
      const index = Number(cell.value);
      return Number.isInteger(index) && index >= 0 ? new SharedString(index) : undefined;
    }
    case 'inlineStr':
      return cell.hasValue ? cell.value : cell.inline;
    case 'str':
    case 'd':
      return cell.value;
    case 'b':
      return cell.value.trim() !== '0';
    default: {
      if (cell.value.trim() === '') return undefined;
      const number = Number(cell.value);
      return Number.isFinite(number) ? number : cell.value;
    }
  }
}

/** Column index (0 = A) in Excel's letters. */
export function columnLetters(index: number): string {
  let letters = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26))
    letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  return letters;
}
