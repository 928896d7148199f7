import { describe, expect, it } from 'vitest';
import { jobTitleContract } from '@hcm/contracts/categories';
import { fileNameOf, searchParams } from './resource-api.ts';
import { matchResourcePage, resourceRoutes } from './resource-routes.ts';

describe('resource routes', () => {
  const routes = resourceRoutes(jobTitleContract);

  it('give each page its URL, and read a URL back into its page', () => {
    expect(routes.list).toBe('/setting/job-titles');
    expect(routes.create).toBe('/setting/job-titles/create');
    expect(routes.detail('a b')).toBe('/setting/job-titles/a%20b/detail');
    expect(matchResourcePage(jobTitleContract, '/setting/job-titles/')).toEqual({ page: 'list' });
    expect(matchResourcePage(jobTitleContract, routes.create)).toEqual({ page: 'create' });
    expect(matchResourcePage(jobTitleContract, routes.update('a b'))).toEqual({ page: 'update', id: 'a b' });
    expect(matchResourcePage(jobTitleContract, routes.detail('x'))).toEqual({ page: 'detail', id: 'x' });
  });

  it('match no other path', () => {
    for (const path of [
      '/setting/job-titles-old',
      '/setting/job-titles/x',
      '/setting/job-titles/x/y/detail',
      '/',
    ])
      expect(matchResourcePage(jobTitleContract, path)).toBeNull();
  });
});

describe('download names and query strings', () => {
  it('read the file name of Content-Disposition, the encoded one first', () => {
    expect(fileNameOf('attachment; filename="job-titles_20260101.xlsx"', 'x')).toBe(
      'job-titles_20260101.xlsx',
    );
    expect(
      fileNameOf('attachment; filename="a.xlsx"; filename*=UTF-8\'\'ch%E1%BB%A9c%20danh.xlsx', 'x'),
    ).toBe('chức danh.xlsx');
    expect(fileNameOf(undefined, 'fallback.xlsx')).toBe('fallback.xlsx');
  });

  it('repeat a parameter per value and drop empty ones', () => {
    expect(
      searchParams({ keyword: 'kế', status: ['ACTIVE', 'INACTIVE'], code: '', x: null }).toString(),
    ).toBe('keyword=k%E1%BA%BF&status=ACTIVE&status=INACTIVE');
  });
});
