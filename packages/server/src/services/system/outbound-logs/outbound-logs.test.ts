import { createServer, type Server } from 'node:http';
import type { ErrorEnvelope, PageEnvelope } from '@hcm/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboundLogs } from '../../../db/tables/outbound-logs.ts';
import { createTestDatabase, testEngines, type TestDatabase } from '../../../testing/engines.ts';
import { accessTokenFor, makeTenant, makeUser } from '../../../testing/factories.ts';
import { httpClient, type HttpClient } from '../../../testing/http-client.ts';
import { startTestServer, type TestServer } from '../../../testing/test-server.ts';

type Log = {
  id: string;
  tenantId: string | null;
  requestId: string | null;
  target: string;
  method: string;
  url: string;
  status: number | null;
  durationMs: number;
  bytesSent: number | null;
  bytesReceived: number | null;
  error: string | null;
  createdAt: string;
};
type Logs = PageEnvelope<Log>;

const LOGS = '/api/system/outbound-logs';
// a PDF: one call to the store per upload (an image would add its thumbnail's)
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

describe.each(await testEngines())('the outbound log on $engine', ({ engine }) => {
  /** A bucket that keeps objects in memory and answers 503 for any key once `down` is set. */
  const objects = new Map<string, Buffer>();
  const bucket = { down: false, authorizations: [] as string[] };
  let s3: Server;
  let database: TestDatabase;
  let server: TestServer;
  let http: HttpClient;
  let tenant: { id: string; token: string };
  let other: { id: string; token: string };
  let system: string;
  let startedAt: string;

  beforeAll(async () => {
    s3 = createServer((request, response) => {
      bucket.authorizations.push(String(request.headers.authorization));
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const key = decodeURIComponent(request.url ?? '');
        if (bucket.down) response.writeHead(503).end('<Error><Code>SlowDown</Code></Error>');
        else if (request.method === 'PUT') {
          objects.set(key, Buffer.concat(chunks));
          response.writeHead(200).end();
        } else if (request.method === 'GET' && objects.has(key)) {
          const bytes = objects.get(key) ?? Buffer.alloc(0);
          // as S3 does: the length announced (the log's bytes received)
          response.writeHead(200, { 'content-length': String(bytes.length) }).end(bytes);
        } else response.writeHead(404).end();
      });
    });
    await new Promise<void>((resolve) => s3.listen(0, '127.0.0.1', resolve));
    const address = s3.address();
    database = await createTestDatabase(engine);
    server = await startTestServer({
      ...database.env,
      LOG_LEVEL: 'warn',
      FILE_STORE: 's3',
      S3_ENDPOINT: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`,
      S3_BUCKET: 'hcm-files',
      S3_ACCESS_KEY_ID: 'AKIDOUTBOUND',
      S3_SECRET_ACCESS_KEY: 'outbound/secret',
      S3_FORCE_PATH_STYLE: 'true',
    });
    http = httpClient(server.url);
    const deps = { db: server.db.orm, passwords: server.passwords };
    const userIn = async (permissions: string[]) => {
      const made = await makeTenant(server.db.orm);
      const { user } = await makeUser(deps, { tenantId: made.id, permissions });
      return { id: made.id, token: await accessTokenFor(server.db.orm, user) };
    };
    tenant = await userIn(['file.view', 'file.create', 'action_log.view']);
    other = await userIn(['file.view', 'file.create', 'action_log.view']);
    const { user } = await makeUser(deps, { tenantId: null, permissions: ['action_log.view'] });
    system = await accessTokenFor(server.db.orm, user);
    // the server's own writes at start (the starter document templates' bytes) are not this
    // suite's calls: it counts only what its requests caused
    await server.app.outboundLog.flush();
    await server.db.orm.delete(outboundLogs);
    startedAt = new Date(Date.now() - 1000).toISOString();

    const upload = async (token: string, requestId: string) => {
      const form = new FormData();
      form.append('ownerType', 'GENERAL');
      form.append('file', new Blob([new Uint8Array(PDF)]), 'Quyết định.pdf');
      const response = await fetch(`${server.url}/api/storage/files/upload`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'x-request-id': requestId },
        body: form,
      });
      expect(response.status).toBe(201);
      return ((await response.json()) as { data: { id: string } }).data.id;
    };
    const id = await upload(tenant.token, 'req-upload-1');
    const download = await fetch(`${server.url}/api/storage/files/${id}/download`, {
      headers: { authorization: `Bearer ${tenant.token}`, 'x-request-id': 'req-download-1' },
    });
    expect(download.status).toBe(200);
    await download.arrayBuffer();
    await upload(other.token, 'req-upload-2');
    bucket.down = true;
    const failed = await fetch(`${server.url}/api/storage/files/${id}/download`, {
      headers: { authorization: `Bearer ${tenant.token}`, 'x-request-id': 'req-download-2' },
    });
    expect(failed.status).toBeGreaterThanOrEqual(500);
    await failed.arrayBuffer();
    // A call that got no answer (a mail server down), as the recorder gets it.
    server.app.outboundLog.record({
      createdAt: new Date(),
      tenantId: null,
      requestId: null,
      target: 'email',
      method: 'POST',
      url: 'https://mail.example.com/send',
      status: null,
      durationMs: 30_000,
      bytesSent: 120,
      bytesReceived: null,
      error: 'the mail server did not answer in time',
    });
    await server.app.outboundLog.flush();
  }, 180_000);

  afterAll(async () => {
    await server?.stop();
    await database?.dispose();
    await new Promise((resolve) => s3?.close(resolve));
  });

  const logs = (query = '', token = system) => http.get<Logs>(`${LOGS}${query}`, token);

  it('records each call to the file store: who caused it, what, how it went, no signature', async () => {
    const res = await logs('?target=file-store&sortBy=createdAt.asc');
    expect(res.status).toBe(200);
    expect(res.body.data.map((log) => [log.requestId, log.method, log.status])).toEqual([
      ['req-upload-1', 'PUT', 200],
      ['req-download-1', 'GET', 200],
      ['req-upload-2', 'PUT', 200],
      ['req-download-2', 'GET', 503],
    ]);
    const [put, get] = res.body.data;
    expect(put).toMatchObject({ tenantId: tenant.id, bytesSent: PDF.length, error: null });
    expect(put?.url).toMatch(
      new RegExp(`^http://127\\.0\\.0\\.1:\\d+/hcm-files/${tenant.id}/[0-9a-f-]{36}$`),
    );
    expect(get).toMatchObject({ tenantId: tenant.id, bytesReceived: PDF.length });
    expect(res.body.data[2]?.tenantId).toBe(other.id);
    const signature = /Signature=([0-9a-f]{64})/.exec(bucket.authorizations[0] ?? '')?.[1];
    expect(signature).toBeDefined();
    const stored = JSON.stringify(await server.db.orm.select().from(outboundLogs));
    expect(stored).not.toContain(signature);
    expect(stored).not.toContain('AKIDOUTBOUND');
  });

  it('filters by target, status class, URL keyword and time; newest first, paged', async () => {
    expect((await logs()).body.data.map((log) => log.target)).toEqual([
      'email',
      'file-store',
      'file-store',
      'file-store',
      'file-store',
    ]);
    expect((await logs('?statusClass=failed')).body.data).toEqual([
      expect.objectContaining({
        target: 'email',
        status: null,
        error: 'the mail server did not answer in time',
      }),
    ]);
    expect((await logs('?statusClass=5xx&statusClass=failed')).body.page.total).toBe(2);
    expect((await logs('?statusClass=2xx')).body.page.total).toBe(3);
    expect((await logs('?target=email&target=file-store')).body.page.total).toBe(5);
    expect((await logs(`?keyword=${tenant.id}`)).body.page.total).toBe(3);
    expect((await logs('?keyword=MAIL.example')).body.page.total).toBe(1);
    expect((await logs('?keyword=%25')).body.page.total).toBe(0);
    expect((await logs(`?from=${encodeURIComponent(startedAt)}`)).body.page.total).toBe(5);
    expect((await logs(`?to=${encodeURIComponent(startedAt)}`)).body.page.total).toBe(0);
    const paged = await logs('?pageSize=2&pageIndex=2');
    expect(paged.body.page).toEqual({ pageIndex: 2, pageSize: 2, total: 5 });
    expect(paged.body.data.map((log) => log.requestId)).toEqual(['req-upload-2', 'req-download-1']);
  });

  it('answers one call by id, and 404 for an unknown one', async () => {
    const [first] = (await logs()).body.data;
    const one = await http.get<{ data: Log }>(`${LOGS}/${first?.id}`, system);
    expect(one.status).toBe(200);
    expect(one.body.data).toEqual(first);
    expect((await http.get(`${LOGS}/00000000-0000-4000-8000-000000000000`, system)).status).toBe(404);
  });

  it('shows a tenant user only the calls its own tenant caused', async () => {
    const mine = await logs('', tenant.token);
    expect(mine.body.data.map((log) => log.requestId)).toEqual([
      'req-download-2',
      'req-download-1',
      'req-upload-1',
    ]);
    const [theirs] = (await logs('', other.token)).body.data;
    expect((await http.get(`${LOGS}/${theirs?.id}`, tenant.token)).status).toBe(404);
    const [email] = (await logs('?target=email')).body.data;
    expect((await http.get(`${LOGS}/${email?.id}`, tenant.token)).status).toBe(404);
  });

  it('needs action_log.view and refuses malformed filters', async () => {
    const made = await makeTenant(server.db.orm);
    const { user } = await makeUser(
      { db: server.db.orm, passwords: server.passwords },
      { tenantId: made.id, permissions: ['file.view'] },
    );
    expect((await logs('', await accessTokenFor(server.db.orm, user))).status).toBe(403);
    for (const query of [
      '?statusClass=2XX',
      '?target=File Store',
      '?from=yesterday',
      '?pageSize=101',
      '?sortBy=url.asc',
      '?x=1',
    ]) {
      const res = await http.get<ErrorEnvelope>(`${LOGS}${query}`, system);
      expect(res.status, query).toBe(400);
      expect(res.body.errors?.length, query).toBeGreaterThan(0);
    }
  });
});
