// @vitest-environment node
import { Paging } from '@hcm/contracts';
import { describe, expect, it } from 'vitest';
import { contractTestContract as contract } from '../resource/test-contracts.ts';
import { FakeResourceApi } from './fake-resource-api.ts';

/**
 * The structural guard of issue 27: the fake checks list calls with the server's own schemas
 * (@hcm/contracts/resource/requests, which the server's routes are built from; the server's
 * record-schemas.test.ts proves they are the same). Export once answered 400 on every list
 * while these tests passed, because the fake took parameters the server refused.
 */
describe('FakeResourceApi checks calls as the server does', () => {
  const api = new FakeResourceApi([contract]);
  api.seed(contract, 30, (n) => ({ kind: n % 3 === 0 ? 'OPEN' : 'FIXED' }));
  const call = async (path: string, init?: RequestInit) => {
    const response = await api.fetch(`http://portal.test${contract.apiPath}${path}`, init);
    const type = response.headers.get('content-type') ?? '';
    return {
      status: response.status,
      body: type.includes('json')
        ? ((await response.json()) as Record<string, unknown>)
        : await response.text(),
    };
  };

  it.each(['', '/export', '/count', '/auto-complete'])(
    'refuses an unknown query parameter on %s with 400, naming it',
    async (subPath) => {
      const { status, body } = await call(`${subPath}?colour=red`);
      expect(status).toBe(400);
      expect(body).toMatchObject({
        code: 'VALIDATION_FAILED',
        errors: [{ field: 'colour', message: 'is not an accepted field' }],
      });
    },
  );

  it.each([
    ['a page size beyond the limit', '?pageSize=101'],
    ['a sort by a field that is not sortable', '?sortBy=remote.asc'],
    ['a filter value outside its enum', '?kind=SOMETIMES'],
  ])('refuses %s', async (_what, query) => {
    expect((await call(query)).status).toBe(400);
  });

  it("exports every row of the list's query, paging ignored, and a selection given as ids", async () => {
    const all = await call('/export?pageIndex=2&pageSize=5&kind=OPEN&sortBy=code.desc');
    expect(all.status).toBe(200);
    expect(all.body).toBe(
      'export of 10: CODE_0030, CODE_0027, CODE_0024, CODE_0021, CODE_0018, CODE_0015, CODE_0012, CODE_0009, CODE_0006, CODE_0003',
    );
    const [first, second] = api.records(contract);
    const chosen = await call(`/export?ids=${first?.id}&ids=${second?.id}`);
    expect(chosen.body).toBe('export of 2: CODE_0001, CODE_0002');
    expect((await call('/export?ids=7')).status).toBe(400);
  });

  it('refuses a find-by-ids body the server refuses', async () => {
    const post = (body: unknown) =>
      call('/find-by-ids', {
        method: 'POST',
        body: JSON.stringify(body),
        headers: { 'content-type': 'application/json' },
      });
    expect((await post({ ids: ['not-a-uuid'] })).status).toBe(400);
    expect((await post({ ids: [api.records(contract)[0]?.id], extra: 1 })).status).toBe(400);
    expect((await post({ ids: [api.records(contract)[0]?.id] })).status).toBe(200);
  });

  it('answers list rows as the server does: the listFields, not the whole record', async () => {
    const row = ((await call('?pageSize=1')).body as { data: Record<string, unknown>[] }).data[0] ?? {};
    const expected = ['id', 'version', ...contract.listFields].sort();
    expect(Object.keys(row).sort()).toEqual(expected);
    expect(row).not.toHaveProperty('jobTitle');
    const [first] = api.records(contract);
    const found = await call('/find-by-ids', {
      method: 'POST',
      body: JSON.stringify({ ids: [first?.id] }),
      headers: { 'content-type': 'application/json' },
    });
    expect(Object.keys((found.body as { data: object[] }).data[0] ?? {}).sort()).toEqual(expected);
    expect(((await call(`/${first?.id}`)).body as { data: object }).data).toHaveProperty('jobTitle');
  });
});

/** The fake's totals and cursors follow the server's (resources/search/search-records.ts). */
describe('FakeResourceApi pages as the server does', () => {
  const api = new FakeResourceApi([contract]);
  api.seed(contract, Paging.totalCap + 50);
  type Page = { data: { id: string }[]; page: Record<string, unknown> };
  const page = async (query: string) => {
    const response = await api.fetch(`http://portal.test${contract.apiPath}?${query}`);
    return { status: response.status, body: (await response.json()) as Page };
  };

  it('caps the total past Paging.totalCap, and counts just past a deeper page', async () => {
    expect((await page('pageSize=25')).body.page).toEqual({
      pageIndex: 1,
      pageSize: 25,
      total: Paging.totalCap,
      totalCapped: true,
    });
    expect((await page('pageSize=25&pageIndex=401')).body.page).toMatchObject({
      total: 10_025,
      totalCapped: true,
    });
    expect((await page('pageSize=100&pageIndex=101')).body.page).toEqual({
      pageIndex: 101,
      pageSize: 100,
      total: Paging.totalCap + 50,
    });
  });

  it('walks every row once by cursor, and refuses a cursor of another sort', async () => {
    const seen: string[] = [];
    let query = 'pageSize=100&keyset=true&sortBy=code.desc';
    for (;;) {
      const { body } = await page(query);
      seen.push(...body.data.map((row) => row.id));
      const next = body.page.nextCursor;
      if (typeof next !== 'string') break;
      query = `pageSize=100&sortBy=code.desc&cursor=${next}`;
    }
    expect(new Set(seen).size).toBe(Paging.totalCap + 50);
    expect(seen).toHaveLength(Paging.totalCap + 50);
    const { body } = await page('pageSize=10&keyset=true');
    const refused = await page(`sortBy=code.desc&cursor=${String(body.page.nextCursor)}`);
    expect(refused.status).toBe(400);
  });
});
