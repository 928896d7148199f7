import { describe, expect, it } from 'vitest';
import { checkFormula, checkTemplate } from './check.ts';
import { completionsAt } from './complete.ts';
import { FormulaMessages } from './errors.ts';
import { catalogue } from './test-support.ts';
import type { ComponentDefinition } from './types.ts';

function errorsOf(text: string, components: ComponentDefinition[] = []) {
  return checkFormula(text, { catalogue, components }).errors;
}

function onlyError(text: string, components: ComponentDefinition[] = []) {
  const errors = errorsOf(text, components);
  expect(errors).toHaveLength(1);
  return errors[0] as (typeof errors)[number];
}

describe('checkFormula', () => {
  it('resolves names case-insensitively and tells the formula’s type and what it reads', () => {
    const result = checkFormula('luong_cb / Cong_Chuan * NGAY_CONG + LOOKUP(ltt_vung, vung) * 0 + KHAC', {
      catalogue,
      components: [{ code: 'KHAC', type: 'MONEY', formula: '1' }],
    });
    expect(result.errors).toEqual([]);
    expect(result.ok).toBe(true);
    expect(result.type).toBe('number');
    expect(result.variables).toEqual(['LUONG_CB', 'CONG_CHUAN', 'NGAY_CONG', 'VUNG']);
    expect(result.tables).toEqual(['LTT_VUNG']);
    expect(result.components).toEqual(['KHAC']);
  });

  it('names an unknown variable, with its place', () => {
    const error = onlyError('LUONG_CB * HE_SO_KV');
    expect(error.code).toBe('unknownVariable');
    expect(error.message.vi).toBe('Không có biến “HE_SO_KV” trong danh mục biến (ở cột 12)');
    expect(error.message.en).toBe('There is no variable "HE_SO_KV" in the variable catalogue (at column 12)');
    expect([error.start, error.end]).toEqual([11, 19]);
  });

  it('names an unknown function and lists the functions', () => {
    const error = onlyError('VLOOKUP(VUNG, 1)');
    expect(error.code).toBe('unknownFunction');
    expect(error.message.en).toBe(
      'There is no function "VLOOKUP" (at column 1); the functions are IF, AND, OR, NOT, MIN, MAX, SUM, ROUND, ROUNDUP, ROUNDDOWN, ABS or LOOKUP',
    );
    expect(error.message.vi).toContain('Không có hàm “VLOOKUP” (ở cột 1); các hàm: IF, AND');
    expect([error.start, error.end]).toEqual([0, 7]);
  });

  it.each([
    [
      'ROUND(LUONG_CB)',
      'ROUND takes 2 arguments, here it has 1 (at column 1)',
      'Hàm ROUND cần 2 đối số, ở đây có 1 (ở cột 1)',
    ],
    [
      'IF(TRUE, 1)',
      'IF takes 3 arguments, here it has 2 (at column 1)',
      'Hàm IF cần 3 đối số, ở đây có 2 (ở cột 1)',
    ],
    [
      'MAX()',
      'MAX takes at least 1 argument, here it has 0 (at column 1)',
      'Hàm MAX cần ít nhất 1 đối số, ở đây có 0 (ở cột 1)',
    ],
    [
      'ABS(1, 2)',
      'ABS takes 1 argument, here it has 2 (at column 1)',
      'Hàm ABS cần 1 đối số, ở đây có 2 (ở cột 1)',
    ],
    [
      'LOOKUP(LTT_VUNG)',
      'LOOKUP takes 2 or 3 arguments, here it has 1 (at column 1)',
      'Hàm LOOKUP cần 2 hoặc 3 đối số, ở đây có 1 (ở cột 1)',
    ],
  ])('counts the arguments of %s', (text, en, vi) => {
    const error = onlyError(text);
    expect(error.code).toBe('argumentCount');
    expect(error.message.en).toBe(en);
    expect(error.message.vi).toBe(vi);
  });

  it('refuses a number where a condition is expected', () => {
    const error = onlyError('IF(LUONG_CB, 1, 0)');
    expect(error.code).toBe('conditionExpected');
    expect(error.message.vi).toBe('Cần một điều kiện (đúng/sai) ở cột 4, nhưng đây là một số');
    expect(error.message.en).toBe('A condition (TRUE/FALSE) is expected at column 4, but this is a number');
    expect(onlyError('AND(TRUE, 1)').code).toBe('conditionExpected');
    expect(onlyError('NOT(TEN)').message.en).toBe(
      'A condition (TRUE/FALSE) is expected at column 5, but this is text',
    );
  });

  it('refuses text in arithmetic, naming each wrong operand', () => {
    const error = onlyError('LUONG_CB + TEN');
    expect(error.code).toBe('numberExpected');
    expect(error.message.vi).toBe('Cần một số ở cột 12, nhưng đây là văn bản');
    expect(error.message.en).toBe('A number is expected at column 12, but this is text');
    expect(errorsOf('"a" * TEN').map((e) => e.column)).toEqual([1, 7]);
    expect(onlyError('-TEN').code).toBe('numberExpected');
    expect(onlyError('TEN%').code).toBe('numberExpected');
    expect(onlyError('ROUND(LUONG_CB, "2")').column).toBe(17);
    expect(onlyError('SUM(1, 1 > 0)').message.en).toBe(
      'A number is expected at column 8, but this is a condition (TRUE/FALSE)',
    );
    expect(onlyError('NGAY_VAO + 1').message.en).toBe('A number is expected at column 1, but this is a date');
  });

  it('lets & join numbers and text but not conditions', () => {
    expect(checkFormula('TEN & " " & SO_NPT', { catalogue }).type).toBe('text');
    const error = onlyError('TEN & (1 > 0)');
    expect(error.code).toBe('joinable');
    expect(error.message.en).toBe('& joins numbers or text; at column 7 is a condition (TRUE/FALSE)');
  });

  it('compares like with like; conditions only with = and <>', () => {
    const error = onlyError('LUONG_CB > TEN');
    expect(error.code).toBe('comparison');
    expect(error.message.vi).toBe('Không so sánh được một số với văn bản (ở cột 1)');
    expect(error.message.en).toBe('Cannot compare a number with text (at column 1)');
    expect(onlyError('(1 > 0) < TRUE').code).toBe('conditionOrder');
    expect(onlyError('1 < 2 < 3').code).toBe('comparison');
    expect(checkFormula('(1 > 0) = TRUE', { catalogue }).ok).toBe(true);
    expect(checkFormula('NGAY_VAO <= NGAY_TINH', { catalogue }).ok).toBe(true);
    expect(checkFormula('NGAY_TINH - NGAY_VAO', { catalogue }).type).toBe('number');
  });

  it("wants IF's branches of one type", () => {
    const error = onlyError('IF(SO_NPT > 0, "có", 0)');
    expect(error.code).toBe('branches');
    expect(error.message.en).toBe('Both branches of IF must be of one type: text and a number (at column 1)');
    expect(error.message.vi).toBe('Hai nhánh của IF phải cùng kiểu: văn bản và một số (ở cột 1)');
  });

  it('checks the result against the component’s type', () => {
    const result = checkFormula('TEN & "x"', { catalogue }, { component: 'PHU_CAP', resultType: 'MONEY' });
    expect(result.errors.map((e) => e.message.en)).toEqual([
      'PHU_CAP: The component is of type MONEY but the formula gives text',
    ]);
    expect(result.errors[0]?.component).toBe('PHU_CAP');
    expect(checkFormula('1 > 0', { catalogue }, { resultType: 'NUMBER' }).errors[0]?.code).toBe('resultType');
    expect(checkFormula('VUNG', { catalogue }, { resultType: 'ENUM' }).ok).toBe(true);
  });

  it('reports every error it can, not only the first', () => {
    expect(errorsOf('X1 + Y1 * FOO(1)').map((e) => e.code)).toEqual([
      'unknownVariable',
      'unknownVariable',
      'unknownFunction',
    ]);
  });

  describe('LOOKUP', () => {
    it('reads a keyed table by its key and a band table by the band holding the key', () => {
      expect(checkFormula('LOOKUP(LTT_VUNG, VUNG)', { catalogue }).type).toBe('number');
      expect(checkFormula('LOOKUP(HE_SO_BAC, MA_BAC) * LUONG_CB', { catalogue }).ok).toBe(true);
      expect(checkFormula('LOOKUP(THUE_TNCN, 1000, "thue_suat")', { catalogue }).ok).toBe(true);
    });

    it.each([
      [
        'LOOKUP(VUNG, 1)',
        'tableExpected',
        "LOOKUP's first argument must be a lookup table's code (at column 8)",
      ],
      [
        'LOOKUP("LTT_VUNG", VUNG)',
        'tableExpected',
        "LOOKUP's first argument must be a lookup table's code (at column 8)",
      ],
      ['LOOKUP(BANG_X, VUNG)', 'unknownTable', 'There is no lookup table "BANG_X" (at column 8)'],
      [
        'LTT_VUNG * 2',
        'tableAsValue',
        '"LTT_VUNG" is a lookup table: use LOOKUP(LTT_VUNG, key) (at column 1)',
      ],
      [
        'LOOKUP(THUE_TNCN, 1000)',
        'columnRequired',
        'Table THUE_TNCN has several columns: name one, e.g. LOOKUP(THUE_TNCN, key, "THUE_SUAT") (at column 1); the columns are THUE_SUAT, GIAM_TRU',
      ],
      [
        'LOOKUP(THUE_TNCN, 1000, THUE_SUAT)',
        'columnText',
        "LOOKUP's column must be a name in double quotes (at column 25)",
      ],
      [
        'LOOKUP(THUE_TNCN, 1000, "RATE")',
        'unknownColumn',
        'Table THUE_TNCN has no column "RATE" (at column 25); the columns are THUE_SUAT, GIAM_TRU',
      ],
      ['LOOKUP(LTT_VUNG, 1)', 'keyType', 'The key of table LTT_VUNG is text, but at column 18 is a number'],
      [
        'LOOKUP(THUE_TNCN, TEN, "GIAM_TRU")',
        'keyType',
        'The key of table THUE_TNCN is a number, but at column 19 is text',
      ],
    ])('%s: %s', (text, code, message) => {
      const error = onlyError(text);
      expect(error.code).toBe(code);
      expect(error.message.en).toBe(message);
      expect(error.message.vi.length).toBeGreaterThan(10);
    });
  });
});

describe('checkTemplate', () => {
  const component = (code: string, formula: string | null, type: ComponentDefinition['type'] = 'MONEY') => ({
    code,
    type,
    formula,
  });

  it('orders the components so that each comes after what it reads, declared order where free', () => {
    const check = checkTemplate(
      [
        component('THUC_LINH', 'LUONG_TG - BH'),
        component('BH', 'LUONG_TG * 10.5%'),
        component('PHU_CAP', null),
        component('LUONG_TG', 'LUONG_CB / CONG_CHUAN * NGAY_CONG + PHU_CAP'),
      ],
      catalogue,
    );
    expect(check.errors).toEqual([]);
    expect(check.order.map((i) => check.components[i]?.code)).toEqual([
      'PHU_CAP',
      'LUONG_TG',
      'BH',
      'THUC_LINH',
    ]);
    expect(check.components[0]?.references).toEqual(['LUONG_TG', 'BH']);
  });

  it('names each cycle, self-reference included, and not the components that merely read one', () => {
    const check = checkTemplate(
      [
        component('A', 'B + 1'),
        component('B', 'c * 2'),
        component('C', 'IF(LUONG_CB > 0, a, 0)'),
        component('D', 'D + 1'),
        component('E', 'A + D'),
        component('F', 'LUONG_CB'),
      ],
      catalogue,
    );
    expect(check.ok).toBe(false);
    expect(check.errors.map((e) => e.message.en)).toEqual([
      'A: The components refer to each other in a cycle: A → B → C → A',
      'D: The components refer to each other in a cycle: D → D',
    ]);
    expect(check.errors[0]?.message.vi).toBe('A: Các thành phần tham chiếu vòng tròn: A → B → C → A');
    expect(check.errors[0]?.component).toBe('A');
    expect(check.order.map((i) => check.components[i]?.code)).toEqual(['F']);
  });

  it('finds two cycles that share a component', () => {
    const check = checkTemplate(
      [component('A', 'B + C'), component('B', 'A'), component('C', 'A')],
      catalogue,
    );
    expect(check.errors.map((e) => e.params.cycle)).toEqual(['A → B → A', 'C → A → C']);
  });

  it('refuses a bad, repeated or catalogue code', () => {
    const check = checkTemplate(
      [
        component('1A', '1'),
        component('X', '1'),
        component('x', '2'),
        component('LUONG_CB', '3'),
        component('LTT_VUNG', '4'),
      ],
      catalogue,
    );
    expect(check.errors.map((e) => [e.code, e.message.en])).toEqual([
      [
        'invalidCode',
        'The component code "1A" may hold Latin letters, digits and _ only, and starts with a letter or _',
      ],
      ['duplicateComponent', 'The component code x appears more than once'],
      ['componentIsVariable', 'The component code LUONG_CB is already a variable or table of the catalogue'],
      ['componentIsVariable', 'The component code LTT_VUNG is already a variable or table of the catalogue'],
    ]);
  });

  it('prefixes each formula error with its component', () => {
    const check = checkTemplate(
      [component('LUONG', 'LUONG_CB +'), component('THUONG', 'TIEN_THUONG')],
      catalogue,
    );
    expect(check.errors.map((e) => e.message.vi)).toEqual([
      'LUONG: Cần một giá trị ở cột 11, gặp hết công thức',
      'THUONG: Không có biến “TIEN_THUONG” trong danh mục biến (ở cột 1)',
    ]);
    expect(check.errors.map((e) => e.component)).toEqual(['LUONG', 'THUONG']);
  });
});

describe('messages', () => {
  it('every message has both languages and the same parameters in each', () => {
    const entries = Object.entries(FormulaMessages);
    expect(entries.length).toBeGreaterThan(25);
    for (const [code, message] of entries) {
      const names = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
      expect(names(message.vi), code).toEqual(names(message.en));
      expect(message.key).toBe(`formula.errors.${code}`);
    }
  });
});

describe('completionsAt', () => {
  const scope = { catalogue, components: [{ code: 'LUONG_TG', type: 'MONEY' as const, formula: null }] };

  it('offers the components, variables, tables and functions starting with what is typed', () => {
    const result = completionsAt('ROUND(luo', 9, scope);
    expect([result.from, result.to]).toEqual([6, 9]);
    expect(result.items.map((i) => `${i.kind}:${i.code}`)).toEqual([
      'component:LUONG_TG',
      'variable:LUONG_CB',
    ]);
    expect(completionsAt('R', 1, scope).items.map((i) => i.code)).toEqual(['ROUND', 'ROUNDUP', 'ROUNDDOWN']);
    expect(completionsAt('LOOKUP(LT', 9, scope).items.map((i) => i.kind)).toEqual(['table']);
  });

  it('offers nothing inside quotes or in a number', () => {
    expect(completionsAt('"LU', 3, scope).items).toEqual([]);
    expect(completionsAt('12', 2, scope).items).toEqual([]);
  });
});
