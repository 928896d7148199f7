import type { ErrorEnvelope } from '@hcm/contracts';
import type { PositionNode } from '@hcm/contracts/categories';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  download,
  readSheet,
  startResourceTestKit,
  type Caller,
  type ResourceTestKit,
} from '../../../resources/testing/kit.ts';
import { testEngines } from '../../../testing/engines.ts';
import { organizationUnitResource } from '../organization-units/resources.ts';
import { positionResource } from './position-resource.ts';

const BASE = '/api/om/positions';
const UNITS = '/api/om/organization-units';
type Created = { data: { id: string; version: number } };
type Position = { data: { id: string; version: number; directUnits: string[]; jointUnits: string[] } };

describe.each(await testEngines('both'))('positions, a tree, on $engine', ({ engine }) => {
  let kit: ResourceTestKit;
  let caller: Caller;
  let other: Caller;
  const ids: Record<string, string> = {};

  const create = async (who: Caller, code: string, name: string, parent?: string, priority = 0) => {
    const res = await kit.http.post<Created>(
      BASE,
      { code, name, priority, ...(parent ? { parentId: ids[parent] } : {}) },
      who.token,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    ids[code] = res.body.data.id;
  };
  const tree = async (who: Caller) => {
    const res = await kit.http.get<{ data: PositionNode[] }>(`${BASE}/find-all-tree`, who.token);
    expect(res.status).toBe(200);
    const show = (nodes: PositionNode[]): unknown[] =>
      nodes.map((node) => (node.children.length ? { [node.code]: show([...node.children]) } : node.code));
    return show(res.body.data);
  };

  const units: Record<string, string> = {};
  const unit = async (who: Caller, code: string, name: string) => {
    const res = await kit.http.post<Created>(UNITS, { code, name, typeCode: 'PHONG' }, who.token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    units[code] = res.body.data.id;
  };

  beforeAll(async () => {
    kit = await startResourceTestKit(engine);
    caller = await kit.caller([positionResource, organizationUnitResource]);
    other = await kit.caller([positionResource, organizationUnitResource]);
    await unit(caller, 'PHONG_KT', 'Phòng Kế toán');
    await unit(caller, 'PHONG_NS', 'Phòng Nhân sự');
    await unit(caller, 'PHONG_KD', 'Phòng Kinh doanh');
    await unit(other, 'PHONG_KHAC', 'Their department');
    await create(caller, 'GIAM_DOC', 'Giám đốc');
    await create(caller, 'PHO_GD_2', 'Phó giám đốc kinh doanh', 'GIAM_DOC', 2);
    await create(caller, 'PHO_GD_1', 'Phó giám đốc sản xuất', 'GIAM_DOC', 1);
    await create(caller, 'TRUONG_PHONG', 'Trưởng phòng', 'PHO_GD_1');
    await create(caller, 'KE_TOAN_TRUONG', 'Kế toán trưởng', undefined, 5);
    await create(other, 'OTHER_ROOT', 'Their director');
  });
  afterAll(() => kit?.stop());

  it('answers the active positions nested under their parents, each level by priority', async () => {
    expect(await tree(caller)).toEqual([
      { GIAM_DOC: [{ PHO_GD_1: ['TRUONG_PHONG'] }, 'PHO_GD_2'] },
      'KE_TOAN_TRUONG',
    ]);
    expect(await tree(other)).toEqual(['OTHER_ROOT']);
  });

  it('lifts the positions under a deactivated one to the top instead of hiding them', async () => {
    const res = await kit.http.post(`${BASE}/${ids.PHO_GD_1}/inactive`, undefined, caller.token);
    expect(res.status).toBe(200);
    expect(await tree(caller)).toEqual([{ GIAM_DOC: ['PHO_GD_2'] }, 'TRUONG_PHONG', 'KE_TOAN_TRUONG']);
    await kit.http.post(`${BASE}/${ids.PHO_GD_1}/active`, undefined, caller.token);
  });

  it('refuses a loop, a parent of another tenant, and deleting a position that still has others under it', async () => {
    const director = await kit.http.get<Created>(`${BASE}/${ids.GIAM_DOC}`, caller.token);
    const loop = await kit.http.post<ErrorEnvelope>(
      `${BASE}/${ids.GIAM_DOC}/update`,
      { parentId: ids.TRUONG_PHONG, version: director.body.data.version },
      caller.token,
    );
    expect(loop.status).toBe(400);
    expect(loop.body.errors?.map((e) => e.field)).toEqual(['parentId']);
    const foreign = await kit.http.post<ErrorEnvelope>(
      BASE,
      { code: 'STRAY', name: 'Stray', parentId: ids.OTHER_ROOT },
      caller.token,
    );
    expect(foreign.status).toBe(400);
    const held = await kit.http.post<ErrorEnvelope>(
      `${BASE}/${ids.PHO_GD_1}/delete`,
      undefined,
      caller.token,
    );
    expect(held.status).toBe(409);
    expect(await tree(caller)).toEqual([
      { GIAM_DOC: [{ PHO_GD_1: ['TRUONG_PHONG'] }, 'PHO_GD_2'] },
      'KE_TOAN_TRUONG',
    ]);
  });

  describe('the units a position leads', () => {
    const u = (...codes: string[]) => codes.map((code) => units[code] as string);

    it('keeps the units led directly and jointly in the order chosen, answers and exports them by name', async () => {
      const made = await kit.http.post<Position>(
        BASE,
        {
          code: 'TP_KE_TOAN',
          name: 'Trưởng phòng Kế toán',
          directUnits: u('PHONG_KT', 'PHONG_NS'),
          jointUnits: u('PHONG_KD'),
        },
        caller.token,
      );
      expect(made.status, JSON.stringify(made.body)).toBe(200);
      expect([made.body.data.directUnits, made.body.data.jointUnits]).toEqual([
        u('PHONG_KT', 'PHONG_NS'),
        u('PHONG_KD'),
      ]);
      const moved = await kit.http.post<Position>(
        `${BASE}/${made.body.data.id}/update`,
        { directUnits: u('PHONG_NS', 'PHONG_KT'), version: made.body.data.version },
        caller.token,
      );
      expect(moved.status, JSON.stringify(moved.body)).toBe(200);
      const detail = await kit.http.get<Position>(`${BASE}/${made.body.data.id}`, caller.token);
      expect([detail.body.data.directUnits, detail.body.data.jointUnits]).toEqual([
        u('PHONG_NS', 'PHONG_KT'),
        u('PHONG_KD'),
      ]);
      const sheet = await readSheet(
        (await download(`${kit.server.url}${BASE}/export?keyword=TP_KE_TOAN`, caller.token)).bytes,
      );
      expect(sheet[0]?.slice(0, 6)).toEqual([
        'Mã',
        'Tên',
        'Tên tiếng Anh',
        'Chức vụ cấp trên',
        'Đơn vị quản lý trực tiếp',
        'Đơn vị kiêm nhiệm',
      ]);
      expect(sheet[1]?.slice(0, 6)).toEqual([
        'TP_KE_TOAN',
        'Trưởng phòng Kế toán',
        undefined, // no English name: an empty cell
        undefined, // no parent: an empty cell
        'Phòng Nhân sự, Phòng Kế toán',
        'Phòng Kinh doanh',
      ]);
    });

    it('refuses a unit led both directly and jointly, on jointUnits, on create and on update', async () => {
      const both = await kit.http.post<ErrorEnvelope>(
        BASE,
        {
          code: 'TP_NHAN_SU',
          name: 'Trưởng phòng Nhân sự',
          directUnits: u('PHONG_NS'),
          jointUnits: u('PHONG_KD', 'PHONG_NS'),
        },
        caller.token,
      );
      expect(both.status).toBe(400);
      expect(both.body.errors?.map((e) => e.field)).toEqual(['jointUnits[1]']);
      expect(
        (await kit.http.get<{ data: number }>(`${BASE}/count?keyword=TP_NHAN_SU`, caller.token)).body.data,
      ).toBe(0);

      const made = await kit.http.post<Position>(
        BASE,
        { code: 'TP_NHAN_SU', name: 'Trưởng phòng Nhân sự', directUnits: u('PHONG_NS') },
        caller.token,
      );
      expect(made.status).toBe(200);
      const joint = await kit.http.post<ErrorEnvelope>(
        `${BASE}/${made.body.data.id}/update`,
        { jointUnits: u('PHONG_NS'), version: made.body.data.version },
        caller.token,
      );
      expect(joint.status).toBe(400);
      expect(joint.body.errors?.map((e) => e.field)).toEqual(['jointUnits[0]']);
      // moving it from direct to joint in one update is fine
      const swapped = await kit.http.post<Position>(
        `${BASE}/${made.body.data.id}/update`,
        { directUnits: [], jointUnits: u('PHONG_NS'), version: made.body.data.version },
        caller.token,
      );
      expect(swapped.status, JSON.stringify(swapped.body)).toBe(200);
      expect([swapped.body.data.directUnits, swapped.body.data.jointUnits]).toEqual([[], u('PHONG_NS')]);
    });

    it("refuses another tenant's unit, and keeps a unit a position still leads from being deleted", async () => {
      const foreign = await kit.http.post<ErrorEnvelope>(
        BASE,
        { code: 'TP_LA', name: 'Lạ', directUnits: [units.PHONG_KHAC] },
        caller.token,
      );
      expect(foreign.status).toBe(400);
      expect(foreign.body.errors?.map((e) => e.field)).toEqual(['directUnits[0]']);
      const held = await kit.http.post<ErrorEnvelope>(
        `${UNITS}/${units.PHONG_KD}/delete`,
        undefined,
        caller.token,
      );
      expect(held.status).toBe(409);
      expect((await kit.http.get(`${UNITS}/${units.PHONG_KD}`, caller.token)).status).toBe(200);
    });
  });

  it('needs position.view', async () => {
    const stranger = await kit.caller([]);
    expect((await kit.http.get(`${BASE}/find-all-tree`, stranger.token)).status).toBe(403);
  });
});
