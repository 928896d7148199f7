import { describe, expect, it } from 'vitest';
import { MENU, menuEntries, type MenuEntry, type MenuNode } from '@hcm/contracts';
import { quickLinkGroups } from './quick-links.ts';

const jobTitles: MenuEntry = {
  kind: 'entry',
  key: 'jobTitle',
  path: '/setting/job-titles',
  authorities: [],
  levels: ['TENANT'],
};

describe('dashboard quick links', () => {
  it('makes one tile per first-level group, holding every entry below it', () => {
    const groups = quickLinkGroups(MENU);
    expect(groups.map((g) => g.key)).toEqual(MENU.filter((n) => n.kind === 'group').map((n) => n.key));
    const linked = groups.flatMap((g) => g.entries.map((e) => e.path));
    const all = menuEntries(MENU)
      .map((place) => place.entry.path)
      .filter((path) => path !== '/dashboard');
    expect(linked).toEqual(all);
  });

  it('flattens subgroups into their first-level group', () => {
    const menu: MenuNode[] = [
      {
        kind: 'group',
        key: 'admin',
        children: [{ kind: 'group', key: 'adminCategories', children: [jobTitles] }],
      },
    ];
    expect(quickLinkGroups(menu)).toEqual([{ key: 'admin', entries: [jobTitles] }]);
  });

  it('has no tile for a user who may open nothing but the dashboard', () => {
    expect(quickLinkGroups(MENU.filter((n) => n.kind === 'entry'))).toEqual([]);
  });
});
