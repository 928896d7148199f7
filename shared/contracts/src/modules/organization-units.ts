import { FieldLimits, Patterns } from '../limits.ts';
import { defineContract, type RecordOf } from '../resource/contract.ts';
import { f } from '../resource/fields.ts';
import { CommonLabels, label } from '../resource/label.ts';
import { ResourceTitles } from '../resource/titles.ts';
import type { WageRegion } from './wage-categories.ts';

/** The longest name of an organisation unit (issue 11: "name up to 255"). */
export const UNIT_NAME_MAX = 255;

/**
 * The kinds of organisation unit, outermost first. 'TO' (tổ, nhóm: a team) is the kind the
 * Admin › Working group page keeps (catalogues §9: "Working group typeCodes value 'TO'").
 */
export const UNIT_TYPE_CODES = ['CONG_TY', 'CHI_NHANH', 'KHOI', 'PHONG', 'TO'] as const;
export type UnitTypeCode = (typeof UNIT_TYPE_CODES)[number];
export const WORKING_GROUP_TYPE: UnitTypeCode = 'TO';

const typeLabels = {
  CONG_TY: label('organizationUnit.type.company', 'Công ty', 'Company'),
  CHI_NHANH: label('organizationUnit.type.branch', 'Chi nhánh', 'Branch'),
  KHOI: label('organizationUnit.type.division', 'Khối', 'Division'),
  PHONG: label('organizationUnit.type.department', 'Phòng ban', 'Department'),
  TO: label('organizationUnit.type.team', 'Tổ, nhóm', 'Team'),
} as const;

const wageRegion = f.enumOf({
  label: label('organizationUnit.wageRegion', 'Vùng lương tối thiểu', 'Minimum wage region'),
  hint: label(
    'organizationUnit.wageRegionHint',
    'Vùng của nơi làm việc; để trống: theo đơn vị cấp trên',
    'The workplace’s region; empty: as the parent unit',
  ),
  valueLabels: {
    I: label('category.regionWage.regionI', 'Vùng I', 'Region I'),
    II: label('category.regionWage.regionII', 'Vùng II', 'Region II'),
    III: label('category.regionWage.regionIII', 'Vùng III', 'Region III'),
    IV: label('category.regionWage.regionIV', 'Vùng IV', 'Region IV'),
  } satisfies Record<WageRegion, unknown>,
});

const unitFields = {
  code: f.code(),
  name: f.text({ label: CommonLabels.name, maxLength: UNIT_NAME_MAX, required: true }),
  typeCode: f.enumOf({
    label: label('organizationUnit.typeCode', 'Loại đơn vị', 'Unit type'),
    required: true,
    valueLabels: typeLabels,
    defaultValue: 'PHONG',
  }),
  parentId: f.treeParent({ label: label('organizationUnit.parent', 'Đơn vị cấp trên', 'Parent unit') }),
  wageRegion,
  address: f.text({
    label: label('organizationUnit.address', 'Địa chỉ', 'Address'),
    maxLength: FieldLimits.address,
  }),
  phone: f.text({
    label: label('organizationUnit.phone', 'Điện thoại', 'Phone'),
    maxLength: FieldLimits.phoneMax,
    minLength: FieldLimits.phoneMin,
    pattern: Patterns.phone,
    example: (n) => `0912${String(n).padStart(6, '0')}`,
  }),
  email: f.text({
    label: label('organizationUnit.email', 'Email', 'Email'),
    maxLength: FieldLimits.email,
    pattern: Patterns.email,
    example: (n) => `unit${n}@example.vn`,
  }),
  establishedDate: f.date({
    label: label('organizationUnit.establishedDate', 'Ngày thành lập', 'Established on'),
  }),
  description: f.text({
    label: CommonLabels.description,
    maxLength: FieldLimits.description,
    multiline: true,
  }),
  priority: f.integer({ label: CommonLabels.priority }),
  status: f.status(),
};

/**
 * Organisation › Organisation chart (catalogues §2.1, §3 "Organisation unit", §7.4 "Organisation
 * chart: GET find all"): the units of the tenant as a tree (a company, its branches, divisions,
 * departments and teams), each under its parent unit. GET /find-all-tree answers the active
 * units flat, with their parents, for the chart. A unit's minimum wage region, when empty, is its
 * parent's (GET /api/om/region-wages/by-organization-units).
 */
export const organizationUnitContract = defineContract({
  service: 'om',
  level: 'tenant',
  path: 'organization-units',
  route: '/om/organization-chart',
  permission: 'organization_unit',
  title: ResourceTitles.organization_unit,
  singular: label('organizationUnit.singular', 'Đơn vị', 'Organisation unit'),
  fields: unitFields,
  columns: ['code', 'name', 'typeCode', 'parentId', 'wageRegion', 'status', 'lastModifiedAt'],
  keyword: ['code', 'name'],
  filters: ['status', 'code', 'typeCode', 'parentId', 'wageRegion'],
  sort: ['code', 'name', 'typeCode', 'priority', 'createdAt', 'lastModifiedAt'],
  defaultSort: { field: 'priority', direction: 'asc' },
  sections: [
    {
      title: CommonLabels.general,
      fields: ['code', 'name', 'typeCode', 'parentId', 'wageRegion', 'establishedDate', 'priority'],
    },
    {
      title: label('organizationUnit.contact', 'Liên hệ', 'Contact'),
      fields: ['address', 'phone', 'email', 'description'],
    },
  ],
  exportColumns: [
    'code',
    'name',
    'typeCode',
    'parentId',
    'wageRegion',
    'address',
    'phone',
    'email',
    'establishedDate',
    'description',
    'priority',
    'status',
    'createdAt',
    'lastModifiedAt',
  ],
  importColumns: [
    'code',
    'name',
    'typeCode',
    'parentId',
    'wageRegion',
    'address',
    'phone',
    'email',
    'establishedDate',
    'description',
    'priority',
  ],
  importMatches: 'code',
});
export type OrganizationUnitRecord = RecordOf<typeof organizationUnitContract>;

/**
 * Admin › Working group (catalogues §2.2, §9 "Working group typeCodes value 'TO'"): the teams of
 * the organisation, kept as organisation units of type TO in the same table, so that a team made
 * here appears in the chart under its unit and one made in the chart appears here. The unit it
 * belongs to is any unit of the tenant.
 */
export const workingGroupContract = defineContract({
  service: 'om',
  level: 'tenant',
  path: 'working-groups',
  route: '/setting/working-group',
  permission: 'worker_group',
  title: ResourceTitles.worker_group,
  singular: label('category.workerGroup.singular', 'Nhóm lao động', 'Working group'),
  fields: {
    code: unitFields.code,
    name: unitFields.name,
    parentId: f.reference({
      label: label('workingGroup.unit', 'Thuộc đơn vị', 'Belongs to unit'),
      target: { resource: 'organization_unit', apiPath: '/api/om/organization-units', display: 'name' },
    }),
    description: unitFields.description,
    priority: unitFields.priority,
    status: unitFields.status,
  },
  columns: ['code', 'name', 'parentId', 'description', 'priority', 'status', 'lastModifiedAt'],
  keyword: ['code', 'name'],
  filters: ['status', 'code', 'parentId'],
  sort: ['code', 'name', 'priority', 'createdAt', 'lastModifiedAt'],
  defaultSort: { field: 'priority', direction: 'asc' },
  sections: [
    { title: CommonLabels.general, fields: ['code', 'name', 'parentId', 'priority', 'description'] },
  ],
  exportColumns: [
    'code',
    'name',
    'parentId',
    'description',
    'priority',
    'status',
    'createdAt',
    'lastModifiedAt',
  ],
  importColumns: ['code', 'name', 'parentId', 'description', 'priority'],
});
export type WorkingGroupRecord = RecordOf<typeof workingGroupContract>;

/** A unit as GET /find-all-tree answers it: flat, with its parent (null at the top). */
export interface OrganizationUnitNode {
  readonly id: string;
  readonly code: string;
  readonly name: string;
  readonly typeCode: UnitTypeCode;
  readonly parentId: string | null;
  readonly priority: number;
  /** the workers working in the unit itself (the chart adds up the units below) */
  readonly workerQuantity: number;
  /** how many leaders the unit has (working holders of a position directly managing it) */
  readonly leaderCount: number;
  /** the first few of them (catalogues §3: organisation unit leaders) */
  readonly leaders: readonly UnitLeader[];
}

/** A leader of a unit, as its chart box shows it. */
export interface UnitLeader {
  readonly workerId: string;
  readonly fullName: string;
  /** for the default avatar (catalogues §3: default avatars by gender) */
  readonly gender: string | null;
  /** their photo (GET /api/storage/files/{id}/thumbnail); null: the default avatar */
  readonly avatarId: string | null;
  readonly positionName: string;
}

export { WAGE_REGIONS, type WageRegion } from './wage-categories.ts';

/** GET /api/om/region-wages/by-organization-units: a unit, its region and the wage in force there. */
export interface UnitRegionWage {
  readonly organizationUnitId: string;
  /** the unit's own region, else its nearest ancestor's; null when none has one */
  readonly region: WageRegion | null;
  /** the ACTIVE region wage of that region with the latest effective date on or before the date */
  readonly regionWageId: string | null;
  readonly amount: string | null;
  readonly effectiveDate: string | null;
}
