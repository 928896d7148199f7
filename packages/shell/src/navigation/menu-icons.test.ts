import { describe, expect, it } from 'vitest';
import { MENU } from '@hcm/contracts';
import { MENU_ICONS } from './menu-icons.ts';

describe('menu icons', () => {
  it('gives every first-level node of the menu its own icon', () => {
    const missing = MENU.filter((node) => !(node.key in MENU_ICONS)).map((node) => node.key);
    expect(missing).toEqual([]);
    const icons = MENU.map((node) => MENU_ICONS[node.key]);
    expect(new Set(icons).size).toBe(icons.length);
  });
});
