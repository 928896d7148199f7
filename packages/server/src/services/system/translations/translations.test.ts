import { ApiPaths, type ErrorEnvelope } from '@hcm/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
import { translationResource } from './translations.ts';

type Translation = { id: string; code: string; valueVi: string; valueEn: string; version: number };
type Messages = { data: { code: string; value: string }[] };

const BASE = '/api/system/languages';
const PUBLIC = ApiPaths.translations.publicMessages;

describe.each(await testEngines())('translations (System › Language) on $engine', ({ engine }) => {
  let kit: ResourceTestKit;
  let admin: SystemCaller;
  let tenantUser: Caller;

  beforeAll(async () => {
    kit = await startResourceTestKit(engine);
    admin = await kit.systemCaller([translationResource]);
    tenantUser = await kit.caller([translationResource]);
  });
  afterAll(() => kit?.stop());

  const create = (body: Record<string, unknown>) =>
    kit.http.post<{ data: Translation }>(BASE, body, admin.token);

  it('serves what the administrator writes, without sign-in, in the asked language', async () => {
    const created = await create({
      code: 'model.login.error.unauthorized',
      valueVi: 'Sai tên đăng nhập hoặc mật khẩu',
      valueEn: 'Wrong username or password',
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);

    const vi = await kit.http.get<Messages>(`${PUBLIC}?language=vi`);
    expect(vi.status).toBe(200);
    expect(vi.body.data).toContainEqual({
      code: 'model.login.error.unauthorized',
      value: 'Sai tên đăng nhập hoặc mật khẩu',
    });
    const en = await kit.http.get<Messages>(`${PUBLIC}?language=en`);
    expect(en.body.data).toContainEqual({
      code: 'model.login.error.unauthorized',
      value: 'Wrong username or password',
    });
  });

  it('leaves inactive texts out, and takes an edit into account', async () => {
    const created = await create({ code: 'signIn.title', valueVi: 'Vào hệ thống', valueEn: 'Log in' });
    const id = created.body.data.id;
    await kit.http.post(`${BASE}/${id}/inactive`, {}, admin.token);
    const hidden = await kit.http.get<Messages>(`${PUBLIC}?language=vi`);
    expect(hidden.body.data.map((m) => m.code)).not.toContain('signIn.title');

    await kit.http.post(`${BASE}/${id}/active`, {}, admin.token);
    const edited = await kit.http.post(`${BASE}/${id}/update`, { version: 3, valueEn: 'Enter' }, admin.token);
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    const en = await kit.http.get<Messages>(`${PUBLIC}?language=en`);
    expect(en.body.data).toContainEqual({ code: 'signIn.title', value: 'Enter' });
  });

  it('refuses a code that is not dot-separated words, a duplicate in another case, and an unknown language', async () => {
    const bad = await create({ code: 'has space', valueVi: 'a', valueEn: 'b' });
    expect(bad.status).toBe(400);
    expect((bad.body as unknown as ErrorEnvelope).errors?.[0]).toMatchObject({
      field: 'code',
      code: 'error.pattern',
    });

    const twice = await create({ code: 'MODEL.LOGIN.ERROR.UNAUTHORIZED', valueVi: 'x', valueEn: 'y' });
    expect(twice.status).toBe(409);

    const language = await kit.http.get<ErrorEnvelope>(`${PUBLIC}?language=fr`);
    expect(language.status).toBe(400);
  });

  it('syncs from a file: a known code (any case) gets the new texts, a new code is added, each logged', async () => {
    const known = await create({ code: 'sync.known', valueVi: 'Cũ', valueEn: 'Old' });
    const template = await download(`${kit.server.url}${BASE}/download-template`, admin.token);
    const header = (await readSheet(template.bytes))[0] ?? [];
    expect(header).toEqual(['Mã thông điệp', 'Tiếng Việt', 'Tiếng Anh']);
    const file = await workbookOf([header, ['SYNC.KNOWN', 'Mới', 'New'], ['sync.added', 'Thêm', 'Added']]);
    const res = await upload(`${kit.server.url}${BASE}/import`, admin.token, file);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json).toEqual({ data: { imported: 1, updated: 1 } });

    const updated = await kit.http.get<{ data: Translation }>(`${BASE}/${known.body.data.id}`, admin.token);
    expect(updated.body.data).toMatchObject({ valueVi: 'Mới', valueEn: 'New', version: 2 });
    const en = await kit.http.get<Messages>(`${PUBLIC}?language=en`);
    expect(en.body.data).toContainEqual({ code: 'sync.added', value: 'Added' });
    const logs = await kit.http.get<{ data: { action: string; recordId: string }[] }>(
      '/api/system/action-logs?action=IMPORT',
      admin.token,
    );
    expect(logs.body.data.map((log) => log.recordId)).toContain(known.body.data.id);
  });

  it('refuses a file whose rows repeat a code, and changes nothing', async () => {
    const known = await create({ code: 'sync.twice', valueVi: 'Giữ', valueEn: 'Kept' });
    const file = await workbookOf([
      ['Mã thông điệp', 'Tiếng Việt', 'Tiếng Anh'],
      ['sync.twice', 'Một', 'One'],
      ['SYNC.TWICE', 'Hai', 'Two'],
    ]);
    const res = await upload(`${kit.server.url}${BASE}/import`, admin.token, file);
    expect(res.status).toBe(400);
    const kept = await kit.http.get<{ data: Translation }>(`${BASE}/${known.body.data.id}`, admin.token);
    expect(kept.body.data).toMatchObject({ valueVi: 'Giữ', version: 1 });
  });

  it('is administered by system users only: a tenant user holding the permission gets 403', async () => {
    const listed = await kit.http.get(BASE, tenantUser.token);
    expect(listed.status).toBe(403);
  });
});
