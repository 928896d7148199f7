import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { menuEntries } from '@hcm/contracts';
import { CLIENT_ROUTE, CONFIGURATION_ROUTE } from '@hcm/contracts/system';

type Dictionary = Record<string, Record<string, unknown>>;
const read = (path: string): Dictionary =>
  JSON.parse(readFileSync(new URL(path, import.meta.url), 'utf8')) as Dictionary;

describe('the hand-made System › Client and Configuration pages', () => {
  it('are titled as their menu entries, in both languages', () => {
    const keys = new Map(menuEntries().map(({ entry }) => [entry.path, entry.key]));
    for (const language of ['vi', 'en'] as const) {
      const menu = (read(`../../shell/i18n/${language}.json`).navigation as { menu: Record<string, string> })
        .menu;
      const admin = read(`../i18n/${language}.json`);
      expect(admin.client?.title).toBe(menu[keys.get(CLIENT_ROUTE) ?? '']);
      expect(admin.configuration?.title).toBe(menu[keys.get(CONFIGURATION_ROUTE) ?? '']);
    }
  });

  it('have every text in Vietnamese and English alike', () => {
    const shape = (value: unknown): unknown =>
      typeof value === 'object' && value !== null
        ? Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, shape(inner)]))
        : typeof value;
    const vi = read('../i18n/vi.json');
    const en = read('../i18n/en.json');
    expect(shape(vi.client)).toEqual(shape(en.client));
    expect(shape(vi.configuration)).toEqual(shape(en.configuration));
  });
});
