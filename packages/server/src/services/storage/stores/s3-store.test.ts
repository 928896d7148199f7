import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createS3Store } from './s3-store.ts';
import { EMPTY_SHA256, signRequest } from './sigv4.ts';

const ACCESS = 'AKIDHCMTEST';
const SECRET = 'hcm/test/secret+key';
const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest('hex');
const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data).digest();

/**
 * A tiny S3-compatible endpoint: checks each request's Signature V4 on its own (not with the
 * client's code) and that the body matches its signed sha256, and keeps objects in memory.
 */
function verify(request: IncomingMessage, body: Buffer): string | null {
  const header = request.headers.authorization ?? '';
  const match =
    /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, SignedHeaders=([^,]+), Signature=([0-9a-f]{64})$/.exec(
      header,
    );
  if (!match) return 'malformed Authorization';
  const [, access, day, region, signed, signature] = match as unknown as [
    string,
    string,
    string,
    string,
    string,
    string,
  ];
  if (access !== ACCESS) return 'unknown access key';
  const payload = String(request.headers['x-amz-content-sha256']);
  if (payload !== sha256(body)) return 'body does not match x-amz-content-sha256';
  const names = signed.split(';');
  if (!names.includes('host') || !names.includes('x-amz-date')) return 'host and x-amz-date must be signed';
  const canonical = [
    request.method,
    (request.url ?? '').split('?')[0],
    '',
    names.map((name) => `${name}:${String(request.headers[name]).trim()}\n`).join(''),
    signed,
    payload,
  ].join('\n');
  const date = String(request.headers['x-amz-date']);
  const scope = `${day}/${region}/s3/aws4_request`;
  const toSign = `AWS4-HMAC-SHA256\n${date}\n${scope}\n${sha256(canonical)}`;
  const key = hmac(hmac(hmac(hmac(`AWS4${SECRET}`, day), region), 's3'), 'aws4_request');
  const expected = createHmac('sha256', key).update(toSign).digest();
  return timingSafeEqual(expected, Buffer.from(signature, 'hex')) ? null : 'SignatureDoesNotMatch';
}

describe('the S3 file store against a signature-checking endpoint', () => {
  const objects = new Map<string, { bytes: Buffer; type: string }>();
  const refusals: string[] = [];
  let server: Server;
  let endpoint: string;
  let dir: string;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'hcm-s3-test-'));
    server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const body = Buffer.concat(chunks);
        const problem = verify(request, body);
        if (problem) {
          refusals.push(problem);
          response.writeHead(403).end(`<Error><Code>${problem}</Code></Error>`);
          return;
        }
        const path = decodeURIComponent(request.url ?? '');
        if (request.method === 'PUT') {
          objects.set(path, { bytes: body, type: String(request.headers['content-type']) });
          response.writeHead(200).end();
        } else if (request.method === 'GET') {
          const found = objects.get(path);
          if (found) response.writeHead(200, { 'content-type': found.type }).end(found.bytes);
          else response.writeHead(404).end('<Error><Code>NoSuchKey</Code></Error>');
        } else if (request.method === 'HEAD') {
          response.writeHead(objects.has(path) ? 200 : 404).end();
        } else if (request.method === 'DELETE') {
          objects.delete(path);
          response.writeHead(204).end();
        } else response.writeHead(405).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    endpoint = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });

  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    rmSync(dir, { recursive: true, force: true });
  });

  const storeWith = (secretAccessKey: string) =>
    createS3Store({
      kind: 's3',
      endpoint,
      bucket: 'hcm-files',
      region: 'ap-southeast-1',
      accessKeyId: ACCESS,
      secretAccessKey,
      forcePathStyle: true,
    });

  const fileOf = (content: string) => {
    const path = join(dir, sha256(content));
    writeFileSync(path, content);
    return {
      path,
      info: {
        size: Buffer.byteLength(content),
        sha256: sha256(content),
        contentType: 'text/plain; charset=utf-8',
      },
    };
  };

  it('signs as AWS documents it (the GET Object example of the S3 SigV4 guide)', () => {
    const headers = signRequest({
      method: 'GET',
      encodedPath: '/test.txt',
      headers: { host: 'examplebucket.s3.amazonaws.com', range: 'bytes=0-9' },
      payloadSha256: EMPTY_SHA256,
      credentials: {
        accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
        secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
        region: 'us-east-1',
      },
      now: new Date('2013-05-24T00:00:00Z'),
    });
    expect(headers.authorization).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
    );
  });

  it('puts, gets and deletes an object under a Vietnamese key, every request signed', async () => {
    const store = storeWith(SECRET);
    const { path, info } = fileOf('Bảng lương tháng 11');
    const key = 'tenant-1/Hồ sơ nhân viên.txt';
    await store.put(key, path, info);
    expect(objects.get(`/hcm-files/${key}`)?.bytes.toString('utf8')).toBe('Bảng lương tháng 11');
    const stream = await store.get(key);
    const chunks: Buffer[] = [];
    for await (const chunk of stream ?? []) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).toString('utf8')).toBe('Bảng lương tháng 11');
    await store.delete(key);
    expect(await store.get(key)).toBeUndefined();
    expect(refusals).toEqual([]);
  });

  it('tells whether a key is stored with a signed HEAD, which moves no bytes', async () => {
    const store = storeWith(SECRET);
    const { path, info } = fileOf('Mẫu hợp đồng');
    const key = 'product/document-templates/hợp-đồng.docx';
    expect(await store.exists(key)).toBe(false);
    await store.put(key, path, info);
    expect(await store.exists(key)).toBe(true);
    expect(refusals).toEqual([]);
  });

  it('fails loudly when the endpoint refuses the signature (a wrong secret), storing nothing', async () => {
    const store = storeWith('not-the-secret');
    const { path, info } = fileOf('bí mật');
    await expect(store.put('tenant-1/x.txt', path, info)).rejects.toThrow(/403.*SignatureDoesNotMatch/);
    expect(objects.has('/hcm-files/tenant-1/x.txt')).toBe(false);
  });

  it('is refused when the bytes sent are not the bytes whose hash was signed', async () => {
    const store = storeWith(SECRET);
    const { path, info } = fileOf('nội dung thật');
    await expect(
      store.put('tenant-1/y.txt', path, { ...info, sha256: sha256('nội dung khác') }),
    ).rejects.toThrow(/403/);
  });
});
