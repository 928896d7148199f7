import { describe, expect, it } from 'vitest';
import { jobTitles } from '../../services/om/tables/categories.ts';
import { jobTitleResource } from '../../services/om/categories/category-resources.ts';
import { declaredResources } from '../../services/declared-resources.ts';
import { defineResource } from '../define-resource.ts';
import { AUDIT_FIELDS, type ResourceDeclaration, type ResourceDefinition } from '../types.ts';

const declaration: ResourceDeclaration = {
  ...jobTitleResource.declaration,
  table: jobTitles,
  listFields: undefined,
};

/** A row with every key a record may carry (the page's statement and its attachments). */
function fullRow(definition: ResourceDefinition): Record<string, unknown> {
  const row: Record<string, unknown> = { id: 'r-1', version: 3 };
  for (const name of [
    ...Object.keys(definition.fields),
    ...Object.keys(definition.lists),
    ...Object.keys(definition.declaration.derived ?? {}),
    ...AUDIT_FIELDS,
  ])
    row[name] = null;
  for (const name of Object.keys(definition.fields)) {
    row[`${name}Info`] = null;
    row[`${name}Name`] = null;
  }
  for (const name of Object.keys(definition.lists)) row[`${name}Info`] = [];
  return row;
}

const propertiesOf = (schema: unknown) => Object.keys((schema as { properties: object }).properties).sort();

describe('list rows (ListView)', () => {
  it('are the whole record when a declaration names no listFields', () => {
    const definition = defineResource(declaration);
    expect(definition.listView.fields).toEqual([
      ...Object.keys(definition.fields),
      ...Object.keys(definition.lists),
      ...AUDIT_FIELDS,
    ]);
    expect(propertiesOf(definition.schemas.listRecord)).toEqual(propertiesOf(definition.schemas.record));
  });

  it('refuse a listFields name that is neither a field, a list nor an audit column', () => {
    expect(() => defineResource({ ...declaration, listFields: ['code', 'nope'] })).toThrow(
      /listFields names nope/,
    );
  });

  it('select id, version and the columns named, and answer those only', () => {
    const definition = defineResource({ ...declaration, listFields: ['code', 'name', 'lastModifiedAt'] });
    expect(Object.keys(definition.listView.columns)).toEqual([
      'id',
      'version',
      'code',
      'name',
      'lastModifiedAt',
    ]);
    expect(definition.listView.present(fullRow(definition))).toEqual({
      id: 'r-1',
      code: null,
      name: null,
      version: 3,
      lastModifiedAt: null,
    });
  });

  it.each(declaredResources.map((definition) => [definition.basePath, definition] as const))(
    '%s: its list row is what its listRecord schema says',
    (_path, definition) => {
      const row = definition.listView.present(fullRow(definition));
      expect(Object.keys(row).sort()).toEqual(propertiesOf(definition.schemas.listRecord));
      if (definition.contract)
        expect(definition.listView.fields).toEqual(
          expect.arrayContaining([...definition.contract.listFields]),
        );
    },
  );

  // A reference is shown by its target's display field (in English its nameEn) and its code: the
  // pages find them in the target's list rows (find-by-ids, auto-complete).
  it.each(
    declaredResources.flatMap((definition) =>
      Object.entries(definition.contract?.fields ?? {}).flatMap(([name, field]) =>
        (field.kind === 'reference' || field.kind === 'treeParent' || field.kind === 'references') &&
        field.target
          ? [[`${definition.basePath} ${name}`, field.target] as const]
          : [],
      ),
    ),
  )('%s: its target lists what names the record', (_name, target) => {
    const shown = declaredResources.find((definition) => definition.basePath === target.apiPath);
    if (!shown) return; // not a resource of the framework (users: IAM's own)
    const carried = shown.listView.fields;
    expect(carried).toContain(target.display);
    for (const name of ['code', 'nameEn']) if (name in shown.fields) expect(carried, name).toContain(name);
  });
});
