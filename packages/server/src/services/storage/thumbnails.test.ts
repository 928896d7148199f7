import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FieldError } from '@hcm/contracts';
import { createTestDatabase, testEngines, type TestDatabase } from '../../testing/engines.ts';
import { accessTokenFor, makeTenant, makeUser } from '../../testing/factories.ts';
import { startTestServer, type TestServer } from '../../testing/test-server.ts';
import type { FileRecord } from './records.ts';

/** A real photo-like image of the given size (a gradient, so that it does not compress to nothing). */
const photo = (width: number, height: number, format: 'jpeg' | 'png' = 'jpeg') => {
  const circle = `<svg width="${width}" height="${height}"><circle cx="${width / 2}" cy="${height / 2}" r="${Math.min(width, height) / 3}" fill="#f5c16c"/></svg>`;
  const image = sharp({ create: { width, height, channels: 3, background: '#3a7bd5' } }).composite([
    { input: Buffer.from(circle) },
  ]);
  return (format === 'png' ? image.png() : image.jpeg()).toBuffer();
};

describe.each(await testEngines())('thumbnails on $engine', ({ engine }) => {
  let database: TestDatabase;
  let server: TestServer;
  let dir: string;
  let hr: string;
  let colleague: string;
  let outsider: string;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    dir = mkdtempSync(join(tmpdir(), 'hcm-thumbnails-test-'));
    server = await startTestServer({ ...database.env, LOG_LEVEL: 'error', FILE_STORE_DIR: dir });
    const deps = { db: server.db.orm, passwords: server.passwords };
    const tenantId = (await makeTenant(server.db.orm)).id;
    const token = async (permissions: string[], tenant = tenantId) =>
      accessTokenFor(server.db.orm, (await makeUser(deps, { tenantId: tenant, permissions })).user);
    hr = await token(['file.view', 'file.create']);
    colleague = await token(['contacts.view']);
    outsider = await token(['file.view', 'contacts.view'], (await makeTenant(server.db.orm)).id);
  }, 180_000);

  afterAll(async () => {
    await server.stop();
    await database.dispose();
    rmSync(dir, { recursive: true, force: true });
  });

  const auth = (token: string) => ({ authorization: `Bearer ${token}` });
  async function upload(ownerType: string, name: string, bytes: Buffer) {
    const form = new FormData();
    form.append('ownerType', ownerType);
    form.append('file', new Blob([new Uint8Array(bytes)]), name);
    const response = await fetch(`${server.url}/api/storage/files/upload`, {
      method: 'POST',
      headers: auth(hr),
      body: form,
    });
    return {
      status: response.status,
      body: (await response.json()) as { data: FileRecord; message?: string; errors?: FieldError[] },
    };
  }
  const thumbnailOf = async (id: string, token: string) => {
    const response = await fetch(`${server.url}/api/storage/files/${id}/thumbnail`, { headers: auth(token) });
    return {
      status: response.status,
      headers: response.headers,
      bytes: Buffer.from(await response.arrayBuffer()),
    };
  };

  it('makes a 200×200 thumbnail of an avatar, filling the square, for the colleagues to see', async () => {
    const stored = await upload('AVATAR', 'chan-dung.jpg', await photo(900, 1200));
    expect(stored.status).toBe(201);
    expect(stored.body.data.thumbUrl).toBe(`/api/storage/files/${stored.body.data.id}/thumbnail`);

    const seen = await thumbnailOf(stored.body.data.id, colleague);
    expect(seen.status).toBe(200);
    expect(seen.headers.get('content-type')).toBe('image/webp');
    expect(seen.headers.get('x-content-type-options')).toBe('nosniff');
    const meta = await sharp(seen.bytes).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 200, 200]);

    // another tenant's user never sees it
    expect((await thumbnailOf(stored.body.data.id, outsider)).status).toBe(404);
  });

  it('keeps a signature whole within the square, and its thumbnail only for holders of file.view', async () => {
    const stored = await upload('SIGNATURE', 'chu-ky.png', await photo(600, 150, 'png'));
    expect(stored.status).toBe(201);
    const seen = await thumbnailOf(stored.body.data.id, hr);
    const meta = await sharp(seen.bytes).metadata();
    expect([meta.width, meta.height]).toEqual([200, 50]);
    // a signature is not a colleague's photo
    expect((await thumbnailOf(stored.body.data.id, colleague)).status).toBe(404);
  });

  it('refuses an avatar that is tiny on disk but too many pixels, and one that is not a readable image', async () => {
    const bomb = await sharp({ create: { width: 10_000, height: 6_000, channels: 3, background: '#fff' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(bomb.length).toBeLessThan(1_000_000);
    const refused = await upload('AVATAR', 'bom.png', bomb);
    expect(refused.status).toBe(400);
    expect(refused.body.errors?.[0]).toMatchObject({ field: 'file' });
    expect(refused.body.errors?.[0]?.message).toMatch(/10000×6000 pixels: at most 50 megapixels/);

    // a PNG signature whose data is cut off after its header
    const whole = await photo(300, 100, 'png');
    const cut = await upload('SIGNATURE', 'hong.png', whole.subarray(0, 120));
    expect(cut.status).toBe(400);
    expect(cut.body.errors?.[0]?.message).toMatch(/hong\.png: it cannot be read as an image/);

    // the same large image among an employee's papers is kept, without a thumbnail
    const paper = await upload('WORKER_FILE', 'ban-ve.png', bomb);
    expect(paper.status).toBe(201);
    expect(paper.body.data.thumbUrl).toBeNull();
    expect((await thumbnailOf(paper.body.data.id, hr)).status).toBe(404);
  });

  it('makes no thumbnail of what is not a raster image', async () => {
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
    const stored = await upload('WORKER_FILE', 'don.pdf', pdf);
    expect(stored.status).toBe(201);
    expect(stored.body.data.thumbUrl).toBeNull();
  });
});
