import type { ErrorEnvelope } from '@hcm/contracts';
import type { PositionNode } from '@hcm/contracts/categories';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startResourceTestKit, type Caller, type ResourceTestKit } from '../../../resources/testing/kit.ts';
import { testEngines } from '../../../testing/engines.ts';
import { positionResource } from './position-resource.ts';

const BASE = '/api/om/positions';
type Created = { data: { id: string; version: number } };

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

  beforeAll(async () => {
    kit = await startResourceTestKit(engine);
    caller = await kit.caller([positionResource]);
    other = await kit.caller([positionResource]);
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

  it('needs position.view', async () => {
    const stranger = await kit.caller([]);
    expect((await kit.http.get(`${BASE}/find-all-tree`, stranger.token)).status).toBe(403);
  });
});
