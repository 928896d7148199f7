import { beforeAll, describe, expect, it } from 'vitest';
import { resolveServerPaths } from '../paths.ts';
import { testEngines } from '../testing/engines.ts';
import { migratedDatabaseDuringSuite } from '../testing/migrated-database.ts';
import { columnsOf, mirrorsByName } from '../testing/table-mirrors.ts';
import { schema } from './schema.ts';

// The engine's tables; the modules' are checked by services/tables.test.ts, which also checks
// that the two together describe every table the migrations create.
describe.each(await testEngines('both'))(
  'the engine’s drizzle schema matches the migrated tables on $engine',
  ({ engine }) => {
    const database = migratedDatabaseDuringSuite(engine);

    beforeAll(async () => {
      // Running the migrations again finds nothing to do.
      await database().migrate(resolveServerPaths().migrationsDir);
    });

    it.each(mirrorsByName(schema))('%s', async (name, table) => {
      const { actual, expected } = await columnsOf(database(), name, table);
      expect(actual).toEqual(expected);
    });
  },
);
