import { ErrorCodes, type ErrorEnvelope } from '@hcm/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startResourceTestKit, type Caller, type ResourceTestKit } from '../resources/testing/kit.ts';
import { jobTitleResource } from '../services/om/categories/category-resources.ts';
import { jsonNestingDepth, MAX_JSON_DEPTH } from './json-body.ts';

const deepArray = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);
const deepObject = (depth: number) => '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);

describe('jsonNestingDepth', () => {
  it('counts the deepest nesting of arrays and objects', () => {
    expect(jsonNestingDepth('1')).toBe(0);
    expect(jsonNestingDepth('{}')).toBe(1);
    expect(jsonNestingDepth('{"a":[1,{"b":[]}],"c":{}}')).toBe(4);
    expect(jsonNestingDepth(deepArray(200_000))).toBe(200_000);
    expect(jsonNestingDepth(deepObject(1000))).toBe(1000);
  });

  it('does not count brackets inside strings, escaped quotes and backslashes included', () => {
    expect(jsonNestingDepth(JSON.stringify({ a: deepArray(500) }))).toBe(1);
    expect(jsonNestingDepth(JSON.stringify(['\\', '"[[[', '\\"{{', '[']))).toBe(1);
    expect(jsonNestingDepth(JSON.stringify({ '[{"': [['"]]\\']] }))).toBe(3);
  });

  it('stops reading once the depth passes the bound', () => {
    expect(jsonNestingDepth(deepArray(200_000), 10)).toBe(11);
  });
});

// Engine-independent (the body is refused before any SQL runs): run on PGlite.
describe('JSON bodies nested too deep', () => {
  const BASE = '/api/om/job-titles';
  let kit: ResourceTestKit;
  let caller: Caller;
  const send = (path: string, raw: string, token?: string) =>
    kit.http.request<ErrorEnvelope>('POST', path, { raw, ...(token ? { token } : {}) });
  const create = (raw: string) => send(BASE, raw, caller.token);
  const jobTitleCount = async () =>
    (await kit.http.get<{ data: number }>(`${BASE}/count`, caller.token)).body.data;
  const tooDeep = {
    code: ErrorCodes.validation,
    message: `The JSON body is nested deeper than ${MAX_JSON_DEPTH} levels of arrays and objects`,
  };

  beforeAll(async () => {
    kit = await startResourceTestKit('pglite');
    caller = await kit.caller([jobTitleResource]);
  });
  afterAll(() => kit?.stop());

  it('answers 400 naming the limit, not 500, for a public route and a resource, and writes nothing', async () => {
    const before = await jobTitleCount();
    for (const raw of [
      deepArray(200_000),
      deepObject(100_000),
      `{"code":"DEEP_01","name":"Sâu","description":${deepArray(200_000)}}`,
    ]) {
      const signIn = await send('/api/iam/authenticate', raw);
      expect(signIn.status).toBe(400);
      expect(signIn.body).toEqual(tooDeep);
      const created = await create(raw);
      expect(created.status).toBe(400);
      expect(created.body).toEqual(tooDeep);
    }
    expect(await jobTitleCount()).toBe(before);
    expect(kit.server.logs()).not.toContain('Maximum call stack size exceeded');
  });

  it('lets a body exactly at the limit reach the route, and refuses one level more', async () => {
    // The body itself is one level: the name field holds the other MAX_JSON_DEPTH - 1.
    const atLimit = await create(`{"code":"DEEP_02","name":${deepArray(MAX_JSON_DEPTH - 1)}}`);
    expect(atLimit.status).toBe(400);
    expect(atLimit.body.errors).toEqual([expect.objectContaining({ field: 'name' })]);

    const overLimit = await create(`{"code":"DEEP_02","name":${deepArray(MAX_JSON_DEPTH)}}`);
    expect(overLimit.status).toBe(400);
    expect(overLimit.body).toEqual(tooDeep);
  });

  it('does not count brackets inside a string: such a body is created', async () => {
    // 150 levels of brackets, quotes and backslashes as text: 900 characters, within the field's 1000
    const description = `${'[{"\\'.repeat(150)}${'}]'.repeat(150)}`;
    const created = await kit.http.post<{ data: { description: string } }>(
      BASE,
      { code: 'DEEP_03', name: 'Ngoặc trong chuỗi', description },
      caller.token,
    );
    expect(created.status).toBe(200);
    expect(created.body.data.description).toBe(description);
  });

  it('keeps Fastify’s own refusals: __proto__, constructor.prototype, an empty body', async () => {
    for (const raw of ['{"__proto__":{"admin":true}}', '{"constructor":{"prototype":{"admin":true}}}', '']) {
      const answer = await create(raw);
      expect(answer.status).toBe(400);
      expect(answer.body.code).toBe(ErrorCodes.validation);
    }
  });

  it('reads a query string flat: bracketed keys nest nothing and are refused as unknown', async () => {
    const key = `a${'[b]'.repeat(5000)}`;
    const answer = await kit.http.get<ErrorEnvelope>(`${BASE}?${key}=1`, caller.token);
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toEqual([expect.objectContaining({ field: key, code: 'error.invalidValue' })]);
  });
});
