import { describe, expect, it } from 'vitest';
import { MENU, menuEntries, moduleSegmentOf, type MenuGroup, type MenuNode } from './menu.ts';
import { PermissionResources, isPermissionCode, type PermissionResource } from './permissions.ts';
import { UserLevels } from './enums.ts';

const places = menuEntries();
const groupsOf = (nodes: readonly MenuNode[]): MenuGroup[] =>
  nodes.flatMap((n) => (n.kind === 'group' ? [n, ...groupsOf(n.children)] : []));

describe('the sidebar menu', () => {
  it('has the groups of catalogues §2.2, in order, after the dashboard', () => {
    expect(MENU.map((n) => n.key)).toEqual([
      'dashboard',
      'organisation',
      'assignmentKpi',
      'timekeeping',
      'salary',
      'admin',
      'system',
      'notifications',
    ]);
    expect(groupsOf(MENU).map((g) => g.key)).toContain('timekeepingDocuments');
    // Entries per top-level node, counted from the lists of catalogues §2.2, and Contacts (a
    // route of catalogues §2.1 that §2.2 leaves out: every employee needs a way to it), and the
    // two notification pages of §2.1 (each user's inbox, sending to an audience), and the
    // week-off and standard-working pages of §2.1's Leave rules (their own records, issue 30), and
    // the check-in page and its settings (issue 30 item 6: every worker checks in from a phone),
    // and each employee's own month (issue 31: self-service on a phone).
    expect(MENU.map((n) => (n.kind === 'group' ? menuEntries(n.children).length : 1))).toEqual([
      1, 10, 7, 25, 16, 29, 13, 2,
    ]);
  });

  it('names only declared view permissions', () => {
    for (const { entry } of places)
      for (const code of entry.authorities) {
        expect(isPermissionCode(code), `${entry.key}: ${code}`).toBe(true);
        expect(code).toMatch(/\.view$/);
      }
  });

  it('gives every entry and group a unique key and every entry a unique path', () => {
    const keys = [...places.map((p) => p.entry.key), ...groupsOf(MENU).map((g) => g.key)];
    expect(new Set(keys).size).toBe(keys.length);
    const paths = places.map((p) => p.entry.path);
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('puts every page but the dashboard under a module segment', () => {
    for (const { entry } of places) {
      if (entry.key === 'dashboard') continue;
      expect(['/om', '/kpi', '/tm', '/pm', '/setting', '/system', '/notification']).toContain(
        moduleSegmentOf(entry.path),
      );
      expect(entry.path).toMatch(/^\/[a-z]+\/[a-z-]+$/);
    }
  });

  it('allows the levels the permission catalogue gives the entry’s resources', () => {
    const byKey = new Map(places.map((p) => [p.entry.key, p.entry]));
    expect(byKey.get('employeeList')?.authorities).toEqual(['worker.view']);
    expect(byKey.get('employeeList')?.levels).toEqual(['TENANT']);
    expect(byKey.get('tenant')?.levels).toEqual(['SYSTEM']);
    expect(byKey.get('user')?.levels).toEqual(['SYSTEM', 'TENANT']);
    expect(byKey.get('dashboard')).toMatchObject({ authorities: [], levels: UserLevels });
    for (const { entry } of places) {
      const resources = entry.authorities.map((c) => c.split('.')[0] as PermissionResource);
      const expected = UserLevels.filter((l) =>
        resources.some((r) => (PermissionResources[r].levels as readonly string[]).includes(l)),
      );
      if (entry.authorities.length > 0) expect(entry.levels, entry.key).toEqual(expected);
    }
  });

  it('has no empty group', () => {
    for (const g of groupsOf(MENU)) expect(g.children.length, g.key).toBeGreaterThan(0);
  });
});
