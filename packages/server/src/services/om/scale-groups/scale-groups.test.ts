import { LOOKUP_ID_MISSING, type ErrorEnvelope, type PageEnvelope } from '@hcm/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inScope } from '../../../db/tenant-scope.ts';
import {
  download,
  readSheet,
  startResourceTestKit,
  type Caller,
  type ResourceTestKit,
} from '../../../resources/testing/kit.ts';
import { testEngines } from '../../../testing/engines.ts';
import { militaryGroupResource, technicalGroupResource } from './resources.ts';

type Rank = { code: string; name: string; coefficient: string | null };
type Level = { index: number; name: string; coefficient: string | null };
type Group<K extends string, I> = {
  id: string;
  code: string;
  name: string;
  status: string;
  version: number;
} & {
  [key in K]: I[];
};
type Military = Group<'ranks', Rank>;
type Technical = Group<'levels', Level>;

const MILITARY = '/api/om/military-groups';
const TECHNICAL = '/api/om/technical-groups';

describe.each(await testEngines('both'))('military and technical groups on $engine', ({ engine }) => {
  let kit: ResourceTestKit;
  let caller: Caller;
  let other: Caller;
  let n = 0;
  const post = <T>(path: string, body?: unknown, who: Caller = caller) =>
    kit.http.post<T>(path, body, who.token);
  const get = <T>(path: string, who: Caller = caller) => kit.http.get<T>(path, who.token);
  const military = async (ranks: unknown[], who: Caller = caller, extra: object = {}) => {
    n += 1;
    const res = await post<{ data: Military }>(
      MILITARY,
      { code: `MIL_${String(n).padStart(3, '0')}`, name: `Nhóm ${n}`, ranks, ...extra },
      who,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data;
  };
  const errorsOf = (body: unknown) => (body as ErrorEnvelope).errors?.map((e) => e.field) ?? [];
  /** Child rows the database holds for the group, seen without any tenant scope (the owner). */
  const storedRows = async (table: string, groupId: string) =>
    (
      (await kit.server.db.orm.execute(
        sql`select count(*)::int as n from ${sql.identifier(table)} where group_id = ${groupId}`,
      )) as unknown as { rows: { n: number }[] }
    ).rows[0]?.n;

  beforeAll(async () => {
    kit = await startResourceTestKit(engine);
    caller = await kit.caller([militaryGroupResource, technicalGroupResource]);
    other = await kit.caller([militaryGroupResource, technicalGroupResource]);
  });
  afterAll(() => kit?.stop());

  it('creates a group with its ranks and answers them in the order given, decimals at their scale', async () => {
    const created = await military([
      { code: 'DAI_UY', name: 'Đại úy', coefficient: '5.4' },
      { code: 'THIEU_UY', name: 'Thiếu úy' },
    ]);
    const ranks = [
      { code: 'DAI_UY', name: 'Đại úy', coefficient: '5.400' },
      { code: 'THIEU_UY', name: 'Thiếu úy', coefficient: null },
    ];
    expect(created.ranks).toEqual(ranks);
    expect((await get<{ data: Military }>(`${MILITARY}/${created.id}`)).body.data.ranks).toEqual(ranks);
    const page = await get<PageEnvelope<Military>>(`${MILITARY}?code=${created.code}`);
    expect(page.body.data[0]?.ranks).toEqual(ranks);
    const found = await post<{ data: Military[] }>(`${MILITARY}/find-by-ids`, { ids: [created.id] });
    expect(found.body.data[0]?.ranks).toEqual(ranks);
  });

  it('replaces the rows when an update gives them, keeps them when it does not, clears them with []', async () => {
    const created = await military([{ code: 'A001', name: 'Một' }]);
    const url = `${MILITARY}/${created.id}/update`;
    const replaced = await post<{ data: Military }>(url, {
      version: created.version,
      ranks: [
        { code: 'B001', name: 'Hai', coefficient: '1.25' },
        { code: 'C001', name: 'Ba' },
      ],
    });
    expect(replaced.status).toBe(200);
    expect(replaced.body.data.ranks.map((r) => r.code)).toEqual(['B001', 'C001']);
    const renamed = await post<{ data: Military }>(url, { version: replaced.body.data.version, name: 'Mới' });
    expect(renamed.body.data.ranks.map((r) => r.code)).toEqual(['B001', 'C001']);
    expect((await get<{ data: Military }>(`${MILITARY}/${created.id}`)).body.data.ranks).toHaveLength(2);
    const cleared = await post<{ data: Military }>(url, { version: renamed.body.data.version, ranks: [] });
    expect(cleared.body.data.ranks).toEqual([]);
    expect(await storedRows('military_group_ranks', created.id)).toBe(0);
  });

  it('refuses bad rows with 400 on the row and field, writing nothing', async () => {
    const before = (await get<PageEnvelope<Military>>(MILITARY)).body.page.total;
    const missing = await post(MILITARY, {
      code: 'BAD_0001',
      name: 'Sai',
      ranks: [{ code: 'A001', name: 'x' }, { code: 'B001' }],
    });
    expect(missing.status).toBe(400);
    expect(errorsOf(missing.body)).toContain('ranks[1].name');
    const duplicate = await post(MILITARY, {
      code: 'BAD_0002',
      name: 'Sai',
      ranks: [
        { code: 'A001', name: 'x' },
        { code: 'B001', name: 'y' },
        { code: 'a001', name: 'z' },
      ],
    });
    expect(duplicate.status).toBe(400);
    expect(errorsOf(duplicate.body)).toEqual(['ranks[2].code']);
    const scale = await post(MILITARY, {
      code: 'BAD_0003',
      name: 'Sai',
      ranks: [{ code: 'A001', name: 'x', coefficient: '1.2345' }],
    });
    expect(errorsOf(scale.body)).toEqual(['ranks[0].coefficient']);
    const tooMany = Array.from({ length: 51 }, (_, i) => ({
      code: `R${String(i).padStart(3, '0')}`,
      name: `${i}`,
    }));
    expect((await post(MILITARY, { code: 'BAD_0004', name: 'Sai', ranks: tooMany })).status).toBe(400);
    expect((await get<PageEnvelope<Military>>(MILITARY)).body.page.total).toBe(before);

    const group = await military([{ code: 'KEEP', name: 'Giữ' }].map((r) => ({ ...r, code: 'KEEP_1' })));
    const update = await post(`${MILITARY}/${group.id}/update`, {
      version: group.version,
      ranks: [
        { code: 'NEW_1', name: 'a' },
        { code: 'new_1', name: 'b' },
      ],
    });
    expect(errorsOf(update.body)).toEqual(['ranks[1].code']);
    expect(
      (await get<{ data: Military }>(`${MILITARY}/${group.id}`)).body.data.ranks.map((r) => r.code),
    ).toEqual(['KEEP_1']);
  });

  it('keeps levels by index 1..20, unique within the group', async () => {
    const created = await post<{ data: Technical }>(TECHNICAL, {
      code: 'TECH_001',
      name: 'Kỹ thuật',
      levels: [
        { index: 3, name: 'Bậc 3', coefficient: '2.1' },
        { index: 1, name: 'Bậc 1' },
      ],
    });
    expect(created.status).toBe(200);
    expect(created.body.data.levels).toEqual([
      { index: 1, name: 'Bậc 1', coefficient: null },
      { index: 3, name: 'Bậc 3', coefficient: '2.100' },
    ]);
    const outOfRange = await post(TECHNICAL, {
      code: 'TECH_002',
      name: 'x',
      levels: [{ index: 21, name: 'x' }],
    });
    expect(errorsOf(outOfRange.body)).toEqual(['levels[0].index']);
    const twice = await post(TECHNICAL, {
      code: 'TECH_003',
      name: 'x',
      levels: [
        { index: 2, name: 'a' },
        { index: 2, name: 'b' },
      ],
    });
    expect(twice.status).toBe(400);
    expect(errorsOf(twice.body)).toEqual(['levels[1].index']);
  });

  it("keeps each tenant's rows to itself: another tenant gets 404, sees no child row, and row-level security holds", async () => {
    const mine = await military([{ code: 'MINE_1', name: 'Của tôi' }]);
    expect((await get(`${MILITARY}/${mine.id}`, other)).status).toBe(404);
    const scales = await post<{ data: unknown[] }>(`${MILITARY}/scales`, { ids: [mine.id] }, other);
    expect(scales.body).toEqual({ data: [] });
    const seen = await inScope(kit.server.db.orm, { tenantId: other.tenantId, userId: other.userId }, (tx) =>
      tx.execute(sql`select tenant_id from military_group_ranks`),
    );
    expect((seen as unknown as { rows: unknown[] }).rows).toEqual([]);
    // Writing a row under another tenant's group is refused by the policy.
    await expect(
      inScope(kit.server.db.orm, { tenantId: other.tenantId, userId: other.userId }, (tx) =>
        tx.execute(
          sql`insert into military_group_ranks (tenant_id, group_id, position, code, name) values (${caller.tenantId}, ${mine.id}, 5, 'X', 'X')`,
        ),
      ),
    ).rejects.toThrow();
  });

  it('answers the scales of the groups asked for, and a warning when none is asked', async () => {
    const a = await military([{ code: 'S_A1', name: 'A1' }]);
    const b = await military([
      { code: 'S_B1', name: 'B1' },
      { code: 'S_B2', name: 'B2', coefficient: '3' },
    ]);
    const res = await post<{ data: { id: string; code: string; ranks: Rank[] }[] }>(`${MILITARY}/scales`, {
      ids: [a.id, b.id],
    });
    expect(res.status).toBe(200);
    const byId = new Map(res.body.data.map((g) => [g.id, g]));
    expect(byId.get(a.id)?.ranks.map((r) => r.code)).toEqual(['S_A1']);
    expect(byId.get(b.id)?.ranks).toEqual([
      { code: 'S_B1', name: 'B1', coefficient: null },
      { code: 'S_B2', name: 'B2', coefficient: '3.000' },
    ]);
    for (const body of [{ ids: [] }, {}]) {
      const empty = await post<{ data: unknown[]; warning?: { code: string } }>(`${TECHNICAL}/scales`, body);
      expect(empty.status).toBe(200);
      expect(empty.body.data).toEqual([]);
      expect(empty.body.warning?.code).toBe(LOOKUP_ID_MISSING);
    }
  });

  it('finds every active group with its rows', async () => {
    const active = await military([{ code: 'ACT_1', name: 'Hoạt động' }]);
    const inactive = await military([], caller, { status: 'INACTIVE' });
    const res = await get<{ data: Military[] }>(`${MILITARY}/find-all-active`);
    expect(res.status).toBe(200);
    const ids = res.body.data.map((g) => g.id);
    expect(ids).toContain(active.id);
    expect(ids).not.toContain(inactive.id);
    expect(res.body.data.find((g) => g.id === active.id)?.ranks.map((r) => r.code)).toEqual(['ACT_1']);
    expect((await get<{ data: Military[] }>(`${MILITARY}/find-all-active`, other)).body.data).toEqual([]);
  });

  it('exports the rows as one readable cell, and deleting a group removes its rows', async () => {
    const group = await military([
      { code: 'EXP_1', name: 'Một', coefficient: '1.5' },
      { code: 'EXP_2', name: 'Hai' },
    ]);
    const file = await download(`${kit.server.url}${MILITARY}/export?code=${group.code}`, caller.token);
    expect(file.status).toBe(200);
    const [header, row] = await readSheet(file.bytes);
    const column = (header ?? []).indexOf('Cấp bậc quân hàm');
    expect(column).toBeGreaterThan(-1);
    expect(row?.[column]).toBe('EXP_1 – Một – 1.500; EXP_2 – Hai');
    expect(await storedRows('military_group_ranks', group.id)).toBe(2);
    expect((await post(`${MILITARY}/${group.id}/delete`)).status).toBe(200);
    expect(await storedRows('military_group_ranks', group.id)).toBe(0);
  });
});
