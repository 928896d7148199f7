import { describe, expect, it } from 'vitest';
import { isActive, moduleRoutePrefixes } from './applications.ts';

describe('isActive', () => {
  const organization = { name: '@hcm/organization', routePrefixes: ['/om'] };

  it('keeps an app without prefixes always mounted', () => {
    expect(isActive({ name: '@hcm/shell', routePrefixes: [] }, { pathname: '/anything' })).toBe(true);
  });

  it('mounts a module app on its prefix and below it only', () => {
    expect(isActive(organization, { pathname: '/om' })).toBe(true);
    expect(isActive(organization, { pathname: '/om/employee/12/detail' })).toBe(true);
    expect(isActive(organization, { pathname: '/omega' })).toBe(false);
    expect(isActive(organization, { pathname: '/dashboard' })).toBe(false);
  });

  it('gives the shell every module prefix, and none for itself', () => {
    expect(moduleRoutePrefixes([{ name: '@hcm/shell', routePrefixes: [] }, organization])).toEqual(['/om']);
  });
});
