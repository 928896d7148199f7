import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyzeWrittenTables, ANALYZE_AFTER_ROWS, ANALYZE_AFTER_SHARE } from '../../db/analyze.ts';
import { inScope } from '../../db/tenant-scope.ts';
import { jobTitleResource } from '../../services/om/categories/category-resources.ts';
import { testEngines } from '../../testing/engines.ts';
import { rows } from '../../testing/migrated-database.ts';
import {
  startResourceTestKit,
  upload,
  workbookOf,
  type Caller,
  type ResourceTestKit,
} from '../testing/kit.ts';
import { HEADER } from './testing/hostile-corpus.ts';

const BASE = '/api/om/job-titles';

/**
 * Issue 29, part 4: an import of many rows leaves its table analysed, so that no plan over the
 * new rows runs on statistics that do not know them (db/analyze.ts). Only the table's owner may
 * analyse it: the import's own transaction runs as hcm_app, so the server analyses after the
 * commit on its own connection.
 */
describe.each(await testEngines('both'))('statistics after an import on $engine', ({ engine }) => {
  let kit: ResourceTestKit;
  let caller: Caller;
  const statistics = async () => {
    const [row] = await rows<{ reltuples: number; analyses: number | null }>(
      kit.server.db.orm,
      sql`select c.reltuples::int as reltuples,
                 (select analyze_count::int from pg_stat_user_tables s where s.relid = c.oid) as analyses
          from pg_class c where c.oid = 'job_titles'::regclass`,
    );
    if (!row) throw new Error('no job_titles');
    return row;
  };
  const imported = async (from: number, count: number) => {
    const file = await workbookOf([
      HEADER,
      ...Array.from({ length: count }, (_, i) => [`CD_${from + i}`, `Chức danh ${from + i}`, null, i]),
    ]);
    const res = await upload(`${kit.server.url}${BASE}/import`, caller.token, file);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
  };

  beforeAll(async () => {
    kit = await startResourceTestKit(engine);
    caller = await kit.caller([jobTitleResource]);
  });
  afterAll(() => kit?.stop());

  it('analyses the table once an import of many rows has committed, and not after a few', async () => {
    await imported(0, ANALYZE_AFTER_ROWS + 200);
    const after = await statistics();
    // the planner's estimate counts every row of the table, the new ones included
    expect(after.reltuples).toBeGreaterThanOrEqual(ANALYZE_AFTER_ROWS + 200);
    if (engine === 'postgresql') expect(after.analyses).toBeGreaterThanOrEqual(1);
    await imported(5000, 10);
    const few = await statistics();
    expect(few.reltuples).toBe(after.reltuples);
    if (engine === 'postgresql') expect(few.analyses).toBe(after.analyses);
  });

  it('leaves a big table to autovacuum when a write adds less than a tenth of what it knew', async () => {
    // 30,000 rows more, as the owner, then analysed: the statistics know them
    await kit.server.db.orm.execute(sql`
      insert into job_titles (tenant_id, code, name)
      select ${caller.tenantId}::uuid, 'BIG_' || i, 'Chức danh lớn ' || i from generate_series(1, 30000) i`);
    await kit.server.db.orm.execute(sql`analyze job_titles`);
    const known = (await statistics()).reltuples;
    expect(known).toBeGreaterThan(30_000);
    const tenth = Math.ceil(known * ANALYZE_AFTER_SHARE);
    expect(await analyzeWrittenTables(kit.server.db.orm, new Map([['job_titles', tenth - 1]]))).toEqual([]);
    expect(await analyzeWrittenTables(kit.server.db.orm, new Map([['job_titles', tenth]]))).toEqual([
      'job_titles',
    ]);
  });

  it.runIf(engine === 'postgresql')(
    'could not analyse in the import’s transaction: the application role is not the owner',
    async () => {
      const before = await statistics();
      await inScope(kit.server.db.orm, { tenantId: caller.tenantId, userId: null }, (tx) =>
        tx.execute(sql`analyze job_titles`),
      );
      expect((await statistics()).analyses).toBe(before.analyses);
    },
  );
});
