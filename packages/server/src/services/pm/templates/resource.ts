import { FieldErrorKeys, type FieldError } from '@hcm/contracts';
import { payrollTemplateContract } from '@hcm/contracts/payroll-templates';
import { validationFailed } from '../../../http/errors.ts';
import { bindResource } from '../../../resources/index.ts';
import type { HookContext } from '../../../resources/types.ts';
import { subjectsOfLabor } from '../../om/tables/categories.ts';
import { contractTypes } from '../../om/tables/wage-categories.ts';
import { tenantComponents, type ComponentRow } from '../components/component-rows.ts';
import { formulaRefused, refusalError } from '../components/formula-refusal.ts';
import {
  payrollTemplateComponents,
  payrollTemplateContractTypes,
  payrollTemplateOrder,
  payrollTemplatePayslip,
  payrollTemplates,
  payrollTemplateSubjects,
  payrollTemplateUnits,
} from '../tables/payroll-templates.ts';
import { loadCatalogue } from '../variables/catalogue.ts';
import { checkTemplateRows } from './check-template.ts';
import { refreshTemplates } from './refresh-templates.ts';

type Row = Record<string, unknown>;
type Item = { componentId?: unknown };

const itemsOf = (value: unknown): Item[] => (Array.isArray(value) ? (value as Item[]) : []);

/**
 * The template as it would be after the write, checked whole: every listed component is one of
 * the tenant's (400 on its row), the payslip shows only listed components (400 on its line), and
 * the components check as one template (@hcm/formula checkTemplate: names, types, a component
 * read but not listed, cycles; 422 each on its row, a cycle on `components`).
 */
async function checkTemplateWrite(
  { tx, caller }: HookContext,
  changes: Row,
  before: Row | null,
): Promise<void> {
  if (before && changes.components === undefined && changes.payslip === undefined) return;
  const listed = itemsOf(changes.components ?? before?.components);
  const payslip = itemsOf(changes.payslip ?? before?.payslip);
  const stored = await tenantComponents(tx);
  const byId = new Map(stored.map((row) => [row.id, row]));
  const unknown: FieldError[] = [];
  const rows: ComponentRow[] = [];
  listed.forEach((item, index) => {
    const row = byId.get(String(item.componentId));
    if (row) rows.push(row);
    else
      unknown.push({
        ...refusalError(`components[${index}].componentId`, 'componentUnknown'),
        code: FieldErrorKeys.invalidValue,
      });
  });
  const inTemplate = new Set(listed.map((item) => String(item.componentId)));
  payslip.forEach((item, index) => {
    const id = String(item.componentId);
    if (inTemplate.has(id)) return;
    const name = byId.get(id)?.code ?? id;
    unknown.push({
      ...refusalError(`payslip[${index}].componentId`, 'payslipNotInTemplate', { name }),
      code: FieldErrorKeys.invalidValue,
    });
  });
  if (unknown.length > 0) throw validationFailed(unknown, 'The template names components it cannot have');
  const catalogue = await loadCatalogue(tx, caller.tenantId as string);
  const codes = new Set(stored.map((row) => row.code.toUpperCase()));
  const { errors } = checkTemplateRows(rows, codes, catalogue);
  if (errors.length > 0) throw formulaRefused([...errors], 'The template’s components do not compute');
}

/**
 * Salary › Payroll template bound to migration 0073's tables: the template, its components in
 * HR's order, the units (with or without the units below) and the subjects of labour and contract
 * types it applies to, its payslip lines, and the computation order the server keeps. Each write
 * is checked whole (checkTemplateWrite); after it the components' codes and the order are written
 * again (refresh-templates.ts) in the same transaction.
 */
export const payrollTemplateResource = bindResource(payrollTemplateContract, {
  table: payrollTemplates,
  children: {
    components: {
      table: payrollTemplateComponents,
      parent: payrollTemplateComponents.templateId,
      order: payrollTemplateComponents.position,
    },
    units: {
      table: payrollTemplateUnits,
      parent: payrollTemplateUnits.templateId,
      order: payrollTemplateUnits.position,
    },
    payslip: {
      table: payrollTemplatePayslip,
      parent: payrollTemplatePayslip.templateId,
      order: payrollTemplatePayslip.position,
    },
    resolvedOrder: {
      table: payrollTemplateOrder,
      parent: payrollTemplateOrder.templateId,
      order: payrollTemplateOrder.position,
    },
  },
  referenceLists: {
    subjectsOfLabor: {
      table: payrollTemplateSubjects,
      parent: payrollTemplateSubjects.templateId,
      value: payrollTemplateSubjects.subjectOfLaborId,
      order: payrollTemplateSubjects.ordinal,
      target: subjectsOfLabor,
    },
    contractTypes: {
      table: payrollTemplateContractTypes,
      parent: payrollTemplateContractTypes.templateId,
      value: payrollTemplateContractTypes.contractTypeId,
      order: payrollTemplateContractTypes.ordinal,
      target: contractTypes,
    },
  },
  hooks: {
    validate: checkTemplateWrite,
    async afterCreate({ tx }, record) {
      await refreshTemplates(tx, [String(record.id)]);
      await reloadLists(tx, record);
    },
    async afterUpdate({ tx }, before, after) {
      if (after === before) return;
      await refreshTemplates(tx, [String(after.id)]);
      await reloadLists(tx, after);
    },
  },
});

/** The record's lists as written by refreshTemplates (codes, order), for the answer. */
async function reloadLists(tx: HookContext['tx'], record: Row): Promise<void> {
  const id = String(record.id);
  for (const name of ['components', 'payslip', 'resolvedOrder'] as const) {
    const list = payrollTemplateResource.lists[name];
    if (list) record[name] = (await list.load(tx, [id])).get(id) ?? [];
  }
}
