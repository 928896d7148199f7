import type { DataScopeValue } from '@hcm/contracts/users-roles';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeExampleFile } from '../../../resources/testing/example-files.ts';
import { startResourceTestKit, type Caller, type ResourceTestKit } from '../../../resources/testing/kit.ts';
import { testEngines } from '../../../testing/engines.ts';
import { accessTokenFor, makeUser } from '../../../testing/factories.ts';
import { categoryResources } from '../categories/category-resources.ts';
import { laborContractResource } from '../labor-contracts/resources.ts';
import { organizationUnitResource } from '../organization-units/resources.ts';
import { personnelChangeResources } from '../personnel-changes/resources.ts';
import { positionResource } from '../positions/position-resource.ts';
import { wageCategoryResources } from '../wage-categories/resources.ts';
import { workerResource } from './resources.ts';

type Page = { data: { id: string; fullName?: string }[]; page: { total: number } };
type Failed = { code: string; errors?: { field: string; message: string }[] };

/**
 * The employees' data scope (issue 11): a manager reaches the employees of the units he leads
 * and those below them, an employee his own record, HR the whole tenant; on the list, the
 * record, the writes, contracts, decisions and the history alike.
 */
describe.each(await testEngines())('employees’ data scope on $engine', ({ engine }) => {
  let kit: ResourceTestKit;
  let hr: Caller;
  const ids: Record<string, string> = {};
  const resources = [
    workerResource,
    laborContractResource,
    ...personnelChangeResources,
    organizationUnitResource,
    positionResource,
    ...categoryResources,
    ...wageCategoryResources,
  ];
  const id = (name: string) => ids[name] ?? '';

  const make = async (path: string, body: Record<string, unknown>) => {
    const res = await kit.http.post<{ data: { id: string } }>(path, body, hr.token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data.id;
  };
  /** a user of hr's tenant whose role reaches `dataScope`, linked to the employee `worker` */
  const userOf = async (dataScope: DataScopeValue, worker?: string) => {
    const permissions = resources.flatMap((resource) =>
      (['view', 'create', 'update', 'delete'] as const).map((action) => resource.permissionFor(action)),
    );
    const deps = { db: kit.server.db.orm, passwords: kit.server.passwords };
    const { user } = await makeUser(deps, { tenantId: hr.tenantId, permissions, dataScope });
    if (worker) {
      const record = await kit.http.get<{ data: { version: number } }>(`/api/om/workers/${worker}`, hr.token);
      const linked = await kit.http.post(
        `/api/om/workers/${worker}/update`,
        { version: record.body.data.version, userId: user.id },
        hr.token,
      );
      expect(linked.status, JSON.stringify(linked.body)).toBe(200);
    }
    return { ...hr, userId: user.id, token: await accessTokenFor(kit.server.db.orm, user) };
  };
  const names = async (who: Caller) => {
    const res = await kit.http.get<Page>('/api/om/workers?pageSize=100&sortBy=code.asc', who.token);
    expect(res.status).toBe(200);
    return res.body.data.map((worker) => worker.fullName);
  };

  beforeAll(async () => {
    kit = await startResourceTestKit(engine);
    hr = await kit.caller(resources);
    const unit = (code: string, name: string, parentId?: string) =>
      make('/api/om/organization-units', {
        code,
        name,
        typeCode: 'PHONG',
        ...(parentId ? { parentId } : {}),
      });
    ids.sales = await unit('KINH_DOANH', 'Kinh doanh');
    ids.north = await unit('KD_MIEN_BAC', 'Kinh doanh miền Bắc', id('sales'));
    ids.finance = await unit('TAI_CHINH', 'Tài chính');
    ids.head = await make('/api/om/positions', {
      code: 'TRUONG_KD',
      name: 'Trưởng phòng Kinh doanh',
      directUnits: [id('sales')],
    });
    const hire = (code: string, fullName: string, unitId: string, extra: Record<string, unknown> = {}) =>
      make('/api/om/workers', { code, fullName, gender: 'MALE', organizationUnitId: unitId, ...extra });
    ids.manager = await hire('NV01', 'An Trưởng phòng', id('sales'), { jobPositionId: id('head') });
    ids.seller = await hire('NV02', 'Bình Bán hàng', id('north'));
    ids.accountant = await hire('NV03', 'Chi Kế toán', id('finance'));
    ids.praise = await make('/api/om/reward-types', { code: 'GIAY_KHEN', name: 'Giấy khen' });
    ids.type = await make('/api/om/contract-types', {
      code: 'KXDTH',
      name: 'Không thời hạn',
      salaryRate: '100',
    });
    for (const worker of ['seller', 'accountant'])
      await make('/api/om/contracts', {
        number: `HD-${worker}`,
        workerId: id(worker),
        contractTypeId: id('type'),
        signingDate: '2026-01-01',
        effectiveDate: '2026-01-01',
        salary: '10000000',
      });
  });
  afterAll(() => kit?.stop());

  it('gives HR the whole tenant, a manager his units and those below, an employee himself', async () => {
    const everyone = ['An Trưởng phòng', 'Bình Bán hàng', 'Chi Kế toán'];
    expect(await names(hr)).toEqual(everyone);
    expect(await names(await userOf('TENANT'))).toEqual(everyone);
    const manager = await userOf('UNITS', id('manager'));
    expect(await names(manager)).toEqual(['An Trưởng phòng', 'Bình Bán hàng']);
    const accountant = await userOf('SELF', id('accountant'));
    expect(await names(accountant)).toEqual(['Chi Kế toán']);
    // an account linked to no employee reaches nobody
    expect(await names(await userOf('SELF'))).toEqual([]);
  });

  it('answers 404 for a record outside the reach, and refuses writing one there (400)', async () => {
    const manager = await userOf('UNITS', id('manager'));
    expect((await kit.http.get(`/api/om/workers/${id('accountant')}`, manager.token)).status).toBe(404);
    expect((await kit.http.get(`/api/om/workers/${id('seller')}`, manager.token)).status).toBe(200);
    const outside = await kit.http.post<Failed>(
      '/api/om/workers',
      { code: 'NV09', fullName: 'Dũng Ngoài', gender: 'MALE', organizationUnitId: id('finance') },
      manager.token,
    );
    expect(outside.status).toBe(400);
    expect(outside.body.errors?.map((error) => error.field)).toEqual(['organizationUnitId']);
    const inside = await kit.http.post(
      '/api/om/workers',
      { code: 'NV10', fullName: 'Em Mới', gender: 'FEMALE', organizationUnitId: id('north') },
      manager.token,
    );
    expect(inside.status, JSON.stringify(inside.body)).toBe(200);
  });

  it('narrows contracts, decisions and the history to the employees reached', async () => {
    const manager = await userOf('UNITS', id('manager'));
    const contracts = await kit.http.get<Page>('/api/om/contracts?pageSize=100', manager.token);
    expect(contracts.body.page.total).toBe(1);
    const reward = (workerId: string) =>
      kit.http.post<Failed>(
        '/api/om/rewards',
        { workerId, decisionNumber: 'KT/1', effectiveDate: '2026-05-01', rewardTypeId: id('praise') },
        manager.token,
      );
    const theirs = await reward(id('accountant'));
    expect(theirs.status).toBe(400);
    expect(theirs.body.errors?.map((error) => error.field)).toEqual(['workerId']);
    expect((await reward(id('seller'))).status).toBe(200);
    expect((await kit.http.get(`/api/om/workers/${id('accountant')}/history`, manager.token)).status).toBe(
      404,
    );
    expect((await kit.http.get(`/api/om/workers/${id('seller')}/history`, manager.token)).status).toBe(200);
    const self = await userOf('SELF', id('seller'));
    const own = await kit.http.get<Page>('/api/om/contracts?pageSize=100', self.token);
    expect(own.body.data.map((contract) => contract.id)).toHaveLength(1);
  });

  it('lets only HR link an account to an employee (400 for a manager, on userId)', async () => {
    const manager = await userOf('UNITS', id('manager'));
    const unlinked = await userOf('SELF');
    const record = await kit.http.get<{ data: { version: number } }>(
      `/api/om/workers/${id('seller')}`,
      manager.token,
    );
    const relink = await kit.http.post<Failed>(
      `/api/om/workers/${id('seller')}/update`,
      { version: record.body.data.version, userId: unlinked.userId },
      manager.token,
    );
    expect(relink.status, JSON.stringify(relink.body)).toBe(400);
    expect(relink.body.errors?.map((error) => error.field)).toEqual(['userId']);
    // his other edits to a record in reach are his to make
    const renamed = await kit.http.post(
      `/api/om/workers/${id('seller')}/update`,
      { version: record.body.data.version, phone: '0912345678' },
      manager.token,
    );
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
  });

  it('lets employees change only their contact, family, education and bank details on their own record', async () => {
    const own = async (who: { token: string }, id: string, body: Record<string, unknown>) => {
      const record = await kit.http.get<{ data: Record<string, unknown> & { version: number } }>(
        `/api/om/workers/${id}`,
        who.token,
      );
      return kit.http.post<Failed>(
        `/api/om/workers/${id}/update`,
        { ...body, version: record.body.data.version },
        who.token,
      );
    };
    const seller = await userOf('SELF', id('seller'));
    const allowed = await own(seller, id('seller'), {
      phone: '0987654321',
      temporaryAddress: '12 Nguyễn Trãi, Hà Nội',
      relatedPersons: [{ fullName: 'Nguyễn Văn Bố', relation: 'Bố' }],
    });
    expect(allowed.status, JSON.stringify(allowed.body)).toBe(200);
    const raised = await own(seller, id('seller'), {
      salary: '99000000',
      workingStatus: 'WORKING',
      phone: '0911111111',
    });
    expect(raised.status).toBe(400);
    expect(raised.body.errors?.map((error) => [error.field, error.message])).toEqual([
      ['salary', 'only HR changes this on your own record'],
    ]);
    // the whole record sent back unchanged, as a form saves it, is no change
    const record = await kit.http.get<{ data: Record<string, unknown> }>(
      `/api/om/workers/${id('seller')}`,
      seller.token,
    );
    const { id: _id, createdAt, createdBy, lastModifiedAt, lastModifiedBy, ...fields } = record.body.data;
    void [_id, createdAt, createdBy, lastModifiedAt, lastModifiedBy];
    // what the answer adds beside the fields (files' infos, areas' names) is not sent back
    const sentBack = Object.fromEntries(
      Object.entries(fields).filter(([name]) => !name.endsWith('Info') && !name.endsWith('CodeName')),
    );
    const saved = await own(seller, id('seller'), { ...sentBack, homeTown: 'Nam Định' });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    // the papers of one's file are HR's to keep
    const diploma = await storeExampleFile(
      kit.server.db.orm,
      hr.tenantId,
      'WORKER_FILE',
      'Bằng.pdf',
      seller.userId,
    );
    const papers = await own(seller, id('seller'), { files: [diploma] });
    expect(papers.body.errors?.map((error) => [error.field, error.message])).toEqual([
      ['files', 'only HR changes this on your own record'],
    ]);
    // a manager is an employee on his own record; HR changes anyone's pay
    const manager = await userOf('UNITS', id('manager'));
    const promoted = await own(manager, id('manager'), { salary: '50000000' });
    expect(promoted.body.errors?.map((error) => error.field)).toEqual(['salary']);
    expect((await own(hr, id('seller'), { salary: '15000000' })).status).toBe(200);
  });

  it('lets HR choose in the configuration what employees change on their own record', async () => {
    const deps = { db: kit.server.db.orm, passwords: kit.server.passwords };
    const { user } = await makeUser(deps, {
      tenantId: hr.tenantId,
      permissions: ['configuration.view', 'configuration.update'],
    });
    const admin = await accessTokenFor(kit.server.db.orm, user);
    type Settings = Record<string, unknown> & { version: number; workerSelfServiceFields: string[] };
    const read = async () =>
      (await kit.http.get<{ data: Settings }>('/api/system/configuration', admin)).body.data;
    const save = async (change: Record<string, unknown>) => {
      const { scope, inherited, limits, updatedAt, ...body } = await read();
      void [scope, inherited, limits, updatedAt];
      return kit.http.request<Failed>('PUT', '/api/system/configuration', {
        body: { ...body, ...change },
        token: admin,
      });
    };
    expect((await read()).workerSelfServiceFields).toContain('temporaryAddress');
    // a field that is HR's is not HR's to give away
    const refused = await save({ workerSelfServiceFields: ['phone', 'salary'] });
    expect(refused.status).toBe(400);
    expect((await save({ workerSelfServiceFields: ['phone', 'personalTaxCode'] })).status).toBe(200);

    const seller = await userOf('SELF', id('seller'));
    const own = async (body: Record<string, unknown>) => {
      const record = await kit.http.get<{ data: { version: number } }>(
        `/api/om/workers/${id('seller')}`,
        seller.token,
      );
      return kit.http.post<Failed>(
        `/api/om/workers/${id('seller')}/update`,
        { ...body, version: record.body.data.version },
        seller.token,
      );
    };
    expect((await own({ personalTaxCode: '8012345678' })).status).toBe(200);
    const address = await own({ temporaryAddress: '5 Lý Thường Kiệt, Huế' });
    expect(address.body.errors?.map((error) => [error.field, error.message])).toEqual([
      ['temporaryAddress', 'only HR changes this on your own record'],
    ]);
    // a save that predates the setting keeps HR's choice
    // (JSON leaves an undefined key out: the body has no workerSelfServiceFields)
    expect((await save({ workerSelfServiceFields: undefined })).status).toBe(200);
    expect((await read()).workerSelfServiceFields).toEqual(['phone', 'personalTaxCode']);
  });

  it('follows a change of role or position at the next request', async () => {
    const manager = await userOf('UNITS', id('manager'));
    expect(await names(manager)).toHaveLength(3); // An, Bình, and Em hired above
    // HR moves the manager to Finance without the leading position: he now reaches himself only
    const record = await kit.http.get<{ data: { version: number } }>(
      `/api/om/workers/${id('manager')}`,
      hr.token,
    );
    await kit.http.post(
      `/api/om/workers/${id('manager')}/update`,
      { version: record.body.data.version, organizationUnitId: id('finance'), jobPositionId: null },
      hr.token,
    );
    expect(await names(manager)).toEqual(['An Trưởng phòng']);
  });

  it('keeps one account to one employee (409 on a second link)', async () => {
    const user = await userOf('SELF', id('seller'));
    const record = await kit.http.get<{ data: { version: number } }>(
      `/api/om/workers/${id('accountant')}`,
      hr.token,
    );
    const twice = await kit.http.post<Failed>(
      `/api/om/workers/${id('accountant')}/update`,
      { version: record.body.data.version, userId: user.userId },
      hr.token,
    );
    expect(twice.status).toBe(409);
  });
});
