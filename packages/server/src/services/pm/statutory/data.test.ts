import { FieldLimits, Patterns } from '@hcm/contracts';
import { describe, expect, it } from 'vitest';
import { allOf } from '../../../../../../scripts/testing/all-of.ts';
import {
  DEFAULT_COMPONENTS,
  STATUTORY_DATA,
  STATUTORY_PARAMETERS,
  STATUTORY_REGION_WAGES,
  STATUTORY_TABLES,
} from './data/index.ts';
import { inForce, parameterOn, regionWagesOn, tableVersionOn } from './in-force.ts';
import { quickMethodTax, residentTax, rulesOn } from './reference.ts';

const on = (code: string, date: string) => parameterOn(STATUTORY_DATA, code, date).value;

describe('the statutory figures as dated data', () => {
  it('holds each figure the issue names, on the right day', () => {
    const figures: [code: string, date: string, value: number][] = [
      ['LUONG_CO_SO', '2024-07-01', 2_340_000],
      ['LUONG_CO_SO', '2026-06-30', 2_340_000],
      ['LUONG_CO_SO', '2026-07-01', 2_530_000],
      ['TL_BHXH_NLD', '2026-03-31', 8],
      ['TL_BHYT_NLD', '2026-03-31', 1.5],
      ['TL_BHTN_NLD', '2026-03-31', 1],
      ['TL_BHXH_DN', '2026-03-31', 17.5],
      ['TL_BHTNLD_DN', '2026-03-31', 0.5],
      ['TL_BHYT_DN', '2026-03-31', 3],
      ['TL_BHTN_DN', '2026-03-31', 1],
      ['HS_TRAN_BH', '2026-03-31', 20],
      ['TL_KPCD', '2026-03-31', 2],
      ['TL_DOAN_PHI', '2026-03-31', 1],
      ['TRAN_DOAN_PHI', '2026-06-30', 234_000],
      ['TRAN_DOAN_PHI', '2026-07-01', 253_000],
      ['GIAM_TRU_BAN_THAN', '2025-12-31', 11_000_000],
      ['GIAM_TRU_BAN_THAN', '2026-01-01', 15_500_000],
      ['GIAM_TRU_NPT', '2020-07-01', 4_400_000],
      ['GIAM_TRU_NPT', '2026-01-01', 6_200_000],
      ['TS_KHONG_CU_TRU', '2026-03-31', 20],
      ['TS_VANG_LAI', '2026-03-31', 10],
      ['NGUONG_VANG_LAI', '2026-03-31', 2_000_000],
      ['MIEN_THUE_TC_TOAN_BO', '2025-12-31', 0],
      ['MIEN_THUE_TC_TOAN_BO', '2026-01-01', 1],
      ['NGAY_KHONG_DONG_BH', '2026-03-31', 14],
    ];
    for (const [code, date, value] of figures) expect(on(code, date), `${code} on ${date}`).toBe(value);
    // the dues cap is 10 % of the base salary in force
    for (const date of ['2024-07-01', '2026-07-01'])
      expect(on('TRAN_DOAN_PHI', date)).toBe(on('LUONG_CO_SO', date) / 10);
    expect(() => on('GIAM_TRU_BAN_THAN', '2020-06-30')).toThrow(/no value in force on 2020-06-30/);
  });

  it('the region minimum wages of 2024 and 2026, from the region wage seed', () => {
    expect(regionWagesOn(STATUTORY_DATA, '2025-12-31')).toEqual({
      I: 4_960_000,
      II: 4_410_000,
      III: 3_860_000,
      IV: 3_450_000,
    });
    expect(regionWagesOn(STATUTORY_DATA, '2026-01-01')).toEqual({
      I: 5_310_000,
      II: 4_730_000,
      III: 4_140_000,
      IV: 3_700_000,
    });
    expect(STATUTORY_REGION_WAGES).toHaveLength(8);
  });

  it('each parameter a row the parameter table takes: code, name, unit, ascending dates, 3 decimals', () => {
    const codes = STATUTORY_PARAMETERS.map((p) => p.code);
    expect(new Set(codes).size).toBe(codes.length);
    for (const parameter of STATUTORY_PARAMETERS) {
      expect(parameter.code).toMatch(new RegExp(Patterns.code));
      expect(parameter.code).toMatch(/^[A-Z][A-Z0-9_]*$/);
      expect(parameter.name.vi.length).toBeLessThanOrEqual(FieldLimits.name);
      expect(parameter.name.en).not.toBe('');
      expect(parameter.values.length).toBeGreaterThan(0);
      const dates = parameter.values.map((v) => v.effectiveFrom);
      expect([...dates].sort(), parameter.code).toEqual(dates);
      expect(new Set(dates).size).toBe(dates.length);
      for (const { value, source } of parameter.values) {
        expect(value).toBeGreaterThanOrEqual(0);
        expect(Math.round(value * 1000) / 1000).toBe(value);
        expect(value).toBeLessThan(10 ** 15);
        expect(source.length).toBeGreaterThan(10);
        if (parameter.unit === 'VND') expect(Number.isInteger(value), parameter.code).toBe(true);
      }
    }
  });

  it('each band table: bounds strictly ascending, one open last band, the quick method equal to the bands', () => {
    for (const table of STATUTORY_TABLES) {
      const dates = table.versions.map((v) => v.effectiveFrom);
      expect([...dates].sort()).toEqual(dates);
      for (const version of table.versions) {
        const bounds = version.rows.map((r) => r.key);
        expect(bounds.at(-1)).toBeNull();
        const closed = bounds.slice(0, -1) as number[];
        expect(
          allOf(closed, (b, i) => typeof b === 'number' && (i === 0 || b > (closed[i - 1] as number))),
        ).toBe(true);
        for (const row of version.rows)
          expect(Object.keys(row.values).sort()).toEqual(table.columns.map((c) => c.code).sort());
        // at every bound the quick method's subtraction gives the progressive sum exactly
        // (read on a day all the data is in force: the 2009 bands still are in July 2024)
        const rules = rulesOn(
          STATUTORY_DATA,
          version.effectiveFrom < '2024-07-01' ? '2024-07-01' : version.effectiveFrom,
        );
        expect(rules.bands).toHaveLength(version.rows.length);
        for (const bound of closed)
          for (const income of [bound - 1, bound, bound + 1])
            expect(quickMethodTax(rules, income)).toBe(residentTax(rules, income));
      }
    }
    expect(tableVersionOn(STATUTORY_DATA, 'THUE_TNCN', '2025-12-31').rows).toHaveLength(7);
    expect(tableVersionOn(STATUTORY_DATA, 'THUE_TNCN', '2026-01-01').rows).toHaveLength(5);
  });

  it('the value in force is the latest row on or before the day', () => {
    const rows = [
      { effectiveFrom: '2024-07-01', v: 1 },
      { effectiveFrom: '2026-07-01', v: 3 },
      { effectiveFrom: '2026-01-01', v: 2 },
    ];
    expect(inForce(rows, '2024-06-30')).toBeUndefined();
    expect(inForce(rows, '2024-07-01')?.v).toBe(1);
    expect(inForce(rows, '2026-06-30')?.v).toBe(2);
    expect(inForce(rows, '2030-01-01')?.v).toBe(3);
    expect(() => inForce(rows, '1/7/2026')).toThrow(/not a date/);
  });
});

describe('the default components', () => {
  it('have salary codes, both names, a formula each and a rounding the contract takes', () => {
    const codes = DEFAULT_COMPONENTS.map((c) => c.code);
    expect(new Set(codes).size).toBe(codes.length);
    for (const component of DEFAULT_COMPONENTS) {
      expect(component.code).toMatch(/^[A-Z_][A-Z0-9_]*$/);
      expect(component.name).not.toBe('');
      expect(component.nameEn).not.toBe('');
      expect(component.source).toBe('FORMULA');
      expect(component.formula?.length).toBeGreaterThan(0);
      expect(component.roundingDigits).toBeGreaterThanOrEqual(-9);
      expect(component.roundingDigits).toBeLessThanOrEqual(9);
      expect(component.name.length).toBeLessThanOrEqual(FieldLimits.name);
      expect(component.description.length).toBeLessThanOrEqual(FieldLimits.description);
      if (component.valueType === 'MONEY') expect(component.roundingMode).toBe('ROUND');
    }
  });

  it('write no figure of the law that is a parameter: rates and caps are read by name', () => {
    for (const { code, formula } of DEFAULT_COMPONENTS) {
      const numbers = (formula ?? '').match(/\d+(?:\.\d+)?%?/g) ?? [];
      // the Labour Code's overtime and night rates, the 8-hour day, 0 and 1 (flags, guards)
      for (const number of numbers)
        expect(
          ['0', '1', '8', '30%', '150%', '200%', '300%', '210%', '270%', '390%'],
          `${code}: ${number}`,
        ).toContain(number);
    }
  });
});
