import { salaryComponentContract } from '@hcm/contracts/salary-components';
import { catalogueOf, checkFormula } from '@hcm/formula';
import { conflictBecause } from '../../../http/errors.ts';
import { bindResource } from '../../../resources/index.ts';
import type { HookContext } from '../../../resources/types.ts';
import { loadCatalogue } from '../variables/catalogue.ts';
import { salaryComponents } from '../tables/salary-components.ts';
import { refreshTemplates } from '../templates/refresh-templates.ts';
import { checkComponentWrite, checkImportedComponents } from './check-component.ts';
import { componentRowOf, templatesUsing, tenantComponents } from './component-rows.ts';
import { PayrollRefusals } from './formula-refusal.ts';

type Row = Record<string, unknown>;

/** Kept in upper case: formulas match names case-insensitively, the catalogue spells them so. */
function normalise(values: Row, before: Row | null): void {
  if (typeof values.code === 'string') values.code = values.code.toUpperCase();
  // an input has no formula (the table's check): switching to INPUT drops it
  const source = values.source ?? before?.source;
  if (source === 'INPUT' && (values.formula !== undefined || before?.formula)) values.formula = null;
}

/**
 * The tenant's catalogue, read once per transaction: an import checks each of its rows against
 * it, and nothing in the transaction changes the parameters or tables it lists.
 */
const catalogues = new WeakMap<HookContext['tx'], ReturnType<typeof loadCatalogue>>();
function tenantCatalogue({ tx, caller }: HookContext): ReturnType<typeof loadCatalogue> {
  let catalogue = catalogues.get(tx);
  if (!catalogue) {
    catalogue = loadCatalogue(tx, caller.tenantId as string);
    catalogues.set(tx, catalogue);
  }
  return catalogue;
}

const NO_CATALOGUE = catalogueOf([]);

/** An import's rows checked once, together (check-component.ts), for each row's validate. */
const importChecks = new WeakMap<HookContext['tx'], ReturnType<typeof checkImportedComponents>>();
function importCheck(context: HookContext): ReturnType<typeof checkImportedComponents> {
  let check = importChecks.get(context.tx);
  if (!check) {
    check = tenantCatalogue(context).then((catalogue) =>
      checkImportedComponents(
        context.tx,
        catalogue,
        (context.importRows ?? []).map((row) => componentRowOf(row)),
      ),
    );
    importChecks.set(context.tx, check);
  }
  return check;
}

/** A component's delete refused while a template lists it or another formula reads it (409). */
async function refuseDeleteInUse({ tx }: HookContext, record: Row): Promise<void> {
  const code = String(record.code);
  const templates = await templatesUsing(tx, [String(record.id)]);
  if (templates.length > 0) {
    const names = templates.map((t) => t.code).join(', ');
    throw conflictBecause(
      'inUse',
      PayrollRefusals.usedByTemplates.en.replace(/\{\{code\}\}/g, code).replace('{{templates}}', names),
      { code, templates: names },
    );
  }
  const readers = (await tenantComponents(tx)).filter((row) => {
    if (row.id === record.id || row.source !== 'FORMULA' || !row.formula) return false;
    // the names its formula reads, as the checker resolves them (a variable of that code included)
    const read = checkFormula(row.formula, {
      catalogue: NO_CATALOGUE,
      components: [{ code, type: 'NUMBER' }],
    });
    return read.components.includes(code.toUpperCase());
  });
  if (readers.length > 0) {
    const names = readers.map((row) => row.code).join(', ');
    throw conflictBecause(
      'inUse',
      PayrollRefusals.readByComponents.en.replace(/\{\{code\}\}/g, code).replace('{{components}}', names),
      { code, components: names },
    );
  }
}

/**
 * Salary › Payroll composition bound to migration 0073's salary_components. Each write is
 * checked as the component it would make (check-component.ts: the formula against the tenant's
 * catalogue and other components, a code that is no catalogue name, nothing it breaks); the
 * templates listing it then get its new code and their computation order again
 * (refresh-templates.ts). An import's rows are checked together: a row's formula may read a
 * component another row adds (HookContext.importRows).
 */
export const salaryComponentResource = bindResource(salaryComponentContract, {
  table: salaryComponents,
  hooks: {
    async validate(context, changes, before) {
      const after = componentRowOf(before ? { ...before, ...changes } : changes);
      if (context.importRows && !before) return (await importCheck(context)).refuse(after);
      await checkComponentWrite(
        context.tx,
        await tenantCatalogue(context),
        after,
        before ? componentRowOf(before) : null,
      );
    },
    beforeCreate: (_context, values) => normalise(values, null),
    beforeUpdate: (_context, before, changes) => normalise(changes, before),
    async afterUpdate({ tx }, before, after) {
      const changed = ['code', 'valueType', 'source', 'formula', 'roundingMode', 'roundingDigits'].some(
        (name) => before[name] !== after[name],
      );
      if (changed)
        await refreshTemplates(
          tx,
          (await templatesUsing(tx, [String(after.id)])).map((t) => t.id),
        );
    },
    beforeDelete: refuseDeleteInUse,
  },
});
