import { describe, expect, it } from 'vitest';
import { testEngines } from '../../testing/engines.ts';
import { accessTokenFor, makeTenant, makeUser } from '../../testing/factories.ts';
import type { ErrorResult, HttpResult } from '../../testing/http-client.ts';
import { serveDuringSuite } from '../../testing/serve-during-suite.ts';

const BASE = '/api/om/job-titles';

describe.each(await testEngines())('the status of a selection in one request on $engine', ({ engine }) => {
  const suite = serveDuringSuite(engine);

  async function hrWith(permissions: string[]) {
    const tenant = await makeTenant(suite.server.db.orm);
    const { user } = await makeUser(
      { db: suite.server.db.orm, passwords: suite.server.passwords },
      { tenantId: tenant.id, permissions },
    );
    return accessTokenFor(suite.server.db.orm, user);
  }

  async function jobTitles(token: string, n: number) {
    const ids: string[] = [];
    for (let i = 1; i <= n; i++) {
      const res = (await suite.http.post(
        BASE,
        { code: `JT_B${i}`, name: `Chức danh ${i}` },
        token,
      )) as HttpResult<{
        data: { id: string };
      }>;
      expect(res.status).toBe(200);
      ids.push(res.body.data.id);
    }
    return ids;
  }
  const statuses = async (token: string, ids: string[]) =>
    Promise.all(
      ids.map(
        async (id) =>
          ((await suite.http.get(`${BASE}/${id}`, token)) as HttpResult<{ data: { status: string } }>).body
            .data.status,
      ),
    );

  it('changes every selected record, or none when one may not change, and names it', async () => {
    const token = await hrWith(['job_title.view', 'job_title.create', 'job_title.update']);
    const ids = await jobTitles(token, 3);
    const done = await suite.http.post(`${BASE}/inactive/batch`, { ids }, token);
    expect(done.status).toBe(200);
    expect(await statuses(token, ids)).toEqual(['INACTIVE', 'INACTIVE', 'INACTIVE']);

    // another tenant's id (or an unknown one) in the selection: nothing changes
    const strangerToken = await hrWith(['job_title.view', 'job_title.create']);
    const [theirs = ''] = await jobTitles(strangerToken, 1);
    const refused = (await suite.http.post(
      `${BASE}/active/batch`,
      { ids: [...ids, theirs] },
      token,
    )) as ErrorResult;
    expect(refused.status).toBe(404);
    expect(refused.body.message).toContain(theirs);
    expect(await statuses(token, ids)).toEqual(['INACTIVE', 'INACTIVE', 'INACTIVE']);
  });

  it('refuses an empty or oversized selection, and a caller who may not update', async () => {
    const token = await hrWith(['job_title.view', 'job_title.create', 'job_title.update']);
    expect((await suite.http.post(`${BASE}/active/batch`, { ids: [] }, token)).status).toBe(400);
    const many = Array.from({ length: 101 }, () => crypto.randomUUID());
    expect((await suite.http.post(`${BASE}/active/batch`, { ids: many }, token)).status).toBe(400);
    const reader = await hrWith(['job_title.view']);
    expect(
      (await suite.http.post(`${BASE}/active/batch`, { ids: [crypto.randomUUID()] }, reader)).status,
    ).toBe(403);
  });
});
