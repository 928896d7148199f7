import type { ErrorEnvelope, PageEnvelope } from '@hcm/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startResourceTestKit, type Caller, type ResourceTestKit } from '../../../resources/testing/kit.ts';
import { testEngines } from '../../../testing/engines.ts';
import { accessTokenFor, makeTenant, makeUser } from '../../../testing/factories.ts';
import { ethnicityResource } from '../../om/categories/category-resources.ts';
import { diffRecords } from '../../../resources/action-log/record-actions.ts';

type Log = {
  id: string;
  userId: string | null;
  username: string | null;
  resource: string;
  recordId: string | null;
  action: string;
  changes: Record<string, { before: unknown; after: unknown }>;
  ip: string | null;
  userAgent: string | null;
  createdAt: string;
};
type Logs = PageEnvelope<Log>;

const LOGS = '/api/system/action-logs';
const ETHNICITIES = '/api/om/ethnicities';

describe('diffRecords', () => {
  it('keeps only the fields whose value changed', () => {
    expect(diffRecords({ a: 1, b: 'x', c: null }, { a: 1, b: 'y', c: undefined }, ['a', 'b', 'c'])).toEqual({
      b: { before: 'x', after: 'y' },
    });
    expect(diffRecords(null, { a: 1, b: null }, ['a', 'b'])).toEqual({ a: { before: null, after: 1 } });
    expect(diffRecords({ a: 1 }, null, ['a'])).toEqual({ a: { before: 1, after: null } });
  });
});

describe.each(await testEngines())('the action log on $engine', ({ engine }) => {
  let kit: ResourceTestKit;
  let caller: Caller;
  let id: string;
  let startedAt: string;
  const logs = (query = '') => kit.http.get<Logs>(`${LOGS}${query}`, caller.token);
  const post = <T>(path: string, body?: unknown) =>
    kit.http.post<T>(path, body, caller.token, { 'user-agent': 'hcm-test/1.0' });

  beforeAll(async () => {
    kit = await startResourceTestKit(engine);
    caller = await kit.caller([ethnicityResource]);
    startedAt = new Date(Date.now() - 1000).toISOString();
    const created = await post<{ data: { id: string } }>(ETHNICITIES, {
      code: 'KINH',
      name: 'Kinh',
      priority: 1,
    });
    id = created.body.data.id;
    await post(`${ETHNICITIES}/${id}/update`, { version: 1, name: 'Dân tộc Kinh', priority: 1 });
    await post(`${ETHNICITIES}/${id}/inactive`);
    await post(`${ETHNICITIES}/${id}/active`);
    await post(`${ETHNICITIES}/${id}/delete`);
  });
  afterAll(() => kit?.stop());

  it('records each change with who, where from, and only the fields that changed', async () => {
    const res = await logs('?sortBy=createdAt.asc');
    expect(res.status).toBe(200);
    expect(res.body.page.total).toBe(5);
    const [create, update, inactive, active, remove] = res.body.data;
    for (const log of res.body.data)
      expect(log).toMatchObject({
        userId: caller.userId,
        username: expect.stringMatching(/^user_/),
        resource: 'ethnicity',
        recordId: id,
        ip: '127.0.0.1',
        userAgent: 'hcm-test/1.0',
      });
    expect(create).toMatchObject({
      action: 'CREATE',
      changes: {
        code: { before: null, after: 'KINH' },
        name: { before: null, after: 'Kinh' },
        priority: { before: null, after: 1 },
        status: { before: null, after: 'ACTIVE' },
      },
    });
    expect(create?.changes).not.toHaveProperty('description');
    expect(update).toMatchObject({
      action: 'UPDATE',
      changes: { name: { before: 'Kinh', after: 'Dân tộc Kinh' } },
    });
    expect(Object.keys(update?.changes ?? {})).toEqual(['name']);
    expect(inactive).toMatchObject({
      action: 'INACTIVE',
      changes: { status: { before: 'ACTIVE', after: 'INACTIVE' } },
    });
    expect(active).toMatchObject({
      action: 'ACTIVE',
      changes: { status: { before: 'INACTIVE', after: 'ACTIVE' } },
    });
    expect(remove).toMatchObject({ action: 'DELETE', changes: { code: { before: 'KINH', after: null } } });
  });

  it('filters by resource, action, user, record and time, newest first by default', async () => {
    expect((await logs('?action=UPDATE&action=DELETE')).body.data.map((l) => l.action)).toEqual([
      'DELETE',
      'UPDATE',
    ]);
    expect((await logs('?resource=ethnicity')).body.page.total).toBe(5);
    expect((await logs('?resource=job_title')).body.page.total).toBe(0);
    expect((await logs(`?userId=${caller.userId}&recordId=${id}`)).body.page.total).toBe(5);
    expect((await logs('?userId=00000000-0000-4000-8000-000000000000')).body.page.total).toBe(0);
    expect((await logs(`?from=${encodeURIComponent(startedAt)}`)).body.page.total).toBe(5);
    expect((await logs(`?to=${encodeURIComponent(startedAt)}`)).body.page.total).toBe(0);
    const paged = await logs('?pageSize=2&pageIndex=2');
    expect(paged.body.page).toEqual({ pageIndex: 2, pageSize: 2, total: 5 });
    expect(paged.body.data.map((l) => l.action)).toEqual(['INACTIVE', 'UPDATE']);
  });

  it('answers one entry by id, and 404 for an unknown one', async () => {
    const [first] = (await logs()).body.data;
    const one = await kit.http.get<{ data: Log }>(`${LOGS}/${first?.id}`, caller.token);
    expect(one.status).toBe(200);
    expect(one.body.data).toEqual(first);
    const missing = await kit.http.get<ErrorEnvelope>(
      `${LOGS}/00000000-0000-4000-8000-000000000000`,
      caller.token,
    );
    expect(missing.status).toBe(404);
  });

  it("shows a tenant only its own log, and a system user only the system's", async () => {
    const other = await kit.caller([ethnicityResource]);
    const theirs = await kit.http.get<Logs>(LOGS, other.token);
    expect(theirs.body.page.total).toBe(0);
    const [first] = (await logs()).body.data;
    expect((await kit.http.get(`${LOGS}/${first?.id}`, other.token)).status).toBe(404);
    const { user } = await makeUser(
      { db: kit.server.db.orm, passwords: kit.server.passwords },
      { tenantId: null, permissions: ['action_log.view'] },
    );
    const system = await kit.http.get<Logs>(LOGS, await accessTokenFor(kit.server.db.orm, user));
    expect(system.status).toBe(200);
    expect(system.body.page.total).toBe(0);
  });

  it('needs action_log.view and refuses malformed filters', async () => {
    const tenant = await makeTenant(kit.server.db.orm);
    const { user } = await makeUser(
      { db: kit.server.db.orm, passwords: kit.server.passwords },
      { tenantId: tenant.id, permissions: ['ethnicity.view'] },
    );
    expect((await kit.http.get(LOGS, await accessTokenFor(kit.server.db.orm, user))).status).toBe(403);
    for (const query of [
      '?action=SMILE',
      '?userId=me',
      '?from=yesterday',
      '?pageSize=101',
      '?sortBy=action.asc',
      '?x=1',
    ]) {
      const res = await kit.http.get<ErrorEnvelope>(`${LOGS}${query}`, caller.token);
      expect(res.status, query).toBe(400);
      expect(res.body.errors?.length, query).toBeGreaterThan(0);
    }
  });
});
