import { createHash } from 'node:crypto';
import { FieldErrorKeys } from '@hcm/contracts';
import type { TemplateMatch } from '@hcm/contracts/payroll-templates';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../../db/database.ts';
import { loadTables } from '../lookup-tables/load-tables.ts';
import type { CompiledTemplateCache } from '../templates/compiled-cache.ts';
import type { CompiledPayrollTemplate } from '../templates/compiled-template.ts';
import { activeTemplateScopes, bySpecificity, matchTemplate } from '../templates/resolve-template.ts';
import { loadWorkerValues } from '../variables/load-values.ts';
import { errorsReading } from '../variables/value-errors.ts';
import { runPlanOf, type RunComponent } from './run-plan.ts';
import type { LoadedWorker, PayrollSources, PlanResult } from './sources.ts';

/*
 * The pay periods' sources wired to the payroll module's parts (sources.ts says what each is):
 * the compiled templates (services/pm/templates: the process's cache of checked and compiled
 * templates, read once per run), the templates' rule of who they apply to (matchTemplate and
 * bySpecificity, applied here to a whole month's roll at once), the lookup tables in force
 * (services/pm/lookup-tables) and the values loader (services/pm/variables).
 */

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** The compiled template's components as the run takes them: the checked definitions, with what the table shows. */
function runComponents(template: CompiledPayrollTemplate): RunComponent[] {
  return template.components.map((component, index) => {
    const definition = template.check.components[index]?.definition;
    return {
      code: component.code,
      type: definition?.type ?? component.valueType,
      formula: component.source === 'FORMULA' ? (definition?.formula ?? component.formula ?? null) : null,
      rounding: definition?.rounding ?? null,
      name: component.name,
      nameEn: component.nameEn ?? null,
      source: component.source,
      category: component.category,
    };
  });
}

const fingerprintOf = (template: CompiledPayrollTemplate) =>
  createHash('sha256').update(template.fingerprint).digest('hex');

const refusal = (message: string, field = 'templateId'): PlanResult => ({
  ok: false,
  errors: [{ field, code: FieldErrorKeys.invalidValue, message }],
  message,
});

export function payrollSources(templates: CompiledTemplateCache): PayrollSources {
  return {
    async runPlan(tx, tenantId, templateId, month) {
      const template = await templates.template(tx, tenantId, templateId);
      if (!template) return refusal('No such payroll template');
      if (template.status !== 'ACTIVE')
        return refusal(`The payroll template ${template.code} is inactive: activate it or choose another`);
      if (!template.compiled || !template.check.ok)
        return {
          ok: false,
          errors: [...template.errors],
          message: `The payroll template ${template.code} does not check: ${template.errors
            .map((error) => error.message)
            .join('; ')}`,
        };
      const bound = template.compiled.bind(await loadTables(tx, tenantId, month.last));
      if (!bound.ok) return refusal(`${template.code}: ${bound.error.message.en}`);
      return {
        ok: true,
        plan: runPlanOf(
          { id: template.templateId, version: template.version, fingerprint: fingerprintOf(template) },
          runComponents(template),
          template.check,
          bound.template,
        ),
      };
    },

    async templateComponents(tx, tenantId, templateId) {
      const template = await templates.template(tx, tenantId, templateId);
      return template ? { version: template.version, components: runComponents(template) } : null;
    },

    async workersOfTemplate(tx: Tx, tenantId, templateId, month, workerIds) {
      const scopes = await activeTemplateScopes(tx);
      if (!scopes.some((scope) => scope.id === templateId)) return [];
      const workers = rowsOf<{ id: string; unit: string; subject: string | null; type: string | null }>(
        await tx.execute(sql`
          select w.id, w.organization_unit_id as unit, w.subject_of_labor_id as subject, c.type
            from workers w
            left join lateral (
              select contract_type_id as type from labor_contracts c
               where c.tenant_id = w.tenant_id and c.worker_id = w.id and c.parent_contract_id is null
                 and c.approval_status = 'APPROVED' and c.effective_date <= ${month.last}::date
                 and (c.expiry_date is null or c.expiry_date >= ${month.last}::date)
               order by c.effective_date desc, c.signing_date desc, c.created_at desc limit 1) c on true
           where w.tenant_id = ${tenantId}::uuid and w.id = any(${`{${workerIds.join(',')}}`}::uuid[])`),
      );
      const parents = new Map(
        rowsOf<{ id: string; parent: string | null }>(
          await tx.execute(
            sql`select id, parent_id as parent from organization_units where tenant_id = ${tenantId}::uuid`,
          ),
        ).map((unit) => [unit.id, unit.parent]),
      );
      const chains = new Map<string, Map<string, number>>();
      const chainOf = (unit: string) => {
        let chain = chains.get(unit);
        if (!chain) {
          chain = new Map();
          for (
            let at: string | null | undefined = unit, depth = 0;
            at && !chain.has(at) && depth < 1000;
            depth++
          ) {
            chain.set(at, depth);
            at = parents.get(at);
          }
          chains.set(unit, chain);
        }
        return chain;
      };
      return workers
        .filter((worker) => {
          const applicability = {
            workerId: worker.id,
            organizationUnitId: worker.unit,
            subjectOfLaborId: worker.subject,
            contractTypeId: worker.type,
            unitDepths: chainOf(worker.unit),
          };
          const [best] = scopes
            .map((scope) => matchTemplate(scope, applicability))
            .filter((match): match is TemplateMatch => match !== null)
            .sort(bySpecificity);
          return best?.id === templateId;
        })
        .map((worker) => worker.id);
    },

    async loadWorkers(tx, tenantId, month, workerIds, reads) {
      const period = await loadWorkerValues(tx, tenantId, { month: month.first.slice(0, 7), workerIds });
      const loaded = new Map<string, LoadedWorker>();
      for (const worker of period.workers) {
        const [missing] = errorsReading(worker.errors, reads);
        loaded.set(
          worker.workerId,
          missing
            ? {
                ok: false,
                error: {
                  component: null,
                  code: missing.code,
                  message: missing.message,
                  params: { variables: missing.variables.join(', ') },
                },
              }
            : { ok: true, values: period.inputsOf(worker) },
        );
      }
      return loaded;
    },
  };
}
