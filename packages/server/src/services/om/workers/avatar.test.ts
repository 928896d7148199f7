import type { ErrorEnvelope } from '@hcm/contracts';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startResourceTestKit, type Caller, type ResourceTestKit } from '../../../resources/testing/kit.ts';
import { testEngines } from '../../../testing/engines.ts';
import { accessTokenFor, makeUser } from '../../../testing/factories.ts';
import { organizationUnitResource } from '../organization-units/resources.ts';
import { workerResource } from './resources.ts';

/*
 * An employee's photo and specimen signature (contract kind `image`): files of the storage
 * service with a 200×200 thumbnail, shown to colleagues (the photo only) through the contacts.
 */

const BASE = '/api/om/workers';
type Worker = Record<string, unknown> & { id: string; version: number };
type Answer = { data: Worker } & ErrorEnvelope;

const portrait = () =>
  sharp({ create: { width: 600, height: 800, channels: 3, background: '#7a9cc6' } })
    .jpeg()
    .toBuffer();
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

describe.each(await testEngines())('employees’ photos and signatures on $engine', ({ engine }) => {
  let kit: ResourceTestKit;
  let hr: Caller;
  let colleague = '';
  let unit = '';

  async function upload(ownerType: string, name: string, bytes: Buffer, token = hr.token) {
    const form = new FormData();
    form.append('ownerType', ownerType);
    form.append('file', new Blob([new Uint8Array(bytes)]), name);
    const res = await fetch(`${kit.server.url}/api/storage/files/upload`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    expect(res.status).toBe(201);
    return ((await res.json()) as { data: { id: string } }).data.id;
  }
  const thumbnail = (id: string, token: string) =>
    fetch(`${kit.server.url}/api/storage/files/${id}/thumbnail`, {
      headers: { authorization: `Bearer ${token}` },
    });

  beforeAll(async () => {
    kit = await startResourceTestKit(engine);
    hr = await kit.caller([workerResource, organizationUnitResource], ['file.create', 'file.view']);
    const { user } = await makeUser(
      { db: kit.server.db.orm, passwords: kit.server.passwords },
      { tenantId: hr.tenantId, permissions: ['contacts.view'] },
    );
    colleague = await accessTokenFor(kit.server.db.orm, user);
    const made = await kit.http.post<Answer>(
      '/api/om/organization-units',
      { code: 'PHONG_KT', name: 'Phòng Kế toán', typeCode: 'PHONG' },
      hr.token,
    );
    unit = made.body.data.id;
  });
  afterAll(() => kit?.stop());

  it('keeps the photo and the signature with their thumbnails, and shows the photo to colleagues', async () => {
    const photo = await upload('AVATAR', 'Ảnh thẻ.jpg', await portrait());
    const signature = await upload(
      'SIGNATURE',
      'chữ ký.png',
      await sharp({
        create: { width: 400, height: 120, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
      })
        .png()
        .toBuffer(),
    );
    const res = await kit.http.post<Answer>(
      BASE,
      {
        code: 'NV_ANH_1',
        fullName: 'Lê Thị Hoa',
        gender: 'FEMALE',
        organizationUnitId: unit,
        avatar: photo,
        signature,
      },
      hr.token,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({
      avatar: photo,
      avatarInfo: { id: photo, fileName: 'Ảnh thẻ.jpg', contentType: 'image/jpeg', thumbnail: true },
      signature,
      signatureInfo: { id: signature, fileName: 'chữ ký.png', thumbnail: true },
    });

    const card = await kit.http.get<{ data: { fullName: string; avatarId: string | null }[] }>(
      '/api/om/contacts?keyword=hoa',
      colleague,
    );
    expect(card.body.data).toEqual([expect.objectContaining({ fullName: 'Lê Thị Hoa', avatarId: photo })]);
    const seen = await thumbnail(photo, colleague);
    expect(seen.status).toBe(200);
    const meta = await sharp(Buffer.from(await seen.arrayBuffer())).metadata();
    expect([meta.width, meta.height]).toEqual([200, 200]);
    // the signature is HR's: a colleague does not see it
    expect((await thumbnail(signature, colleague)).status).toBe(404);

    // taking the photo away: the colleagues see the default avatar again
    const cleared = await kit.http.post<Answer>(
      `${BASE}/${res.body.data.id}/update`,
      { version: res.body.data.version, avatar: null },
      hr.token,
    );
    expect(cleared.status, JSON.stringify(cleared.body)).toBe(200);
    expect(cleared.body.data).toMatchObject({ avatar: null, avatarInfo: null, signature });
    const after = await kit.http.get<{ data: { avatarId: string | null }[] }>(
      '/api/om/contacts?keyword=hoa',
      colleague,
    );
    expect(after.body.data[0]?.avatarId).toBeNull();
  });

  it('refuses as a photo a file that is not an image, and a file of another tenant, writing nothing', async () => {
    const paper = await upload('WORKER_FILE', 'don.pdf', PDF);
    const stranger = await kit.caller([workerResource], ['file.create']);
    const theirs = await upload('AVATAR', 'la.jpg', await portrait(), stranger.token);
    for (const [avatar, message] of [
      [paper, 'must be a .png or .jpg or .jpeg or .webp file'],
      [theirs, 'refers to no file'],
    ] as const) {
      const res = await kit.http.post<Answer>(
        BASE,
        { code: 'NV_ANH_X', fullName: 'Phạm Văn X', gender: 'MALE', organizationUnitId: unit, avatar },
        hr.token,
      );
      expect(res.status).toBe(400);
      expect(res.body.errors).toEqual([expect.objectContaining({ field: 'avatar', message })]);
    }
    const listed = await kit.http.get<{ page: { total: number } }>(`${BASE}?keyword=NV_ANH_X`, hr.token);
    expect(listed.body.page.total).toBe(0);
  });
});
