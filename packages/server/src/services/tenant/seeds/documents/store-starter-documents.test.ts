import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboundLogs } from '../../../../db/tables/outbound-logs.ts';
import { createTestDatabase, testEngines } from '../../../../testing/engines.ts';
import { startTestServer, type TestServer } from '../../../../testing/test-server.ts';
import { createLocalStore } from '../../../storage/stores/local-store.ts';
import { STARTER_DOCUMENTS } from './starter-document-texts.ts';
import { STARTER_DOCUMENTS_DIR, starterFiles, storeStarterDocuments } from './starter-documents.ts';

/*
 * The starter templates' bytes are put in the file store at start (app.ts); their keys are named
 * after their digest, so a start that finds them there writes nothing.
 */
const STARTERS = STARTER_DOCUMENTS.length;

describe('the starter files in a local store', () => {
  it('are written by the first start and left alone by the next', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'hcm-starter-store-test-'));
    try {
      expect(await storeStarterDocuments(await createLocalStore(dir))).toBe(STARTERS);
      expect(await storeStarterDocuments(await createLocalStore(dir))).toBe(0);
      const [first] = await starterFiles();
      if (!first) throw new Error('no starter document');
      expect(await readFile(join(dir, first.key))).toEqual(
        await readFile(join(STARTER_DOCUMENTS_DIR, first.document.file)),
      );
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe.each(await testEngines())('the starter files in an S3 bucket on $engine', ({ engine }) => {
  /** A bucket that keeps objects in memory and notes each request's method. */
  const objects = new Map<string, Buffer>();
  const received: string[] = [];
  let bucket: Server;
  let endpoint: string;

  beforeAll(async () => {
    bucket = createServer((request, response) => {
      received.push(String(request.method));
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const key = decodeURIComponent(request.url ?? '');
        if (request.method === 'PUT') {
          objects.set(key, Buffer.concat(chunks));
          response.writeHead(200).end();
        } else if (request.method === 'HEAD' && objects.has(key))
          response.writeHead(200, { 'content-length': String(objects.get(key)?.length ?? 0) }).end();
        else response.writeHead(404).end();
      });
    });
    await new Promise<void>((resolve) => bucket.listen(0, '127.0.0.1', resolve));
    const address = bucket.address();
    endpoint = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });
  afterAll(() => new Promise((resolve) => bucket?.close(resolve)));

  /** Starts a server on a database of its own and the shared bucket; answers its calls to the store at start. */
  const start = async (): Promise<string[]> => {
    const database = await createTestDatabase(engine);
    let server: TestServer | undefined;
    try {
      server = await startTestServer({
        ...database.env,
        LOG_LEVEL: 'warn',
        FILE_STORE: 's3',
        S3_ENDPOINT: endpoint,
        S3_BUCKET: 'hcm-files',
        S3_ACCESS_KEY_ID: 'AKIDSTARTER',
        S3_SECRET_ACCESS_KEY: 'starter/secret',
        S3_FORCE_PATH_STYLE: 'true',
      });
      await server.app.outboundLog.flush();
      const calls = await server.db.orm
        .select({ method: outboundLogs.method })
        .from(outboundLogs)
        .where(eq(outboundLogs.target, 'file-store'));
      return calls.map((call) => call.method).sort();
    } finally {
      await server?.stop();
      await database.dispose();
    }
  };

  it('writes the nine files at the first start only: a restart on the same store only asks for them', async () => {
    const asked = Array<string>(STARTERS).fill('HEAD');
    const written = Array<string>(STARTERS).fill('PUT');
    expect(await start()).toEqual([...asked, ...written]);
    expect(objects.size).toBe(STARTERS);
    expect(await start()).toEqual(asked);
    expect(received.filter((method) => method === 'PUT')).toHaveLength(STARTERS);
  }, 120_000);
});
