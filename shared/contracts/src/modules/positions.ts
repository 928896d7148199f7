import { defineContract, type RecordOf } from '../resource/contract.ts';
import { f } from '../resource/fields.ts';
import { CommonLabels, label } from '../resource/label.ts';
import { categoryFields } from './category.ts';

/**
 * Positions (chức vụ, Admin › categories › position; catalogues §3 "Position: parents"): a
 * category whose records form a tree, each under its parent position (a director above
 * deputies above heads of unit). The units a position leads directly or jointly come with the
 * organisation units (issue 11). GET /api/om/positions/find-all-tree answers the active tree.
 */
export const positionContract = defineContract({
  service: 'om',
  level: 'tenant',
  path: 'positions',
  route: '/setting/position',
  permission: 'position',
  title: label('category.position.title', 'Chức vụ', 'Positions'),
  singular: label('category.position.singular', 'Chức vụ', 'Position'),
  fields: {
    ...categoryFields,
    parentId: f.treeParent({ label: label('category.position.parent', 'Chức vụ cấp trên', 'Reports to') }),
  },
  columns: ['code', 'name', 'parentId', 'priority', 'status', 'lastModifiedAt'],
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

export type PositionRecord = RecordOf<typeof positionContract>;

/** A position in the tree GET /find-all-tree answers: the active positions under their parents. */
export interface PositionNode {
  readonly id: string;
  readonly code: string;
  readonly name: string;
  readonly children: readonly PositionNode[];
}
