import { describe, expect, it } from 'vitest';
import {
  isPercent,
  isSwitch,
  laterThanAll,
  parameterHistories,
  readersOf,
  type ParameterRow,
} from './parameter-history.ts';

let id = 0;
const row = (
  code: string,
  value: string,
  effectiveDate: string,
  status: 'ACTIVE' | 'INACTIVE' = 'ACTIVE',
): ParameterRow => ({
  id: String(++id),
  code,
  name: `${code} ${effectiveDate}`,
  value,
  unit: 'VND',
  effectiveDate,
  status,
});

const rows = [
  row('LUONG_CO_SO', '2340000.000', '2024-07-01'),
  row('LUONG_CO_SO', '2530000.000', '2026-07-01'),
  row('GIAM_TRU_BAN_THAN', '11000000.000', '2020-07-01'),
  row('GIAM_TRU_BAN_THAN', '15500000.000', '2026-01-01'),
  row('GIAM_TRU_BAN_THAN', '99.000', '2025-06-01', 'INACTIVE'),
  row('TRAN_DOAN_PHI', '253000.000', '2026-07-01'),
];

describe('parameterHistories', () => {
  it('groups by code in code order, newest first, with the value in force on the day and the next dated one', () => {
    const [deduction, base, cap] = parameterHistories(rows, '2026-03-31');
    expect(deduction?.code).toBe('GIAM_TRU_BAN_THAN');
    // the inactive value counts for nothing
    expect(deduction?.values.map((value) => value.effectiveDate)).toEqual(['2026-01-01', '2020-07-01']);
    expect(deduction?.inForce?.value).toBe('15500000.000');
    expect(deduction?.next).toBe(null);
    expect(base?.inForce?.value).toBe('2340000.000');
    expect(base?.next?.value).toBe('2530000.000');
    // nothing in force yet: its first value is still to come
    expect(cap?.inForce).toBe(null);
    expect(cap?.next?.effectiveDate).toBe('2026-07-01');
  });

  it('reads the value of the day itself: a value takes effect on its date', () => {
    const [, base] = parameterHistories(rows, '2026-07-01');
    expect(base?.inForce?.value).toBe('2530000.000');
    expect(base?.next).toBe(null);
  });
});

describe('a new dated value', () => {
  const [, base] = parameterHistories(rows, '2026-03-31');
  it('comes after every value of the code, never among them', () => {
    if (!base) throw new Error('no base salary');
    expect(laterThanAll(base, '2026-05-01')).toBe('2026-07-01');
    expect(laterThanAll(base, '2026-07-01')).toBe('2026-07-01');
    expect(laterThanAll(base, '2026-07-02')).toBe(null);
  });
});

describe('units and readers', () => {
  it('tells a rate and a switch by their units', () => {
    expect([isPercent('%'), isPercent(' % '), isPercent('VND'), isPercent(null)]).toEqual([
      true,
      true,
      false,
      false,
    ]);
    expect([isSwitch('0/1'), isSwitch('%')]).toEqual([true, false]);
  });

  it('lists the components whose formulas read each variable, once each', () => {
    const reads = (formula: string) => formula.match(/[A-Z_]{3,}/g) ?? [];
    const readers = readersOf(
      [
        { code: 'BHXH', formula: 'MIN(LUONG, HS_TRAN_BH * LUONG_CO_SO) * TL' },
        { code: 'DOAN_PHI', formula: 'MIN(LUONG * TL, LUONG_CO_SO + LUONG_CO_SO)' },
        { code: 'NHAP', formula: null },
      ],
      reads,
    );
    expect(readers.get('LUONG_CO_SO')).toEqual(['BHXH', 'DOAN_PHI']);
    expect(readers.get('HS_TRAN_BH')).toEqual(['BHXH']);
    expect(readers.has('NHAP')).toBe(false);
  });
});
