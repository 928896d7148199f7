import { FieldLimits } from '../limits.ts';
import { defineContract, type RecordOf } from '../resource/contract.ts';
import { f } from '../resource/fields.ts';
import { CommonLabels, label } from '../resource/label.ts';
import { ResourceTitles } from '../resource/titles.ts';
import { CategoryLists, categoryExportColumns, categoryFields } from './category.ts';

/** The most ranks a military group has, and levels a technical group (levels are 1..20). */
export const MAX_MILITARY_RANKS = 50;
export const MAX_TECHNICAL_LEVEL = 20;

/** A coefficient of a rank or level: a decimal string, three digits after the point. */
const coefficient = () =>
  f.decimal({
    label: label('scaleGroup.coefficient', 'Hệ số', 'Coefficient'),
    precision: 10,
    scale: 3,
  });

/**
 * Military groups (catalogues §2.2, §7.4): an Admin category with its ranks, child rows edited
 * with the group (a code unique within the group, a name, an optional coefficient).
 */
export const militaryGroupContract = defineContract({
  service: 'om',
  path: 'military-groups',
  route: '/setting/military-group',
  permission: 'military_group',
  level: 'tenant',
  title: ResourceTitles.military_group,
  singular: label('scaleGroup.military.singular', 'Nhóm quân hàm', 'Military group'),
  fields: {
    ...categoryFields,
    ranks: f.children({
      label: label('scaleGroup.military.ranks', 'Cấp bậc quân hàm', 'Ranks'),
      maxItems: MAX_MILITARY_RANKS,
      fields: {
        code: f.code(),
        name: f.text({ label: CommonLabels.name, maxLength: FieldLimits.name, required: true }),
        coefficient: coefficient(),
      },
    }),
  },
  columns: ['code', 'name', 'ranks', 'priority', 'status', 'lastModifiedAt'],
  keyword: [...CategoryLists.keyword],
  filters: ['status', 'code'],
  sort: ['code', 'name', 'priority', 'createdAt', 'lastModifiedAt'],
  defaultSort: { field: 'priority', direction: 'asc' },
  sections: [
    { title: CommonLabels.general, fields: [...CategoryLists.general] },
    { title: label('scaleGroup.military.ranksSection', 'Cấp bậc', 'Ranks'), fields: ['ranks'] },
  ],
  exportColumns: [...categoryExportColumns('ranks')],
  importColumns: [...CategoryLists.imported],
});
export type MilitaryGroupRecord = RecordOf<typeof militaryGroupContract>;

/**
 * Technical groups (catalogues §2.2, §7.4): an Admin category with its levels, child rows edited
 * with the group (an index 1..20 unique within the group, a name, an optional coefficient).
 */
export const technicalGroupContract = defineContract({
  service: 'om',
  path: 'technical-groups',
  route: '/setting/technical-group',
  permission: 'technical_group',
  level: 'tenant',
  title: ResourceTitles.technical_group,
  singular: label('scaleGroup.technical.singular', 'Nhóm kỹ thuật', 'Technical group'),
  fields: {
    ...categoryFields,
    levels: f.children({
      label: label('scaleGroup.technical.levels', 'Bậc kỹ thuật', 'Levels'),
      maxItems: MAX_TECHNICAL_LEVEL,
      fields: {
        index: f.integer({
          label: label('scaleGroup.technical.index', 'Bậc', 'Level'),
          minimum: 1,
          maximum: MAX_TECHNICAL_LEVEL,
          required: true,
          unique: true,
        }),
        name: f.text({ label: CommonLabels.name, maxLength: FieldLimits.name, required: true }),
        coefficient: coefficient(),
      },
    }),
  },
  columns: ['code', 'name', 'levels', 'priority', 'status', 'lastModifiedAt'],
  keyword: [...CategoryLists.keyword],
  filters: ['status', 'code'],
  sort: ['code', 'name', 'priority', 'createdAt', 'lastModifiedAt'],
  defaultSort: { field: 'priority', direction: 'asc' },
  sections: [
    { title: CommonLabels.general, fields: [...CategoryLists.general] },
    { title: label('scaleGroup.technical.levelsSection', 'Bậc', 'Levels'), fields: ['levels'] },
  ],
  exportColumns: [...categoryExportColumns('levels')],
  importColumns: [...CategoryLists.imported],
});
export type TechnicalGroupRecord = RecordOf<typeof technicalGroupContract>;

/** Military groups with their ranks and technical groups with their levels. */
export const scaleGroupContracts = [militaryGroupContract, technicalGroupContract] as const;
