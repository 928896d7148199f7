import { FUNCTIONS, type Completion, type Completions, type FunctionInfo } from '@hcm/formula';

/** The function call the caret is inside, and which of its arguments it is in (0-based). */
export interface CallAtCaret {
  readonly info: FunctionInfo;
  /** where the function's name starts */
  readonly start: number;
  readonly argument: number;
}

const NAME_CHAR = /[A-Za-z0-9_]/;

/**
 * The innermost known function whose parentheses hold the caret: read backwards from the caret,
 * skipping text in quotes and closed parentheses, to the first "(" left open; the name before it
 * is the function, and the commas met at that depth count the argument. Works on a formula that
 * does not parse yet (it is being typed), which the syntax tree cannot.
 */
export function callAt(text: string, caret: number): CallAtCaret | null {
  const before = text.slice(0, caret);
  // Inside a text in quotes the caret is in no argument list of its own: count from the opening quote.
  let end = before.length;
  const quotes = before.split('"').length - 1;
  if (quotes % 2 === 1) end = before.lastIndexOf('"');
  let depth = 0;
  let commas = 0;
  let inText = false;
  for (let i = end - 1; i >= 0; i--) {
    const char = before.charAt(i);
    if (char === '"') inText = !inText;
    if (inText) continue;
    if (char === ')') depth++;
    else if (char === '(') {
      if (depth > 0) {
        depth--;
        continue;
      }
      let from = i;
      while (from > 0 && /\s/.test(before.charAt(from - 1))) from--;
      const nameEnd = from;
      while (from > 0 && NAME_CHAR.test(before.charAt(from - 1))) from--;
      const info = FUNCTIONS.get(before.slice(from, nameEnd).toUpperCase());
      // "(" of a group, or of an unknown name: the caret may still be inside a call further out
      if (info) return { info, start: from, argument: commas };
      commas = 0;
    } else if (char === ',' && depth === 0) commas++;
  }
  return null;
}

/** A function's signature cut into its name, its parameters and the closing text. */
export function signatureParts(info: FunctionInfo): { head: string; parameters: string[]; tail: string } {
  const open = info.signature.indexOf('(');
  const close = info.signature.lastIndexOf(')');
  return {
    head: info.signature.slice(0, open + 1),
    parameters: info.signature
      .slice(open + 1, close)
      .split(',')
      .map((parameter) => parameter.trim()),
    tail: info.signature.slice(close),
  };
}

/**
 * Which parameter of the signature the argument is: the same index, or for a function of any
 * number of arguments (AND(đk1, đk2, …)) the last named one for every argument past it.
 */
export function parameterIndex(info: FunctionInfo, argument: number): number | null {
  const { parameters } = signatureParts(info);
  if (argument < parameters.length && parameters[argument] !== '…') return argument;
  if (info.max === Infinity) return parameters.findLastIndex((parameter) => parameter !== '…');
  return null;
}

/**
 * What is offered at the caret, for the place: LOOKUP's first argument can only be a table's code
 * (the checker refuses anything else), so only the tables are offered there.
 */
export function placeCompletions(text: string, caret: number, completions: Completions): Completions {
  const call = callAt(text, caret);
  if (call?.info.name === 'LOOKUP' && call.argument === 0)
    return { ...completions, items: completions.items.filter((item) => item.kind === 'table') };
  return completions;
}

/**
 * The text after a completion is chosen: the name being typed (from–to) replaced by the item's
 * code, and a function's "(" after it unless one follows already; the caret after what was put.
 */
export function applyCompletion(
  text: string,
  completions: Pick<Completions, 'from' | 'to'>,
  item: Pick<Completion, 'code' | 'kind'>,
): { text: string; caret: number } {
  const after = text.slice(completions.to);
  const opens = item.kind === 'function' && !/^\s*\(/.test(after);
  const inserted = item.code + (opens ? '(' : '');
  const caret =
    completions.from + inserted.length + (item.kind === 'function' && !opens ? after.indexOf('(') + 1 : 0);
  return { text: text.slice(0, completions.from) + inserted + after, caret };
}
