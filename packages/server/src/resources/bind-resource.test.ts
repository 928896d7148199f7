import type { ErrorEnvelope, PageEnvelope } from '@hcm/contracts';
import { jobTitleContract } from '@hcm/contracts/categories';
import { f, label, type AnyResourceContract } from '@hcm/contracts/resource';
import { ErrorCodes } from '@hcm/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobTitles } from '../services/om/tables/categories.ts';
import { inScope } from '../db/tenant-scope.ts';
import { AppError, validationFailed } from '../http/errors.ts';
import { DOCS_JSON_PATH } from '../http/openapi.ts';
import { createTestDatabase, testEngines, type TestDatabase } from '../testing/engines.ts';
import { accessTokenFor, makeTenant, makeUser, recordBody } from '../testing/factories.ts';
import { httpClient, type HttpClient } from '../testing/http-client.ts';
import { rows } from '../testing/migrated-database.ts';
import { startTestServer, type TestServer } from '../testing/test-server.ts';
import { bindResource } from './bind-resource.ts';
import { registerResources } from './routes/register-resources.ts';
import {
  createScratchTables,
  scratchContract,
  scratchThings,
  scratchUnits,
} from './testing/scratch-resource.ts';
import { download, readSheet, upload, workbookOf } from './testing/kit.ts';
import type { ResourceHooks } from './types.ts';

type Thing = Record<string, unknown> & { id: string; version: number };
type One = { data: Thing };

/** What the hooks saw, in order, to prove when each ran. */
const calls: string[] = [];
const hooks: ResourceHooks = {
  validate(_, changes) {
    if (changes.name === 'Forbidden name')
      throw validationFailed([{ field: 'name', code: 'error.invalidValue', message: 'is not allowed' }]);
  },
  beforeCreate(_, values) {
    calls.push('beforeCreate');
    if (typeof values.name === 'string') values.name = values.name.replace(/\s+/g, ' ');
  },
  async afterCreate({ tx }, record) {
    calls.push('afterCreate');
    const seen = (await tx.execute(
      sql`select 1 from scratch_things where id = ${String(record.id)}`,
    )) as unknown as {
      rows: unknown[];
    };
    if (seen.rows.length !== 1) throw new Error('afterCreate runs after the insert, in its transaction');
    if (record.name === 'Explode after')
      throw new AppError(409, ErrorCodes.conflict, 'refused after the insert');
  },
  beforeUpdate: () => void calls.push('beforeUpdate'),
  afterUpdate: () => void calls.push('afterUpdate'),
  beforeDelete: () => void calls.push('beforeDelete'),
  afterDelete: () => void calls.push('afterDelete'),
  onStatusChange: (_, before, after) =>
    void calls.push(`status ${String(before.status)}→${String(after.status)}`),
};

/** The units each user manages (with those below them): what the organisation module would answer. */
const managedUnits = new Map<string, string[]>();

const plain = bindResource(scratchContract('scratch-things', ['delete']), {
  table: scratchThings,
  references: { unitId: scratchUnits },
  hooks,
});
const own = bindResource(scratchContract('scratch-own'), {
  table: scratchThings,
  references: { unitId: scratchUnits },
  dataScope: { kind: 'own', column: 'ownerId' },
});
const byUnit = bindResource(scratchContract('scratch-units'), {
  table: scratchThings,
  references: { unitId: scratchUnits },
  hooks: {
    beforeDelete(_, record) {
      calls.push(`beforeDelete ${String(record.name)}`);
      if (record.name === 'Keep me') throw new AppError(409, ErrorCodes.conflict, 'this one stays');
    },
    afterDelete: (_, record) => void calls.push(`afterDelete ${String(record.name)}`),
  },
  dataScope: {
    kind: 'units',
    column: 'unitId',
    unitsOf: async (_, caller) => managedUnits.get(caller.userId ?? '') ?? [],
  },
});

describe('bindResource refuses, at start, a contract its table or the catalogue contradicts', () => {
  const base = scratchContract('checks');
  const withField = (name: string, field: AnyResourceContract['fields'][string]): AnyResourceContract => ({
    ...base,
    fields: { ...base.fields, [name]: field },
  });
  it.each([
    [
      'a field without a column',
      withField('salary', f.money({ label: label('t.salary', 'x', 'x') })),
      /no column for the field salary/,
    ],
    [
      'a required field on a nullable column',
      withField('amount', f.money({ label: label('t.amount', 'x', 'x'), required: true })),
      /amount is required but the column amount allows NULL/,
    ],
    [
      'a field of the wrong column type',
      withField('paid', f.integer({ label: label('t.paid', 'x', 'x') })),
      /cannot be stored in the column paid of type boolean/,
    ],
    [
      'an image field on a column that is not a uuid',
      withField('paid', f.image({ label: label('t.photo', 'x', 'x'), ownerType: 'AVATAR', accept: ['png'] })),
      /paid \(image\) cannot be stored in the column paid of type boolean/,
    ],
    [
      'a file field among the import columns',
      {
        ...withField(
          'unitId',
          f.file({ label: label('t.unit', 'x', 'x'), ownerType: 'GENERAL', accept: ['pdf'] }),
        ),
        importColumns: [...base.importColumns, 'unitId'],
      },
      /importColumns names unitId, a file: a spreadsheet row cannot carry an uploaded file/,
    ],
    [
      'a list of references without its child table',
      withField(
        'tags',
        f.references({
          label: label('t.tags', 'x', 'x'),
          target: { resource: 'x', apiPath: '/api/x', display: 'name' },
        }),
      ),
      /references field tags needs its child table in referenceLists/,
    ],
    [
      'level both (a shared list) on a permission only tenants hold',
      { ...base, level: 'both' as const },
      /a shared resource needs the user levels SYSTEM and TENANT/,
    ],
    [
      'a permission of another user level',
      { ...base, permission: 'service_pack' as const, module: 'SYSTEM' as const },
      /user level TENANT alone/,
    ],
  ])('%s', (_, contract, message) => {
    expect(() =>
      bindResource(contract, { table: scratchThings, references: { unitId: scratchUnits } }),
    ).toThrow(message);
  });

  it('needs the target table of a reference, and the child table of an enumSet', () => {
    expect(() => bindResource(base, { table: scratchThings })).toThrow(
      /reference field unitId needs its target table/,
    );
    const withSet = withField(
      'modules',
      f.enumSet({ label: label('t.modules', 'x', 'x'), valueLabels: { A: label('t.a', 'A', 'A') } }),
    );
    expect(() =>
      bindResource(withSet, { table: scratchThings, references: { unitId: scratchUnits } }),
    ).toThrow(/enumSet field modules needs its child table/);
  });

  it('binds a category in one line and derives the rules in words from the limits', () => {
    const bound = bindResource(jobTitleContract, { table: jobTitles });
    expect(bound.field('code').rules).toEqual({
      vi: 'Bắt buộc, không trùng. 4–50 ký tự: chữ, số, gạch dưới, dấu chấm.',
      en: 'Required, unique. 4–50 letters, digits, underscores or dots.',
    });
    expect(bound.field('status').rules.en).toBe('Active or Inactive (default Active).');
    expect(bound.field('priority').rules.vi).toBe('Không bắt buộc. Số nguyên 0–2147483647.');
  });
});

describe.each(await testEngines())('a bound contract served on $engine', ({ engine }) => {
  let database: TestDatabase;
  let server: TestServer;
  let http: HttpClient;
  const users: Record<'a' | 'b' | 'stranger', { id: string; token: string }> = {} as never;
  const units: Record<'top' | 'below' | 'other', string> = {} as never;
  let foreignUnit: string;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    server = await startTestServer(
      { ...database.env, LOG_LEVEL: 'warn' },
      {
        async routes(app, db) {
          await createScratchTables(db.orm);
          await app.register(async (scoped) =>
            registerResources(scoped, [plain, own, byUnit], { db: db.orm }),
          );
        },
      },
    );
    http = httpClient(server.url);
    const deps = { db: server.db.orm, passwords: server.passwords };
    const permissions = ['view', 'create', 'update', 'delete', 'export'].map((a) => `job_title.${a}`);
    const tenant = await makeTenant(server.db.orm);
    const other = await makeTenant(server.db.orm);
    for (const [key, inTenant] of [
      ['a', tenant.id],
      ['b', tenant.id],
      ['stranger', other.id],
    ] as const) {
      const { user } = await makeUser(deps, { tenantId: inTenant, permissions });
      users[key] = { id: user.id, token: await accessTokenFor(server.db.orm, user) };
    }
    const unitOf = async (tenant: string, name: string) => {
      const [unit] = await inScope(server.db.orm, { tenantId: tenant, userId: null }, (tx) =>
        tx.insert(scratchUnits).values({ tenantId: tenant, name }).returning(),
      );
      if (!unit) throw new Error('no unit was made');
      return unit.id;
    };
    units.top = await unitOf(tenant.id, 'Khối');
    units.below = await unitOf(tenant.id, 'Phòng');
    units.other = await unitOf(tenant.id, 'Khối khác');
    foreignUnit = await unitOf(other.id, 'Của người khác');
    managedUnits.set(users.a.id, [units.top, units.below]);
    managedUnits.set(users.b.id, [units.other]);
  });
  afterAll(async () => {
    await server?.stop();
    await database?.dispose();
  });

  const create = (path: string, body: Record<string, unknown>, who: 'a' | 'b' | 'stranger' = 'a') =>
    http.post<One & ErrorEnvelope>(`/api/om/${path}`, body, users[who].token);

  describe('kinds', () => {
    it('stores money, boolean, date and references exactly, and answers them as sent', async () => {
      const res = await create('scratch-things', {
        ...recordBody(plain.contract, 1),
        amount: '1234567890123.45',
        paid: true,
        startsOn: '2026-02-28',
        unitId: units.top,
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.data).toMatchObject({
        amount: '1234567890123.45',
        paid: true,
        startsOn: '2026-02-28',
        unitId: units.top,
      });
      const found = await http.get<PageEnvelope<Thing>>(
        `/api/om/scratch-things?paid=true&keyword=code_0001`,
        users.a.token,
      );
      expect(found.body.data.map((t) => t.amount)).toEqual(['1234567890123.45']);
    });

    it('refuses a money value with float noise or too many decimals, with a field error', async () => {
      const res = await create('scratch-things', { ...recordBody(plain.contract, 2), amount: '10.005' });
      expect(res.status).toBe(400);
      expect(res.body.errors?.map((e) => e.field)).toEqual(['amount']);
    });

    it("answers 400 on the field, not 500, for a reference to no record or to another tenant's", async () => {
      for (const unitId of [foreignUnit, '00000000-0000-4000-8000-000000000000']) {
        const res = await create('scratch-things', { ...recordBody(plain.contract, 3), unitId });
        expect(res.status, JSON.stringify(res.body)).toBe(400);
        expect(res.body.errors).toEqual([
          { field: 'unitId', code: 'error.invalidValue', message: 'refers to no record' },
        ]);
      }
    });

    it('refuses a tree parent that would make a record its own ancestor', async () => {
      const top = (await create('scratch-things', recordBody(plain.contract, 4))).body.data;
      const child = (await create('scratch-things', { ...recordBody(plain.contract, 5), parentId: top.id }))
        .body.data;
      for (const parentId of [child.id, top.id]) {
        const res = await http.post<ErrorEnvelope>(
          `/api/om/scratch-things/${top.id}/update`,
          { parentId, version: top.version },
          users.a.token,
        );
        expect(res.status).toBe(400);
        expect(res.body.errors?.[0]?.field).toBe('parentId');
      }
    });

    it('exports money as numbers when exact, as text when a double would lose digits, and imports both back', async () => {
      await create('scratch-things', { ...recordBody(plain.contract, 6), amount: '9999999999999999.99' });
      const file = await download(
        `${server.url}/api/om/scratch-things/export?sortBy=amount.asc`,
        users.a.token,
      );
      const sheet = await readSheet(file.bytes);
      const amounts = sheet.slice(1).map((row) => row[2]);
      expect(amounts).toContain(1234567890123.45);
      expect(amounts).toContain('9999999999999999.99');
      const imported = await upload(
        `${server.url}/api/om/scratch-things/import`,
        users.a.token,
        await workbookOf([
          ['Mã', 'Name', 'Amount', 'Paid', 'Starts on'],
          ['IMP_0001', 'Một', 1500.5, true, '2026-03-01'],
          ['IMP_0002', 'Hai', '9999999999999999.99', 'FALSE', null],
        ]),
      );
      expect(imported.status, imported.bytes.toString()).toBe(200);
      const back = await http.get<PageEnvelope<Thing>>(`/api/om/scratch-things?keyword=IMP_`, users.a.token);
      expect(back.body.data.map((t) => [t.amount, t.paid, t.startsOn])).toEqual([
        ['1500.50', true, '2026-03-01'],
        ['9999999999999999.99', false, null],
      ]);
    });
  });

  describe('opt-outs', () => {
    it('registers no route for an opted-out sub-path, and OpenAPI does not list it', async () => {
      const thing = (await create('scratch-things', recordBody(plain.contract, 7))).body.data;
      expect((await http.post(`/api/om/scratch-things/${thing.id}/delete`, {}, users.a.token)).status).toBe(
        404,
      );
      const doc = await http.get<{ paths: Record<string, Record<string, unknown>> }>(DOCS_JSON_PATH);
      expect(doc.body.paths['/api/om/scratch-own/{id}/delete']?.post).toBeDefined();
      expect(doc.body.paths['/api/om/scratch-things/{id}/delete']).toBeUndefined();
      expect(doc.body.paths['/api/om/scratch-things/{id}/update']?.post).toBeDefined();
    });
  });

  describe('hooks', () => {
    it('run in order inside the write; a hook that throws answers in the envelope and nothing is written', async () => {
      calls.length = 0;
      const made = await create('scratch-things', {
        ...recordBody(plain.contract, 8),
        name: 'Two   spaces',
      });
      expect(made.body.data.name).toBe('Two spaces');
      const refused = await create('scratch-things', {
        ...recordBody(plain.contract, 9),
        name: 'Forbidden name',
      });
      expect(refused.status).toBe(400);
      expect(refused.body.errors?.[0]).toMatchObject({ field: 'name', message: 'is not allowed' });
      const exploded = await create('scratch-things', {
        ...recordBody(plain.contract, 10),
        name: 'Explode after',
      });
      expect(exploded.status).toBe(409);
      const count = await http.get<{ data: number }>(
        `/api/om/scratch-things/count?keyword=CODE_001`,
        users.a.token,
      );
      expect(count.body.data).toBe(0); // CODE_0010 (exploded) was rolled back
      const updated = await http.post<One>(
        `/api/om/scratch-things/${made.body.data.id}/update`,
        { name: 'Renamed', version: 1 },
        users.a.token,
      );
      expect(updated.status).toBe(200);
      await http.post(`/api/om/scratch-things/${made.body.data.id}/inactive`, {}, users.a.token);
      expect(calls).toEqual([
        'beforeCreate',
        'afterCreate',
        'beforeCreate',
        'afterCreate',
        'beforeUpdate',
        'afterUpdate',
        'status ACTIVE→INACTIVE',
      ]);
    });
  });

  describe('import hooks', () => {
    it('say a row a hook refuses on its row of the error file, check the others, and write nothing', async () => {
      const header = ['Mã', 'Name', 'Amount', 'Paid', 'Starts on'];
      const rejected = await upload(
        `${server.url}/api/om/scratch-things/import`,
        users.a.token,
        await workbookOf([
          header,
          ['HOOK_0001', 'Forbidden name', 1, true, null],
          ['HOOK_0002', 'Fine', 2, true, null],
          ['HOOK_0003', 'Forbidden name', 3, true, null],
        ]),
      );
      expect(rejected.status).toBe(400);
      expect(rejected.headers.get('x-failed-rows')).toBe('2');
      const messages = (await readSheet(rejected.bytes)).map((row) => String(row[row.length - 1] ?? ''));
      expect(messages[1]).toMatch(/: is not allowed$/);
      expect(messages[2]).not.toMatch(/is not allowed/);
      expect(messages[3]).toMatch(/: is not allowed$/);
      const count = await http.get<{ data: number }>(
        `/api/om/scratch-things/count?keyword=HOOK_`,
        users.a.token,
      );
      expect(count.body.data).toBe(0);
    });
  });

  describe('delete hooks', () => {
    it('run around the delete in its transaction; a refusal keeps the record', async () => {
      calls.length = 0;
      const body = (n: number, name: string) => ({
        ...recordBody(byUnit.contract, n),
        name,
        unitId: units.top,
      });
      const gone = (await create('scratch-units', body(40, 'Delete me'))).body.data;
      const kept = (await create('scratch-units', body(41, 'Keep me'))).body.data;
      expect((await http.post(`/api/om/scratch-units/${gone.id}/delete`, {}, users.a.token)).status).toBe(
        200,
      );
      const refused = await http.post<ErrorEnvelope>(
        `/api/om/scratch-units/${kept.id}/delete`,
        {},
        users.a.token,
      );
      expect(refused.status).toBe(409);
      expect(refused.body.message).toBe('this one stays');
      expect((await http.get(`/api/om/scratch-units/${kept.id}`, users.a.token)).status).toBe(200);
      expect((await http.get(`/api/om/scratch-units/${gone.id}`, users.a.token)).status).toBe(404);
      expect(calls).toEqual(['beforeDelete Delete me', 'afterDelete Delete me', 'beforeDelete Keep me']);
    });
  });

  describe('data scope', () => {
    it("'own': each user reaches only the records it created, on every sub-path", async () => {
      const mine = (await create('scratch-own', recordBody(own.contract, 20), 'a')).body.data;
      await create('scratch-own', recordBody(own.contract, 21), 'b');
      const [row] = await rows<{ owner_id: string }>(
        server.db.orm,
        sql`select owner_id from scratch_things where id = ${mine.id}`,
      );
      expect(row?.owner_id).toBe(users.a.id);
      await expectReach('scratch-own', mine.id, { sees: 'a', blind: 'b' });
    });

    it("'units': a user reaches the records of its units and those below, and cannot write outside them", async () => {
      const inTop = (
        await create('scratch-units', { ...recordBody(byUnit.contract, 30), unitId: units.top }, 'a')
      ).body.data;
      const below = await create(
        'scratch-units',
        { ...recordBody(byUnit.contract, 31), unitId: units.below },
        'a',
      );
      expect(below.status).toBe(200);
      const outside = await create(
        'scratch-units',
        { ...recordBody(byUnit.contract, 32), unitId: units.other },
        'a',
      );
      expect(outside.status).toBe(400);
      expect(outside.body.errors?.[0]?.field).toBe('unitId');
      const moved = await http.post<ErrorEnvelope>(
        `/api/om/scratch-units/${inTop.id}/update`,
        { unitId: units.other, version: 1 },
        users.a.token,
      );
      expect(moved.status).toBe(400);
      await expectReach('scratch-units', inTop.id, { sees: 'a', blind: 'b' });
      const listed = await http.get<PageEnvelope<Thing>>(`/api/om/scratch-units?pageSize=100`, users.a.token);
      // a list row carries the list's columns: each record's unit is on its page
      const unitsListed = await Promise.all(
        listed.body.data.map(
          async (t) => (await http.get<One>(`/api/om/scratch-units/${t.id}`, users.a.token)).body.data.unitId,
        ),
      );
      expect(new Set(unitsListed)).toEqual(new Set([units.top, units.below]));
    });

    /** `sees` finds record `id` on every read sub-path; `blind` gets nothing, 404, and cannot write it. */
    async function expectReach(path: string, id: string, who: { sees: 'a' | 'b'; blind: 'a' | 'b' }) {
      const base = `/api/om/${path}`;
      for (const [key, visible] of [
        [who.sees, true],
        [who.blind, false],
      ] as const) {
        const token = users[key].token;
        const ids = (page: { data: Thing[] }) => page.data.map((t) => t.id).includes(id);
        const page = (await http.get<PageEnvelope<Thing>>(`${base}?pageSize=100`, token)).body;
        expect(ids(page), `${key} search`).toBe(visible);
        expect(
          ids((await http.get<PageEnvelope<Thing>>(`${base}/auto-complete?pageSize=100`, token)).body),
          `${key} auto-complete`,
        ).toBe(visible);
        expect(
          ids((await http.get<{ data: Thing[] }>(`${base}/auto-complete-all`, token)).body),
          `${key} all`,
        ).toBe(visible);
        expect(
          ids((await http.post<{ data: Thing[] }>(`${base}/find-by-ids`, { ids: [id] }, token)).body),
          `${key} ids`,
        ).toBe(visible);
        expect((await http.get<{ data: number }>(`${base}/count`, token)).body.data, `${key} count`).toBe(
          page.page.total,
        );
        expect((await http.get(`${base}/${id}`, token)).status, `${key} get`).toBe(visible ? 200 : 404);
        const exported = await readSheet((await download(`${server.url}${base}/export`, token)).bytes);
        const code = (await http.get<One>(`${base}/${id}`, users[who.sees].token)).body.data.code;
        expect(
          exported.some((r) => r[0] === code),
          `${key} export`,
        ).toBe(visible);
      }
      const blind = users[who.blind].token;
      expect((await http.post(`${base}/${id}/update`, { name: 'x', version: 1 }, blind)).status).toBe(404);
      expect((await http.post(`${base}/${id}/inactive`, {}, blind)).status).toBe(404);
      expect((await http.post(`${base}/${id}/delete`, {}, blind)).status).toBe(404);
      expect((await http.get(`${base}/${id}`, users[who.sees].token)).status).toBe(200);
    }
  });
});
