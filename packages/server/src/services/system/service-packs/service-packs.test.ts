import type { ErrorEnvelope, PageEnvelope } from '@hcm/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startResourceTestKit,
  type Caller,
  type ResourceTestKit,
  type SystemCaller,
} from '../../../resources/testing/kit.ts';
import { testEngines } from '../../../testing/engines.ts';
import { servicePackResource } from './service-packs.ts';

type ServicePack = {
  id: string;
  code: string;
  name: string;
  price: number;
  duration: number;
  description: string | null;
  status: 'ACTIVE' | 'INACTIVE';
  servicePackPrivileges: string[];
  version: number;
  createdAt: string;
  lastModifiedAt: string;
};
type One = { data: ServicePack };

const BASE = '/api/system/service-packs';

describe.each(await testEngines())('service packs (system resource) on $engine', ({ engine }) => {
  let kit: ResourceTestKit;
  let admin: SystemCaller;
  let tenantUser: Caller;

  beforeAll(async () => {
    kit = await startResourceTestKit(engine);
    admin = await kit.systemCaller([servicePackResource]);
    tenantUser = await kit.caller([servicePackResource]);
  });
  afterAll(() => kit?.stop());

  it('lets a system administrator create, list, update a pack and its modules', async () => {
    const created = await kit.http.post<One>(
      BASE,
      {
        code: 'PACK_GOLD',
        name: 'Gold',
        price: 120_000_000_000,
        duration: 12,
        description: 'Everything',
        servicePackPrivileges: ['OM', 'TM', 'OM', 'PM'],
      },
      admin.token,
    );
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const pack = created.body.data;
    expect(pack).toMatchObject({
      code: 'PACK_GOLD',
      price: 120_000_000_000,
      duration: 12,
      status: 'ACTIVE',
      version: 1,
      servicePackPrivileges: ['OM', 'PM', 'TM'],
    });

    const listed = await kit.http.get<PageEnvelope<ServicePack>>(`${BASE}?keyword=gold`, admin.token);
    expect(listed.status).toBe(200);
    // a list row carries the list's columns; the modules are the pack's own (its detail)
    expect(listed.body.data.map((p) => [p.code, p.duration, 'servicePackPrivileges' in p])).toEqual([
      ['PACK_GOLD', 12, false],
    ]);
    const read = await kit.http.get<One>(`${BASE}/${pack.id}`, admin.token);
    expect(read.body.data).toMatchObject({ servicePackPrivileges: ['OM', 'PM', 'TM'] });

    const updated = await kit.http.post<One>(
      `${BASE}/${pack.id}/update`,
      { version: 1, name: 'Gold 2026', servicePackPrivileges: ['SYSTEM', 'OM'] },
      admin.token,
    );
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect(updated.body.data).toMatchObject({
      name: 'Gold 2026',
      version: 2,
      servicePackPrivileges: ['OM', 'SYSTEM'],
    });

    const onlyModules = await kit.http.post<One>(
      `${BASE}/${pack.id}/update`,
      { version: 2, servicePackPrivileges: [] },
      admin.token,
    );
    expect(onlyModules.body.data).toMatchObject({ version: 3, servicePackPrivileges: [] });
    const stale = await kit.http.post<ErrorEnvelope>(
      `${BASE}/${pack.id}/update`,
      { version: 2, servicePackPrivileges: ['OM'] },
      admin.token,
    );
    expect(stale.status).toBe(409);

    const got = await kit.http.get<One>(`${BASE}/${pack.id}`, admin.token);
    expect(got.body.data).toEqual(onlyModules.body.data);
    const inactive = await kit.http.post<One>(`${BASE}/${pack.id}/inactive`, undefined, admin.token);
    expect(inactive.body.data).toMatchObject({ status: 'INACTIVE', version: 4 });

    const duplicate = await kit.http.post<ErrorEnvelope>(
      BASE,
      { code: 'pack_gold', name: 'Again', price: 0, duration: 1 },
      admin.token,
    );
    expect(duplicate.status).toBe(409);

    const logs = await kit.http.get<PageEnvelope<{ action: string }>>(
      '/api/system/action-logs?resource=service_pack',
      admin.token,
    );
    expect(logs.status).toBe(200);
    expect(logs.body.page.total).toBe(4);
  });

  it('refuses tenant users with 403, even holding the permissions', async () => {
    expect((await kit.http.get(BASE, tenantUser.token)).status).toBe(403);
    const create = await kit.http.post(
      BASE,
      { code: 'PACK_X', name: 'X', price: 1, duration: 1 },
      tenantUser.token,
    );
    expect(create.status).toBe(403);
  });

  it('answers invalid packs with 400 and field errors', async () => {
    const res = await kit.http.post<ErrorEnvelope>(
      BASE,
      { code: 'PACK_BAD', name: 'Bad', price: -1, duration: 0, servicePackPrivileges: ['NOPE'] },
      admin.token,
    );
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_FAILED');
    const fields = res.body.errors?.map((e) => e.field) ?? [];
    expect(fields).toEqual(expect.arrayContaining(['price', 'duration']));
    const modules = await kit.http.post<ErrorEnvelope>(
      BASE,
      { code: 'PACK_BAD', name: 'Bad', price: 1, duration: 1, servicePackPrivileges: ['NOPE'] },
      admin.token,
    );
    expect(modules.status).toBe(400);
    expect(modules.body.errors?.map((e) => e.field).join()).toContain('servicePackPrivileges');
  });
});
