import { describe, expect, it } from 'vitest';
import { catalogueOf, completionsAt, FUNCTIONS, type FormulaError, type FormulaScope } from '@hcm/formula';
import { analyseFormula, errorRange } from './analysis.ts';
import { applyCompletion, callAt, parameterIndex, placeCompletions, signatureParts } from './caret.ts';

const catalogue = catalogueOf(
  [
    { code: 'LUONG_HOP_DONG', type: 'MONEY' },
    { code: 'CONG_CHUAN', type: 'NUMBER' },
    { code: 'CONG_THUC_TE', type: 'NUMBER' },
    { code: 'VUNG', type: 'TEXT' },
  ],
  [
    {
      code: 'LTT_VUNG',
      kind: 'keyed',
      keyType: 'TEXT',
      columns: [{ code: 'LUONG_TOI_THIEU', type: 'MONEY' }],
    },
  ],
);
const scope: FormulaScope = {
  catalogue,
  components: [
    { code: 'LUONG_THANG', type: 'MONEY', formula: 'LUONG_HOP_DONG / CONG_CHUAN * CONG_THUC_TE' },
    { code: 'PHU_CAP', type: 'MONEY', formula: 'LUONG_THANG * 10%' },
    { code: 'THUONG', type: 'MONEY', formula: null },
  ],
};
const info = (name: string) => {
  const found = FUNCTIONS.get(name);
  if (!found) throw new Error(`no function ${name}`);
  return found;
};
const rangeOf = (text: string, error: FormulaError | undefined) => (error ? errorRange(text, error) : null);

describe('callAt: the call the caret is in', () => {
  it('names the function and the argument', () => {
    expect(callAt('ROUND(', 6)).toEqual({ info: info('ROUND'), start: 0, argument: 0 });
    expect(callAt('ROUND(A, ', 9)).toMatchObject({ argument: 1 });
    expect(callAt('1 + round (A, 2', 15)).toMatchObject({ info: info('ROUND'), start: 4, argument: 1 });
  });

  it('skips closed calls and groups and finds the call further out', () => {
    const text = 'IF(MAX(A, B) > (C + 1), ';
    expect(callAt(text, text.length)).toMatchObject({ info: info('IF'), argument: 1 });
    expect(callAt('IF(A > 1, (B', 12)).toMatchObject({ info: info('IF'), argument: 1 });
  });

  it('does not count commas inside text, and is inside the call from within a text', () => {
    expect(callAt('LOOKUP(LTT_VUNG, "a,b", ', 24)).toMatchObject({ info: info('LOOKUP'), argument: 2 });
    expect(callAt('LOOKUP(LTT_VUNG, VUNG, "LU', 26)).toMatchObject({ info: info('LOOKUP'), argument: 2 });
  });

  it('is none outside calls and for names that are no function', () => {
    expect(callAt('ROUND(A, 0) + ', 14)).toBe(null);
    expect(callAt('FOO(', 4)).toBe(null);
    expect(callAt('', 0)).toBe(null);
  });
});

describe('signatures', () => {
  it('cut into parameters, the variadic ones ending at their last named parameter', () => {
    expect(signatureParts(info('ROUND'))).toEqual({
      head: 'ROUND(',
      parameters: ['số', 'số_chữ_số'],
      tail: ')',
    });
    expect(parameterIndex(info('ROUND'), 1)).toBe(1);
    expect(parameterIndex(info('ROUND'), 2)).toBe(null);
    expect(parameterIndex(info('AND'), 0)).toBe(0);
    expect(parameterIndex(info('AND'), 5)).toBe(1);
  });
});

describe('completions', () => {
  it('offers only tables as LOOKUP’s first argument', () => {
    const text = 'LOOKUP(';
    const items = placeCompletions(text, 7, completionsAt(text, 7, scope)).items;
    expect(items.map((item) => item.code)).toEqual(['LTT_VUNG']);
  });

  it('replaces the name being typed, and opens a function’s parentheses once', () => {
    expect(
      applyCompletion('1 + luo * 2', { from: 4, to: 7 }, { code: 'LUONG_HOP_DONG', kind: 'variable' }),
    ).toEqual({
      text: '1 + LUONG_HOP_DONG * 2',
      caret: 18,
    });
    expect(applyCompletion('ROU', { from: 0, to: 3 }, { code: 'ROUND', kind: 'function' })).toEqual({
      text: 'ROUND(',
      caret: 6,
    });
    expect(applyCompletion('RO(A, 0)', { from: 0, to: 2 }, { code: 'ROUND', kind: 'function' })).toEqual({
      text: 'ROUND(A, 0)',
      caret: 6,
    });
  });
});

describe('analyseFormula: the errors as typed', () => {
  const edited = { code: 'THUC_LINH', type: 'MONEY' as const };

  it('names an unknown variable with its range', () => {
    const text = 'LUONG_THANG + PHU_CAP_XANG';
    const [error, ...more] = analyseFormula(text, scope, edited);
    expect(more).toEqual([]);
    expect(error?.code).toBe('unknownVariable');
    expect(error?.message.vi).toContain('PHU_CAP_XANG');
    expect(rangeOf(text, error)).toEqual({ start: 14, end: 26 });
  });

  it('says what the type must be', () => {
    expect(analyseFormula('VUNG', scope, edited).map((e) => e.code)).toEqual(['resultType']);
    expect(analyseFormula('VUNG', scope, { code: 'X', type: 'TEXT' })).toEqual([]);
  });

  it('shows the cycle this formula closes, and not before', () => {
    // LUONG_THANG ← PHU_CAP; editing LUONG_THANG to read PHU_CAP closes LUONG_THANG → PHU_CAP → LUONG_THANG
    const errors = analyseFormula('PHU_CAP * 2', scope, { code: 'LUONG_THANG', type: 'MONEY' });
    expect(errors.map((e) => e.code)).toEqual(['cycle']);
    expect(errors[0]?.params.cycle).toMatch(
      /LUONG_THANG → PHU_CAP → LUONG_THANG|PHU_CAP → LUONG_THANG → PHU_CAP/,
    );
    expect(analyseFormula('LUONG_HOP_DONG', scope, { code: 'LUONG_THANG', type: 'MONEY' })).toEqual([]);
    // reading itself
    expect(analyseFormula('THUC_LINH + 1', scope, edited)[0]?.params.cycle).toBe('THUC_LINH → THUC_LINH');
  });

  it('leaves other components’ own errors to them', () => {
    const broken: FormulaScope = {
      catalogue,
      components: [...(scope.components ?? []), { code: 'HONG', type: 'MONEY', formula: 'KHONG_CO' }],
    };
    expect(analyseFormula('LUONG_THANG + HONG', broken, edited)).toEqual([]);
  });

  it('reports a syntax error with where it is, and an empty formula', () => {
    const [error] = analyseFormula('ROUND(LUONG_THANG, ', scope, edited);
    expect(error?.code).toBe('syntax');
    expect(rangeOf('ROUND(LUONG_THANG, ', error)).toEqual({ start: 19, end: 19 });
    expect(analyseFormula('', scope, edited).map((e) => e.code)).toEqual(['empty']);
  });
});
