import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FieldError } from '@hcm/contracts';
import { actionLogs } from '../../db/schema.ts';
import { files } from '../../db/tables/files.ts';
import { workbookOf } from '../../resources/testing/kit.ts';
import { createTestDatabase, testEngines, type TestDatabase } from '../../testing/engines.ts';
import { accessTokenFor, makeTenant, makeUser } from '../../testing/factories.ts';
import { startTestServer, type TestServer } from '../../testing/test-server.ts';
import type { FileRecord } from './records.ts';

const PERMISSIONS = ['file.view', 'file.create', 'file.delete', 'action_log.view'];
/** A valid 1x1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

interface Sent {
  name: string;
  bytes: Buffer;
}

describe.each(await testEngines('both'))('files on $engine', ({ engine }) => {
  let database: TestDatabase;
  let server: TestServer;
  let dir: string;
  let tenantA: { id: string; token: string };
  let tenantB: { id: string; token: string };
  let system: { token: string };

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    dir = mkdtempSync(join(tmpdir(), 'hcm-files-test-'));
    // One connection: an upload that held one while its bytes arrive would block every other request.
    server = await startTestServer({
      ...database.env,
      LOG_LEVEL: 'warn',
      FILE_STORE_DIR: dir,
      DATABASE_POOL_SIZE: '1',
    });
    const deps = { db: server.db.orm, passwords: server.passwords };
    const userIn = async (tenantId?: string) => {
      const { user } = await makeUser(deps, { tenantId: tenantId ?? null, permissions: PERMISSIONS });
      return { id: tenantId ?? '', token: await accessTokenFor(server.db.orm, user) };
    };
    tenantA = await userIn((await makeTenant(server.db.orm)).id);
    tenantB = await userIn((await makeTenant(server.db.orm)).id);
    system = await userIn();
  }, 180_000);

  afterAll(async () => {
    await server.stop();
    await database.dispose();
    rmSync(dir, { recursive: true, force: true });
  });

  const url = (path: string) => `${server.url}/api/storage${path}`;
  const auth = (token: string) => ({ authorization: `Bearer ${token}` });

  async function upload(token: string, fields: Record<string, string>, sent: Sent[], path = '/files/upload') {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    for (const file of sent)
      form.append(sent.length > 1 ? 'files' : 'file', new Blob([new Uint8Array(file.bytes)]), file.name);
    const response = await fetch(url(path), { method: 'POST', headers: auth(token), body: form });
    return {
      status: response.status,
      body: (await response.json()) as { data: FileRecord; message?: string; errors?: FieldError[] },
    };
  }

  const get = async (path: string, token?: string) => {
    const response = await fetch(url(path), { headers: token ? auth(token) : {} });
    return {
      status: response.status,
      headers: response.headers,
      bytes: Buffer.from(await response.arrayBuffer()),
    };
  };

  /** Rows in the table (every tenant) and files in the store folder. */
  const stored = async () => {
    const [row] = await server.db.orm.select({ n: sql<number>`count(*)::int` }).from(files);
    const onDisk = readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) =>
      e.isFile(),
    ).length;
    return { rows: row?.n ?? 0, onDisk };
  };

  it('keeps a Vietnamese-named file byte for byte: its hash, size, type, versions and download name', async () => {
    const name = 'Ảnh đại diện Nguyễn Văn Á.png';
    const first = await upload(tenantA.token, { ownerType: 'AVATAR', ownerId: 'worker-1' }, [
      { name, bytes: PNG },
    ]);
    expect(first.status).toBe(201);
    expect(first.body.data).toMatchObject({
      originalName: name,
      hashed: sha256(PNG),
      size: PNG.length,
      type: 'image/png',
      ownerType: 'AVATAR',
      ownerId: 'worker-1',
      version: 1,
      deleted: false,
      tenantId: tenantA.id,
    });
    const id = first.body.data.id;

    const download = await get(`/files/${id}/download`, tenantA.token);
    expect(download.status).toBe(200);
    expect(sha256(download.bytes)).toBe(sha256(PNG));
    expect(download.headers.get('content-disposition')).toContain(`attachment;`);
    expect(download.headers.get('content-disposition')).toContain(
      `filename*=UTF-8''${encodeURIComponent(name)}`,
    );

    const view = await get(`/files/${id}/view`, tenantA.token);
    expect(view.headers.get('content-type')).toBe('image/png');
    expect(view.headers.get('content-disposition')).toMatch(/^inline; /);
    expect(view.headers.get('x-content-type-options')).toBe('nosniff');

    // The same name again for the same owner: its next version; check-files saw it coming.
    const form = new FormData();
    form.append('ownerType', 'AVATAR');
    form.append('ownerId', 'worker-1');
    form.append('fileNames', JSON.stringify([name, 'khác.png']));
    form.append('file', new Blob([new Uint8Array(PNG)]), name);
    const check = await fetch(url('/files/check-files'), {
      method: 'POST',
      headers: auth(tenantA.token),
      body: form,
    });
    const checked = (await check.json()) as {
      data: { names: { name: string; exists: boolean }[]; sameContent: { id: string }[] };
    };
    expect(checked.data.names.map((n) => [n.name, n.exists])).toEqual([
      [name, true],
      ['khác.png', false],
    ]);
    expect(checked.data.sameContent.map((f) => f.id)).toEqual([id]);
    const second = await upload(tenantA.token, { ownerType: 'AVATAR', ownerId: 'worker-1' }, [
      { name, bytes: PNG },
    ]);
    expect(second.body.data.version).toBe(2);

    const search = await fetch(url('/files?keyword=nguyễn&sortBy=createdAt.asc&pageSize=1'), {
      headers: auth(tenantA.token),
    });
    const page = (await search.json()) as { data: { id: string }[]; page: { total: number } };
    expect(page.page.total).toBe(2);
    expect(page.data.map((f) => f.id)).toEqual([id]);

    const found = await fetch(url('/files/find-by-ids'), {
      method: 'POST',
      headers: { ...auth(tenantA.token), 'content-type': 'application/json' },
      body: JSON.stringify({ ids: [id, second.body.data.id] }),
    });
    expect(((await found.json()) as { data: unknown[] }).data).toHaveLength(2);

    const deleted = await fetch(url(`/files/${id}`), { method: 'DELETE', headers: auth(tenantA.token) });
    expect(deleted.status).toBe(200);
    expect((await get(`/files/${id}`, tenantA.token)).status).toBe(404);
    const logged = await server.db.orm
      .select()
      .from(actionLogs)
      .where(and(eq(actionLogs.recordId, id), eq(actionLogs.action, 'DELETE')));
    expect(logged).toHaveLength(1);
  });

  it('refuses content that is not what its name says, too large, or of an unknown owner type, and stores nothing', async () => {
    const before = await stored();
    const mismatch = await upload(tenantA.token, { ownerType: 'USER_MANUAL' }, [
      { name: 'huong-dan.pdf', bytes: PNG },
    ]);
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.message).toMatch(/\.pdf.*PNG image/);

    const workbook = await workbookOf([['Mã'], ['A']]);
    const xlsxAsDocx = await upload(tenantA.token, { ownerType: 'DOCUMENT_TEMPLATE' }, [
      { name: 'mau.docx', bytes: workbook },
    ]);
    expect(xlsxAsDocx.status).toBe(400);
    expect(xlsxAsDocx.body.message).toMatch(/Excel workbook/);

    const big = Buffer.concat([PNG, Buffer.alloc(5 * 1_048_576)]);
    const tooLarge = await upload(tenantA.token, { ownerType: 'AVATAR' }, [{ name: 'lon.png', bytes: big }]);
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body.message).toContain('5 MB');

    const unknown = await upload(tenantA.token, { ownerType: 'SECRET_PLANS' }, [
      { name: 'a.png', bytes: PNG },
    ]);
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors?.[0]?.field).toBe('ownerType');

    const html = await upload(tenantA.token, { ownerType: 'GENERAL' }, [
      { name: 'trang.html', bytes: Buffer.from('<html><script>alert(1)</script></html>') },
    ]);
    expect(html.status).toBe(400);

    // Several files: one bad one refuses them all.
    const batch = await upload(
      tenantA.token,
      { ownerType: 'WORKER_FILE' },
      [
        { name: 'mot.png', bytes: PNG },
        { name: 'hai.pdf', bytes: PNG },
      ],
      '/files/uploads',
    );
    expect(batch.status).toBe(400);
    expect(await stored()).toEqual(before);

    const good = await upload(
      tenantA.token,
      { ownerType: 'WORKER_FILE' },
      [
        { name: 'mot.png', bytes: PNG },
        { name: 'hai.xlsx', bytes: workbook },
      ],
      '/files/uploads',
    );
    expect(good.status).toBe(201);
    expect((good.body.data as unknown as FileRecord[]).map((f) => f.type)).toEqual([
      'image/png',
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    ]);
    // the PNG's 200×200 thumbnail is stored beside it (thumbnails.test.ts)
    expect(await stored()).toEqual({ rows: before.rows + 2, onDisk: before.onDisk + 3 });
  });

  it("answers 404 for another tenant's file and for a tenant's file asked by a system user", async () => {
    const mine = await upload(tenantA.token, { ownerType: 'GENERAL' }, [{ name: 'rieng.png', bytes: PNG }]);
    const id = mine.body.data.id;
    for (const path of [`/files/${id}`, `/files/${id}/view`, `/files/${id}/download`]) {
      expect((await get(path, tenantB.token)).status, path).toBe(404);
      expect((await get(path, system.token)).status, path).toBe(404);
    }
    const remove = await fetch(url(`/files/${id}`), { method: 'DELETE', headers: auth(tenantB.token) });
    expect(remove.status).toBe(404);
    expect((await get(`/files/${id}`, tenantA.token)).status).toBe(200);
    // A system file is the system's: a tenant user does not reach it either.
    const systemFile = await upload(system.token, { ownerType: 'USER_MANUAL' }, [
      { name: 'huong-dan.pdf', bytes: Buffer.from('%PDF-1.4\n%%EOF\n') },
    ]);
    expect(systemFile.status).toBe(201);
    expect(systemFile.body.data.tenantId).toBeNull();
    expect((await get(`/files/${systemFile.body.data.id}/download`, tenantA.token)).status).toBe(404);
  });

  it('serves a public file without sign-in, and never a private one', async () => {
    const open = await upload(system.token, { ownerType: 'AVATAR', public: 'true' }, [
      { name: 'logo.png', bytes: PNG },
    ]);
    const closed = await upload(system.token, { ownerType: 'AVATAR' }, [{ name: 'kin.png', bytes: PNG }]);
    const shown = await get(`/public/${open.body.data.id}`);
    expect(shown.status).toBe(200);
    expect(shown.bytes.equals(PNG)).toBe(true);
    expect((await get(`/public/${closed.body.data.id}`)).status).toBe(404);
    expect((await get(`/files/${open.body.data.id}`)).status).toBe(401);
  });

  it('never serves an SVG inline: an attachment, sandboxed, not sniffed', async () => {
    const svg = await upload(tenantA.token, { ownerType: 'GENERAL' }, [{ name: 'hinh.svg', bytes: SVG }]);
    expect(svg.status).toBe(201);
    const view = await get(`/files/${svg.body.data.id}/view`, tenantA.token);
    expect(view.status).toBe(200);
    expect(view.headers.get('content-disposition')).toMatch(/^attachment; /);
    expect(view.headers.get('x-content-type-options')).toBe('nosniff');
    expect(view.headers.get('content-security-policy')).toContain('sandbox');
  });

  it('answers other requests while an upload has stalled halfway', async () => {
    const mine = await upload(tenantA.token, { ownerType: 'GENERAL' }, [
      { name: 'song-song.png', bytes: PNG },
    ]);
    const { port } = new URL(server.url);
    const socket = connect(Number(port), '127.0.0.1');
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    const boundary = 'stalledboundary';
    const head =
      `--${boundary}\r\nContent-Disposition: form-data; name="ownerType"\r\n\r\nGENERAL\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="cham.png"\r\nContent-Type: image/png\r\n\r\n`;
    const body = Buffer.concat([Buffer.from(head), PNG.subarray(0, 20)]);
    socket.write(
      `POST /api/storage/files/upload HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${tenantA.token}\r\n` +
        `Content-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: ${body.length + 5000}\r\n\r\n`,
    );
    socket.write(body);
    try {
      // The stalled upload has passed sign-in and is reading its body; these still answer.
      expect((await get(`/files/${mine.body.data.id}`, tenantA.token)).status).toBe(200);
      const other = await upload(tenantA.token, { ownerType: 'GENERAL' }, [{ name: 'tiep.png', bytes: PNG }]);
      expect(other.status).toBe(201);
    } finally {
      socket.destroy();
    }
  });
});
