/*
 * Automatic numbers (issue 27 §8): an employee code or a contract number made from a pattern the
 * tenant sets in System › Configuration. The server fills a numbered field a create leaves empty
 * (packages/server/src/resources/numbering); the form shows "automatic" as its placeholder; the
 * configuration form and the server check a pattern with the same function.
 *
 * Pattern syntax: literal text with tokens in braces.
 *   {0000}   the counter, zero-padded to as many digits as zeros (1 to 10 zeros)
 *   {number} the counter, not padded
 *   {yyyy} {yy} {MM}   the year (4 or 2 digits) and month of the day the record is created
 * Exactly one counter token. The counter starts again at 1 in each period the pattern names:
 * each month with {MM}, each year with {yyyy} or {yy}, never without a date token.
 */

/** The numbered kinds, each with its default pattern and the rule its numbers must meet. */
export const NUMBERING_KINDS = {
  /** a worker's code: letters, digits, underscore or dot (Patterns.code), 4 to 50 characters */
  employeeCode: { defaultPattern: 'NV{0000}', rule: /^[A-Za-z0-9_.]{4,50}$/ },
  /** a labour contract's number: anything printable but a backslash, at most 100 characters */
  contractNumber: {
    defaultPattern: '{number}/{yyyy}/HĐLĐ',
    // eslint-disable-next-line no-control-regex
    rule: /^[^\\\u0000-\u001f]{1,100}$/,
  },
} as const;
export type NumberingKind = keyof typeof NUMBERING_KINDS;

/** The longest pattern a tenant may set. */
export const MAX_NUMBERING_PATTERN = 60;

type Token =
  | { kind: 'literal'; text: string }
  | { kind: 'counter'; width: number }
  | { kind: 'date'; part: 'yyyy' | 'yy' | 'MM' };

/** The tokens of a pattern, or the reason it is not one (in English, for the error's message). */
export function parseNumberingPattern(pattern: string): Token[] | string {
  const tokens: Token[] = [];
  const matcher = /\{([^{}]*)\}|([^{}]+)|([{}])/gu;
  for (const match of pattern.matchAll(matcher)) {
    const [, inside, literal, stray] = match;
    if (stray !== undefined) return `an unmatched "${stray}"`;
    if (literal !== undefined) tokens.push({ kind: 'literal', text: literal });
    else if (inside === 'number') tokens.push({ kind: 'counter', width: 0 });
    else if (inside !== undefined && /^0{1,10}$/.test(inside))
      tokens.push({ kind: 'counter', width: inside.length });
    else if (inside === 'yyyy' || inside === 'yy' || inside === 'MM')
      tokens.push({ kind: 'date', part: inside });
    else return `an unknown token {${inside ?? ''}}: use {0000}, {number}, {yyyy}, {yy} or {MM}`;
  }
  const counters = tokens.filter((token) => token.kind === 'counter').length;
  if (counters !== 1) return 'exactly one counter, {0000} or {number}';
  return tokens;
}

/** The period a pattern's counter runs in on `day` (yyyy-MM-dd): '', 'yyyy' or 'yyyy-MM'. */
export function numberingPeriod(tokens: readonly Token[], day: string): string {
  const parts = new Set(tokens.flatMap((token) => (token.kind === 'date' ? [token.part] : [])));
  if (parts.has('MM')) return day.slice(0, 7);
  return parts.size > 0 ? day.slice(0, 4) : '';
}

/** The number `counter` gives on `day` (yyyy-MM-dd). */
export function formatNumber(tokens: readonly Token[], counter: number, day: string): string {
  return tokens
    .map((token) => {
      if (token.kind === 'literal') return token.text;
      if (token.kind === 'counter') return String(counter).padStart(token.width, '0');
      if (token.part === 'yyyy') return day.slice(0, 4);
      if (token.part === 'yy') return day.slice(2, 4);
      return day.slice(5, 7);
    })
    .join('');
}

/**
 * Why `pattern` cannot number `kind` (English), or null when it can: its syntax, its length, and
 * whether its numbers meet the kind's rule (an employee code has no spaces, slashes or accents).
 */
export function numberingPatternError(kind: NumberingKind, pattern: string): string | null {
  if (pattern.length === 0 || pattern.length > MAX_NUMBERING_PATTERN)
    return `1 to ${MAX_NUMBERING_PATTERN} characters`;
  const tokens = parseNumberingPattern(pattern);
  if (typeof tokens === 'string') return tokens;
  const { rule } = NUMBERING_KINDS[kind];
  const samples = [1, 12345].map((counter) => formatNumber(tokens, counter, '2026-03-01'));
  const bad = samples.find((sample) => !rule.test(sample));
  return bad === undefined ? null : `would give "${bad}", which is not a valid value of the field`;
}
