import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { allOf } from '../../../../scripts/testing/all-of.ts';
import { Languages } from '../enums.ts';
import { menuEntries } from '../menu.ts';
import { ResourceLabels } from '../permission-labels.ts';
import type { PermissionResource } from '../permissions.ts';
import type { AnyResourceContract } from './contract.ts';
import { ResourceTitles, type TitledResource } from './titles.ts';

const isContract = (value: unknown): value is AnyResourceContract =>
  typeof value === 'object' &&
  value !== null &&
  allOf(['apiPath', 'route', 'permission', 'title'], (name) => name in value);

/**
 * Every contract the modules export, alone or in a list: read from the folder, so that a
 * contract added later is held to the rule without being listed here.
 */
async function declaredContracts(): Promise<AnyResourceContract[]> {
  const folder = fileURLToPath(new URL('../modules/', import.meta.url));
  const found = new Map<string, AnyResourceContract>();
  for (const file of readdirSync(folder).filter((name) => /(?<!\.test)\.ts$/.test(name))) {
    const exported = (await import(`${folder}${file}`)) as Record<string, unknown>;
    for (const value of Object.values(exported).flat())
      if (isContract(value)) found.set(value.apiPath, value);
  }
  return [...found.values()];
}

const contracts = await declaredContracts();
const entryAt = new Map(menuEntries().map(({ entry }) => [entry.path, entry]));

describe("a resource contract's title", () => {
  it('is found for every contract the modules declare', () => {
    expect(contracts.length).toBeGreaterThanOrEqual(Object.keys(ResourceTitles).length);
  });

  it('is its resource’s title (resource/titles.ts), the one Label, and each title has its contract', () => {
    const own = contracts.filter(
      (contract) => ResourceTitles[contract.permission as TitledResource] !== contract.title,
    );
    expect(own.map((contract) => `${contract.apiPath}: ${contract.title.key}`)).toEqual([]);
    const titled = new Set(contracts.map((contract) => contract.permission));
    expect(
      Object.keys(ResourceTitles).filter((resource) => !titled.has(resource as PermissionResource)),
    ).toEqual([]);
  });

  it('names the menu entry of the contract’s page: the same Label, not a text of the shell', () => {
    const misnamed = contracts.filter((contract) => entryAt.get(contract.route)?.label !== contract.title);
    expect(misnamed.map((contract) => contract.route)).toEqual([]);
    // and an entry names no page by a title other than that page's contract's
    const labelled = menuEntries().filter(({ entry }) => entry.label !== undefined);
    expect(
      allOf(labelled, ({ entry }) =>
        contracts.some((contract) => contract.route === entry.path && contract.title === entry.label),
      ),
    ).toBe(true);
  });

  it('names the contract’s permission resource: the same Label', () => {
    const misnamed = contracts.filter((contract) => ResourceLabels[contract.permission] !== contract.title);
    expect(misnamed.map((contract) => contract.permission)).toEqual([]);
  });

  it('leaves no two resources of the permission matrix one name in a language', () => {
    for (const language of Languages) {
      const names = Object.values(ResourceLabels).map((label) => label[language]);
      expect(
        names.filter((name, at) => names.indexOf(name) !== at),
        language,
      ).toEqual([]);
    }
  });
});
