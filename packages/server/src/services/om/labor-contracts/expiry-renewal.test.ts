import type { ExpiringContract, LaborContractRecord } from '@hcm/contracts/labor-contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inScope } from '../../../db/tenant-scope.ts';
import { startResourceTestKit, type Caller, type ResourceTestKit } from '../../../resources/testing/kit.ts';
import { todayInVietnam } from '../../../resources/search/find-latest-effective.ts';
import { accessTokenFor, makeUser } from '../../../testing/factories.ts';
import { testEngines } from '../../../testing/engines.ts';
import { categoryResources } from '../categories/category-resources.ts';
import { sweepAllTenants } from '../date-sweep.ts';
import { organizationUnitResource } from '../organization-units/resources.ts';
import { wageCategoryResources } from '../wage-categories/resources.ts';
import { workerResource } from '../workers/resources.ts';
import { addDays } from './contract-term.ts';
import { laborContractResource } from './resources.ts';

const BASE = '/api/om/contracts';
type Failed = { code: string; errors?: { field: string }[]; params?: Record<string, unknown> };

describe.each(await testEngines())(
  'contracts about to expire, and their renewal, on $engine',
  ({ engine }) => {
    let kit: ResourceTestKit;
    let hr: Caller;
    const ids: Record<string, string> = {};
    const today = todayInVietnam();
    const resources = [
      laborContractResource,
      workerResource,
      organizationUnitResource,
      ...categoryResources,
      ...wageCategoryResources,
    ];

    const make = async (path: string, body: Record<string, unknown>, who = hr) => {
      const res = await kit.http.post<{ data: { id: string } }>(path, body, who.token);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.data.id;
    };
    /** a signed (approved) contract of `worker` from `effective` to `expiry` */
    const signed = async (
      worker: string,
      effective: string,
      expiry: string,
      extra: Record<string, unknown> = {},
    ) => {
      const id = await make(BASE, {
        workerId: worker,
        contractTypeId: ids.year,
        signingDate: effective,
        effectiveDate: effective,
        expiryDate: expiry,
        salary: '15000000',
        ...extra,
      });
      await inScope(kit.server.db.orm, { tenantId: hr.tenantId, userId: null }, (tx) =>
        tx.execute(sql`update labor_contracts set approval_status = 'APPROVED' where id = ${id}`),
      );
      return id;
    };
    const inbox = async (userId: string) =>
      inScope(kit.server.db.orm, { tenantId: hr.tenantId, userId: null }, async (tx) => {
        const result = (await tx.execute(
          sql`select title, attached_link from user_notifications where user_id = ${userId} order by title`,
        )) as unknown as { rows: { title: string; attached_link: string }[] };
        return result.rows;
      });
    const expiring = (who: Caller, query = '') =>
      kit.http.get<{ data: ExpiringContract[] } & Failed>(`${BASE}/expiring${query}`, who.token);

    beforeAll(async () => {
      kit = await startResourceTestKit(engine);
      hr = await kit.caller(resources);
      const unit = await make('/api/om/organization-units', {
        code: 'PHONG_NS',
        name: 'Phòng NS',
        typeCode: 'PHONG',
      });
      const person = (code: string, fullName: string) => ({
        code,
        fullName,
        gender: 'FEMALE',
        organizationUnitId: unit,
      });
      ids.soon = await make('/api/om/workers', person('NV0001', 'Trần Thị Sớm'));
      ids.later = await make('/api/om/workers', person('NV0002', 'Lê Văn Muộn'));
      ids.year = await make('/api/om/contract-types', {
        code: 'XDTH12',
        name: 'Xác định thời hạn 12 tháng',
        salaryRate: '100',
        termMonths: 12,
      });
      ids.allowance = await make('/api/om/allowance-types', { code: 'PC_AN', name: 'Phụ cấp ăn trưa' });
      ids.soonContract = await signed(ids.soon, addDays(today, -345), addDays(today, 20), {
        allowances: [{ allowanceTypeId: ids.allowance, amount: '730000' }],
        workplace: 'Hà Nội',
      });
      ids.laterContract = await signed(ids.later, addDays(today, -300), addDays(today, 65));
    });
    afterAll(() => kit?.stop());

    it('lists signed contracts ending within the tenant’s notice days, soonest first', async () => {
      const within30 = await expiring(hr);
      expect(within30.status, JSON.stringify(within30.body)).toBe(200);
      expect(within30.body.data.map((c) => c.workerName)).toEqual(['Trần Thị Sớm']);
      expect(within30.body.data[0]?.expiryDate).toBe(addDays(today, 20));
      const within90 = await expiring(hr, '?days=90');
      expect(within90.body.data.map((c) => c.workerName)).toEqual(['Trần Thị Sớm', 'Lê Văn Muộn']);
      const stranger = await kit.caller(resources);
      expect((await expiring(stranger, '?days=90')).body.data).toEqual([]);
    });

    it('tells HR once per contract, on the day the notice period reaches it', async () => {
      const deps = { db: kit.server.db.orm, passwords: kit.server.passwords };
      const { user: manager } = await makeUser(deps, {
        tenantId: hr.tenantId,
        permissions: ['contract.update'],
        dataScope: 'UNITS',
      });
      expect(await inbox(hr.userId)).toEqual([]);
      await sweepAllTenants(kit.server.db.orm, today);
      const told = await inbox(hr.userId);
      expect(told).toHaveLength(1);
      const end = addDays(today, 20);
      expect(told[0]?.title).toBe(
        `Hợp đồng ${(await contractOf(ids.soonContract ?? '')).number} của Trần Thị Sớm (NV0001) hết hạn ngày ${end.slice(8, 10)}/${end.slice(5, 7)}/${end.slice(0, 4)}`,
      );
      expect(told[0]?.attached_link).toBe(`/om/contract/${ids.soonContract}/detail`);
      // the same day again, and the next day: nothing new
      await sweepAllTenants(kit.server.db.orm, today);
      await sweepAllTenants(kit.server.db.orm, addDays(today, 1));
      expect(await inbox(hr.userId)).toHaveLength(1);
      // 35 days on, the second contract comes within 30 days of its end
      await sweepAllTenants(kit.server.db.orm, addDays(today, 36));
      expect(await inbox(hr.userId)).toHaveLength(2);
      // a manager of some units only is not told of contracts of the whole tenant
      expect(await inbox(manager.id)).toEqual([]);
    });

    const contractOf = async (id: string) =>
      (await kit.http.get<{ data: LaborContractRecord }>(`${BASE}/${id}`, hr.token)).body.data;

    it('renews a contract as a draft of the next one, and refuses to renew it twice', async () => {
      const renewed = await kit.http.post<{ data: LaborContractRecord } & Failed>(
        `${BASE}/${ids.soonContract}/renew`,
        {},
        hr.token,
      );
      expect(renewed.status, JSON.stringify(renewed.body)).toBe(200);
      const next = renewed.body.data;
      expect(next).toMatchObject({
        workerId: ids.soon,
        contractTypeId: ids.year,
        workplace: 'Hà Nội',
        effectiveDate: addDays(today, 21),
        signingDate: today,
        approvalStatus: 'NEW',
        parentContractId: null,
      });
      expect(Number(next.salary)).toBe(15_000_000);
      expect(next.allowances.map((row) => [row.allowanceTypeId, Number(row.amount)])).toEqual([
        [ids.allowance, 730_000],
      ]);
      // numbered from the default pattern (the two contracts of the set-up, left unnumbered, took
      // 1 and 2), and its end from the type's 12 months
      expect(next.number).toBe(`3/${today.slice(0, 4)}/HĐLĐ`);
      expect(next.expiryDate).not.toBeNull();
      // renewed: no longer on the list of contracts to act on
      expect((await expiring(hr)).body.data).toEqual([]);
      const again = await kit.http.post<Failed>(`${BASE}/${ids.soonContract}/renew`, {}, hr.token);
      expect(again.status).toBe(409);
      // the browser names the contract that follows in the user's words
      expect(again.body.params).toEqual({ reason: 'alreadyRenewed', number: next.number });
      // a renewal that is rejected renews nothing: the contract is HR's to act on again
      const setStatus = (status: string) =>
        inScope(kit.server.db.orm, { tenantId: hr.tenantId, userId: null }, (tx) =>
          tx.execute(sql`update labor_contracts set approval_status = ${status} where id = ${next.id}`),
        );
      await setStatus('REJECTED');
      expect((await expiring(hr)).body.data.map((c) => c.id)).toEqual([ids.soonContract]);
      await setStatus('NEW');
      expect((await expiring(hr)).body.data).toEqual([]);
    });

    it('marks as awaiting renewal, and filters by it, only signed main contracts nothing follows yet', async () => {
      // an approved annex of the contract that is not renewed: the annex is never what is renewed
      await signed(ids.later ?? '', addDays(today, -100), addDays(today, 65), {
        parentContractId: ids.laterContract,
      });
      const list = async (query: string) => {
        const res = await kit.http.get<{ data: LaborContractRecord[]; page: { total: number } }>(
          `${BASE}?${query}`,
          hr.token,
        );
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        return res.body;
      };
      const due = await list('renewalDue=true');
      expect(due.data.map((c) => c.id)).toEqual([ids.laterContract]);
      expect(due.data[0]?.renewalDue).toBe(true);
      expect(due.page.total).toBe(1);
      // the renewed one, its draft successor (not signed) and the annex are not awaiting renewal
      const rest = await list('renewalDue=false');
      expect(rest.data.map((c) => c.renewalDue)).toEqual([false, false, false]);
      expect(rest.data.map((c) => c.id)).toContain(ids.soonContract);
      const count = await kit.http.get<{ data: number }>(`${BASE}/count?renewalDue=true`, hr.token);
      expect(count.body.data).toBe(1);
      // a window on the expiry date narrows it as the dashboard's card does
      const soon = await list(`renewalDue=true&expiryDateFrom=${today}&expiryDateTo=${addDays(today, 30)}`);
      expect(soon.data).toEqual([]);
    });

    it('refuses a renewal to a caller who may not create contracts, or of another tenant', async () => {
      const deps = { db: kit.server.db.orm, passwords: kit.server.passwords };
      const { user } = await makeUser(deps, { tenantId: hr.tenantId, permissions: ['contract.view'] });
      const viewer = { ...hr, userId: user.id, token: await accessTokenFor(kit.server.db.orm, user) };
      expect((await kit.http.post(`${BASE}/${ids.laterContract}/renew`, {}, viewer.token)).status).toBe(403);
      const stranger = await kit.caller(resources);
      expect((await kit.http.post(`${BASE}/${ids.laterContract}/renew`, {}, stranger.token)).status).toBe(
        404,
      );
    });
  },
);
