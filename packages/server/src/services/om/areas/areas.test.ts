import type { ErrorEnvelope, PageEnvelope } from '@hcm/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { areas, areaSources } from '../../../db/tables/areas.ts';
import { inScope } from '../../../db/tenant-scope.ts';
import { startResourceTestKit, type Caller, type ResourceTestKit } from '../../../resources/testing/kit.ts';
import { testEngines } from '../../../testing/engines.ts';
import { refusal } from '../../../testing/migrated-database.ts';
import { loadAreas } from './load-areas.ts';
import type { Area, AreaDetail } from './schemas.ts';
import { allOf } from '../../../../../../scripts/testing/all-of.ts';

const BASE = '/api/om/areas';

describe.each(await testEngines('both'))('areas: provinces, districts and wards on $engine', ({ engine }) => {
  let kit: ResourceTestKit;
  let caller: Caller;
  const get = <T>(path: string, headers?: Record<string, string>) =>
    kit.http.get<T>(path, caller.token, headers);
  const total = async (query: string) =>
    (await get<PageEnvelope<Area>>(`${BASE}/search?pageSize=1&${query}`)).body.page.total;

  beforeAll(async () => {
    kit = await startResourceTestKit(engine);
    // Test servers skip the start-up load (testing/test-server.ts): this suite does it as main's start.
    expect(await loadAreas(kit.server.db.orm)).toEqual({ loaded: ['CURRENT', 'FORMER'] });
    // Any signed-in user: no permission at all.
    caller = await kit.caller([], []);
  });
  afterAll(() => kit.stop());

  it('holds 34 provinces and 3,321 wards since July 2025, and the former 63 provinces, 696 districts, 10,051 wards', async () => {
    const counts = {
      current: [await total('type=PROVINCE'), await total('type=DISTRICT'), await total('type=WARD')],
      former: [
        await total('generation=FORMER&type=PROVINCE'),
        await total('generation=FORMER&type=DISTRICT'),
        await total('generation=FORMER&type=WARD'),
      ],
    };
    expect(counts).toEqual({ current: [34, 0, 3321], former: [63, 696, 10051] });
    const provinces = await get<{ data: Area[] }>(`${BASE}/provinces`);
    expect(provinces.body.data).toHaveLength(34);
    expect(provinces.body.data.slice(0, 2).map((p) => [p.code, p.name])).toEqual([
      ['01', 'Thành phố Hà Nội'],
      ['04', 'Tỉnh Cao Bằng'],
    ]);
    expect(provinces.body.data.find((p) => p.code === '79')).toEqual({
      code: '79',
      name: 'Thành phố Hồ Chí Minh',
      shortName: 'Hồ Chí Minh',
      division: 'Thành phố',
      type: 'PROVINCE',
      generation: 'CURRENT',
      parentCode: null,
      parentName: null,
    });
    const former = await get<{ data: Area[] }>(`${BASE}/provinces?generation=FORMER`);
    expect(former.body.data.map((p) => p.name)).toEqual(
      expect.arrayContaining(['Tỉnh Bình Dương', 'Tỉnh Bà Rịa - Vũng Tàu', 'Tỉnh Hà Giang']),
    );
  });

  it('lists the wards of Hồ Chí Minh City, Bình Dương’s and Vũng Tàu’s among them; before 2025, its districts', async () => {
    const wards = (await get<{ data: Area[] }>(`${BASE}/79/children`)).body.data;
    expect(wards).toHaveLength(168);
    expect(wards.map((w) => w.name)).toEqual(
      expect.arrayContaining(['Phường Bến Thành', 'Phường Sài Gòn', 'Phường Thủ Dầu Một', 'Phường Vũng Tàu']),
    );
    expect(wards.find((w) => w.code === '26743')).toMatchObject({
      shortName: 'Bến Thành',
      division: 'Phường',
      type: 'WARD',
      parentCode: '79',
      parentName: 'Thành phố Hồ Chí Minh',
    });
    const districts = (await get<{ data: Area[] }>(`${BASE}/79/children?generation=FORMER`)).body.data;
    expect(districts.map((d) => d.name)).toEqual(expect.arrayContaining(['Quận 1', 'Thành phố Thủ Đức']));
    expect(allOf(districts, (d) => d.type === 'DISTRICT')).toBe(true);
    const quan1 = (await get<{ data: Area[] }>(`${BASE}/760/children?generation=FORMER`)).body.data;
    expect(quan1.map((w) => w.name)).toContain('Phường Bến Nghé');
    expect((await get<{ data: Area[] }>(`${BASE}/26743/children`)).body.data).toEqual([]);
  });

  it('gives one area with the areas above it, in the generation asked', async () => {
    const ward = await get<{ data: AreaDetail }>(`${BASE}/26740?generation=FORMER`);
    expect(ward.status).toBe(200);
    expect(ward.body.data).toMatchObject({ code: '26740', name: 'Phường Bến Nghé', parentName: 'Quận 1' });
    expect(ward.body.data.ancestors.map((a) => a.name)).toEqual(['Thành phố Hồ Chí Minh', 'Quận 1']);
    expect((await get<{ data: AreaDetail }>(`${BASE}/26743`)).body.data.ancestors.map((a) => a.code)).toEqual(
      ['79'],
    );
    // Bình Dương (74) is part of Hồ Chí Minh City now: a former province only.
    expect((await get<{ data: AreaDetail }>(`${BASE}/74?generation=FORMER`)).body.data.name).toBe(
      'Tỉnh Bình Dương',
    );
    expect((await get(`${BASE}/74`)).status).toBe(404);
  });

  it('finds areas by name without diacritics or case, or by code, paged', async () => {
    const city = await get<PageEnvelope<Area>>(`${BASE}/search?keyword=${encodeURIComponent('ho chi minh')}`);
    expect(city.body.data[0]).toMatchObject({ code: '79', type: 'PROVINCE' });
    const ward = await get<PageEnvelope<Area>>(`${BASE}/search?keyword=BEN%20THANH&type=WARD`);
    expect(ward.body.data.map((w) => [w.name, w.parentName])).toContainEqual([
      'Phường Bến Thành',
      'Thành phố Hồ Chí Minh',
    ]);
    expect(
      (await get<PageEnvelope<Area>>(`${BASE}/search?keyword=26743`)).body.data.map((a) => a.code),
    ).toEqual(['26743']);
    expect(
      (await get<PageEnvelope<Area>>(`${BASE}/search?keyword=%C4%91a%20kao&generation=FORMER`)).body.data[0]
        ?.name,
    ).toBe('Phường Đa Kao');
    // % and _ are letters like any other, not wildcards.
    expect((await get<PageEnvelope<Area>>(`${BASE}/search?keyword=%25`)).body.page.total).toBe(0);
    const second = await get<PageEnvelope<Area>>(`${BASE}/search?keyword=phuong&pageIndex=2&pageSize=5`);
    // 687 wards are Phường, and a few more names hold Phương ("Xã Đông Phương").
    expect(second.body.page).toMatchObject({ pageIndex: 2, pageSize: 5 });
    expect(second.body.page.total).toBeGreaterThan(687);
    expect(second.body.data).toHaveLength(5);
  });

  it('answers 404 for an unknown code and 400 for a bad keyword, code or generation', async () => {
    for (const path of [`${BASE}/99999`, `${BASE}/99999/children`, `${BASE}/760/children`]) {
      const answer = await get<ErrorEnvelope>(path);
      expect({ path, status: answer.status, code: answer.body.code }).toEqual({
        path,
        status: 404,
        code: 'NOT_FOUND',
      });
    }
    for (const path of [
      `${BASE}/search?keyword=${'a'.repeat(101)}`,
      `${BASE}/search?keyword=ben%01thanh`,
      `${BASE}/search?keyword=ben%0Athanh`,
      `${BASE}/search?type=COUNTRY`,
      `${BASE}/provinces?generation=OLD`,
      `${BASE}/abc`,
      `${BASE}/79/children?extra=1`,
    ]) {
      const answer = await get<ErrorEnvelope>(path);
      expect({ path, status: answer.status, code: answer.body.code }).toEqual({
        path,
        status: 400,
        code: 'VALIDATION_FAILED',
      });
    }
  });

  it('lets browsers keep an answer and revalidate it by ETag', async () => {
    const first = await get(`${BASE}/79/children`);
    expect(first.headers.get('cache-control')).toBe('private, max-age=3600');
    const etag = first.headers.get('etag');
    // weak once compressed (fetch asks for it): the bytes sent are not those the tag was taken of
    expect(first.headers.get('content-encoding')).toMatch(/^(br|gzip)$/);
    expect(etag).toMatch(/^W\/".+"$/);
    const again = await get(`${BASE}/79/children`, { 'if-none-match': etag ?? '' });
    expect(again.status).toBe(304);
    expect((await get(`${BASE}/01/children`, { 'if-none-match': etag ?? '' })).status).toBe(200);
  });

  it('is read-only for the application, and start-up reloads only a generation whose file changed', async () => {
    const db = kit.server.db.orm;
    expect(
      await refusal(
        inScope(db, { tenantId: caller.tenantId, userId: caller.userId }, (tx) =>
          tx.execute(sql`update areas set name = 'X' where code = '79'`),
        ),
      ),
    ).toMatch(/permission denied/);
    expect(await loadAreas(db)).toEqual({ loaded: [] });
    // A changed file is seen by its checksum: the generation is written again, rows restored.
    await db.delete(areas).where(eq(areas.code, '26743'));
    await db.update(areaSources).set({ checksum: 'old' }).where(eq(areaSources.generation, 'CURRENT'));
    expect(await loadAreas(db)).toEqual({ loaded: ['CURRENT'] });
    expect((await get(`${BASE}/26743`)).status).toBe(200);
    expect(await total('type=WARD')).toBe(3321);
  });
});
