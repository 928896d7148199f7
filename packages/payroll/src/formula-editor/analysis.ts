import {
  checkFormula,
  checkTemplate,
  type ComponentDefinition,
  type FormulaError,
  type FormulaScope,
  type ValueType,
} from '@hcm/formula';

/** The component whose formula is being edited: what its formula must give, and its place in the graph. */
export interface EditedComponent {
  /** its code as typed so far (may be empty on a new component) */
  readonly code: string;
  readonly type: ValueType | null;
}

const CODE = /^[A-Za-z_][A-Za-z0-9_]*$/;

/**
 * Every error of a formula as it is typed: its syntax, names and types against the catalogue and
 * the other components (checkFormula), then the dependency graph with this formula in it — the
 * cycles it closes, each named (A → B → A), which only the whole set of components can tell.
 * Other components' own errors are theirs, not this field's. Pure and fast (the check is
 * microseconds): called on every keystroke, never debounced.
 */
export function analyseFormula(text: string, scope: FormulaScope, edited: EditedComponent): FormulaError[] {
  const code = CODE.test(edited.code) ? edited.code : undefined;
  const others = (scope.components ?? []).filter(
    (component) => !code || component.code.toUpperCase() !== code.toUpperCase(),
  );
  const self: ComponentDefinition | null =
    code && edited.type ? { code, type: edited.type, formula: text } : null;
  const components = self ? [...others, self] : others;
  const checked = checkFormula(
    text,
    { catalogue: scope.catalogue, components },
    edited.type ? { resultType: edited.type } : {},
  );
  if (!checked.ok || !self || checked.components.length === 0) return [...checked.errors];
  // The graph: every component with a formula, this one's as typed.
  const template = checkTemplate(components, scope.catalogue);
  const upper = self.code.toUpperCase();
  return template.errors.filter(
    (error) =>
      error.code === 'cycle' &&
      (error.params.cycle ?? '').split(' → ').some((name) => name.toUpperCase() === upper),
  );
}

/** The error's range as [start, end) in the text, at least one character wide where the text allows. */
export function errorRange(text: string, error: FormulaError): { start: number; end: number } | null {
  if (error.start === undefined) return null;
  const start = Math.min(error.start, text.length);
  const end = Math.min(Math.max(error.end ?? start, start), text.length);
  return { start, end };
}
