import { describe, expect, it } from 'vitest';
import { FieldErrorKeys } from '@hcm/contracts';
import { planClear, planPaste, type EditTarget } from './grid-edits.ts';

/** 3 rows × 3 columns of numbers; column 2 of row 0 takes nothing (a grade without the step). */
const values: (string | null)[][] = [
  ['1', '2', null],
  ['3', null, '5'],
  ['6', '7', '8'],
];
const target: EditTarget = {
  rowCount: 3,
  columnCount: 3,
  isEditable: (row, column) => !(row === 0 && column === 2),
  read: (text) =>
    /^\d*$/.test(text)
      ? { value: text === '' ? null : text, error: null }
      : { value: null, error: { key: FieldErrorKeys.invalidValue } },
  valueAt: (row, column) => values[row]?.[column] ?? null,
  keyOf: (column) => `c${column}`,
};
const cell = (row: number, column: number) => ({ top: row, bottom: row, left: column, right: column });

describe('paste and clear plans', () => {
  it('writes a block from the active cell, leaving out what does not change', () => {
    expect(
      planPaste(
        [
          ['3', '9'],
          ['6', ''],
        ],
        cell(1, 0),
        target,
      ),
    ).toEqual({
      changes: [
        { rowIndex: 1, columnKey: 'c1', value: '9' },
        { rowIndex: 2, columnKey: 'c1', value: null },
      ],
      range: { top: 1, left: 0, bottom: 2, right: 1 },
    });
  });

  it('fills a selected range with one value, skipping an empty cell over a cell that takes nothing', () => {
    const plan = planPaste([['4']], { top: 1, bottom: 2, left: 1, right: 2 }, target);
    expect(plan && 'changes' in plan && plan.changes).toHaveLength(4);
    expect(planPaste([['', '']], cell(0, 1), target)).toMatchObject({
      changes: [{ rowIndex: 0, columnKey: 'c1', value: null }],
    });
  });

  it('refuses the whole paste for one bad cell, a value over a read-only cell, or a block past the edges', () => {
    expect(planPaste([['1', 'x']], cell(1, 0), target)).toEqual({
      kind: 'refused',
      row: 1,
      column: 1,
      error: { key: FieldErrorKeys.invalidValue },
    });
    expect(planPaste([['1', '2']], cell(0, 1), target)).toEqual({ kind: 'readOnly', row: 0, column: 2 });
    expect(planPaste([['1'], ['2']], cell(2, 0), target)).toEqual({ kind: 'outside', rows: 2, columns: 1 });
    expect(planPaste([], cell(0, 0), target)).toBe(null);
  });

  it('clears the editable cells holding a value', () => {
    expect(planClear({ top: 0, bottom: 1, left: 1, right: 2 }, target)).toEqual([
      { rowIndex: 0, columnKey: 'c1', value: null },
      { rowIndex: 1, columnKey: 'c2', value: null },
    ]);
  });
});
