import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Node } from './ast.ts';
import { parseFormula } from './parse.ts';
// @ts-expect-error: a plain JavaScript module of the package's scripts, with no declarations.
import { generateParserSource, parserFile } from '../scripts/parser-source.mjs';

/** The tree as a compact prefix form: (+ 1 (* 2 3)). */
function show(node: Node): string {
  switch (node.type) {
    case 'number':
      return String(node.value);
    case 'text':
      return JSON.stringify(node.value);
    case 'boolean':
      return node.value ? 'TRUE' : 'FALSE';
    case 'name':
      return node.name;
    case 'unary':
      return `(${node.op === '-' ? 'neg' : 'pos'} ${show(node.operand)})`;
    case 'percent':
      return `(% ${show(node.operand)})`;
    case 'group':
      return show(node.inner);
    case 'binary':
      return `(${node.op} ${show(node.left)} ${show(node.right)})`;
    case 'call':
      return `${node.name}[${node.args.map(show).join(' ')}]`;
  }
}

function tree(text: string): string {
  const result = parseFormula(text);
  if (!result.ok) throw new Error(result.error.message.en);
  return show(result.ast);
}

function syntax(text: string) {
  const result = parseFormula(text);
  if (result.ok) throw new Error(`${text} parsed`);
  return result.error;
}

describe('the generated parser', () => {
  it('is what grammar.peggy generates (run scripts/generate-parser.mjs after editing the grammar)', async () => {
    const generated: string = await generateParserSource();
    expect(readFileSync(parserFile as string, 'utf8')).toBe(generated);
  });
});

describe('the grammar', () => {
  it("follows Excel's precedence: comparison < & < + - < * / < ^ < % < unary minus", () => {
    expect(tree('1 + 2 * 3')).toBe('(+ 1 (* 2 3))');
    expect(tree('1 - 2 - 3')).toBe('(- (- 1 2) 3)');
    expect(tree('8 / 4 / 2')).toBe('(/ (/ 8 4) 2)');
    expect(tree('2 * 3 ^ 2')).toBe('(* 2 (^ 3 2))');
    expect(tree('2 ^ 3 ^ 2')).toBe('(^ (^ 2 3) 2)'); // Excel: left to right, 64
    expect(tree('-2 ^ 2')).toBe('(^ (neg 2) 2)'); // Excel: 4
    expect(tree('2 ^ -1')).toBe('(^ 2 (neg 1))');
    expect(tree('50% ^ 2')).toBe('(^ (% 50) 2)');
    expect(tree('-50%')).toBe('(% (neg 50))');
    expect(tree('A & B + 1')).toBe('(& A (+ B 1))');
    expect(tree('A & B = "x"')).toBe('(= (& A B) "x")');
    expect(tree('A + 1 >= B * 2')).toBe('(>= (+ A 1) (* B 2))');
    expect(tree('(1 + 2) * 3')).toBe('(* (+ 1 2) 3)');
    expect(tree('--1')).toBe('(neg (neg 1))');
    expect(tree('+1')).toBe('(pos 1)');
    expect(tree('10%%')).toBe('(% (% 10))');
  });

  it('reads every comparison operator, the longest first', () => {
    for (const op of ['=', '<>', '<', '<=', '>', '>=']) expect(tree(`A ${op} B`)).toBe(`(${op} A B)`);
    expect(tree('A<>B')).toBe('(<> A B)');
    expect(tree('A<=B')).toBe('(<= A B)');
  });

  it('reads numbers, text, conditions and names as Excel writes them', () => {
    expect(tree('1234.5')).toBe('1234.5');
    expect(tree('.5')).toBe('0.5');
    expect(tree('5.')).toBe('5');
    expect(tree('1e3')).toBe('1000');
    expect(tree('2.5E-2')).toBe('0.025');
    expect(tree('"Hà Nội"')).toBe('"Hà Nội"');
    expect(tree('"say ""hi"""')).toBe('"say \\"hi\\""');
    expect(tree('""')).toBe('""');
    expect(tree('true')).toBe('TRUE');
    expect(tree('False')).toBe('FALSE');
    expect(tree('luong_cb')).toBe('LUONG_CB');
    expect(tree('_x1')).toBe('_X1');
    expect(tree('round(x, 0)')).toBe('ROUND[X 0]');
    expect(tree('max()')).toBe('MAX[]');
    expect(tree('IF(A > 1, "x", B)')).toBe('IF[(> A 1) "x" B]');
  });

  it("takes Excel's leading = and spaces, tabs and line breaks anywhere between tokens", () => {
    expect(tree('=1+2')).toBe('(+ 1 2)');
    expect(tree('  = 1 +\n\t2  ')).toBe('(+ 1 2)');
    expect(tree('IF ( A ,\n 1 , 2 )')).toBe('IF[A 1 2]');
  });

  it('keeps every node’s place in the text', () => {
    const result = parseFormula('LUONG_CB / CONG_CHUAN');
    if (!result.ok || result.ast.type !== 'binary') throw new Error('not parsed');
    expect([result.ast.start, result.ast.end]).toEqual([0, 21]);
    expect([result.ast.right.start, result.ast.right.end]).toEqual([11, 21]);
  });
});

describe('syntax errors', () => {
  it('say what was expected where, in Vietnamese and English', () => {
    const error = syntax('1 +');
    expect(error.code).toBe('syntax');
    expect(error.message.vi).toBe('Cần một giá trị ở cột 4, gặp hết công thức');
    expect(error.message.en).toBe('Expected a value at column 4 but found the end of the formula');
    expect([error.start, error.line, error.column]).toEqual([3, 1, 4]);
  });

  it.each([
    ['1 2', 'Expected an operator or the end of the formula at column 3 but found "2"'],
    ['(1 + 2', 'Expected an operator or ")" at column 7 but found the end of the formula'],
    ['1 + 2)', 'Expected an operator or the end of the formula at column 6 but found ")"'],
    ['ROUND(1.005, 2', 'Expected an operator, "," or ")" at column 15 but found the end of the formula'],
    ['MAX(1,,2)', 'Expected a value at column 7 but found ","'],
    ['A B', 'Expected "(", an operator or the end of the formula at column 3 but found "B"'],
    ['1..2', 'Expected an operator or the end of the formula at column 3 but found "."'],
    ['"x".constructor', 'Expected an operator or the end of the formula at column 4 but found "."'],
    ['A[0]', 'Expected "(", an operator or the end of the formula at column 2 but found "["'],
    ['1 =< 2', 'Expected a value at column 4 but found "<"'],
    ['*2', 'Expected a value or "=" at column 1 but found "*"'],
  ])('%s: %s', (text, message) => {
    expect(syntax(text).message.en).toBe(message);
  });

  it('count lines and columns in a formula written over several lines', () => {
    const error = syntax('IF(A > 1,\n  2 +,\n  3)');
    expect([error.line, error.column]).toEqual([2, 6]);
    expect(error.message.vi).toBe('Cần một giá trị ở dòng 2, cột 6, gặp “,”');
  });

  it('an empty formula, an unclosed text and an accented name each have their own message', () => {
    expect(syntax('').message.vi).toBe('Công thức trống');
    expect(syntax(' = ').message.en).toBe('The formula is empty');
    const open = syntax('TEN & "abc');
    expect(open.code).toBe('unclosedText');
    expect(open.message.vi).toBe('Chuỗi văn bản mở ở cột 7 chưa có dấu " đóng');
    const accented = syntax('LƯƠNG_CB * 2');
    expect(accented.code).toBe('accentedName');
    expect(accented.message.vi).toBe(
      'Tên “LƯƠNG_CB” ở cột 1 phải viết không dấu: chữ cái Latin, chữ số và _',
    );
    expect(accented.message.en).toBe(
      'The name "LƯƠNG_CB" at column 1 must be written without accents: Latin letters, digits and _',
    );
    expect(syntax('1 + TỔNG(1, 2)').code).toBe('accentedName');
  });
});
