import { describe, expect, it } from 'vitest';
import { excelRound, normalise15 } from './excel-number.ts';

describe('normalise15', () => {
  it('keeps 15 significant digits, as Excel reads a cell', () => {
    expect(normalise15(0.1 + 0.2)).toBe(0.3);
    expect(normalise15(1.005 * 1000)).toBe(1005);
    expect(normalise15(123456789012345680)).toBe(123456789012346000);
    expect(normalise15(2_340_000)).toBe(2_340_000);
    expect(normalise15(-1 / 3)).toBe(-0.333333333333333);
    expect(normalise15(Infinity)).toBe(Infinity);
  });
});

describe('excelRound', () => {
  it.each([
    // [value, digits, ROUND, ROUNDUP, ROUNDDOWN] as Excel answers
    [2.5, 0, 3, 3, 2],
    [-2.5, 0, -3, -3, -2],
    [1.005, 2, 1.01, 1.01, 1],
    [-1.005, 2, -1.01, -1.01, -1],
    [2.675, 2, 2.68, 2.68, 2.67],
    [1.45, 1, 1.5, 1.5, 1.4],
    [0.285, 2, 0.29, 0.29, 0.28],
    [1234.5678, -2, 1200, 1300, 1200],
    [1_234_500, -3, 1_235_000, 1_235_000, 1_234_000],
    [-1_234_500, -3, -1_235_000, -1_235_000, -1_234_000],
    [4.35 * 100, 0, 435, 435, 435],
    [0.1 * 3, 1, 0.3, 0.3, 0.3],
    [1.1 * 1.1, 2, 1.21, 1.21, 1.21],
    [90_000.5, 0, 90_001, 90_001, 90_000],
    [0.49999999999999994, 0, 1, 1, 0],
    [5e-324, 2, 0, 0.01, 0],
    [123.456, 1.9, 123.5, 123.5, 123.4],
    [123.456, 20, 123.456, 123.456, 123.456],
    [123.456, -20, 0, 1e20, 0],
    [0, 2, 0, 0, 0],
  ])('%d to %d digits: %d, up %d, down %d', (value, digits, round, up, down) => {
    expect(excelRound(value, digits, 'ROUND')).toBe(round);
    expect(excelRound(value, digits, 'ROUNDUP')).toBe(up);
    expect(excelRound(value, digits, 'ROUNDDOWN')).toBe(down);
  });

  it('never answers -0', () => {
    expect(Object.is(excelRound(-0.4, 0, 'ROUND'), 0)).toBe(true);
    expect(Object.is(excelRound(-0.001, 1, 'ROUNDDOWN'), 0)).toBe(true);
  });
});
