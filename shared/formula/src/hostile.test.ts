import { describe, expect, it } from 'vitest';
import { checkFormula, checkTemplate } from './check.ts';
import { compileTemplate } from './compile.ts';
import { parseFormula } from './parse.ts';
import { catalogue, TABLE_DATA } from './test-support.ts';
import { catalogueOf } from './types.ts';

/**
 * No formula reaches JavaScript. The grammar has no member access, no brackets, no calls of
 * values, no assignment; names resolve through Maps (the catalogue's, the functions'), inputs and
 * table rows through own properties only; and no text of a formula becomes code (closures, no eval
 * or Function). Each formula below is refused at parse or check time, or computes a plain value.
 */
const HOSTILE = [
  'constructor',
  '__proto__',
  'prototype',
  'globalThis',
  'window',
  'process',
  'require("fs")',
  'import("fs")',
  'eval("1")',
  'Function("return 1")',
  'constructor("return process")()',
  '"x".constructor',
  '"x"["constructor"]',
  '(1).toString',
  'toString()',
  'valueOf',
  'hasOwnProperty("x")',
  'this',
  'LUONG_CB.constructor.constructor("return process")()',
  'globalThis.process.exit(1)',
  'process.mainModule.require("child_process")',
  'x = 1',
  '`${process}`',
  '1; process.exit(1)',
  'LUONG_CB => 1',
  'new Date()',
  '[1,2]',
  '{a: 1}',
  '"\\u0041" & "\\"',
  '"</script><script>alert(1)</script>"',
  'LOOKUP(__proto__, 1)',
  'LOOKUP(LTT_VUNG, "__proto__")',
  'LOOKUP(THUE_TNCN, 1, "__proto__")',
  'LOOKUP(THUE_TNCN, 1, "constructor")',
];

describe('hostile formulas', () => {
  it.each(HOSTILE)('%s is refused or computes a plain value', (formula) => {
    const parsed = parseFormula(formula);
    const check = checkFormula(formula, { catalogue });
    if (!check.ok) {
      expect(check.errors.length).toBeGreaterThan(0);
      for (const error of check.errors) expect(typeof error.message.en).toBe('string');
      return;
    }
    expect(parsed.ok).toBe(true);
    // The few that check (a text of script, a key "__proto__") compute plain values or a named error.
    const template = checkTemplate(
      [{ code: 'X', type: check.type === 'text' ? 'TEXT' : 'DOUBLE', formula }],
      catalogue,
    );
    const bound = compileTemplate(template).bind(TABLE_DATA);
    if (!bound.ok) throw new Error(bound.error.message.en);
    const result = bound.template.run({ LUONG_CB: 1, VUNG: 'I' });
    if (result.ok) expect(['number', 'string']).toContain(typeof result.values[0]);
    else expect(result.error.code).toBe('missingKey');
  });

  it('refuses every name JavaScript objects carry, whatever its case', () => {
    for (const name of [
      'constructor',
      'CONSTRUCTOR',
      '__proto__',
      '__PROTO__',
      'toString',
      'valueOf',
      'hasOwnProperty',
    ]) {
      expect(checkFormula(name, { catalogue }).errors[0]?.code).toBe('unknownVariable');
      expect(checkFormula(`${name}(1)`, { catalogue }).errors[0]?.code).toBe('unknownFunction');
    }
  });

  it('reads a variable named like a prototype property from the worker’s own inputs only', () => {
    const tricky = catalogueOf([
      { code: 'CONSTRUCTOR', type: 'NUMBER' },
      { code: '__proto__', type: 'NUMBER' },
      { code: 'toString', type: 'TEXT' },
    ]);
    const check = checkTemplate(
      [
        { code: 'A', type: 'NUMBER', formula: 'IF(CONSTRUCTOR > 0, 1, 2)' },
        { code: 'B', type: 'NUMBER', formula: '__PROTO__ + 1' },
        { code: 'C', type: 'TEXT', formula: 'TOSTRING & ""' },
      ],
      tricky,
    );
    expect(check.errors).toEqual([]);
    const bound = compileTemplate(check).bind({});
    if (!bound.ok) throw new Error('not bound');
    // An empty object's inherited constructor, __proto__ and toString are not values.
    const empty = bound.template.run({});
    expect(!empty.ok && empty.error.code).toBe('missingValue');
    const inputs = JSON.parse('{"CONSTRUCTOR": 5, "__proto__": 2, "toString": "x"}') as Record<
      string,
      unknown
    >;
    expect(bound.template.run(inputs)).toEqual({ ok: true, values: [1, 3, 'x'] });
  });

  it('builds no code from a formula: no eval or Function is called while compiling or running', () => {
    const original = { eval: globalThis.eval, Function: globalThis.Function };
    const calls: string[] = [];
    globalThis.eval = ((code: string) => {
      calls.push(`eval ${code}`);
      return undefined;
    }) as typeof eval;
    globalThis.Function = new Proxy(original.Function, {
      construct(target, args) {
        calls.push(`Function ${String(args)}`);
        return Reflect.construct(target, args);
      },
      apply(target, self, args) {
        calls.push(`Function ${String(args)}`);
        return Reflect.apply(target, self, args);
      },
    });
    try {
      const check = checkTemplate(
        [
          { code: 'A', type: 'MONEY', formula: 'ROUND(LUONG_CB / CONG_CHUAN * NGAY_CONG, 0)' },
          { code: 'B', type: 'TEXT', formula: 'TEN & " process.exit(1)"' },
        ],
        catalogue,
      );
      const bound = compileTemplate(check).bind(TABLE_DATA);
      if (!bound.ok) throw new Error('not bound');
      const result = bound.template.run(
        { LUONG_CB: 2_600_000, CONG_CHUAN: 26, NGAY_CONG: 20, TEN: 'An' },
        { trace: true },
      );
      expect(result.ok && result.values).toEqual([2_000_000, 'An process.exit(1)']);
    } finally {
      globalThis.eval = original.eval;
      globalThis.Function = original.Function;
    }
    expect(calls).toEqual([]);
  });
});
