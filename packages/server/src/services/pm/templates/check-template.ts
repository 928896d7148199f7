import type { FieldError } from '@hcm/contracts';
import { checkTemplate, type FormulaError, type TemplateCheck, type VariableCatalogue } from '@hcm/formula';
import { definitionOf, type ComponentRow } from '../components/component-rows.ts';
import { formulaFieldError, refusalError } from '../components/formula-refusal.ts';

/** A template's components checked as one: @hcm/formula's answer and the refusals it makes. */
export interface CheckedTemplate {
  readonly check: TemplateCheck;
  /** each problem on its row (`components[i].componentId`), a cycle on `components` */
  readonly errors: readonly FieldError[];
  /** the problems as @hcm/formula said them, for comparing before and after a change */
  readonly formulaErrors: readonly FormulaError[];
  /** the components in the order they are computed (each after what it reads) */
  readonly order: readonly ComponentRow[];
}

const upper = (text: string | undefined) => (text ?? '').toUpperCase();

/**
 * Checks a template's components (in its order) against the catalogue: each formula, each type,
 * the dependency graph (checkTemplate). A formula naming a component of the tenant that the
 * template does not list is said so ("PIT reads BHXH, which is not in the template") rather than
 * as an unknown variable; `tenantCodes` are the tenant's component codes in upper case.
 */
export function checkTemplateRows(
  rows: readonly ComponentRow[],
  tenantCodes: ReadonlySet<string>,
  catalogue: VariableCatalogue,
): CheckedTemplate {
  const check = checkTemplate(rows.map(definitionOf), catalogue);
  const indexOf = new Map<string, number>();
  rows.forEach((row, index) => {
    if (!indexOf.has(upper(row.code))) indexOf.set(upper(row.code), index);
  });
  const errors = check.errors.map((error): FieldError => {
    if (error.code === 'cycle') return formulaFieldError('components', error);
    const owner = error.component ?? error.params.code;
    const index = indexOf.get(upper(owner));
    const field = index === undefined ? 'components' : `components[${index}].componentId`;
    const name = upper(error.params.name);
    if (error.code === 'unknownVariable' && tenantCodes.has(name) && !indexOf.has(name))
      return refusalError(field, 'missingFromTemplate', { component: owner ?? '', name });
    return formulaFieldError(field, error);
  });
  return {
    check,
    errors,
    formulaErrors: check.errors,
    order: check.order.map((index) => rows[index] as ComponentRow),
  };
}

/** What makes two reports of one problem the same (the component, the kind, the text). */
export const problemKey = (error: FormulaError) =>
  `${upper(error.component)}|${error.key}|${error.message.en}`;
