import type { Label } from '@hcm/contracts/resource';
import type { FormulaScope } from './check.ts';
import { FUNCTIONS } from './functions.ts';
import type { ValueType } from './types.ts';

export interface Completion {
  readonly code: string;
  readonly kind: 'component' | 'variable' | 'table' | 'function';
  readonly type?: ValueType;
  readonly label?: Label;
  /** For a function: how it is called. */
  readonly signature?: string;
}

export interface Completions {
  /** The [from, to) range of the name being typed, which a chosen item replaces. */
  readonly from: number;
  readonly to: number;
  readonly items: readonly Completion[];
}

const NAME_CHAR = /[A-Za-z0-9_]/;

/**
 * What the formula editor offers at the caret: the template's components, the catalogue's
 * variables and tables, and the functions whose code starts with the name being typed
 * (case-insensitive). Nothing inside a text in quotes.
 */
export function completionsAt(text: string, caret: number, scope: FormulaScope, limit = 50): Completions {
  let from = caret;
  while (from > 0 && NAME_CHAR.test(text.charAt(from - 1))) from--;
  let to = caret;
  while (to < text.length && NAME_CHAR.test(text.charAt(to))) to++;
  const quotes = text.slice(0, from).split('"').length - 1;
  if (quotes % 2 === 1 || /^[0-9]/.test(text.slice(from, caret))) return { from, to, items: [] };
  const prefix = text.slice(from, caret).toUpperCase();
  const items: Completion[] = [];
  const matches = (code: string) => code.toUpperCase().startsWith(prefix);
  for (const c of scope.components ?? [])
    if (matches(c.code))
      items.push({ code: c.code, kind: 'component', type: c.type, ...(c.label ? { label: c.label } : {}) });
  for (const v of scope.catalogue.variables())
    if (matches(v.code))
      items.push({ code: v.code, kind: 'variable', type: v.type, ...(v.label ? { label: v.label } : {}) });
  for (const t of scope.catalogue.tables())
    if (matches(t.code)) items.push({ code: t.code, kind: 'table', ...(t.label ? { label: t.label } : {}) });
  for (const f of FUNCTIONS.values())
    if (matches(f.name)) items.push({ code: f.name, kind: 'function', signature: f.signature });
  return { from, to, items: items.slice(0, limit) };
}
