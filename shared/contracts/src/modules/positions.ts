import { defineContract, type RecordOf } from '../resource/contract.ts';
import { f } from '../resource/fields.ts';
import { CommonLabels, label } from '../resource/label.ts';
import { ResourceTitles } from '../resource/titles.ts';
import { categoryFields } from './category.ts';

/** An organisation unit (Organisation › Organisation chart), chosen with its auto-complete. */
const ORGANIZATION_UNIT = {
  resource: 'organization_unit',
  apiPath: '/api/om/organization-units',
  display: 'name',
} as const;

/** The most units a position leads in one way (directly, or jointly). */
export const POSITION_UNITS_MAX = 50;

/**
 * Positions (chức vụ, Admin › categories › position; catalogues §3 "Position: parents,
 * directUnits, jointUnits"): a category whose records form a tree, each under its parent
 * position (a director above deputies above heads of unit), with the organisation units it
 * leads directly and those it leads jointly (kiêm nhiệm), in the order chosen; a unit is not
 * both for one position. GET /api/om/positions/find-all-tree answers the active tree.
 */
export const positionContract = defineContract({
  service: 'om',
  level: 'tenant',
  path: 'positions',
  route: '/setting/position',
  permission: 'position',
  title: ResourceTitles.position,
  singular: label('category.position.singular', 'Chức vụ', 'Position'),
  fields: {
    ...categoryFields,
    parentId: f.treeParent({ label: label('category.position.parent', 'Chức vụ cấp trên', 'Reports to') }),
    directUnits: f.references({
      label: label('category.position.directUnits', 'Đơn vị quản lý trực tiếp', 'Units led directly'),
      target: ORGANIZATION_UNIT,
      maxItems: POSITION_UNITS_MAX,
    }),
    jointUnits: f.references({
      label: label('category.position.jointUnits', 'Đơn vị kiêm nhiệm', 'Units led jointly'),
      hint: label(
        'category.position.jointUnitsHint',
        'Không trùng với đơn vị quản lý trực tiếp',
        'Not one of the units led directly',
      ),
      target: ORGANIZATION_UNIT,
      maxItems: POSITION_UNITS_MAX,
    }),
  },
  columns: ['code', 'name', 'parentId', 'directUnits', 'jointUnits', 'priority', 'status', 'lastModifiedAt'],
  keyword: ['code', 'name', 'nameEn'],
  filters: ['status', 'code', 'parentId'],
  sort: ['code', 'name', 'priority', 'createdAt', 'lastModifiedAt'],
  defaultSort: { field: 'priority', direction: 'asc' },
  sections: [
    {
      title: CommonLabels.general,
      fields: ['code', 'name', 'nameEn', 'parentId', 'priority', 'description'],
    },
    {
      title: label('category.position.units', 'Đơn vị phụ trách', 'Units led'),
      fields: ['directUnits', 'jointUnits'],
    },
  ],
  exportColumns: [
    'code',
    'name',
    'nameEn',
    'parentId',
    'directUnits',
    'jointUnits',
    'description',
    'priority',
    'status',
    'createdAt',
    'lastModifiedAt',
  ],
  importColumns: ['code', 'name', 'nameEn', 'parentId', 'description', 'priority'],
});

export type PositionRecord = RecordOf<typeof positionContract>;

/** A position in the tree GET /find-all-tree answers: the active positions under their parents. */
export interface PositionNode {
  readonly id: string;
  readonly code: string;
  readonly name: string;
  readonly children: readonly PositionNode[];
}
