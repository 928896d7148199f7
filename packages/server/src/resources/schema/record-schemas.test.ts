import { listQuerySchemasOf } from '@hcm/contracts/resource/requests';
import { describe, expect, it } from 'vitest';
import { declaredResources } from '../../services/declared-resources.ts';

/**
 * The browser tests' fake API checks the list calls with listQuerySchemasOf(contract) (shared/ui
 * testing/fake-resource-api.ts). It may only do so if those are the very schemas the server
 * serves: otherwise a fake could again accept what the server refuses (issue 27).
 */
describe('the list schemas a contract alone gives', () => {
  const bound = declaredResources.flatMap((definition) =>
    definition.contract ? [{ definition, contract: definition.contract }] : [],
  );

  it('covers the resources bound from contracts', () => {
    expect(bound.length).toBeGreaterThan(20);
  });

  it.each(bound.map(({ definition, contract }) => [definition.basePath, definition, contract] as const))(
    'are the schemas %s serves',
    (_path, definition, contract) => {
      const narrowing = definition.declaration.autoCompleteFilters?.params;
      const shared = listQuerySchemasOf(contract, narrowing);
      for (const name of [
        'searchQuery',
        'countQuery',
        'exportQuery',
        'autoCompleteQuery',
        'autoCompleteAllQuery',
        'findByIdsBody',
      ] as const)
        expect(JSON.stringify(shared[name]), name).toBe(JSON.stringify(definition.schemas[name]));
    },
  );
});
