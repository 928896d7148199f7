import type { TokenSet } from '@hcm/contracts';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { serveDuringSuite } from '../testing/serve-during-suite.ts';
import { TEST_HR_ADMIN } from '../testing/test-server.ts';
import { chosenEncoding, COMPRESS_MIN_BYTES } from './compression.ts';

describe('chosenEncoding', () => {
  it.each([
    [undefined, null],
    ['', null],
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0, gzip;q=0.5', 'gzip'],
    ['*', 'br'],
    ['*;q=0', null],
    ['identity', null],
    ['deflate', null],
    ['GZIP;q=1.0', 'gzip'],
  ])('%j → %j', (header, expected) => {
    expect(chosenEncoding(header)).toBe(expected);
  });
});

/** Issue 29, part 3: JSON answers of the API go compressed when the caller accepts it. */
describe('compressed answers of the API', () => {
  const suite = serveDuringSuite('pglite');
  let token = '';
  beforeAll(async () => {
    const res = await suite.http.post<{ data: TokenSet }>('/api/iam/authenticate', {
      username: TEST_HR_ADMIN.username,
      password: TEST_HR_ADMIN.password,
    });
    token = res.body.data.accessToken;
  });
  /** the raw answer, as sent: inject does not decode */
  const get = (url: string, acceptEncoding?: string) =>
    suite.server.app.inject({
      method: 'GET',
      url,
      headers: {
        authorization: `Bearer ${token}`,
        ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}),
      },
    });
  const LARGE = '/api/iam/me/profile';

  it('sends a large JSON answer in brotli or gzip as asked, the same JSON once decoded', async () => {
    const plain = await get(LARGE);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThanOrEqual(COMPRESS_MIN_BYTES);
    expect(plain.headers.vary).toContain('Accept-Encoding');

    const br = await get(LARGE, 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('Accept-Encoding');
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(JSON.parse(plain.payload));
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);

    const gz = await get(LARGE, 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(JSON.parse(plain.payload));
  });

  it('sends a small answer, or one the caller cannot decode, as it is', async () => {
    const small = await get('/api/health', 'br');
    expect(small.rawPayload.length).toBeLessThan(COMPRESS_MIN_BYTES);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(small.payload).data.status).toBe('ok');
    const refused = await get(LARGE, 'br;q=0, deflate');
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(refused.payload).data).toBeDefined();
  });

  it('compresses an error envelope large enough too, with its status', async () => {
    const res = await suite.server.app.inject({
      method: 'POST',
      url: '/api/iam/authenticate',
      headers: { 'accept-encoding': 'br', 'content-type': 'application/json' },
      payload: { username: 'x'.repeat(5000), password: 'y' },
    });
    expect(res.statusCode).toBe(400);
    const body =
      res.headers['content-encoding'] === 'br'
        ? brotliDecompressSync(res.rawPayload).toString()
        : res.payload;
    expect(JSON.parse(body).code).toBe('VALIDATION_FAILED');
  });
});
