import type { ErrorEnvelope, PageEnvelope } from '@hcm/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOCS_JSON_PATH } from '../../http/openapi.ts';
import { createTestDatabase, testEngines, type TestDatabase } from '../../testing/engines.ts';
import { accessTokenFor, makeTenant, makeUser } from '../../testing/factories.ts';
import { httpClient, type HttpClient } from '../../testing/http-client.ts';
import { rows } from '../../testing/migrated-database.ts';
import { startTestServer, type TestServer } from '../../testing/test-server.ts';
import { bindResource } from '../bind-resource.ts';
import { registerResources } from '../routes/register-resources.ts';
import { download, readSheet } from '../testing/kit.ts';
import {
  createScratchLinkTable,
  createScratchTables,
  scratchLinksContract,
  scratchThingLinks,
  scratchThings,
  scratchUnits,
} from '../testing/scratch-resource.ts';

type Thing = Record<string, unknown> & { id: string; version: number; related: string[] };
type One = { data: Thing };

const links = {
  table: scratchThingLinks,
  parent: scratchThingLinks.thingId,
  value: scratchThingLinks.relatedId,
  order: scratchThingLinks.ordinal,
  target: scratchThings,
};
const linked = bindResource(scratchLinksContract('scratch-linked'), {
  table: scratchThings,
  references: { unitId: scratchUnits },
  referenceLists: { related: links },
});

describe('a references field at start', () => {
  it('needs its child table, a target with the display column, and stays out of keyword, filters, sort and import', () => {
    const contract = scratchLinksContract('checks');
    const binding = { table: scratchThings, references: { unitId: scratchUnits } };
    expect(() => bindResource(contract, binding)).toThrow(
      /references field related needs its child table in referenceLists/,
    );
    expect(() =>
      bindResource(contract, { ...binding, referenceLists: { related: { ...links, target: scratchUnits } } }),
    ).not.toThrow();
    expect(() =>
      bindResource(
        {
          ...contract,
          fields: {
            ...contract.fields,
            related: {
              ...contract.fields.related,
              target: { ...contract.fields.related.target, display: 'title' },
            },
          },
        },
        { ...binding, referenceLists: { related: links } },
      ),
    ).toThrow(/has no column for its display field title/);
    for (const what of ['filters', 'sort', 'importColumns'] as const)
      expect(() =>
        bindResource(
          { ...contract, [what]: [...contract[what], 'related'] },
          { ...binding, referenceLists: { related: links } },
        ),
      ).toThrow(`${what} names related, a list`);
  });

  it('keeps the first use of each id, in the order given, whatever its case', () => {
    const [a, b] = ['aaaaaaaa-0000-4000-8000-000000000001', 'bbbbbbbb-0000-4000-8000-000000000002'];
    expect(linked.lists.related?.normalise?.([b, a, b.toUpperCase()])).toEqual([b, a]);
  });
});

describe.each(await testEngines('both'))('a references field served on $engine', ({ engine }) => {
  let database: TestDatabase;
  let server: TestServer;
  let http: HttpClient;
  let token: string;
  let strangerToken: string;
  const things: Record<string, Thing> = {};
  let foreign: Thing;
  const BASE = '/api/om/scratch-linked';

  const create = (body: Record<string, unknown>, who = token) =>
    http.post<One & ErrorEnvelope>(BASE, { status: 'ACTIVE', ...body }, who);
  const linkCount = async () =>
    Number(
      (await rows<{ n: string }>(server.db.orm, sql`select count(*) as n from scratch_thing_links`))[0]?.n,
    );

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    server = await startTestServer(
      { ...database.env, LOG_LEVEL: 'warn' },
      {
        async routes(app, db) {
          await createScratchTables(db.orm);
          await createScratchLinkTable(db.orm);
          await app.register(async (scoped) => registerResources(scoped, [linked], { db: db.orm }));
        },
      },
    );
    http = httpClient(server.url);
    const deps = { db: server.db.orm, passwords: server.passwords };
    const permissions = ['view', 'create', 'update', 'delete', 'export'].map((a) => `job_title.${a}`);
    for (const [key, tenant] of [
      ['mine', await makeTenant(server.db.orm)],
      ['theirs', await makeTenant(server.db.orm)],
    ] as const) {
      const { user } = await makeUser(deps, { tenantId: tenant.id, permissions });
      const made = await accessTokenFor(server.db.orm, user);
      if (key === 'mine') token = made;
      else strangerToken = made;
    }
    for (const [code, name] of [
      ['KHOI_A', 'Khối A'],
      ['KHOI_B', 'Khối B'],
      ['KHOI_C', 'Khối C'],
      ['KHOI_D', 'Khối D'],
    ] as const) {
      const res = await create({ code, name });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      things[code] = res.body.data;
    }
    foreign = (await create({ code: 'THEIRS', name: 'Của người khác' }, strangerToken)).body.data;
  });
  afterAll(async () => {
    await server?.stop();
    await database?.dispose();
  });

  const id = (code: string) => things[code]?.id as string;

  it('stores the ids in the order chosen, repeats dropped, and answers them with the record everywhere', async () => {
    const made = await create({
      code: 'PHONG_1',
      name: 'Phòng 1',
      related: [id('KHOI_C'), id('KHOI_A'), id('KHOI_C').toUpperCase()],
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    expect(made.body.data.related).toEqual([id('KHOI_C'), id('KHOI_A')]);
    const detail = await http.get<One>(`${BASE}/${made.body.data.id}`, token);
    expect(detail.body.data.related).toEqual([id('KHOI_C'), id('KHOI_A')]);
    const page = await http.get<PageEnvelope<Thing>>(`${BASE}?keyword=PHONG_1`, token);
    expect(page.body.data.map((t) => t.related)).toEqual([[id('KHOI_C'), id('KHOI_A')]]);
    const found = await http.post<{ data: Thing[] }>(
      `${BASE}/find-by-ids`,
      { ids: [made.body.data.id, id('KHOI_A')] },
      token,
    );
    expect(Object.fromEntries(found.body.data.map((t) => [t.code, t.related]))).toEqual({
      PHONG_1: [id('KHOI_C'), id('KHOI_A')],
      KHOI_A: [],
    });

    const updated = await http.post<One>(
      `${BASE}/${made.body.data.id}/update`,
      { related: [id('KHOI_A'), id('KHOI_B'), id('KHOI_C')], version: made.body.data.version },
      token,
    );
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect(updated.body.data.related).toEqual([id('KHOI_A'), id('KHOI_B'), id('KHOI_C')]);
    expect((await http.get<One>(`${BASE}/${made.body.data.id}`, token)).body.data.related).toEqual([
      id('KHOI_A'),
      id('KHOI_B'),
      id('KHOI_C'),
    ]);
  });

  it('refuses an id of no record or of another tenant on its place in the list, and writes nothing', async () => {
    const before = await linkCount();
    const missing = '00000000-0000-4000-8000-000000000000';
    const refused = await create({
      code: 'PHONG_X',
      name: 'Phòng X',
      related: [id('KHOI_A'), foreign.id, missing],
    });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual([
      { field: 'related[1]', code: 'error.invalidValue', message: `refers to no record (${foreign.id})` },
      { field: 'related[2]', code: 'error.invalidValue', message: `refers to no record (${missing})` },
    ]);
    expect((await http.get<{ data: number }>(`${BASE}/count?keyword=PHONG_X`, token)).body.data).toBe(0);
    expect(await linkCount()).toBe(before);

    const record = (await create({ code: 'PHONG_2', name: 'Phòng 2', related: [id('KHOI_D')] })).body.data;
    const update = await http.post<ErrorEnvelope>(
      `${BASE}/${record.id}/update`,
      { name: 'Đổi tên', related: [missing], version: record.version },
      token,
    );
    expect(update.status).toBe(400);
    expect(update.body.errors?.map((e) => e.field)).toEqual(['related[0]']);
    const kept = (await http.get<One>(`${BASE}/${record.id}`, token)).body.data;
    expect([kept.name, kept.related, kept.version]).toEqual(['Phòng 2', [id('KHOI_D')], record.version]);
  });

  it('refuses more than maxItems and an item that is not a uuid', async () => {
    const four = await create({
      code: 'PHONG_3',
      name: 'Phòng 3',
      related: ['KHOI_A', 'KHOI_B', 'KHOI_C', 'KHOI_D'].map(id),
    });
    expect(four.status).toBe(400);
    expect(four.body.errors?.[0]?.field).toMatch(/^related/);
    const notId = await create({ code: 'PHONG_4', name: 'Phòng 4', related: ['KHOI_A'] });
    expect(notId.status).toBe(400);
    expect(notId.body.errors?.[0]?.field).toMatch(/^related/);
  });

  it('exports the names of the records referred to, joined by commas, in order', async () => {
    await create({ code: 'XUAT_1', name: 'Xuất 1', related: [id('KHOI_B'), id('KHOI_A')] });
    await create({ code: 'XUAT_2', name: 'Xuất 2' });
    const file = await download(`${server.url}${BASE}/export?keyword=XUAT_`, token);
    expect(file.status).toBe(200);
    expect((await readSheet(file.bytes)).slice(1)).toEqual([
      ['XUAT_1', 'Xuất 1', 'Khối B, Khối A'],
      ['XUAT_2', 'Xuất 2'],
    ]);
  });

  it('answers 409 when a record still named is deleted, and lets it go once no record names it', async () => {
    const target = (await create({ code: 'DICH_1', name: 'Đích' })).body.data;
    const holder = (await create({ code: 'GIU_1', name: 'Giữ', related: [target.id] })).body.data;
    const held = await http.post<ErrorEnvelope>(`${BASE}/${target.id}/delete`, {}, token);
    expect(held.status).toBe(409);
    expect(held.body.message).toBe('The record is used by other records and cannot be removed');
    expect((await http.get(`${BASE}/${target.id}`, token)).status).toBe(200);
    // deleting the record that names it removes its rows (ON DELETE CASCADE), so the target may go
    expect((await http.post(`${BASE}/${holder.id}/delete`, {}, token)).status).toBe(200);
    expect((await http.post(`${BASE}/${target.id}/delete`, {}, token)).status).toBe(200);
  });

  it('is described in OpenAPI as an array of uuids with its maxItems', async () => {
    const doc = await http.get<{ paths: Record<string, Record<string, unknown>> }>(DOCS_JSON_PATH);
    const post = doc.body.paths[BASE]?.post as {
      requestBody: { content: Record<string, { schema: { properties: Record<string, unknown> } }> };
    };
    const schema = post.requestBody.content['application/json']?.schema.properties.related;
    expect(schema).toMatchObject({ type: 'array', maxItems: 3, items: { type: 'string', format: 'uuid' } });
  });
});
