import { connect } from 'node:net';
import { ImportLimits, type ErrorEnvelope } from '@hcm/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobTitleResource } from '../../services/om/categories/category-resources.ts';
import { testEngines } from '../../testing/engines.ts';
import {
  startResourceTestKit,
  upload,
  workbookOf,
  type Caller,
  type ResourceTestKit,
} from '../testing/kit.ts';

const BASE = '/api/om/job-titles';

/**
 * One HTTP/1.1 request written byte by byte on a socket, as a broken client would send it
 * (fetch cannot send a cut multipart body); the answer's status line and body.
 */
function rawRequest(url: string, head: Record<string, string>, body: Buffer, declaredLength = body.length) {
  const { hostname, port } = new URL(url);
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const socket = connect(Number(port), hostname);
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const [top = '', ...rest] = text.split('\r\n\r\n');
      resolve({ status: Number(top.split(' ')[1]), body: rest.join('\r\n\r\n') });
    });
    const lines = Object.entries({ ...head, 'content-length': String(declaredLength), connection: 'close' });
    socket.write(`POST ${BASE}/import HTTP/1.1\r\nhost: ${hostname}\r\n`);
    socket.write(lines.map(([k, v]) => `${k}: ${v}\r\n`).join('') + '\r\n');
    socket.write(body);
  });
}

/** The JSON of a chunked or plain body (Fastify answers errors with a content-length). */
const envelopeOf = (body: string) =>
  JSON.parse(body.slice(body.indexOf('{'), body.lastIndexOf('}') + 1)) as ErrorEnvelope;

describe.each(await testEngines('both'))('import upload on $engine', ({ engine }) => {
  let kit: ResourceTestKit;
  let caller: Caller;
  let file: Buffer;
  const count = async () => (await kit.http.get<{ data: number }>(`${BASE}/count`, caller.token)).body.data;

  beforeAll(async () => {
    kit = await startResourceTestKit(engine);
    caller = await kit.caller([jobTitleResource]);
    file = await workbookOf([
      ['Mã', 'Tên'],
      ['CUT_0001', 'Cắt'],
    ]);
  });
  afterAll(() => kit?.stop());

  const part = (boundary: string) =>
    Buffer.concat([
      Buffer.from(
        `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="a.xlsx"\r\n` +
          'content-type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet\r\n\r\n',
      ),
      file,
    ]);

  it('answers 400 in the envelope when the multipart body is cut before its closing boundary', async () => {
    const body = part('cutcutcut').subarray(0, 300); // inside the file, no closing boundary
    const res = await rawRequest(
      kit.server.url,
      { authorization: `Bearer ${caller.token}`, 'content-type': 'multipart/form-data; boundary=cutcutcut' },
      body,
    );
    expect(res.status).toBe(400);
    expect(envelopeOf(res.body)).toMatchObject({ code: 'VALIDATION_FAILED', errors: [{ field: 'file' }] });
    expect(await count()).toBe(0);
  });

  it('answers 400 in the envelope when the body does not use the boundary it declares', async () => {
    const body = Buffer.concat([part('realboundary'), Buffer.from('\r\n--realboundary--\r\n')]);
    const res = await rawRequest(
      kit.server.url,
      {
        authorization: `Bearer ${caller.token}`,
        'content-type': 'multipart/form-data; boundary=otherboundary',
      },
      body,
    );
    expect(res.status).toBe(400);
    expect(envelopeOf(res.body)).toMatchObject({ code: 'VALIDATION_FAILED', errors: [{ field: 'file' }] });
    expect(await count()).toBe(0);
  });

  it('answers 400 in the envelope when the multipart header has no boundary at all', async () => {
    const res = await rawRequest(
      kit.server.url,
      { authorization: `Bearer ${caller.token}`, 'content-type': 'multipart/form-data' },
      part('x'),
    );
    expect(res.status).toBe(400);
    expect(envelopeOf(res.body)).toMatchObject({ code: 'VALIDATION_FAILED', errors: [{ field: 'file' }] });
  });

  it('answers 413 for a file over the limit, whatever its size and however it arrives', async () => {
    const url = `${kit.server.url}${BASE}/import`;
    // Past the limit by one byte, by a chunk, and by far (a 1 GB bomb deflated weakly is ~50 MB).
    for (const size of [
      ImportLimits.maxFileBytes + 1,
      ImportLimits.maxFileBytes + 65_536,
      48 * 1024 * 1024,
    ]) {
      const res = await upload(url, caller.token, Buffer.alloc(size, 1));
      expect(res.status).toBe(413);
      expect(res.json).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', errors: [{ field: 'file' }] });
    }
  });

  it('still imports the same file sent whole', async () => {
    const body = Buffer.concat([part('wholebody'), Buffer.from('\r\n--wholebody--\r\n')]);
    const res = await rawRequest(
      kit.server.url,
      { authorization: `Bearer ${caller.token}`, 'content-type': 'multipart/form-data; boundary=wholebody' },
      body,
    );
    expect(res.status).toBe(200);
    expect(await count()).toBe(1);
  });
});

// No database in play, and the test waits ImportLimits.uploadIdleSeconds: one engine is enough.
describe.each(await testEngines())('an upload that stops arriving, on $engine', ({ engine }) => {
  let kit: ResourceTestKit;
  let caller: Caller;
  beforeAll(async () => {
    kit = await startResourceTestKit(engine);
    caller = await kit.caller([jobTitleResource]);
  });
  afterAll(() => kit?.stop());

  it(
    'is answered 400 in the envelope once nothing has arrived for the idle limit, not held forever',
    async () => {
      const file = await workbookOf([
        ['Mã', 'Tên'],
        ['STALL_001', 'Dừng'],
      ]);
      const head = Buffer.from(
        '--stalled\r\ncontent-disposition: form-data; name="file"; filename="a.xlsx"\r\n\r\n',
      );
      const started = Date.now();
      // Declares the whole body, sends 300 bytes of it, then nothing (the socket stays open).
      const res = await rawRequest(
        kit.server.url,
        { authorization: `Bearer ${caller.token}`, 'content-type': 'multipart/form-data; boundary=stalled' },
        Buffer.concat([head, file]).subarray(0, 300),
        head.length + file.length + 20,
      );
      expect(res.status).toBe(400);
      expect(envelopeOf(res.body)).toMatchObject({ code: 'VALIDATION_FAILED', errors: [{ field: 'file' }] });
      expect(envelopeOf(res.body).message).toMatch(/nothing arrived/);
      expect(Date.now() - started).toBeGreaterThanOrEqual(ImportLimits.uploadIdleSeconds * 1000 - 100);
    },
    (ImportLimits.uploadIdleSeconds + 30) * 1000,
  );
});
