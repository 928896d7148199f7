import { FieldLimits, type PermissionResource } from '@hcm/contracts';
import type { PgTable } from 'drizzle-orm/pg-core';
import { defineResource, field, type Label } from '../../../resources/index.ts';

/** The fields every Admin category (catalogues §2.2) has. */
export const categoryFields = {
  code: field.code(),
  name: field.text(FieldLimits.name, { required: true, label: { vi: 'Tên', en: 'Name' } }),
  description: field.text(FieldLimits.description, { label: { vi: 'Mô tả', en: 'Description' } }),
  priority: field.integer({ label: { vi: 'Thứ tự ưu tiên', en: 'Priority' } }),
  status: field.status(),
};

/**
 * An Admin category: code, name, description, priority, status, served under /api/om/{path}.
 * Default sort by priority ascending (catalogues §7.1).
 */
export function defineCategory(options: {
  path: string;
  permission: PermissionResource;
  table: PgTable;
  title: Label;
}) {
  return defineResource({
    service: 'om',
    ...options,
    fields: categoryFields,
    create: ['code', 'name', 'description', 'priority', 'status'],
    update: ['code', 'name', 'description', 'priority'],
    search: ['code', 'name'],
    filters: ['status', 'code'],
    sort: ['code', 'name', 'priority', 'createdAt', 'lastModifiedAt'],
    defaultSort: { field: 'priority', direction: 'asc' },
    exportColumns: ['code', 'name', 'description', 'priority', 'status', 'createdAt', 'lastModifiedAt'],
    importColumns: ['code', 'name', 'description', 'priority'],
  });
}
