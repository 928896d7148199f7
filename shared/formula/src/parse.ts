import type { Node } from './ast.ts';
import { alternatives, formulaError, type FormulaError, type MessageText } from './errors.ts';
import { parse as generatedParse, SyntaxError as GeneratedSyntaxError } from './parser.generated.ts';

export type ParseResult = { ok: true; ast: Node } | { ok: false; error: FormulaError };

interface PeggyExpectation {
  type: 'literal' | 'class' | 'any' | 'end' | 'other';
  text?: string;
  description?: string;
}

interface PeggySyntaxError {
  expected: PeggyExpectation[] | null;
  found: string | null;
  location: { start: { offset: number }; end: { offset: number } };
}

const END: MessageText = { vi: 'hết công thức', en: 'the end of the formula' };

/** The grammar's named rules, in the words of the message. */
const DESCRIPTIONS: Readonly<Record<string, MessageText>> = {
  value: { vi: 'một giá trị', en: 'a value' },
  operator: { vi: 'một phép toán', en: 'an operator' },
  number: { vi: 'một số', en: 'a number' },
  text: { vi: 'văn bản', en: 'text' },
};

function quoted(text: string): MessageText {
  return { vi: `“${text}”`, en: `"${text}"` };
}

function expectationText(expected: PeggyExpectation): MessageText | null {
  switch (expected.type) {
    case 'end':
      return END;
    case 'literal':
      return quoted(expected.text ?? '');
    case 'other':
      return DESCRIPTIONS[expected.description ?? ''] ?? null;
    default:
      return null;
  }
}

function syntaxError(text: string, error: PeggySyntaxError): FormulaError {
  const seen = new Set<string>();
  const expected: MessageText[] = [];
  let items = error.expected ?? [];
  // Where a value may start the grammar lists its beginnings (a number, text, a name, "("): say "a value".
  if (items.some((item) => item.type === 'other' && item.description === 'number')) {
    const beginnings = (item: PeggyExpectation) =>
      (item.type === 'other' && ['number', 'text', 'name'].includes(item.description ?? '')) ||
      (item.type === 'literal' && item.text === '(');
    items = [{ type: 'other', description: 'value' }, ...items.filter((item) => !beginnings(item))];
  }
  for (const item of items) {
    const described = expectationText(item);
    if (!described) continue;
    const id = typeof described === 'string' ? described : described.en;
    if (seen.has(id)) continue;
    seen.add(id);
    expected.push(described);
  }
  const offset = error.location.start.offset;
  return formulaError(
    'syntax',
    { expected: alternatives(expected), found: error.found === null ? END : quoted(error.found) },
    { text, start: offset, end: error.location.end.offset },
  );
}

const ASCII_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** What the grammar reads but the language refuses: a text with no closing quote, an accented name. */
function refused(text: string, node: Node): FormulaError | null {
  switch (node.type) {
    case 'text':
      return node.closed
        ? null
        : formulaError('unclosedText', {}, { text, start: node.start, end: node.end });
    case 'name':
    case 'call':
      if (!ASCII_NAME.test(node.text)) {
        const end = node.type === 'call' ? node.nameEnd : node.end;
        return formulaError('accentedName', { name: node.text }, { text, start: node.start, end });
      }
      if (node.type === 'call') {
        for (const arg of node.args) {
          const found = refused(text, arg);
          if (found) return found;
        }
      }
      return null;
    case 'unary':
    case 'percent':
      return refused(text, node.operand);
    case 'group':
      return refused(text, node.inner);
    case 'binary':
      return refused(text, node.left) ?? refused(text, node.right);
    default:
      return null;
  }
}

/** The syntax tree of a formula, or its first syntax error with its position. */
export function parseFormula(text: string): ParseResult {
  if (/^\s*=?\s*$/.test(text)) return { ok: false, error: formulaError('empty', {}) };
  let ast: Node;
  try {
    ast = (generatedParse as (input: string) => unknown)(text) as Node;
  } catch (error) {
    if (error instanceof GeneratedSyntaxError)
      return { ok: false, error: syntaxError(text, error as unknown as PeggySyntaxError) };
    throw error;
  }
  const problem = refused(text, ast);
  return problem ? { ok: false, error: problem } : { ok: true, ast };
}
