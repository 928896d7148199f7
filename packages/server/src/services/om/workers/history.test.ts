import type { RecordHistoryPage } from '@hcm/contracts/resource';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startResourceTestKit, type Caller, type ResourceTestKit } from '../../../resources/testing/kit.ts';
import { accessTokenFor, makeUser } from '../../../testing/factories.ts';
import { testEngines } from '../../../testing/engines.ts';
import { organizationUnitResource } from '../organization-units/resources.ts';
import { workerResource } from './resources.ts';

const WORKERS = '/api/om/workers';
type Failed = { code: string };

/** A record's change history: GET /{id}/changes, for whoever may read the record, and only them. */
describe.each(await testEngines())('a record’s change history on $engine', ({ engine }) => {
  let kit: ResourceTestKit;
  let hr: Caller;
  let workerId = '';
  let otherWorkerId = '';

  const history = (id: string, who: Caller, query = '') =>
    kit.http.get<RecordHistoryPage & Failed>(`${WORKERS}/${id}/changes${query}`, who.token);
  const update = async (id: string, changes: Record<string, unknown>) => {
    const read = await kit.http.get<{ data: { version: number } }>(`${WORKERS}/${id}`, hr.token);
    const res = await kit.http.post(
      `${WORKERS}/${id}/update`,
      { version: read.body.data.version, ...changes },
      hr.token,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  };
  /** a user of hr's tenant who may view employees within `dataScope`, linked to `worker` */
  const userOf = async (dataScope: 'SELF' | 'TENANT', worker?: string, permissions = ['worker.view']) => {
    const deps = { db: kit.server.db.orm, passwords: kit.server.passwords };
    const { user } = await makeUser(deps, { tenantId: hr.tenantId, permissions, dataScope });
    if (worker) await update(worker, { userId: user.id });
    return { ...hr, userId: user.id, token: await accessTokenFor(kit.server.db.orm, user) };
  };

  beforeAll(async () => {
    kit = await startResourceTestKit(engine);
    hr = await kit.caller([workerResource, organizationUnitResource]);
    const unit = await kit.http.post<{ data: { id: string } }>(
      '/api/om/organization-units',
      { code: 'PHONG_NS', name: 'Phòng Nhân sự', typeCode: 'PHONG' },
      hr.token,
    );
    const hire = async (code: string) => {
      const res = await kit.http.post<{ data: { id: string } }>(
        WORKERS,
        { code, fullName: 'Nguyễn Văn An', gender: 'MALE', organizationUnitId: unit.body.data.id },
        hr.token,
      );
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.data.id;
    };
    workerId = await hire('NV0001');
    otherWorkerId = await hire('NV0002');
    await update(workerId, { fullName: 'Nguyễn Văn Bình', dateOfBirth: '1990-05-17' });
    await update(workerId, { fullName: 'Nguyễn Văn Cường' });
  });
  afterAll(() => kit.stop());

  it('answers who changed which field from what to what, newest first', async () => {
    const res = await history(workerId, hr);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const [latest, earlier, created] = res.body.data;
    expect(res.body.data.map((entry) => entry.action)).toEqual(['UPDATE', 'UPDATE', 'CREATE']);
    expect(latest?.changes).toEqual([
      { field: 'fullName', before: 'Nguyễn Văn Bình', after: 'Nguyễn Văn Cường' },
    ]);
    expect(earlier?.changes).toEqual(
      expect.arrayContaining([
        { field: 'fullName', before: 'Nguyễn Văn An', after: 'Nguyễn Văn Bình' },
        { field: 'dateOfBirth', before: null, after: '1990-05-17' },
      ]),
    );
    expect(created?.changes).toContainEqual({ field: 'code', before: null, after: 'NV0001' });
    expect(latest?.userId).toBe(hr.userId);
    expect(latest?.userName).toEqual(expect.any(String));
    expect(res.body.next).toBeNull();
  });

  it('pages by cursor without losing or repeating an entry', async () => {
    const first = await history(workerId, hr, '?pageSize=2');
    expect(first.body.data).toHaveLength(2);
    expect(first.body.next).toEqual(expect.any(String));
    const second = await history(workerId, hr, `?pageSize=2&cursor=${first.body.next ?? ''}`);
    expect(second.body.data.map((entry) => entry.action)).toEqual(['CREATE']);
    expect(second.body.next).toBeNull();
    expect((await history(workerId, hr, '?cursor=nonsense')).status).toBe(400);
  });

  it('is refused without the view permission, outside the data scope and to another tenant', async () => {
    const self = await userOf('SELF', otherWorkerId);
    expect((await history(otherWorkerId, self)).status).toBe(200);
    // his own record only: another employee's history is as absent as the record
    expect((await history(workerId, self)).status).toBe(404);
    const noView = await userOf('TENANT', undefined, ['organization_unit.view']);
    expect((await history(workerId, noView)).status).toBe(403);
    const stranger = await kit.caller([workerResource]);
    expect((await history(workerId, stranger)).status).toBe(404);
  });
});
