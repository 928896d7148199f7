import { ApiPaths, type ErrorEnvelope } from '@hcm/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startResourceTestKit,
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

  it('is administered by system users only: a tenant user holding the permission gets 403', async () => {
    const listed = await kit.http.get(BASE, tenantUser.token);
    expect(listed.status).toBe(403);
  });
});
