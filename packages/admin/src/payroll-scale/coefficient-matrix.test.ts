import type { SalaryScaleRow } from '@hcm/contracts/position-coefficients';
import { describe, expect, it } from 'vitest';
import { cellErrorsOf, cellKey, copiedRows, matrixLines, withCell } from './coefficient-matrix.ts';

const GRADES: SalaryScaleRow[] = [
  { salaryGradeId: 'g1', code: 'KY_SU', name: 'Kỹ sư', scales: ['1', '2', '3'] },
  { salaryGradeId: 'g2', code: 'KY_THUAT', name: 'Kỹ thuật viên', scales: ['1', '5'] },
];
const empty = {
  coefficient1: null,
  coefficient2: null,
  coefficient3: null,
  coefficient4: null,
  coefficient5: null,
};

describe('the coefficient matrix', () => {
  it('gives a grade its row with its first value and takes it away with its last, in the grades’ order', () => {
    const lines = matrixLines(GRADES, []);
    let rows = withCell(lines, [], 'g2', '5', '2.5');
    rows = withCell(lines, rows, 'g1', '1', '2.34');
    expect(rows).toEqual([
      { ...empty, salaryGradeId: 'g1', coefficient1: '2.34' },
      { ...empty, salaryGradeId: 'g2', coefficient5: '2.5' },
    ]);
    expect(withCell(lines, rows, 'g2', '5', null)).toEqual([
      { ...empty, salaryGradeId: 'g1', coefficient1: '2.34' },
    ]);
  });

  it('keeps a stored grade that is no longer active as a line of its own, with the steps it has values on', () => {
    const lines = matrixLines(GRADES, [{ ...empty, salaryGradeId: 'old', coefficient4: '3' }]);
    expect(lines.map((line) => [line.salaryGradeId, line.scales, line.active])).toEqual([
      ['g1', ['1', '2', '3'], true],
      ['g2', ['1', '5'], true],
      ['old', ['4'], false],
    ]);
  });

  it('copies the latest table for the active grades and the steps each still has', () => {
    const copy = copiedRows(GRADES, [
      { ...empty, salaryGradeId: 'g1', coefficient1: '2.5', coefficient4: '9' },
      { ...empty, salaryGradeId: 'gone', coefficient1: '1' },
      { ...empty, salaryGradeId: 'g2', coefficient2: '7' },
    ]);
    expect(copy).toEqual([{ ...empty, salaryGradeId: 'g1', coefficient1: '2.5' }]);
  });

  it("puts the server's errors on the cells of the rows that were sent", () => {
    const rows = [
      { ...empty, salaryGradeId: 'g1', coefficient1: '2' },
      { ...empty, salaryGradeId: 'g2', coefficient5: '3' },
    ];
    const errors = cellErrorsOf('salaryGrades', rows, {
      'salaryGrades[1].coefficient5': { key: 'error.invalidValue' },
      'salaryGrades[0].salaryGradeId': { key: 'error.invalidValue' },
      name: { key: 'error.required' },
    });
    expect(Object.keys(errors).sort()).toEqual(
      [
        cellKey('g1', '1'),
        cellKey('g1', '2'),
        cellKey('g1', '3'),
        cellKey('g1', '4'),
        cellKey('g1', '5'),
        cellKey('g2', '5'),
      ].sort(),
    );
  });
});
