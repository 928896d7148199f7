import { describe, expect, it } from 'vitest';
import { schema } from '../db/schema.ts';
import { testEngines } from '../testing/engines.ts';
import { migratedDatabaseDuringSuite } from '../testing/migrated-database.ts';
import { columnsOf, migratedTableNames, mirroredNames, mirrorsByName } from '../testing/table-mirrors.ts';
import { moduleTables } from './tables.ts';

// The modules' tables (services/<module>/tables, listed by services/tables.ts); the engine's
// columns are checked by db/schema.test.ts.
describe.each(await testEngines('both'))(
  'the modules’ drizzle mirrors match the migrated tables on $engine',
  ({ engine }) => {
    const database = migratedDatabaseDuringSuite(engine);

    it('describes every table the migrations create, once: in the engine or in one module', async () => {
      const names = mirroredNames([...Object.values(schema), ...Object.values(moduleTables)]);
      expect((await migratedTableNames(database())).sort()).toEqual(names.sort());
    });

    it.each(mirrorsByName(moduleTables))('%s', async (name, table) => {
      const { actual, expected } = await columnsOf(database(), name, table);
      expect(actual).toEqual(expected);
    });
  },
);
