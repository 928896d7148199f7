import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database.ts';
import { declaredResources } from '../services/declared-resources.ts';
import { testEngines } from '../testing/engines.ts';
import { migratedDatabaseDuringSuite } from '../testing/migrated-database.ts';
import { bindingProblems, checkBindings } from './check-tables.ts';

describe.each(await testEngines())('the start-up check of the bindings on $engine', ({ engine }) => {
  const database = migratedDatabaseDuringSuite(engine);
  let db: Database;
  beforeAll(() => {
    db = database();
  });

  it('passes every declared resource on the migrated database', async () => {
    expect(await bindingProblems(db.orm, declaredResources)).toEqual([]);
  });

  it('refuses to start when a column is missing or a required field may be NULL', async () => {
    await db.orm.execute(sql`alter table religions alter column name drop not null`);
    await db.orm.execute(sql`alter table ethnicities drop column description`);
    await db.orm.execute(sql`alter table military_group_ranks drop column coefficient`);
    await db.orm.execute(sql`alter table technical_group_levels alter column name drop not null`);
    await expect(checkBindings(db.orm, declaredResources)).rejects.toThrow(
      [
        'The resources disagree with the database:',
        '- /api/om/ethnicities: the table ethnicities has no column description (field description)',
        '- /api/om/religions: field name is required but religions.name allows NULL',
        '- /api/om/military-groups: the table military_group_ranks has no column coefficient (ranks.coefficient)',
        '- /api/om/technical-groups: levels.name is required but technical_group_levels.name allows NULL',
      ].join('\n'),
    );
  });
});
