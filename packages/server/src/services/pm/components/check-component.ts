import { FieldErrorKeys, type FieldError } from '@hcm/contracts';
import { checkTemplate, type FormulaError, type VariableCatalogue } from '@hcm/formula';
import type { Tx } from '../../../db/database.ts';
import { validationFailed } from '../../../http/errors.ts';
import { checkTemplateRows, problemKey } from '../templates/check-template.ts';
import { definitionOf, templatesUsing, tenantComponents, type ComponentRow } from './component-rows.ts';
import { formulaFieldError, formulaRefused, refusalError } from './formula-refusal.ts';

const upper = (text: string | undefined) => (text ?? '').toUpperCase();

/** The field a change of the component is refused on: what changed that decides its meaning. */
function changedField(before: ComponentRow, after: ComponentRow): string {
  if (upper(before.code) !== upper(after.code)) return 'code';
  if (before.valueType !== after.valueType) return 'valueType';
  if (before.source !== after.source || before.formula !== after.formula) return 'formula';
  return 'roundingMode';
}

/** An error of the component itself: on its code (a catalogue name) or its formula. */
function ownError(error: FormulaError, code: string): FieldError | null {
  if (error.code === 'componentIsVariable' || error.code === 'invalidCode')
    return upper(error.params.code) === code ? formulaFieldError('code', error) : null;
  if (error.code === 'cycle')
    return (error.params.cycle ?? '').split(' → ').some((name) => upper(name) === code)
      ? formulaFieldError('formula', error)
      : null;
  return upper(error.component) === code ? formulaFieldError('formula', error) : null;
}

/** A formula component without its formula: 400 on `formula`, required. */
function refuseMissingFormula(row: ComponentRow): void {
  if (row.source === 'FORMULA' && !row.formula?.trim())
    throw validationFailed(
      [
        {
          field: 'formula',
          code: FieldErrorKeys.required,
          message: 'is required when the source is FORMULA',
        },
      ],
      'A formula component needs its formula',
    );
}

/**
 * The components an import adds, checked together with the tenant's (one check for the whole
 * file, however many rows): `refuse(row)` throws what `checkComponentWrite` would for that row.
 */
export async function checkImportedComponents(
  tx: Tx,
  catalogue: VariableCatalogue,
  rows: readonly ComponentRow[],
): Promise<{ refuse(row: ComponentRow): void }> {
  const codes = new Set(rows.map((row) => upper(row.code)));
  const stored = (await tenantComponents(tx)).filter((row) => !codes.has(upper(row.code)));
  const checked = checkTemplate([...rows, ...stored].map(definitionOf), catalogue);
  return {
    refuse(row) {
      refuseMissingFormula(row);
      const code = upper(row.code);
      const own = checked.errors
        .map((error) => ownError(error, code))
        .filter((e): e is FieldError => e !== null);
      if (own.length > 0) throw formulaRefused(own, `The salary component ${row.code} is not valid`);
    },
  };
}

/**
 * A component about to be written (`after`; `before` on an update), checked against the tenant:
 * a formula component has its formula; its code is not a catalogue variable or table; its
 * formula checks against the catalogue and the tenant's other components (names, types, no
 * cycle through it) — 422 with each problem on `code` or `formula`, naming the variable and its
 * place. An update must not break what worked: another component's formula that read it, and
 * each template that lists it (422 naming the component or template and the error).
 */
export async function checkComponentWrite(
  tx: Tx,
  catalogue: VariableCatalogue,
  after: ComponentRow,
  before: ComponentRow | null,
): Promise<void> {
  refuseMissingFormula(after);
  const code = upper(after.code);
  const stored = await tenantComponents(tx);
  const others = stored.filter((row) => row.id !== before?.id && upper(row.code) !== code);
  // the component first: a cycle through it is said starting from it (A → C → B → A)
  const afterAll = [after, ...others];
  const checked = checkTemplate(afterAll.map(definitionOf), catalogue);
  const own = checked.errors.map((error) => ownError(error, code)).filter((e): e is FieldError => e !== null);
  if (own.length > 0) throw formulaRefused(own, `The salary component ${after.code} is not valid`);
  if (!before?.id) return;

  const field = changedField(before, after);
  const broken: FieldError[] = [];
  // other components whose formula worked and no longer does
  const baseline = new Set(checkTemplate(stored.map(definitionOf), catalogue).errors.map(problemKey));
  for (const error of checked.errors)
    if (!baseline.has(problemKey(error)) && ownError(error, code) === null)
      broken.push(
        refusalError(field, 'breaksComponent', { component: error.component ?? '', error: error.message }),
      );
  // each template listing it, checked as it is and as it would be
  const rowsById = (rows: readonly ComponentRow[]) => new Map(rows.map((row) => [row.id, row]));
  const storedById = rowsById(stored);
  const afterById = rowsById([...others, { ...after, id: before.id }]);
  const codesOf = (rows: readonly ComponentRow[]) => new Set(rows.map((row) => upper(row.code)));
  for (const template of await templatesUsing(tx, [before.id])) {
    const rowsIn = (byId: Map<string | null, ComponentRow>) =>
      template.componentIds.map((id) => byId.get(id)).filter((row): row is ComponentRow => row !== undefined);
    const was = checkTemplateRows(rowsIn(storedById), codesOf(stored), catalogue);
    const now = checkTemplateRows(rowsIn(afterById), codesOf(afterAll), catalogue);
    const known = new Set(was.formulaErrors.map(problemKey));
    now.formulaErrors.forEach((error, index) => {
      if (known.has(problemKey(error))) return;
      const said = now.errors[index];
      const text =
        said?.params && typeof said.params.vi === 'string' && typeof said.params.en === 'string'
          ? { vi: said.params.vi, en: said.params.en }
          : error.message;
      broken.push(refusalError(field, 'breaksTemplate', { template: template.code, error: text }));
    });
  }
  if (broken.length > 0)
    throw formulaRefused(broken, `Changing ${before.code} breaks the formulas or templates that use it`);
}
