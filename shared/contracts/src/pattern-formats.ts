/**
 * The human format of each pattern the contracts declare (issue 27: "0243 825 6789" was refused
 * as a phone number without saying which format is allowed): a name, whose words are
 * `error.formats.<name>` in the browser's dictionaries (vi, en), and an example. A pattern is
 * declared with its format once, where it is declared (`describedPattern`); the server's
 * validation formatter and the browser's pattern validator find the format by the pattern, so
 * a field that uses the pattern carries its description with it.
 */
export interface PatternFormat {
  /** the key under error.formats (e.g. 'phone') */
  readonly format: string;
  /** a value that matches, shown as it is in every language */
  readonly example: string;
}

/**
 * One registry per page, whatever the number of copies of this module: a micro-app bundles the
 * contract modules it imports by subpath (@hcm/contracts/workers) with their own copy of this
 * file, while @hcm/ui reads the import map's @hcm/contracts. Both find the same map here.
 */
const REGISTRY = Symbol.for('hcm.contracts.patternFormats');
const FORMATS: Map<string, PatternFormat> = ((globalThis as Record<symbol, unknown>)[REGISTRY] ??= new Map<
  string,
  PatternFormat
>()) as Map<string, PatternFormat>;

/** Declares a pattern with its human format and an example; answers the pattern itself. */
export function describedPattern(pattern: string, format: string, example: string): string {
  if (!new RegExp(pattern).test(example))
    throw new Error(`the example "${example}" does not match its own pattern ${pattern} (${format})`);
  FORMATS.set(pattern, { format, example });
  return pattern;
}

/** The human format of a declared pattern; undefined for a pattern declared without one. */
export function patternFormat(pattern: string | RegExp): PatternFormat | undefined {
  return FORMATS.get(typeof pattern === 'string' ? pattern : pattern.source);
}

/** Every pattern declared with its format so far (the modules loaded), for the dictionaries' test. */
export function describedPatterns(): readonly (PatternFormat & { pattern: string })[] {
  return [...FORMATS].map(([pattern, described]) => ({ pattern, ...described }));
}
