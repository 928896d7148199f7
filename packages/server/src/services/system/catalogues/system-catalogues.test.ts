import type { ErrorEnvelope, PageEnvelope } from '@hcm/contracts';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actionLogs, systemActionLogs } from '../../../db/schema.ts';
import { coefficients, technicalLevels } from '../tables/system-catalogues.ts';
import { inScope } from '../../../db/tenant-scope.ts';
import { SHARED_WRITE_REFUSED } from '../../../resources/caller.ts';
import {
  download,
  readSheet,
  startResourceTestKit,
  upload,
  workbookOf,
  type Caller,
  type ResourceTestKit,
  type SystemCaller,
} from '../../../resources/testing/kit.ts';
import { testEngines } from '../../../testing/engines.ts';
import { refusal } from '../../../testing/migrated-database.ts';
import { coefficientResource, systemCatalogueResources, technicalLevelResource } from './resources.ts';

type Coefficient = { id: string; code: string; name: string; value: string; version: number; status: string };
type One<T> = { data: T };

const COEFFICIENTS = '/api/system/coefficients';
const LEVELS = '/api/system/technical-levels';

describe.each(await testEngines('both'))(
  'System categories: one list kept by system users, read by tenants, on $engine',
  ({ engine }) => {
    let kit: ResourceTestKit;
    let admin: SystemCaller;
    /** a tenant user holding view and export of the four lists */
    let reader: Caller;
    /** a tenant user granted every action of the four lists (a tenant role may grant them) */
    let writer: Caller;
    let record: Coefficient;

    const rows = async () => {
      const db = kit.server.db.orm;
      const system = await inScope(db, { tenantId: null, userId: null }, async (tx) => ({
        coefficients: Number((await tx.select({ n: count() }).from(coefficients))[0]?.n),
        systemLogs: Number((await tx.select({ n: count() }).from(systemActionLogs))[0]?.n),
      }));
      const tenantLogs = await inScope(db, { tenantId: writer.tenantId, userId: null }, (tx) =>
        tx.select({ n: count() }).from(actionLogs),
      );
      return { ...system, tenantLogs: Number(tenantLogs[0]?.n) };
    };

    beforeAll(async () => {
      kit = await startResourceTestKit(engine);
      admin = await kit.systemCaller(systemCatalogueResources);
      const views = systemCatalogueResources.flatMap((r) => [
        r.permissionFor('view'),
        r.permissionFor('export'),
      ]);
      reader = await kit.caller([], views);
      writer = await kit.caller(systemCatalogueResources);
      const created = await kit.http.post<One<Coefficient>>(
        COEFFICIENTS,
        { code: 'HS_KV1', name: 'Hệ số khu vực 1', value: '0.125', priority: 1 },
        admin.token,
      );
      expect(created.status, JSON.stringify(created.body)).toBe(200);
      record = created.body.data;
    });
    afterAll(() => kit?.stop());

    it('keeps a coefficient with 3 decimals and refuses more decimals or a negative value', async () => {
      expect(record.value).toBe('0.125');
      for (const value of ['1.2345', '-1'] as const) {
        const res = await kit.http.post<ErrorEnvelope>(
          COEFFICIENTS,
          { code: 'HS_BAD', name: 'Sai', value },
          admin.token,
        );
        expect(res.status, value).toBe(400);
        expect(res.body.errors?.map((e) => e.field)).toEqual(['value']);
      }
    });

    it('keeps technical levels from 1 to 20', async () => {
      const create = (code: string, level: number) =>
        kit.http.post<ErrorEnvelope>(LEVELS, { code, name: `Bậc ${level}`, level }, admin.token);
      expect((await create('BAC_20', 20)).status).toBe(200);
      for (const level of [0, 21]) {
        const res = await create(`BAC_${level}X`, level);
        expect(res.status, String(level)).toBe(400);
        expect(res.body.errors?.map((e) => e.field)).toEqual(['level']);
      }
    });

    it("lets a tenant user holding view read the system's list on every read sub-path", async () => {
      const get = <T>(path: string) => kit.http.get<T>(path, reader.token);
      const page = await get<PageEnvelope<Coefficient>>(`${COEFFICIENTS}?keyword=kv1`);
      expect(page.status).toBe(200);
      expect(page.body.data.map((r) => r.code)).toEqual(['HS_KV1']);
      expect((await get<One<Coefficient>>(`${COEFFICIENTS}/${record.id}`)).body.data).toEqual(record);
      expect((await get<One<number>>(`${COEFFICIENTS}/count`)).body.data).toBe(1);
      expect((await get<PageEnvelope<Coefficient>>(`${COEFFICIENTS}/auto-complete`)).body.page.total).toBe(1);
      expect((await get<One<Coefficient[]>>(`${COEFFICIENTS}/auto-complete-all`)).body.data).toHaveLength(1);
      const found = await kit.http.post<One<Coefficient[]>>(
        `${COEFFICIENTS}/find-by-ids`,
        { ids: [record.id] },
        reader.token,
      );
      expect(found.body.data.map((r) => r.id)).toEqual([record.id]);
      const file = await download(`${kit.server.url}${COEFFICIENTS}/export`, reader.token);
      expect(file.status).toBe(200);
      expect((await readSheet(file.bytes))[1]?.slice(0, 3)).toEqual(['HS_KV1', 'Hệ số khu vực 1', 0.125]);
    });

    it('refuses every write of a tenant user with 403 and the reason, whatever the body, writing nothing', async () => {
      const before = await rows();
      const refused = async (res: { status: number; body?: unknown; json?: unknown }, what: string) => {
        expect(res.status, what).toBe(403);
        expect((res.body ?? res.json) as ErrorEnvelope, what).toMatchObject({
          message: SHARED_WRITE_REFUSED,
          params: { reason: 'sharedList' },
        });
      };
      {
        const token = writer.token;
        const post = (path: string, body?: unknown) => kit.http.post(path, body, token);
        await refused(await post(COEFFICIENTS, { code: 'HS_TENANT', name: 'Của tôi', value: '1' }), 'create');
        await refused(await post(COEFFICIENTS, { code: 1 }), 'create with a bad body');
        await refused(
          await post(`${COEFFICIENTS}/${record.id}/update`, { version: 1, name: 'Đổi' }),
          'update',
        );
        for (const action of ['delete', 'active', 'inactive'])
          await refused(await post(`${COEFFICIENTS}/${record.id}/${action}`), action);
        const sheet = await workbookOf([
          ['Mã', 'Tên', 'Giá trị hệ số'],
          ['HS_IMP', 'Nhập', 2],
        ]);
        await refused(await upload(`${kit.server.url}${COEFFICIENTS}/import`, token, sheet), 'import');
        await refused(await kit.http.get(`${COEFFICIENTS}/download-template`, token), 'download-template');
      }
      // A tenant user without the view permission is refused reading as well.
      const stranger = await kit.caller([technicalLevelResource]);
      expect((await kit.http.get(COEFFICIENTS, stranger.token)).status).toBe(403);
      expect(await rows()).toEqual(before);
      expect(
        (await kit.http.get<One<Coefficient>>(`${COEFFICIENTS}/${record.id}`, admin.token)).body.data,
      ).toEqual(record);
    });

    it('lets the system user change what every tenant then reads', async () => {
      const updated = await kit.http.post<One<Coefficient>>(
        `${COEFFICIENTS}/${record.id}/update`,
        { version: record.version, value: '0.150' },
        admin.token,
      );
      expect(updated.status).toBe(200);
      const seen = await kit.http.get<One<Coefficient>>(`${COEFFICIENTS}/${record.id}`, writer.token);
      expect(seen.body.data.value).toBe('0.150');
      record = updated.body.data;
    });

    it('row-level security lets a tenant transaction read the lists but change nothing', async () => {
      const db = kit.server.db.orm;
      const tenant = { tenantId: reader.tenantId, userId: null };
      const read = await inScope(db, tenant, (tx) => tx.select({ id: coefficients.id }).from(coefficients));
      expect(read.map((r) => r.id)).toContain(record.id);
      const changed = await inScope(db, tenant, (tx) =>
        tx.update(coefficients).set({ name: 'x' }).returning({ id: coefficients.id }),
      );
      expect(changed).toEqual([]);
      expect(
        await refusal(
          inScope(db, tenant, (tx) =>
            tx.insert(technicalLevels).values({ code: 'BAC_RLS', name: 'RLS', level: 1 }),
          ),
        ),
      ).toMatch(/row-level security/);
      expect(coefficientResource.scope).toBe('shared');
    });
  },
);
