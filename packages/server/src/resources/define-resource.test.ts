import { describe, expect, it } from 'vitest';
import { jobTitles } from '../services/om/tables/categories.ts';
import { jobTitleResource } from '../services/om/categories/category-resources.ts';
import { defineResource } from './define-resource.ts';
import { likePattern } from './search/list-query.ts';
import type { ResourceDeclaration } from './types.ts';

const categoryFields = jobTitleResource.fields;

const valid: ResourceDeclaration<typeof categoryFields> = {
  service: 'om',
  path: 'job-titles',
  permission: 'job_title',
  table: jobTitles,
  title: { vi: 'Chức danh', en: 'Job titles' },
  fields: categoryFields,
  create: ['code', 'name'],
  update: ['name'],
  search: ['code', 'name'],
  filters: ['status'],
  sort: ['priority', 'createdAt'],
  defaultSort: { field: 'priority', direction: 'asc' },
  exportColumns: ['code', 'createdAt'],
  importColumns: ['code', 'name'],
};

describe('defineResource', () => {
  it('derives the path, module and permissions from one declaration', () => {
    const definition = defineResource(valid);
    expect(definition.basePath).toBe('/api/om/job-titles');
    expect(definition.module).toBe('OM');
    expect(definition.permissionFor('export')).toBe('job_title.export');
    expect(definition.column('code')).toBe(jobTitles.code);
  });

  it.each([
    [{ module: 'TM' as const }, /differs from the permission catalogue/],
    [{ path: 'Job_Titles' }, /lower-case words/],
    [{ create: ['code' as const] }, /required field name is not in create/],
    [{ importColumns: ['code' as const] }, /required field name is not in importColumns/],
    [{ search: ['priority' as const] }, /search field priority is not text/],
    [{ defaultSort: { field: 'code' as const, direction: 'asc' as const } }, /defaultSort is not among sort/],
    [{ fields: { ...categoryFields, salary: categoryFields.priority } }, /the table has no column salary/],
    // user (SYSTEM and TENANT) on a tenant table: system users could hold it and get 403
    [{ permission: 'user' as const, module: 'SETTING' as const }, /needs the user level TENANT alone/],
    [{ permission: 'tenant' as const, module: 'SYSTEM' as const }, /needs the user level TENANT alone/],
    [{ scope: 'system' as const, permission: 'job_title' as const }, /needs the user level SYSTEM alone/],
    // shared: one global list both levels may be granted (system users write, tenant users read)
    [{ scope: 'shared' as const }, /a shared resource needs the user levels SYSTEM and TENANT/],
    [
      { scope: 'shared' as const, permission: 'coefficient' as const, module: 'PM' as const },
      /a shared resource is a global table: it has no tenantId column/,
    ],
  ])('refuses a declaration that contradicts itself or its table: %o', (change, message) => {
    expect(() => defineResource({ ...valid, ...change } as typeof valid)).toThrow(message);
  });
});

describe('likePattern', () => {
  it('makes the keyword match anywhere, with %, _ and \\ taken literally', () => {
    expect(likePattern('a%b_c\\d')).toBe('%a\\%b\\_c\\\\d%');
  });
});
