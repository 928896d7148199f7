import { Paging, type ErrorEnvelope, type PageEnvelope } from '@hcm/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inScope } from '../../db/tenant-scope.ts';
import { jobTitleResource } from '../../services/om/categories/category-resources.ts';
import { testEngines } from '../../testing/engines.ts';
import { startResourceTestKit, type Caller, type ResourceTestKit } from '../testing/kit.ts';

type Page = PageEnvelope<{ id: string; code: string; priority: number; status: string }>;

const BASE = '/api/om/job-titles';
/** Past the count's cap (Paging.totalCap), by half a page of 100. */
const ROWS = Paging.totalCap + 50;
/** every third row is INACTIVE: 3,350 of them, a list under the cap */
const INACTIVE = Math.ceil(ROWS / 3);

// The capped count is a sub-select with LIMIT and the cursor a row comparison: both engines.
describe.each(await testEngines('both'))(
  'list paging: capped totals and cursors on $engine',
  ({ engine }) => {
    let kit: ResourceTestKit;
    let caller: Caller;
    const get = (path: string) => kit.http.get<Page>(path, caller.token);

    /** Every page of `query` by following nextCursor: the ids in the order they came. */
    async function walk(query: string): Promise<string[]> {
      const ids: string[] = [];
      let cursor: string | undefined;
      for (let pageIndex = 1; ; pageIndex++) {
        const after = cursor ? `&cursor=${cursor}` : '&keyset=true';
        const res = await get(`${BASE}?${query}&pageSize=100&pageIndex=${pageIndex}${after}`);
        expect(res.status).toBe(200);
        expect(res.body.page.pageIndex).toBe(pageIndex);
        ids.push(...res.body.data.map((row) => row.id));
        cursor = res.body.page.nextCursor;
        if (!cursor) return ids;
      }
    }

    beforeAll(async () => {
      kit = await startResourceTestKit(engine);
      caller = await kit.caller([jobTitleResource]);
      // One statement: every row has the same created_at, and priorities repeat (ties the id breaks).
      await inScope(kit.server.db.orm, { tenantId: caller.tenantId, userId: caller.userId }, (tx) =>
        tx.execute(sql`insert into job_titles (tenant_id, code, name, priority, status)
        select ${caller.tenantId}::uuid, 'JT_' || lpad(i::text, 5, '0'), 'Chức danh ' || i, i % 97,
               case when i % 3 = 0 then 'INACTIVE' else 'ACTIVE' end
        from generate_series(0, ${ROWS - 1}) as i`),
      );
    });
    afterAll(() => kit?.stop());

    it('answers a capped total past 10,000 rows, and an exact one under it', async () => {
      const all = await get(`${BASE}?pageSize=25`);
      expect(all.body.page).toMatchObject({
        pageIndex: 1,
        pageSize: 25,
        total: Paging.totalCap,
        totalCapped: true,
      });
      // a cursor is asked for (keyset=true): the spec's envelope is unchanged for callers paging by index
      expect(all.body.page).not.toHaveProperty('nextCursor');
      const inactive = await get(`${BASE}?status=INACTIVE&pageSize=25`);
      expect(inactive.body.page.total).toBe(INACTIVE);
      expect(inactive.body.page).not.toHaveProperty('totalCapped');
      // the count sub-path is the number itself, asked for: exact
      expect((await kit.http.get<{ data: number }>(`${BASE}/count`, caller.token)).body.data).toBe(ROWS);
    });

    it('never answers a total below the page it gives: a deep page counts just past itself', async () => {
      const deep = await get(`${BASE}?pageSize=25&pageIndex=401`);
      expect(deep.body.data).toHaveLength(25);
      expect(deep.body.page).toMatchObject({ total: 10_025, totalCapped: true });
      // the last page is short: the rows before it and its own are the exact total, uncounted
      const last = await get(`${BASE}?pageSize=100&pageIndex=101`);
      expect(last.body.data).toHaveLength(50);
      expect(last.body.page.total).toBe(ROWS);
      expect(last.body.page).not.toHaveProperty('totalCapped');
      expect(last.body.page).not.toHaveProperty('nextCursor');
      const past = await get(`${BASE}?pageSize=100&pageIndex=200`);
      expect(past.body.data).toHaveLength(0);
      expect(past.body.page.total).toBe(ROWS);
    });

    it('visits every row once by cursor, in the list order, in either direction and through ties', async () => {
      const byPriority = await walk('sortBy=priority.asc');
      expect(byPriority).toHaveLength(ROWS);
      expect(new Set(byPriority).size).toBe(ROWS);
      // the same order as OFFSET pages give
      const offsetPage = await get(`${BASE}?sortBy=priority.asc&pageSize=100&pageIndex=57`);
      expect(byPriority.slice(5600, 5700)).toEqual(offsetPage.body.data.map((row) => row.id));
      // every created_at is the same: the id alone orders them, descending sort or not
      const newest = await walk('sortBy=createdAt.desc&status=INACTIVE');
      expect(newest).toHaveLength(INACTIVE);
      expect(new Set(newest).size).toBe(INACTIVE);
      const byCodeDesc = await walk('sortBy=code.desc&status=INACTIVE');
      expect(byCodeDesc).toHaveLength(INACTIVE);
      expect(new Set(byCodeDesc)).toEqual(new Set(newest));
      // descending pages come in the order OFFSET pages give, ties and all
      for (const [sort, walked] of [
        ['createdAt.desc', newest],
        ['code.desc', byCodeDesc],
      ] as const) {
        const third = await get(`${BASE}?sortBy=${sort}&status=INACTIVE&pageSize=100&pageIndex=3`);
        expect(walked.slice(200, 300)).toEqual(third.body.data.map((row) => row.id));
      }
    });

    it('refuses a cursor of another sort, or not of ours, in the error envelope', async () => {
      const first = await get(`${BASE}?sortBy=code.asc&pageSize=10&keyset=true`);
      const cursor = first.body.page.nextCursor;
      expect(cursor).toBeTypeOf('string');
      const otherSort = await kit.http.get<ErrorEnvelope>(
        `${BASE}?sortBy=name.asc&cursor=${cursor}`,
        caller.token,
      );
      expect(otherSort.status).toBe(400);
      expect(otherSort.body.errors?.[0]).toMatchObject({ field: 'cursor', code: 'error.invalidValue' });
      const forged = Buffer.from('{"s":"code.asc","k":"x","i":"1 or 1=1"}').toString('base64url');
      expect(
        (await kit.http.get<ErrorEnvelope>(`${BASE}?sortBy=code.asc&cursor=${forged}`, caller.token)).status,
      ).toBe(400);
      expect((await kit.http.get<ErrorEnvelope>(`${BASE}?cursor=not%20base64`, caller.token)).status).toBe(
        400,
      );
    });
  },
);
