import type { PageEnvelope } from '@hcm/contracts';
import { CONTACTS_PATH, type ContactCard } from '@hcm/contracts/workers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startResourceTestKit, type Caller, type ResourceTestKit } from '../../../resources/testing/kit.ts';
import { testEngines } from '../../../testing/engines.ts';
import { accessTokenFor, makeUser } from '../../../testing/factories.ts';
import { categoryResources } from '../categories/category-resources.ts';
import { organizationUnitResource } from '../organization-units/resources.ts';
import { positionResource } from '../positions/position-resource.ts';
import { workerResource } from '../workers/resources.ts';

// both engines: the accent folding is SQL (migration 0032) that each engine runs itself
describe.each(await testEngines('both'))('the contacts directory on $engine', ({ engine }) => {
  let kit: ResourceTestKit;
  let hr: Caller;
  let other: Caller;
  /** an employee of hr's tenant holding contacts.view only */
  let employee: string;
  const ids: Record<string, string> = {};

  const make = async (who: Caller, path: string, body: Record<string, unknown>) => {
    const res = await kit.http.post<{ data: { id: string } }>(path, body, who.token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data.id;
  };
  const search = async (query: string, token = employee) => {
    const res = await kit.http.get<PageEnvelope<ContactCard>>(`${CONTACTS_PATH}?${query}`, token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body;
  };
  const names = async (query: string) => (await search(query)).data.map((card) => card.fullName);

  beforeAll(async () => {
    kit = await startResourceTestKit(engine);
    const resources = [workerResource, organizationUnitResource, positionResource, ...categoryResources];
    hr = await kit.caller(resources);
    other = await kit.caller(resources, ['contacts.view']);
    const db = kit.server.db.orm;
    const { user } = await makeUser(
      { db, passwords: kit.server.passwords },
      { tenantId: hr.tenantId, permissions: ['contacts.view'] },
    );
    employee = await accessTokenFor(db, user);

    ids.company = await make(hr, '/api/om/organization-units', {
      code: 'CTY_A',
      name: 'Công ty',
      typeCode: 'CONG_TY',
    });
    ids.hr = await make(hr, '/api/om/organization-units', {
      code: 'P_NS',
      name: 'Phòng Nhân sự',
      typeCode: 'PHONG',
      parentId: ids.company,
    });
    ids.team = await make(hr, '/api/om/organization-units', {
      code: 'T_TD',
      name: 'Tổ Tuyển dụng',
      typeCode: 'TO',
      parentId: ids.hr,
    });
    ids.sales = await make(hr, '/api/om/organization-units', {
      code: 'P_KD',
      name: 'Phòng Kinh doanh',
      typeCode: 'PHONG',
    });
    ids.head = await make(hr, '/api/om/positions', { code: 'TRUONG_P', name: 'Trưởng phòng' });
    const hire = (code: string, fullName: string, unit: string, extra: Record<string, unknown> = {}) =>
      make(hr, '/api/om/workers', { code, fullName, gender: 'FEMALE', organizationUnitId: unit, ...extra });
    await hire('NV01', 'Lê Thị Lân', ids.hr, {
      jobPositionId: ids.head,
      phone: '0912345678',
      email: 'lan@example.vn',
      citizenIdentityNumber: '079190000123',
    });
    await hire('NV02', 'Đặng Văn Đức', ids.team, { gender: 'MALE' });
    await hire('NV03', 'Trần Bảo Ngọc', ids.sales);
    await hire('NV04', 'Phan Lan Anh', ids.sales, { workingStatus: 'UNEMPLOYED' });
    await make(other, '/api/om/workers', {
      code: 'NV01',
      fullName: 'Lê Thị Lân Khác',
      gender: 'FEMALE',
      organizationUnitId: await make(other, '/api/om/organization-units', {
        code: 'XXXX',
        name: 'X',
        typeCode: 'PHONG',
      }),
    });
  });
  afterAll(() => kit?.stop());

  it('lists the working colleagues of the tenant only, with unit and position names, and no personal data', async () => {
    const page = await search('');
    expect(page.page).toEqual({ pageIndex: 1, pageSize: 24, total: 3 });
    // by name as a Vietnamese reader sorts it: Đ among the D's
    expect(page.data.map((card) => card.fullName)).toEqual(['Đặng Văn Đức', 'Lê Thị Lân', 'Trần Bảo Ngọc']);
    expect(page.data[1]).toEqual({
      id: expect.any(String),
      code: 'NV01',
      fullName: 'Lê Thị Lân',
      gender: 'FEMALE',
      // no photo: the directory draws the default avatar of her gender
      avatarId: null,
      organizationUnitId: ids.hr,
      organizationUnitName: 'Phòng Nhân sự',
      jobPositionName: 'Trưởng phòng',
      jobTitleName: null,
      phone: '0912345678',
      email: 'lan@example.vn',
    });
  });

  it('finds by a keyword typed without accents or in capitals, in name, code, phone or e-mail', async () => {
    expect(await names('keyword=lan')).toEqual(['Lê Thị Lân']);
    expect(await names(`keyword=${encodeURIComponent('DUC')}`)).toEqual(['Đặng Văn Đức']);
    expect(await names(`keyword=${encodeURIComponent('đặng văn')}`)).toEqual(['Đặng Văn Đức']);
    expect(await names('keyword=0912345')).toEqual(['Lê Thị Lân']);
    expect(await names('keyword=nv03')).toEqual(['Trần Bảo Ngọc']);
    expect(await names(`keyword=${encodeURIComponent('%')}`)).toEqual([]);
  });

  it('takes a unit with the units below it, and pages and sorts', async () => {
    expect(await names(`organizationUnitId=${ids.hr}`)).toEqual(['Đặng Văn Đức', 'Lê Thị Lân']);
    expect(await names(`organizationUnitId=${ids.team}`)).toEqual(['Đặng Văn Đức']);
    const second = await search('pageSize=2&pageIndex=2&sortBy=code.asc');
    expect(second.page.total).toBe(3);
    expect(second.data.map((card) => card.code)).toEqual(['NV03']);
    expect((await search('pageIndex=9')).page.total).toBe(3);
  });

  it('needs contacts.view and refuses a query it does not know', async () => {
    const stranger = await kit.caller([]);
    expect((await kit.http.get(CONTACTS_PATH, stranger.token)).status).toBe(403);
    expect((await kit.http.get(CONTACTS_PATH)).status).toBe(401);
    for (const query of [
      'organizationUnitId=1',
      'sortBy=citizenIdentityNumber.asc',
      'salary=1',
      `keyword=${'a'.repeat(300)}`,
    ])
      expect((await kit.http.get(`${CONTACTS_PATH}?${query}`, employee)).status, query).toBe(400);
  });
});
