import { describe, expect, it } from 'vitest';
import { MICRO_APPS, PAYROLL_APP, menuEntries } from '@hcm/contracts';
import { HAND_MADE_PAGES } from './hand-made-pages.ts';
import { PAYROLL_RESOURCES } from './resources.ts';
import { routeOf } from './payroll-pages.ts';

const resourceRoutes = PAYROLL_RESOURCES.map(({ contract }) => contract.route);
const handMadeRoutes = Object.keys(HAND_MADE_PAGES);

describe('the payroll app', () => {
  it('declares exactly the routes it has pages for: its records and its hand-made pages', () => {
    expect([...PAYROLL_APP.routes].sort()).toEqual([...resourceRoutes, ...handMadeRoutes].sort());
    expect(new Set(resourceRoutes).size, 'a record listed twice').toBe(resourceRoutes.length);
    for (const route of handMadeRoutes) expect(resourceRoutes, route).not.toContain(route);
  });

  it('draws Salary menu entries only, the records of the pm service', () => {
    const salary = menuEntries().filter(({ groups }) => groups[0]?.key === 'salary');
    const paths = new Set(salary.map(({ entry }) => entry.path));
    for (const route of PAYROLL_APP.routes) {
      expect(paths.has(route), route).toBe(true);
      expect(route.startsWith('/pm/'), route).toBe(true);
    }
    for (const { contract } of PAYROLL_RESOURCES) expect(contract.service, contract.route).toBe('pm');
    expect(MICRO_APPS).toContain(PAYROLL_APP);
  });

  it('leaves the payroll scale where it is served, its route unchanged', () => {
    const owners = MICRO_APPS.filter((app) => app.routes.includes('/pm/payroll-scale'));
    expect(owners.map((app) => app.name)).toEqual(['@hcm/admin']);
  });

  it('knows the route of a path below it, and none outside it', () => {
    for (const route of PAYROLL_APP.routes) {
      expect(routeOf(`${route}/`)).toBe(route);
      expect(routeOf(`${route}/0b6c6f4e-1d2a-4c55-9a1e-5f1c2d3e4f50/detail`)).toBe(route);
      expect(routeOf(`${route}-other`)).toBe(null);
    }
    expect(routeOf('/dashboard')).toBe(null);
    expect(routeOf('/pm')).toBe(null);
    expect(routeOf('/pm/payroll-scale')).toBe(null);
  });
});
