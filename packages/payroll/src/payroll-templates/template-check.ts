import { checkTemplate, type FormulaError, type VariableCatalogue } from '@hcm/formula';
import { definitionOf, type ComponentRow } from '../formula-editor/scope-api.ts';

/** One problem of the template as it is put together: on a row (a component), or of the whole. */
export type TemplateProblem =
  | { readonly kind: 'formula'; readonly error: FormulaError }
  /** the row's formula reads a component of the tenant that the template lacks */
  | { readonly kind: 'missing'; readonly reader: string; readonly missing: ComponentRow };

export interface TemplateCheckResult {
  /** by row index */
  readonly rows: ReadonlyMap<number, readonly TemplateProblem[]>;
  /** problems no row holds */
  readonly general: readonly TemplateProblem[];
  /** the components to add for every formula to find what it reads, by code, once each */
  readonly missing: readonly ComponentRow[];
}

/**
 * The template's components checked together, as the server will on save (checkTemplate of
 * @hcm/formula): each formula against the catalogue and the template's other components, and
 * the dependency graph, each cycle on the row of the component it is named from. A name that is
 * no variable but a component of the tenant outside the template is said as such (the component
 * is missing from the template), with the component to add.
 */
export function checkTemplateRows(
  rows: readonly { readonly componentId: unknown }[],
  components: readonly ComponentRow[],
  catalogue: VariableCatalogue,
): TemplateCheckResult {
  const byId = new Map(components.map((component) => [component.id, component]));
  const byCode = new Map(components.map((component) => [component.code.toUpperCase(), component]));
  const chosen = rows.map((row) => byId.get(String(row.componentId ?? '')) ?? null);
  const present = chosen.filter((component): component is ComponentRow => component !== null);
  const rowOf = new Map(
    chosen.flatMap((component, index) => (component ? [[component.code.toUpperCase(), index] as const] : [])),
  );
  const check = checkTemplate(present.map(definitionOf), catalogue);
  const problems = new Map<number, TemplateProblem[]>();
  const general: TemplateProblem[] = [];
  const missing = new Map<string, ComponentRow>();
  for (const error of check.errors) {
    const row = error.component === undefined ? undefined : rowOf.get(error.component.toUpperCase());
    const name = (error.params.name ?? '').toUpperCase();
    const absent = error.code === 'unknownVariable' && !rowOf.has(name) ? byCode.get(name) : undefined;
    const problem: TemplateProblem =
      absent && error.component
        ? { kind: 'missing', reader: error.component, missing: absent }
        : { kind: 'formula', error };
    if (absent) missing.set(absent.code.toUpperCase(), absent);
    if (row === undefined) general.push(problem);
    else problems.set(row, [...(problems.get(row) ?? []), problem]);
  }
  return { rows: problems, general, missing: [...missing.values()] };
}
