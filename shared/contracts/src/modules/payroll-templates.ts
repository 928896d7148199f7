import { FieldLimits } from '../limits.ts';
import { defineContract, type RecordOf } from '../resource/contract.ts';
import { f, type ReferenceTarget } from '../resource/fields.ts';
import { CommonLabels, label } from '../resource/label.ts';
import { ResourceTitles } from '../resource/titles.ts';
import { SALARY_COMPONENT_TARGET } from './salary-components.ts';

const l = (key: string, vi: string, en: string) => label(`payrollTemplate.${key}`, vi, en);

/** Limits of one template (a Vietnamese payslip has 20 to 60 lines; the bench 40). */
export const PayrollTemplateLimits = {
  components: 200,
  units: 100,
  subjectsOfLabor: 50,
  contractTypes: 50,
  payslipLines: 200,
} as const;

const UNIT_TARGET: ReferenceTarget = {
  resource: 'organization_unit',
  apiPath: '/api/om/organization-units',
  display: 'name',
};
const SUBJECT_OF_LABOR_TARGET: ReferenceTarget = {
  resource: 'subject_of_labor',
  apiPath: '/api/om/subjects-of-labor',
  display: 'name',
};
const CONTRACT_TYPE_TARGET: ReferenceTarget = {
  resource: 'contract_type',
  apiPath: '/api/om/contract-types',
  display: 'name',
};

/** The component's code, filled by the server from the component on every write (never typed). */
const componentCode = f.text({
  label: l('componentCode', 'Mã thành phần', 'Component code'),
  maxLength: FieldLimits.code,
  readOnly: true,
});

const componentId = (unique: boolean) =>
  f.reference({
    label: l('component', 'Thành phần lương', 'Salary component'),
    required: true,
    unique,
    target: SALARY_COMPONENT_TARGET,
  });

/**
 * Salary › Payroll template (Mẫu bảng lương, catalogues §2.1 payroll-template; issue 32 item 5;
 * docs/payroll-templates.md): the salary components a payroll computes, in the order HR lists
 * them; to whom it applies — units (each with or without the units below it), subjects of labour
 * and contract types, an empty list meaning all — and the payslip's layout: its lines in order,
 * each a component shown under a group title (consecutive lines with one title make a group).
 *
 * On save the whole template is checked with @hcm/formula (checkTemplate): a cycle is refused
 * naming it (A → B → C → A), an unknown name naming it and its component, a component read by a
 * formula but missing from the template naming both (422, each on its row). `resolvedOrder` is
 * the order the components are computed in (each after those it reads), written by the server
 * on every save and whenever a component it uses changes; a run and "try it" use it.
 */
export const payrollTemplateContract = defineContract({
  service: 'pm',
  path: 'payroll-templates',
  route: '/pm/payroll-template',
  permission: 'salary_slip_template',
  level: 'tenant',
  title: ResourceTitles.salary_slip_template,
  singular: l('singular', 'Mẫu bảng lương', 'Payroll template'),
  fields: {
    code: f.code(),
    name: f.text({ label: CommonLabels.name, maxLength: FieldLimits.name, required: true }),
    description: f.text({
      label: CommonLabels.description,
      maxLength: FieldLimits.description,
      multiline: true,
    }),
    status: f.status(),
    components: f.children({
      label: l('components', 'Các thành phần lương', 'Salary components'),
      fields: { componentId: componentId(true), componentCode },
      maxItems: PayrollTemplateLimits.components,
      cellItems: ['componentCode'],
    }),
    units: f.children({
      label: l('units', 'Áp dụng cho đơn vị', 'For units'),
      fields: {
        organizationUnitId: f.reference({
          label: l('unit', 'Đơn vị', 'Unit'),
          required: true,
          unique: true,
          target: UNIT_TARGET,
        }),
        includeSubUnits: f.boolean({
          label: l('includeSubUnits', 'Gồm đơn vị cấp dưới', 'With the units below'),
        }),
      },
      maxItems: PayrollTemplateLimits.units,
      hint: l('unitsHint', 'Để trống: mọi đơn vị', 'Empty: every unit'),
    }),
    subjectsOfLabor: f.references({
      label: l('subjectsOfLabor', 'Áp dụng cho đối tượng lao động', 'For subjects of labour'),
      target: SUBJECT_OF_LABOR_TARGET,
      maxItems: PayrollTemplateLimits.subjectsOfLabor,
      hint: l('subjectsOfLaborHint', 'Để trống: mọi đối tượng', 'Empty: every subject of labour'),
    }),
    contractTypes: f.references({
      label: l('contractTypes', 'Áp dụng cho loại hợp đồng', 'For contract types'),
      target: CONTRACT_TYPE_TARGET,
      maxItems: PayrollTemplateLimits.contractTypes,
      hint: l('contractTypesHint', 'Để trống: mọi loại hợp đồng', 'Empty: every contract type'),
    }),
    payslip: f.children({
      label: l('payslip', 'Bố cục phiếu lương', 'Payslip layout'),
      fields: {
        groupTitle: f.text({
          label: l('groupTitle', 'Nhóm', 'Group'),
          maxLength: FieldLimits.title,
          required: true,
        }),
        groupTitleEn: f.text({
          label: l('groupTitleEn', 'Nhóm (tiếng Anh)', 'Group (English)'),
          maxLength: FieldLimits.title,
        }),
        componentId: componentId(true),
        componentCode,
      },
      maxItems: PayrollTemplateLimits.payslipLines,
      cellItems: ['groupTitle', 'componentCode'],
      hint: l(
        'payslipHint',
        'Các dòng liền nhau cùng tên nhóm thành một nhóm trên phiếu lương',
        'Consecutive lines with one group title make one group of the payslip',
      ),
    }),
    resolvedOrder: {
      ...f.children({
        label: l('resolvedOrder', 'Thứ tự tính', 'Computation order'),
        fields: { componentId: componentId(false), componentCode },
        maxItems: PayrollTemplateLimits.components,
        cellItems: ['componentCode'],
      }),
      readOnly: true,
    },
  },
  columns: ['code', 'name', 'status', 'lastModifiedAt'],
  optionalColumns: ['description'],
  keyword: ['code', 'name'],
  filters: ['status'],
  sort: ['code', 'name', 'createdAt', 'lastModifiedAt'],
  defaultSort: { field: 'code', direction: 'asc' },
  sections: [
    { title: CommonLabels.general, fields: ['code', 'name', 'description', 'status'] },
    { title: l('componentsSection', 'Thành phần lương', 'Salary components'), fields: ['components'] },
    {
      title: l('applicabilitySection', 'Phạm vi áp dụng', 'Applies to'),
      fields: ['units', 'subjectsOfLabor', 'contractTypes'],
    },
    { title: l('payslipSection', 'Phiếu lương', 'Payslip'), fields: ['payslip'] },
  ],
  exportColumns: ['code', 'name', 'description', 'components', 'status', 'lastModifiedAt'],
  importColumns: ['code', 'name', 'description'],
});
export type PayrollTemplateRecord = RecordOf<typeof payrollTemplateContract>;

/** One group of a payslip as the template's lines make it. */
export interface PayslipGroup {
  readonly title: { readonly vi: string; readonly en: string };
  /** the components shown, in order, by code */
  readonly components: readonly string[];
}

/**
 * The payslip's groups from its lines: consecutive lines with one title (and English title) make
 * one group, in the lines' order.
 */
export function payslipGroupsOf(
  lines: readonly {
    readonly groupTitle: string;
    readonly groupTitleEn: string | null;
    readonly componentCode: string | null;
  }[],
): PayslipGroup[] {
  const groups: { title: { vi: string; en: string }; components: string[] }[] = [];
  for (const line of lines) {
    const en = line.groupTitleEn ?? line.groupTitle;
    const last = groups[groups.length - 1];
    const group =
      last && last.title.vi === line.groupTitle && last.title.en === en
        ? last
        : (groups[groups.length] = { title: { vi: line.groupTitle, en }, components: [] });
    if (line.componentCode) group.components.push(line.componentCode);
  }
  return groups;
}

/**
 * GET /api/pm/payroll-templates/resolve?workerId=&date=: which ACTIVE template applies to a
 * worker on a date (docs/payroll-templates.md, "Which template applies"). `template` is the most
 * specific match (null when none matches); `candidates` every match, best first, with why.
 */
export interface TemplateResolution {
  readonly workerId: string;
  readonly date: string;
  /** what the worker was matched on: the unit, subject of labour and contract type (null: none) */
  readonly organizationUnitId: string;
  readonly subjectOfLaborId: string | null;
  readonly contractTypeId: string | null;
  readonly template: TemplateMatch | null;
  readonly candidates: readonly TemplateMatch[];
  /** true when the best two are equally specific: the smaller code was taken */
  readonly tie: boolean;
}

export interface TemplateMatch {
  readonly id: string;
  readonly code: string;
  readonly name: string;
  /** how many of units, subjects of labour and contract types the template names (0–3) */
  readonly dimensions: number;
  /** levels from the worker's unit up to the unit the template names (0 its own); null: every unit */
  readonly unitDistance: number | null;
  readonly contractTypeNamed: boolean;
  readonly subjectOfLaborNamed: boolean;
}

export const payrollTemplateContracts = [payrollTemplateContract] as const;
