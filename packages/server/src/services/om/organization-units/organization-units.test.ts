import { LOOKUP_ID_MISSING, type ErrorEnvelope, type PageEnvelope } from '@hcm/contracts';
import type { OrganizationUnitNode, UnitRegionWage } from '@hcm/contracts/organization';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startResourceTestKit, type Caller, type ResourceTestKit } from '../../../resources/testing/kit.ts';
import { testEngines } from '../../../testing/engines.ts';
import { regionWageResource } from '../wage-categories/resources.ts';
import { organizationUnitResource, workingGroupResource } from './resources.ts';

const UNITS = '/api/om/organization-units';
const GROUPS = '/api/om/working-groups';
type Created = { data: { id: string; version: number } };
type Row = Record<string, unknown>;

describe.each(await testEngines('both'))('organisation units and working groups on $engine', ({ engine }) => {
  let kit: ResourceTestKit;
  let hr: Caller;
  let other: Caller;
  const ids: Record<string, string> = {};

  const createUnit = async (who: Caller, body: Row) => {
    const res = await kit.http.post<Created>(UNITS, body, who.token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    ids[String(body.code)] = res.body.data.id;
    return res.body.data;
  };
  const unit = (code: string, typeCode: string, parent?: string, extra: Row = {}) => ({
    code,
    name: `Đơn vị ${code}`,
    typeCode,
    ...(parent ? { parentId: ids[parent] } : {}),
    ...extra,
  });
  const tree = async (who: Caller) => {
    const res = await kit.http.get<{ data: OrganizationUnitNode[] }>(`${UNITS}/find-all-tree`, who.token);
    expect(res.status).toBe(200);
    const codeOf = new Map(res.body.data.map((node) => [node.id, node.code]));
    return res.body.data.map((node) => [node.code, node.parentId ? codeOf.get(node.parentId) : null]);
  };
  const groupCodes = async (who: Caller) => {
    const res = await kit.http.get<PageEnvelope<Row>>(`${GROUPS}?sortBy=code.asc`, who.token);
    expect(res.status).toBe(200);
    return res.body.data.map((row) => row.code);
  };

  beforeAll(async () => {
    kit = await startResourceTestKit(engine);
    hr = await kit.caller([organizationUnitResource, workingGroupResource, regionWageResource]);
    other = await kit.caller([organizationUnitResource, workingGroupResource, regionWageResource]);
    await createUnit(hr, unit('CTY_A', 'CONG_TY', undefined, { wageRegion: 'I' }));
    await createUnit(hr, unit('CN_HP', 'CHI_NHANH', 'CTY_A', { wageRegion: 'II', priority: 2 }));
    await createUnit(hr, unit('CN_HN', 'CHI_NHANH', 'CTY_A', { priority: 1 }));
    await createUnit(hr, unit('PHONG_KT', 'PHONG', 'CN_HP'));
    await createUnit(hr, unit('TO_SX1', 'TO', 'PHONG_KT'));
    await createUnit(hr, unit('CTY_B', 'CONG_TY'));
    await createUnit(other, unit('THEIR_CO', 'CONG_TY', undefined, { wageRegion: 'IV' }));
  });
  afterAll(() => kit?.stop());

  it('answers the active units flat with their parents, by priority then name, per tenant', async () => {
    expect(await tree(hr)).toEqual([
      ['CTY_A', null],
      ['CTY_B', null],
      ['PHONG_KT', 'CN_HP'],
      ['TO_SX1', 'PHONG_KT'],
      ['CN_HN', 'CTY_A'],
      ['CN_HP', 'CTY_A'],
    ]);
    expect(await tree(other)).toEqual([['THEIR_CO', null]]);
    const bare = await kit.http.get<{ data: Row }>(`${UNITS}/${ids.CN_HN}`, hr.token);
    expect(bare.body.data).toMatchObject({ wageRegion: null, address: null, establishedDate: null });
  });

  it('keeps a name of 255 characters, refuses 256, a bad phone, a bad email and an unknown type', async () => {
    const long = await kit.http.post<Created>(
      UNITS,
      unit('LONG_NAME', 'PHONG', undefined, { name: 'Đ'.repeat(255) }),
      hr.token,
    );
    expect(long.status).toBe(200);
    const bad = await kit.http.post<ErrorEnvelope>(
      UNITS,
      unit('BAD_UNIT', 'PHONG', undefined, {
        name: 'x'.repeat(256),
        phone: '09-12',
        email: 'a@b',
        typeCode: 'NHA',
      }),
      hr.token,
    );
    expect(bad.status).toBe(400);
    expect(bad.body.errors?.map((e) => e.field).sort()).toEqual(['email', 'name', 'phone', 'typeCode']);
    expect((await kit.http.get(`${UNITS}/count?code=BAD_UNIT`, hr.token)).body).toMatchObject({ data: 0 });
    await kit.http.post(`${UNITS}/${long.body.data.id}/delete`, undefined, hr.token);
  });

  it('refuses a loop, a parent of another tenant, and deleting a unit that still has units under it', async () => {
    const top = await kit.http.get<Created>(`${UNITS}/${ids.CTY_A}`, hr.token);
    const loop = await kit.http.post<ErrorEnvelope>(
      `${UNITS}/${ids.CTY_A}/update`,
      { parentId: ids.TO_SX1, version: top.body.data.version },
      hr.token,
    );
    expect(loop.status).toBe(400);
    expect(loop.body.errors?.map((e) => e.field)).toEqual(['parentId']);
    const foreign = await kit.http.post(UNITS, unit('STRAY_UNIT', 'PHONG', 'THEIR_CO'), hr.token);
    expect(foreign.status).toBe(400);
    const held = await kit.http.post(`${UNITS}/${ids.CN_HP}/delete`, undefined, hr.token);
    expect(held.status).toBe(409);
    expect(await tree(hr)).toContainEqual(['CN_HP', 'CTY_A']);
  });

  it('keeps working groups as the units of type TO: made here, they are teams in the chart', async () => {
    expect(await groupCodes(hr)).toEqual(['TO_SX1']);
    const made = await kit.http.post<Created>(
      GROUPS,
      { code: 'TO_BAO_VE', name: 'Tổ bảo vệ', parentId: ids.CN_HN },
      hr.token,
    );
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    ids.TO_BAO_VE = made.body.data.id;
    const asUnit = await kit.http.get<{ data: Row }>(`${UNITS}/${made.body.data.id}`, hr.token);
    expect(asUnit.body.data).toMatchObject({ typeCode: 'TO', parentId: ids.CN_HN });
    expect(await tree(hr)).toContainEqual(['TO_BAO_VE', 'CN_HN']);
    expect(await groupCodes(hr)).toEqual(['TO_BAO_VE', 'TO_SX1']);
    expect(await groupCodes(other)).toEqual([]);
  });

  it('refuses a working group with a type, a code another unit holds, or under itself', async () => {
    const typed = await kit.http.post(
      GROUPS,
      { code: 'TO_TYPED', name: 'Typed', typeCode: 'PHONG' },
      hr.token,
    );
    expect(typed.status).toBe(400);
    const taken = await kit.http.post<ErrorEnvelope>(GROUPS, { code: 'cty_a', name: 'Same code' }, hr.token);
    expect(taken.status).toBe(409);
    const group = await kit.http.get<Created>(`${GROUPS}/${ids.TO_BAO_VE}`, hr.token);
    for (const parent of [ids.TO_BAO_VE]) {
      const loop = await kit.http.post<ErrorEnvelope>(
        `${GROUPS}/${ids.TO_BAO_VE}/update`,
        { parentId: parent, version: group.body.data.version },
        hr.token,
      );
      expect(loop.status).toBe(400);
      expect(loop.body.errors?.map((e) => e.field)).toEqual(['parentId']);
    }
  });

  it('does not reach a unit of another type through the working groups, and drops a team turned into a department', async () => {
    expect((await kit.http.get(`${GROUPS}/${ids.PHONG_KT}`, hr.token)).status).toBe(404);
    expect((await kit.http.post(`${GROUPS}/${ids.PHONG_KT}/delete`, undefined, hr.token)).status).toBe(404);
    const team = await kit.http.get<Created>(`${UNITS}/${ids.TO_BAO_VE}`, hr.token);
    const changed = await kit.http.post(
      `${UNITS}/${ids.TO_BAO_VE}/update`,
      { typeCode: 'PHONG', version: team.body.data.version },
      hr.token,
    );
    expect(changed.status).toBe(200);
    expect(await groupCodes(hr)).toEqual(['TO_SX1']);
  });

  it('answers the wage region of each unit, its own or its nearest parent’s, with the wage in force', async () => {
    for (const [region, amount, effectiveDate] of [
      ['I', '4960000', '2024-07-01'],
      ['I', '5310000', '2026-01-01'],
      ['II', '4410000', '2024-07-01'],
    ])
      expect(
        (await kit.http.post(regionWageResource.basePath, { region, amount, effectiveDate }, hr.token))
          .status,
      ).toBe(200);
    const query = (codes: string[], date?: string) =>
      `/api/om/region-wages/by-organization-units?${codes.map((c) => `organizationUnitIds=${ids[c]}`).join('&')}${date ? `&date=${date}` : ''}`;
    const res = await kit.http.get<{ data: UnitRegionWage[] }>(
      query(['TO_SX1', 'CN_HN', 'CTY_B', 'THEIR_CO'], '2026-03-01'),
      hr.token,
    );
    expect(res.status).toBe(200);
    expect(
      res.body.data.map((row) => [row.organizationUnitId, row.region, row.amount && Number(row.amount)]),
    ).toEqual([
      [ids.TO_SX1, 'II', 4410000],
      [ids.CN_HN, 'I', 5310000],
      [ids.CTY_B, null, null],
    ]);
    // a region can be cleared again: the unit then works under its parent's
    const branch = await kit.http.get<Created>(`${UNITS}/${ids.CN_HP}`, hr.token);
    const cleared = await kit.http.post<{ data: Row }>(
      `${UNITS}/${ids.CN_HP}/update`,
      { wageRegion: null, version: branch.body.data.version },
      hr.token,
    );
    expect(cleared.body.data.wageRegion).toBeNull();
    const inherited = await kit.http.get<{ data: UnitRegionWage[] }>(
      query(['TO_SX1'], '2026-03-01'),
      hr.token,
    );
    expect(inherited.body.data[0]).toMatchObject({ region: 'I', amount: '5310000.00' });
    const before = await kit.http.get<{ data: UnitRegionWage[] }>(query(['CN_HN'], '2025-12-31'), hr.token);
    expect(before.body.data[0]).toMatchObject({ region: 'I', effectiveDate: '2024-07-01' });
    const early = await kit.http.get<{ data: UnitRegionWage[] }>(query(['CN_HN'], '2024-01-01'), hr.token);
    expect(early.body.data[0]).toMatchObject({ region: 'I', regionWageId: null, amount: null });
    const missing = await kit.http.get<{ data: unknown[]; warning?: { code: string } }>(
      '/api/om/region-wages/by-organization-units',
      hr.token,
    );
    expect(missing.body).toMatchObject({ data: [], warning: { code: LOOKUP_ID_MISSING } });
  });

  it('needs organization_unit.view for the tree and region_wage.view for the wages', async () => {
    const stranger = await kit.caller([]);
    expect((await kit.http.get(`${UNITS}/find-all-tree`, stranger.token)).status).toBe(403);
    expect(
      (
        await kit.http.get(
          `/api/om/region-wages/by-organization-units?organizationUnitIds=${ids.CTY_A}`,
          stranger.token,
        )
      ).status,
    ).toBe(403);
  });
});
