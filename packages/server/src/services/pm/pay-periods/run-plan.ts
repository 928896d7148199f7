import type { BoundTemplate, ComponentDefinition, TemplateCheck, ValueType } from '@hcm/formula';

/*
 * What one computation of a pay period works with, made once per run (docs/payroll-periods.md,
 * "Computing"): the template's components in its declared order, checked and compiled once, and
 * bound to the period's lookup tables. Every worker of the run is then only `bound.run(...)`.
 */

/** A component as the run needs it: what the formula package compiles, and what the table shows. */
export interface RunComponent extends ComponentDefinition {
  readonly name: string;
  readonly nameEn: string | null;
  readonly source: 'INPUT' | 'FORMULA';
  /** EARNING, DEDUCTION, EMPLOYER_CONTRIBUTION, INFORMATION */
  readonly category: string;
}

export interface RunPlan {
  readonly templateId: string;
  /** the template's version compiled: the run uses it to its end, whatever changes meanwhile */
  readonly templateVersion: number;
  /** a digest of the template's and its components' versions: equal, the same template compiled */
  readonly fingerprint: string;
  /** in the template's declared order: the order of `bound.codes` and of every run's values */
  readonly components: readonly RunComponent[];
  readonly check: TemplateCheck;
  readonly bound: BoundTemplate;
  /** the indexes of the INPUT components (no formula) */
  readonly inputIndexes: readonly number[];
  /** the catalogue variables the template reads (upper case): the loader's errors that matter */
  readonly reads: readonly string[];
}

/** The numeric value types: stored as an amount or a number, and 0 when an input was not typed. */
const NUMERIC: ReadonlySet<ValueType> = new Set(['INTEGER', 'MONEY', 'DOUBLE', 'PERCENT', 'NUMBER']);
export const isNumericType = (type: ValueType): boolean => NUMERIC.has(type);

/** A plan from a checked template (ok) bound to its tables. */
export function runPlanOf(
  template: { readonly id: string; readonly version: number; readonly fingerprint: string },
  components: readonly RunComponent[],
  check: TemplateCheck,
  bound: BoundTemplate,
): RunPlan {
  const inputIndexes = components.flatMap((component, index) =>
    component.formula === null || component.formula === undefined ? [index] : [],
  );
  return {
    templateId: template.id,
    templateVersion: template.version,
    fingerprint: template.fingerprint,
    components,
    check,
    bound,
    inputIndexes,
    reads: [...new Set(check.components.flatMap((component) => component.variables))],
  };
}

/** The index of a component by code (case-insensitive), or -1. */
export function componentIndex(plan: RunPlan, code: string): number {
  const wanted = code.toUpperCase();
  return plan.components.findIndex((component) => component.code.toUpperCase() === wanted);
}
