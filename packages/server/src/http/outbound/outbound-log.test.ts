import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createS3Store } from '../../services/storage/stores/s3-store.ts';
import {
  createOutboundRecorder,
  recordedFetch,
  type OutboundEntry,
  type OutboundLogSink,
} from './outbound-log.ts';
import { redactUrl } from './redact-url.ts';

/** A sink that keeps what it is given, or refuses while `failing`. */
function memorySink() {
  const rows: OutboundEntry[] = [];
  const pruned: Date[] = [];
  const state = { failing: false };
  const sink: OutboundLogSink = {
    async write(entries) {
      if (state.failing) throw new Error('database down');
      rows.push(...entries);
    },
    async prune(before) {
      pruned.push(before);
    },
  };
  return { rows, pruned, state, sink };
}

const listen = async (server: Server) => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
};

describe('redactUrl', () => {
  it('removes credentials, signature and secret parameters, and keeps the rest', () => {
    expect(
      redactUrl(
        'https://user:pass@bucket.s3.example.com/a%20b.txt?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=AKID%2F2026&X-Amz-Signature=abc&X-Amz-Security-Token=t&partNumber=2#frag',
      ),
    ).toBe('https://bucket.s3.example.com/a%20b.txt?X-Amz-Algorithm=AWS4-HMAC-SHA256&partNumber=2');
    expect(redactUrl('https://hooks.example.com/x?token=s3cr3t&api_key=k&sig=1&page=1')).toBe(
      'https://hooks.example.com/x?page=1',
    );
    expect(redactUrl('not a url?password=x')).toBe('not a url');
  });
});

describe('the outbound recorder', () => {
  it('writes in batches without making the caller wait, and prunes past the retention', async () => {
    const { rows, pruned, sink } = memorySink();
    const recorder = createOutboundRecorder({ sink, batchSize: 2, flushMs: 60_000, retentionDays: 90 });
    const entry = (n: number): OutboundEntry => ({
      createdAt: new Date(),
      tenantId: null,
      requestId: null,
      target: 'webhook',
      method: 'POST',
      url: `https://example.com/${n}`,
      status: 200,
      durationMs: 1,
      bytesSent: 0,
      bytesReceived: 0,
      error: null,
    });
    recorder.record(entry(1));
    expect(rows).toHaveLength(0);
    recorder.record(entry(2));
    recorder.record(entry(3));
    await recorder.flush();
    expect(rows.map((row) => row.url)).toEqual([1, 2, 3].map((n) => `https://example.com/${n}`));
    expect(recorder.stats).toEqual({ written: 3, lost: 0 });
    const cutoff = pruned[0]?.getTime() ?? 0;
    expect(Math.round((Date.now() - cutoff) / 86_400_000)).toBe(90);
    await recorder.close();
  });

  it('counts, and does not throw, entries it could not write or had no room for', async () => {
    const { rows, state, sink } = memorySink();
    const lost: [string, number][] = [];
    const recorder = createOutboundRecorder({
      sink,
      maxBuffer: 2,
      flushMs: 60_000,
      onLost: (reason, n) => lost.push([reason, n]),
    });
    const send = recordedFetch(recorder, 'webhook', async () => new Response('ok'));
    state.failing = true;
    await send('https://example.com/a');
    await send('https://example.com/b');
    await send('https://example.com/c');
    await recorder.flush();
    expect(lost).toEqual([
      ['buffer_full', 1],
      ['write_failed', 2],
    ]);
    state.failing = false;
    await send('https://example.com/d');
    await recorder.close();
    expect(rows.map((row) => row.url)).toEqual(['https://example.com/d']);
    expect(recorder.stats).toEqual({ written: 1, lost: 3 });
  });

  it('records a fetch: method, URL without its token, status, bytes; a failure with its message', async () => {
    const { rows, sink } = memorySink();
    const recorder = createOutboundRecorder({ sink, flushMs: 60_000 });
    const answering = recordedFetch(
      recorder,
      'webhook',
      async () => new Response('{"ok":true}', { status: 202, headers: { 'content-length': '11' } }),
    );
    const response = await answering('https://hooks.example.com/h?token=abc&id=7', {
      method: 'post',
      body: 'xin chào',
    });
    expect(response.status).toBe(202);
    const failing = recordedFetch(recorder, 'email', async () => {
      throw new TypeError('fetch failed: ECONNREFUSED');
    });
    await expect(failing(new URL('https://mail.example.com/send'))).rejects.toThrow(/ECONNREFUSED/);
    await recorder.close();
    expect(rows).toMatchObject([
      {
        target: 'webhook',
        method: 'POST',
        url: 'https://hooks.example.com/h?id=7',
        status: 202,
        bytesSent: Buffer.byteLength('xin chào'),
        bytesReceived: 11,
        error: null,
      },
      {
        target: 'email',
        method: 'GET',
        url: 'https://mail.example.com/send',
        status: null,
        error: 'fetch failed: ECONNREFUSED',
      },
    ]);
  });
});

describe('the S3 store’s calls in the outbound log', () => {
  let server: Server;
  let endpoint: string;
  let dir: string;
  const headersSeen: string[] = [];

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'hcm-outbound-test-'));
    server = createServer((request, response) => {
      headersSeen.push(String(request.headers.authorization));
      request.resume();
      request.on('end', () => {
        if (request.url?.includes('broken')) response.writeHead(500).end('<Error>InternalError</Error>');
        else if (request.method === 'GET') response.writeHead(200, { 'content-length': '5' }).end('hello');
        else response.writeHead(request.method === 'DELETE' ? 204 : 200).end();
      });
    });
    endpoint = await listen(server);
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    rmSync(dir, { recursive: true, force: true });
  });

  const storeAt = (url: string, recorder: ReturnType<typeof createOutboundRecorder>) =>
    createS3Store(
      {
        kind: 's3',
        endpoint: url,
        bucket: 'hcm-files',
        region: 'ap-southeast-1',
        accessKeyId: 'AKIDHCMTEST',
        secretAccessKey: 'hcm/test/secret+key',
        forcePathStyle: true,
      },
      recorder,
    );

  it('records each call with its status and sizes, and never its signature', async () => {
    const { rows, sink } = memorySink();
    const recorder = createOutboundRecorder({ sink, flushMs: 60_000 });
    const store = storeAt(endpoint, recorder);
    const path = join(dir, 'a.txt');
    writeFileSync(path, 'Bảng lương');
    await store.put('tenant-1/a.txt', path, {
      size: Buffer.byteLength('Bảng lương'),
      sha256: 'b'.repeat(64),
      contentType: 'text/plain',
    });
    (await store.get('tenant-1/a.txt'))?.resume();
    await store.delete('tenant-1/a.txt');
    await expect(store.get('tenant-1/broken')).rejects.toThrow(/500/);
    await recorder.close();
    expect(rows.map((row) => [row.method, row.url, row.status])).toEqual([
      ['PUT', `${endpoint}/hcm-files/tenant-1/a.txt`, 200],
      ['GET', `${endpoint}/hcm-files/tenant-1/a.txt`, 200],
      ['DELETE', `${endpoint}/hcm-files/tenant-1/a.txt`, 204],
      ['GET', `${endpoint}/hcm-files/tenant-1/broken`, 500],
    ]);
    expect(rows[0]).toMatchObject({ target: 'file-store', bytesSent: Buffer.byteLength('Bảng lương') });
    expect(rows[1]).toMatchObject({ bytesSent: 0, bytesReceived: 5 });
    // The signature went to the store, and nowhere into the log.
    const signature = /Signature=([0-9a-f]{64})/.exec(headersSeen[0] ?? '')?.[1] ?? 'none';
    expect(signature).not.toBe('none');
    expect(JSON.stringify(rows)).not.toContain(signature);
    expect(JSON.stringify(rows)).not.toContain('AKIDHCMTEST');
  });

  it('records a store that does not answer, with the error', async () => {
    const closed = createServer();
    const url = await listen(closed);
    await new Promise((resolve) => closed.close(resolve));
    const { rows, sink } = memorySink();
    const recorder = createOutboundRecorder({ sink, flushMs: 60_000 });
    await expect(storeAt(url, recorder).get('tenant-1/a.txt')).rejects.toThrow(/ECONNREFUSED/);
    await recorder.close();
    expect(rows).toEqual([
      expect.objectContaining({
        target: 'file-store',
        method: 'GET',
        status: null,
        error: expect.stringMatching(/ECONNREFUSED/),
      }),
    ]);
  });
});
