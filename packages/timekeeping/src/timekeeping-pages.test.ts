import { describe, expect, it } from 'vitest';
import { MICRO_APPS, TIMEKEEPING_APP, menuEntries } from '@hcm/contracts';
import { HAND_MADE_PAGES } from './hand-made-pages.ts';
import { TIMEKEEPING_RESOURCES } from './resources.ts';
import { routeOf } from './timekeeping-pages.ts';

const resourceRoutes = TIMEKEEPING_RESOURCES.map(({ contract }) => contract.route);
const handMadeRoutes = Object.keys(HAND_MADE_PAGES);

describe('the timekeeping app', () => {
  it('declares exactly the routes it has pages for: its records and its hand-made pages', () => {
    expect([...TIMEKEEPING_APP.routes].sort()).toEqual([...resourceRoutes, ...handMadeRoutes].sort());
    expect(new Set(resourceRoutes).size, 'a record listed twice').toBe(resourceRoutes.length);
    for (const route of handMadeRoutes) expect(resourceRoutes, route).not.toContain(route);
  });

  it('draws timekeeping menu entries only, the records of the tm service', () => {
    const paths = new Set(menuEntries().map(({ entry }) => entry.path));
    for (const route of TIMEKEEPING_APP.routes) {
      expect(paths.has(route), route).toBe(true);
      expect(route.startsWith('/tm/'), route).toBe(true);
    }
    for (const { contract } of TIMEKEEPING_RESOURCES) expect(contract.service, contract.route).toBe('tm');
    expect(MICRO_APPS).toContain(TIMEKEEPING_APP);
  });

  it('knows the route of a path below it, and none outside it', () => {
    for (const route of TIMEKEEPING_APP.routes) {
      expect(routeOf(`${route}/`)).toBe(route);
      expect(routeOf(`${route}/0b6c6f4e-1d2a-4c55-9a1e-5f1c2d3e4f50/detail`)).toBe(route);
      expect(routeOf(`${route}-other`)).toBe(null);
    }
    expect(routeOf('/dashboard')).toBe(null);
    expect(routeOf('/tm')).toBe(null);
  });
});
