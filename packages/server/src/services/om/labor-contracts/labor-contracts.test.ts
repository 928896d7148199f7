import type { ContractInForce, LaborContractRecord } from '@hcm/contracts/labor-contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inScope } from '../../../db/tenant-scope.ts';
import { startResourceTestKit, type Caller, type ResourceTestKit } from '../../../resources/testing/kit.ts';
import { todayInVietnam } from '../../../resources/search/find-latest-effective.ts';
import { testEngines } from '../../../testing/engines.ts';
import { categoryResources } from '../categories/category-resources.ts';
import { organizationUnitResource } from '../organization-units/resources.ts';
import { wageCategoryResources } from '../wage-categories/resources.ts';
import { workerResource } from '../workers/resources.ts';
import { sweepAllTenants } from '../date-sweep.ts';
import { laborContractResource } from './resources.ts';

const BASE = '/api/om/contracts';
type Created = { data: LaborContractRecord };
type Failed = { code: string; errors?: { field: string; message: string }[] };

/** yyyy-MM-dd `days` from today in Vietnam. */
const daysFromToday = (days: number) => {
  const today = new Date(`${todayInVietnam()}T00:00:00Z`);
  return new Date(today.getTime() + days * 86_400_000).toISOString().slice(0, 10);
};

describe.each(await testEngines())('labour contracts on $engine', ({ engine }) => {
  let kit: ResourceTestKit;
  let hr: Caller;
  let other: Caller;
  const ids: Record<string, string> = {};
  let serial = 0;

  const make = async (who: Caller, path: string, body: Record<string, unknown>) => {
    const res = await kit.http.post<{ data: { id: string } }>(path, body, who.token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data.id;
  };
  /** a valid contract body for the worker, with `extra` over it */
  const contract = (extra: Record<string, unknown> = {}) => ({
    number: `${String(++serial).padStart(3, '0')}/2026/HĐLĐ`,
    workerId: ids.worker,
    contractTypeId: ids.indefinite,
    signingDate: '2026-01-02',
    effectiveDate: '2026-01-05',
    salary: '15000000',
    ...extra,
  });
  const create = (body: Record<string, unknown>, who = hr) =>
    kit.http.post<Created & Failed>(BASE, body, who.token);
  const created = async (body: Record<string, unknown>) => {
    const res = await create(body);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data;
  };
  const fieldsOf = (body: Failed) => (body.errors ?? []).map((e) => e.field);

  beforeAll(async () => {
    kit = await startResourceTestKit(engine);
    const resources = [
      laborContractResource,
      workerResource,
      organizationUnitResource,
      ...categoryResources,
      ...wageCategoryResources,
    ];
    hr = await kit.caller(resources);
    other = await kit.caller(resources);
    const unit = await make(hr, '/api/om/organization-units', {
      code: 'PHONG_NS',
      name: 'Phòng Nhân sự',
      typeCode: 'PHONG',
    });
    const person = (code: string) => ({
      code,
      fullName: `Trần Thị ${code}`,
      gender: 'FEMALE',
      organizationUnitId: unit,
    });
    ids.worker = await make(hr, '/api/om/workers', person('NV0001'));
    ids.colleague = await make(hr, '/api/om/workers', person('NV0002'));
    ids.indefinite = await make(hr, '/api/om/contract-types', {
      code: 'KXDTH',
      name: 'Không xác định thời hạn',
      salaryRate: '100',
    });
    ids.year = await make(hr, '/api/om/contract-types', {
      code: 'XDTH12',
      name: 'Xác định thời hạn 12 tháng',
      salaryRate: '100',
      termMonths: 12,
    });
    ids.allowance = await make(hr, '/api/om/allowance-types', { code: 'PC_AN', name: 'Phụ cấp ăn trưa' });
    const theirUnit = await make(other, '/api/om/organization-units', {
      code: 'THEIRS',
      name: 'Theirs',
      typeCode: 'PHONG',
    });
    ids.theirWorker = await make(other, '/api/om/workers', {
      ...person('NV0001'),
      organizationUnitId: theirUnit,
    });
  });
  afterAll(() => kit?.stop());

  it('signs a contract with allowances, and reads it back with its validity', async () => {
    const saved = await created(
      contract({ allowances: [{ allowanceTypeId: ids.allowance, amount: '730000' }], workplace: 'Hà Nội' }),
    );
    expect(saved).toMatchObject({
      validity: 'EFFECTIVE',
      expiryDate: null,
      salary: '15000000.00',
      workplace: 'Hà Nội',
    });
    expect(saved.allowances).toEqual([{ allowanceTypeId: ids.allowance, amount: '730000.00' }]);
    const read = await kit.http.get<Created>(`${BASE}/${saved.id}`, hr.token);
    expect(read.body.data.number).toBe(saved.number);
  });

  it('ends a contract of a 12-month type on the day before its anniversary when no expiry is given', async () => {
    const saved = await created(
      contract({ contractTypeId: ids.year, effectiveDate: '2026-03-01', signingDate: '2026-02-20' }),
    );
    expect(saved.expiryDate).toBe('2027-02-28');
    const kept = await created(
      contract({ contractTypeId: ids.year, effectiveDate: '2026-03-01', expiryDate: '2026-08-31' }),
    );
    expect(kept.expiryDate).toBe('2026-08-31');
  });

  it('computes the validity from the dates: not yet, in force, expired', async () => {
    const future = await created(
      contract({ effectiveDate: daysFromToday(10), signingDate: daysFromToday(-1) }),
    );
    const past = await created(
      contract({ effectiveDate: '2020-01-01', signingDate: '2020-01-01', expiryDate: '2020-12-31' }),
    );
    const lastDay = await created(contract({ effectiveDate: '2020-01-01', expiryDate: daysFromToday(0) }));
    expect([future.validity, past.validity, lastDay.validity]).toEqual([
      'NOT_EFFECTIVE',
      'EXPIRE',
      'EFFECTIVE',
    ]);
    // an update that moves the dates moves the validity
    const moved = await kit.http.post<Created>(
      `${BASE}/${future.id}/update`,
      { effectiveDate: daysFromToday(-3), version: future.version },
      hr.token,
    );
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.data.validity).toBe('EFFECTIVE');
    const expired = await kit.http.get<{ data: LaborContractRecord[] }>(
      `${BASE}?validity=EXPIRE&pageSize=100`,
      hr.token,
    );
    expect(expired.body.data.map((c) => c.id)).toContain(past.id);
    expect(expired.body.data.map((c) => c.id)).not.toContain(lastDay.id);
  });

  it('refuses a number with a backslash or over 100 characters, a duplicate number and an expiry before the start', async () => {
    const backslash = await create(contract({ number: 'HĐ\\01' }));
    expect(backslash.status).toBe(400);
    expect(fieldsOf(backslash.body)).toContain('number');
    const long = await create(contract({ number: 'H'.repeat(101) }));
    expect(fieldsOf(long.body)).toContain('number');
    const control = await create(contract({ number: 'HĐ\u000701' }));
    expect(fieldsOf(control.body)).toContain('number');
    const first = await created(contract({ number: 'hd-trung/2026' }));
    const twice = await create(contract({ number: 'HD-TRUNG/2026' }));
    expect(twice.status, JSON.stringify(twice.body)).toBe(409);
    expect(fieldsOf(twice.body)).toContain('number');
    const backwards = await create(contract({ effectiveDate: '2026-05-01', expiryDate: '2026-04-30' }));
    expect(backwards.status).toBe(400);
    expect(fieldsOf(backwards.body)).toEqual(['expiryDate']);
    expect(first.number).toBe('hd-trung/2026');
  });

  it('takes an annex only on a main contract of the same employee', async () => {
    const main = await created(contract());
    const annex = await created(contract({ parentContractId: main.id, effectiveDate: '2026-06-01' }));
    expect(annex.parentContractId).toBe(main.id);
    const ofAnnex = await create(contract({ parentContractId: annex.id }));
    expect(fieldsOf(ofAnnex.body)).toEqual(['parentContractId']);
    const ofColleague = await create(contract({ workerId: ids.colleague, parentContractId: main.id }));
    expect(fieldsOf(ofColleague.body)).toEqual(['parentContractId']);
    // the main contract keeps its employee while it has annexes, and cannot be deleted
    const moved = await kit.http.post<Failed>(
      `${BASE}/${main.id}/update`,
      { workerId: ids.colleague, version: main.version },
      hr.token,
    );
    expect(fieldsOf(moved.body)).toEqual(['workerId']);
    const deleted = await kit.http.post<Failed>(`${BASE}/${main.id}/delete`, {}, hr.token);
    expect(deleted.status).toBe(409);
  });

  it('answers the contract in force on a day with its annexes in force, or none', async () => {
    const worker = await make(hr, '/api/om/workers', {
      code: 'NV0100',
      fullName: 'Lê Văn Hạn',
      gender: 'MALE',
      organizationUnitId: (
        await kit.http.get<{ data: { organizationUnitId: string } }>(
          `/api/om/workers/${ids.worker}`,
          hr.token,
        )
      ).body.data.organizationUnitId,
    });
    const probation = await created(
      contract({ workerId: worker, effectiveDate: '2025-01-01', expiryDate: '2025-02-28' }),
    );
    const official = await created(
      contract({ workerId: worker, effectiveDate: '2025-03-01', contractTypeId: ids.year }),
    );
    const raise = await created(
      contract({ workerId: worker, parentContractId: official.id, effectiveDate: '2025-09-01' }),
    );
    const inForce = async (date: string) => {
      const res = await kit.http.get<{ data: ContractInForce }>(
        `${BASE}/in-force?workerId=${worker}&date=${date}`,
        hr.token,
      );
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.data;
    };
    // a contract is in force once approved, signed (the approval engine's; docs/approvals.md)
    expect((await inForce('2025-10-01')).contract).toBeNull();
    await inScope(kit.server.db.orm, { tenantId: hr.tenantId, userId: null }, (tx) =>
      tx.execute(
        sql`update labor_contracts set approval_status = 'APPROVED' where id in (${probation.id}, ${official.id}, ${raise.id})`,
      ),
    );
    expect((await inForce('2025-02-10')).contract?.id).toBe(probation.id);
    const autumn = await inForce('2025-10-01');
    expect(autumn.contract?.id).toBe(official.id);
    expect(autumn.annexes.map((a) => a.id)).toEqual([raise.id]);
    expect((await inForce('2025-05-01')).annexes).toEqual([]);
    expect(await inForce('2024-12-31')).toEqual({ date: '2024-12-31', contract: null, annexes: [] });
    const bad = await kit.http.get<Failed>(`${BASE}/in-force?workerId=${worker}&date=31/12/2024`, hr.token);
    expect(bad.status).toBe(400);
  });

  it('keeps tenants apart: another tenant’s worker cannot sign here, and their contracts are not seen', async () => {
    const foreign = await create(contract({ workerId: ids.theirWorker }));
    expect(foreign.status).toBe(400);
    expect(fieldsOf(foreign.body)).toContain('workerId');
    const theirs = await kit.http.get<{ data: ContractInForce }>(
      `${BASE}/in-force?workerId=${ids.worker}`,
      other.token,
    );
    expect(theirs.body.data.contract).toBeNull();
  });

  it('refuses to delete an employee who has contracts', async () => {
    const res = await kit.http.post<Failed>(`/api/om/workers/${ids.worker}/delete`, {}, hr.token);
    expect(res.status).toBe(409);
  });

  it('brings the validity of every tenant’s contracts to the new day when the sweep runs', async () => {
    const ending = await created(contract({ effectiveDate: '2026-01-01', expiryDate: '2099-12-31' }));
    const starting = await created(contract({ effectiveDate: '2099-06-01' }));
    const { validity: changed } = await sweepAllTenants(kit.server.db.orm, '2100-01-01');
    expect(changed).toBeGreaterThanOrEqual(2);
    const read = async (id: string) => (await kit.http.get<Created>(`${BASE}/${id}`, hr.token)).body.data;
    expect((await read(ending.id)).validity).toBe('EXPIRE');
    expect((await read(starting.id)).validity).toBe('EFFECTIVE');
    // the version did not move: a form open on the contract still saves
    expect((await read(ending.id)).version).toBe(ending.version);
    expect((await sweepAllTenants(kit.server.db.orm, '2100-01-01')).validity).toBe(0);
  });
});
