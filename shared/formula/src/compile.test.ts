import { describe, expect, it } from 'vitest';
import { checkTemplate } from './check.ts';
import { compileTemplate, type TableData } from './compile.ts';
import { catalogue, evaluate, TABLE_DATA, valueOf } from './test-support.ts';
import type { ComponentDefinition } from './types.ts';

function errorOf(formula: string, inputs = {}) {
  const result = evaluate(formula, inputs);
  if (result.ok) throw new Error(`${formula} computed ${String(result.values[0])}`);
  return result.error;
}

describe('evaluation', () => {
  it("computes with Excel's precedence", () => {
    expect(valueOf('2 + 3 * 4')).toBe(14);
    expect(valueOf('-2 ^ 2')).toBe(4);
    expect(valueOf('0 - 2 ^ 2')).toBe(-4);
    expect(valueOf('2 ^ 3 ^ 2')).toBe(64);
    expect(valueOf('2 ^ -1')).toBe(0.5);
    expect(valueOf('50% * 200')).toBe(100);
    expect(valueOf('10 / 4 * 2')).toBe(5);
    expect(valueOf('"A" & 1 + 2')).toBe('A3');
    expect(valueOf('1 + 2 = 3')).toBe(true);
  });

  it('compares to 15 significant digits and text case-insensitively, as Excel', () => {
    expect(valueOf('0.1 + 0.2 = 0.3')).toBe(true);
    expect(valueOf('0.1 + 0.2')).toBe(0.3);
    expect(valueOf('"abc" = "ABC"')).toBe(true);
    expect(valueOf('"a" < "B"')).toBe(true);
    expect(valueOf('TRUE <> FALSE')).toBe(true);
    expect(valueOf('"x" & 0.1 * 3')).toBe('x0.3');
  });

  it('computes only the branch IF chooses, and stops AND and OR at the deciding argument', () => {
    const guarded = 'IF(CONG_CHUAN = 0, 0, LUONG_CB / CONG_CHUAN)';
    expect(valueOf(guarded, { LUONG_CB: 1000, CONG_CHUAN: 0 })).toBe(0);
    expect(valueOf(guarded, { LUONG_CB: 1000, CONG_CHUAN: 8 })).toBe(125);
    expect(valueOf('OR(CONG_CHUAN = 0, LUONG_CB / CONG_CHUAN > 100)', { LUONG_CB: 1, CONG_CHUAN: 0 })).toBe(
      true,
    );
    expect(valueOf('AND(CONG_CHUAN > 0, LUONG_CB / CONG_CHUAN > 100)', { LUONG_CB: 1, CONG_CHUAN: 0 })).toBe(
      false,
    );
    expect(valueOf('AND(TRUE, TRUE, 1 > 0)')).toBe(true);
    expect(valueOf('OR(FALSE, 1 < 0)')).toBe(false);
    expect(valueOf('NOT(1 > 0)')).toBe(false);
  });

  it('has MIN, MAX, SUM, ABS and the three roundings', () => {
    expect(valueOf('MIN(3, -1, 2)')).toBe(-1);
    expect(valueOf('MAX(3, -1, 2)')).toBe(3);
    expect(valueOf('SUM(0.1, 0.2, 0.3)')).toBe(0.6);
    expect(valueOf('ABS(-2.5)')).toBe(2.5);
    expect(valueOf('ROUND(2.5, 0)')).toBe(3);
    expect(valueOf('ROUND(-2.5, 0)')).toBe(-3);
    expect(valueOf('ROUND(1.005, 2)')).toBe(1.01);
    expect(valueOf('ROUND(1234567, -3)')).toBe(1235000);
    expect(valueOf('ROUNDUP(1.21, 1)')).toBe(1.3);
    expect(valueOf('ROUNDUP(-1.21, 1)')).toBe(-1.3);
    expect(valueOf('ROUNDDOWN(1.29, 1)')).toBe(1.2);
    expect(valueOf('ROUNDDOWN(-1.29, 1)')).toBe(-1.2);
    expect(valueOf('ROUND(2.567, 1.9)')).toBe(2.6);
  });

  it('reads dates as ISO days: the days between two dates, comparisons, a date component', () => {
    const inputs = { NGAY_VAO: '2024-02-28', NGAY_TINH: '2024-03-01' };
    expect(valueOf('NGAY_TINH - NGAY_VAO', inputs)).toBe(2);
    expect(valueOf('NGAY_VAO < NGAY_TINH', inputs)).toBe(true);
    expect(valueOf('IF(NGAY_VAO < NGAY_TINH, NGAY_VAO, NGAY_TINH)', inputs)).toBe('2024-02-28');
    expect(
      valueOf('NGAY_TINH - NGAY_VAO', {
        NGAY_VAO: new Date('2024-01-01T00:00:00Z'),
        NGAY_TINH: '2025-01-01',
      }),
    ).toBe(366);
  });

  it('takes numbers as numbers or as decimal text (PostgreSQL numeric)', () => {
    expect(valueOf('LUONG_CB * HE_SO', { LUONG_CB: '2340000', HE_SO: '2.34' })).toBe(5475600);
  });

  it('rounds a MONEY or INTEGER component to whole đồng unless it says otherwise; keeps others to 15 digits', () => {
    const run = (components: ComponentDefinition[], inputs = {}) => {
      const check = checkTemplate(components, catalogue);
      expect(check.errors).toEqual([]);
      const bound = compileTemplate(check).bind({});
      if (!bound.ok) throw new Error(bound.error.message.en);
      return bound.template.run(inputs);
    };
    const result = run([
      { code: 'A', type: 'MONEY', formula: '2340000 / 26 * 0.5' },
      { code: 'B', type: 'INTEGER', formula: '-2.5' },
      {
        code: 'C',
        type: 'MONEY',
        formula: '2340000 / 26 * 0.5',
        rounding: { mode: 'ROUNDDOWN', digits: -3 },
      },
      { code: 'D', type: 'DOUBLE', formula: '1 / 3' },
      { code: 'E', type: 'PERCENT', formula: '10.5%' },
      { code: 'F', type: 'MONEY', formula: 'A * 2' },
      { code: 'G', type: 'MONEY', formula: null },
    ]);
    expect(result).toEqual({ ok: true, values: [45000, -3, 45000, 0.333333333333333, 0.105, 90000, null] });
    // An input component is rounded as a computed one, and other components read the rounded value.
    expect(
      run(
        [
          { code: 'G', type: 'MONEY', formula: null },
          { code: 'H', type: 'MONEY', formula: 'G * 3' },
        ],
        { G: 0.5 },
      ),
    ).toEqual({
      ok: true,
      values: [1, 3],
    });
  });

  it('reads keyed tables (text keys case-insensitively) and band tables with inclusive upper bounds', () => {
    expect(valueOf('LOOKUP(LTT_VUNG, VUNG)', { VUNG: 'ii' })).toBe(4_730_000);
    expect(valueOf('LOOKUP(HE_SO_BAC, MA_BAC)', { MA_BAC: 'A1.2' })).toBe(2.67);
    const rate = (amount: number) => valueOf(`LOOKUP(THUE_TNCN, ${amount}, "THUE_SUAT")`);
    expect([
      rate(0),
      rate(10_000_000),
      rate(10_000_001),
      rate(30_000_000),
      rate(100_000_000),
      rate(1e12),
    ]).toEqual([0.05, 0.05, 0.1, 0.1, 0.3, 0.35]);
  });

  it('reproduces the 2026 examples of issue 32 with bands and the quick method', () => {
    const tax = (gross: number, dependants: number) => {
      const taxable = `MAX(0, ${gross} - ROUND(${gross} * 10.5%, 0) - 15500000 - ${dependants} * 6200000)`;
      return valueOf(
        `ROUND(${taxable} * LOOKUP(THUE_TNCN, ${taxable}, "THUE_SUAT") - LOOKUP(THUE_TNCN, ${taxable}, "GIAM_TRU"), 0)`,
      );
    };
    expect(valueOf('ROUND(20000000 * 10.5%, 0)')).toBe(2_100_000);
    expect(tax(20_000_000, 0)).toBe(120_000);
    expect(tax(25_000_000, 1)).toBe(33_750);
  });
});

describe("one worker's errors", () => {
  it('a division by zero names the component, the place and the divisor', () => {
    const error = errorOf('LUONG_CB / CONG_CHUAN * NGAY_CONG', { LUONG_CB: 1, CONG_CHUAN: 0, NGAY_CONG: 1 });
    expect(error.code).toBe('divisionByZero');
    expect(error.component).toBe('X');
    expect(error.message.vi).toBe('X: Chia cho 0 ở cột 12: CONG_CHUAN = 0');
    expect(error.message.en).toBe('X: Division by zero at column 12: CONG_CHUAN = 0');
    expect([error.start, error.end]).toEqual([11, 21]);
    expect(errorOf('1 / (NGAY_CONG - 1)', { NGAY_CONG: 1 }).message.en).toBe(
      'X: Division by zero at column 5: (NGAY_CONG - 1) = 0',
    );
    expect(errorOf('0 ^ -1').code).toBe('divisionByZero');
  });

  it('an undefined power and an overflow are errors, never NaN or Infinity written', () => {
    expect(errorOf('(-8) ^ 0.5').message.en).toBe('X: The power at column 1 is undefined (-8 ^ 0.5)');
    expect(errorOf('0 ^ 0').code).toBe('invalidPower');
    const overflow = errorOf('10 ^ 200 * 10 ^ 200');
    expect(overflow.code).toBe('notFinite');
    expect(overflow.message.vi).toBe('X: Kết quả quá lớn hoặc không xác định');
  });

  it('a missing value, a wrong value and a key not in its table are named', () => {
    expect(errorOf('LUONG_CB * 2').message.en).toBe('X: There is no value of LUONG_CB for this worker');
    expect(errorOf('LUONG_CB * 2', { LUONG_CB: null }).code).toBe('missingValue');
    expect(errorOf('LUONG_CB * 2', { LUONG_CB: 'abc' }).message.en).toBe(
      // A variable's value is read before any component: the error names the variable alone.
      'The value of LUONG_CB must be a number: "abc"',
    );
    expect(errorOf('LUONG_CB * 2', { LUONG_CB: Number.NaN }).code).toBe('badValue');
    expect(errorOf('TEN & "x"', { TEN: 5 }).message.vi).toBe('Giá trị của TEN phải là văn bản: 5');
    expect(errorOf('NGAY_TINH - NGAY_VAO', { NGAY_TINH: '2026-02-30', NGAY_VAO: '2026-01-01' }).code).toBe(
      'badValue',
    );
    const missing = errorOf('LOOKUP(LTT_VUNG, VUNG)', { VUNG: 'V' });
    expect(missing.message.vi).toBe('X: Bảng LTT_VUNG không có dòng cho khoá “V” (ở cột 1)');
    expect(missing.message.en).toBe('X: Table LTT_VUNG has no row for the key "V" (at column 1)');
  });

  it('a worker’s error leaves the next worker’s computation whole', () => {
    const check = checkTemplate(
      [
        { code: 'NGAY', type: 'MONEY', formula: 'LUONG_CB / CONG_CHUAN' },
        { code: 'THANG', type: 'MONEY', formula: 'NGAY * NGAY_CONG' },
      ],
      catalogue,
    );
    const bound = compileTemplate(check).bind({});
    if (!bound.ok) throw new Error('not bound');
    const results = [
      { LUONG_CB: 2_600_000, CONG_CHUAN: 26, NGAY_CONG: 20 },
      { LUONG_CB: 2_600_000, CONG_CHUAN: 0, NGAY_CONG: 20 },
      { LUONG_CB: 5_200_000, CONG_CHUAN: 26, NGAY_CONG: 10 },
    ].map((inputs) => bound.template.run(inputs));
    expect(results.map((r) => (r.ok ? r.values : r.error.component))).toEqual([
      [100_000, 2_000_000],
      'NGAY',
      [200_000, 2_000_000],
    ]);
  });
});

describe('trace', () => {
  it('shows every intermediate value of every component in the order computed', () => {
    const check = checkTemplate(
      [
        { code: 'THANG', type: 'MONEY', formula: 'ROUND(NGAY * NGAY_CONG, 0)' },
        { code: 'NGAY', type: 'MONEY', formula: 'LUONG_CB / CONG_CHUAN' },
      ],
      catalogue,
    );
    const bound = compileTemplate(check).bind({});
    if (!bound.ok) throw new Error('not bound');
    const result = bound.template.run(
      { LUONG_CB: 2_340_000, CONG_CHUAN: 26, NGAY_CONG: 21.5 },
      { trace: true },
    );
    expect(result.ok && result.values).toEqual([1_935_000, 90_000]);
    expect(result.trace?.components).toEqual([
      {
        code: 'NGAY',
        formula: 'LUONG_CB / CONG_CHUAN',
        value: 90_000,
        steps: [
          { start: 0, end: 8, value: 2_340_000 },
          { start: 11, end: 21, value: 26 },
          { start: 0, end: 21, value: 90_000 },
        ],
      },
      {
        code: 'THANG',
        formula: 'ROUND(NGAY * NGAY_CONG, 0)',
        value: 1_935_000,
        steps: [
          { start: 6, end: 10, value: 90_000 },
          { start: 13, end: 22, value: 21.5 },
          { start: 6, end: 22, value: 1_935_000 },
          { start: 0, end: 26, value: 1_935_000 },
        ],
      },
    ]);
    // A run without the trace answers no trace; a failing traced run shows the steps up to the failure.
    expect(bound.template.run({ LUONG_CB: 1, CONG_CHUAN: 1, NGAY_CONG: 1 })).toEqual({
      ok: true,
      values: [1, 1],
    });
    const failed = bound.template.run({ LUONG_CB: 1, CONG_CHUAN: 0, NGAY_CONG: 1 }, { trace: true });
    expect(failed.ok).toBe(false);
    expect(failed.trace?.components).toEqual([
      {
        code: 'NGAY',
        formula: 'LUONG_CB / CONG_CHUAN',
        steps: [
          { start: 0, end: 8, value: 1 },
          { start: 11, end: 21, value: 0 },
        ],
      },
    ]);
  });
});

describe('bind', () => {
  const template = () => {
    const check = checkTemplate(
      [{ code: 'X', type: 'MONEY', formula: 'LOOKUP(THUE_TNCN, LUONG_CB, "GIAM_TRU")' }],
      catalogue,
    );
    return compileTemplate(check);
  };

  it('lists what the template reads', () => {
    const compiled = template();
    expect([compiled.codes, compiled.variables, compiled.tables, compiled.inputs]).toEqual([
      ['X'],
      ['LUONG_CB'],
      ['THUE_TNCN'],
      [],
    ]);
  });

  it('refuses a run without a table’s data or with bad data, naming the table', () => {
    const missing = template().bind({});
    expect(!missing.ok && missing.error.message.en).toBe('There is no data for the lookup table THUE_TNCN');
    const bad = (data: TableData) => {
      const bound = template().bind({ THUE_TNCN: data });
      return bound.ok ? 'bound' : bound.error.message.en;
    };
    expect(bad({ rows: [{ upTo: 10, values: { THUE_SUAT: 0.05 } }] })).toBe(
      'The data of lookup table THUE_TNCN is invalid: row 1 has no valid value in column GIAM_TRU',
    );
    expect(
      bad({
        rows: [
          { upTo: 20, values: { THUE_SUAT: 0.05, GIAM_TRU: 0 } },
          { upTo: 10, values: { THUE_SUAT: 0.1, GIAM_TRU: 0 } },
        ],
      }),
    ).toBe('The data of lookup table THUE_TNCN is invalid: the bounds must ascend, only the last row open');
    expect(bad(TABLE_DATA.THUE_TNCN as TableData)).toBe('bound');
    const keyed = compileTemplate(
      checkTemplate([{ code: 'X', type: 'MONEY', formula: 'LOOKUP(LTT_VUNG, VUNG)' }], catalogue),
    );
    const twice = keyed.bind({
      LTT_VUNG: {
        rows: [
          { key: 'I', values: { MUC: 1 } },
          { key: 'i', values: { MUC: 2 } },
        ],
      },
    });
    expect(!twice.ok && twice.error.message.vi).toBe(
      'Dữ liệu bảng tra cứu LTT_VUNG không hợp lệ: khoá i có hai dòng',
    );
  });

  it('refuses to compile a template that has errors', () => {
    const check = checkTemplate([{ code: 'X', type: 'MONEY', formula: 'X' }], catalogue);
    expect(() => compileTemplate(check)).toThrow(/without errors/);
  });
});
