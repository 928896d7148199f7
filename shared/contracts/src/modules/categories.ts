import { FieldLimits } from '../limits.ts';
import type { PermissionResource } from '../permissions.ts';
import { defineContract, type RecordOf } from '../resource/contract.ts';
import { f } from '../resource/fields.ts';
import { CommonLabels, label, type Label } from '../resource/label.ts';

/** The fields every Admin category of catalogues §2.2 has. */
export const categoryFields = {
  code: f.code(),
  name: f.text({ label: CommonLabels.name, maxLength: FieldLimits.name, required: true }),
  description: f.text({
    label: CommonLabels.description,
    maxLength: FieldLimits.description,
    multiline: true,
  }),
  priority: f.integer({ label: CommonLabels.priority }),
  status: f.status(),
};

/**
 * An Admin category (code, name, description, priority, status) of tenant users, served at
 * /api/om/{path} and drawn at /setting/{route}; sorted by priority first (catalogues §7.1).
 */
export function categoryContract(options: {
  path: string;
  route: string;
  permission: PermissionResource;
  title: Label;
  singular: Label;
}) {
  return defineContract({
    service: 'om',
    level: 'tenant',
    ...options,
    fields: categoryFields,
    columns: ['code', 'name', 'description', 'priority', 'status', 'lastModifiedAt'],
    keyword: ['code', 'name'],
    filters: ['status', 'code'],
    sort: ['code', 'name', 'priority', 'createdAt', 'lastModifiedAt'],
    defaultSort: { field: 'priority', direction: 'asc' },
    sections: [{ title: CommonLabels.general, fields: ['code', 'name', 'priority', 'description'] }],
    exportColumns: ['code', 'name', 'description', 'priority', 'status', 'createdAt', 'lastModifiedAt'],
    importColumns: ['code', 'name', 'description', 'priority'],
  });
}

export const jobTitleContract = categoryContract({
  path: 'job-titles',
  route: '/setting/job-titles',
  permission: 'job_title',
  title: label('category.jobTitle.title', 'Chức danh', 'Job titles'),
  singular: label('category.jobTitle.singular', 'Chức danh', 'Job title'),
});
export const ethnicityContract = categoryContract({
  path: 'ethnicities',
  route: '/setting/ethnicity',
  permission: 'ethnicity',
  title: label('category.ethnicity.title', 'Dân tộc', 'Ethnicities'),
  singular: label('category.ethnicity.singular', 'Dân tộc', 'Ethnicity'),
});
export const religionContract = categoryContract({
  path: 'religions',
  route: '/setting/religion',
  permission: 'religion',
  title: label('category.religion.title', 'Tôn giáo', 'Religions'),
  singular: label('category.religion.singular', 'Tôn giáo', 'Religion'),
});

export type CategoryRecord = RecordOf<typeof jobTitleContract>;

/** Every category contract: the admin micro-app draws a page for each, the server binds each. */
export const categoryContracts = [jobTitleContract, ethnicityContract, religionContract] as const;
