import { permissionCodesForLevel, type ErrorEnvelope } from '@hcm/contracts';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { storeExampleFile } from '../../resources/testing/example-files.ts';
import { testEngines } from '../../testing/engines.ts';
import { accessTokenFor, makeTenant, makeUser } from '../../testing/factories.ts';
import { serveDuringSuite } from '../../testing/serve-during-suite.ts';
import type { FileRecord } from './records.ts';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
type Answer<T> = { status: number; body: { data: T } & ErrorEnvelope };

/**
 * Files follow the record they belong to (docs/access-control.md, "Files follow their record"):
 * each kind of record that holds files, through every file route, for an employee whose data
 * scope is their own record, a file administrator, a colleague who only reads the contacts,
 * and HR.
 */
describe.each(await testEngines())('who may see a stored file on $engine', ({ engine }) => {
  const suite = serveDuringSuite(engine);
  const db = () => suite.server.db.orm;
  const people: Record<string, { id: string; token: string }> = {};
  const ids: Record<string, string> = {};
  const token = (name: string) => people[name]?.token ?? '';
  const get = <T>(path: string, who: string) => suite.http.get(path, token(who)) as Promise<Answer<T>>;
  const post = <T>(path: string, body: unknown, who: string) =>
    suite.http.post(path, body, token(who)) as Promise<Answer<T>>;
  const make = async (path: string, body: Record<string, unknown>) => {
    const res = await post<{ id: string; version: number }>(path, body, 'hr');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data;
  };
  const upload = async (who: string, ownerType: string, name: string, bytes: Buffer) => {
    const form = new FormData();
    form.append('ownerType', ownerType);
    form.append('file', new Blob([new Uint8Array(bytes)]), name);
    const res = await fetch(`${suite.server.url}/api/storage/files/upload`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token(who)}` },
      body: form,
    });
    expect(res.status).toBe(201);
    ids[name] = ((await res.json()) as { data: FileRecord }).data.id;
    return ids[name] ?? '';
  };
  const person = async (
    name: string,
    permissions: readonly string[],
    dataScope: 'TENANT' | 'SELF' = 'TENANT',
  ) => {
    const made = await makeUser(
      { db: db(), passwords: suite.server.passwords },
      { tenantId, permissions, dataScope },
    );
    people[name] = { id: made.user.id, token: await accessTokenFor(db(), made.user) };
  };
  let tenantId = '';

  /** Every name of a file the reader finds through the list, a search, or by ids. */
  const listed = async (who: string) => {
    const page = await get<FileRecord[]>('/api/storage/files?pageSize=100', who);
    expect(page.status).toBe(200);
    return page.body.data.map((file) => file.originalName).sort();
  };

  beforeAll(async () => {
    tenantId = (await makeTenant(db())).id;
    await person('hr', permissionCodesForLevel('TENANT'));
    // an employee who sees her own record and papers, and may upload and delete her own
    await person(
      'lan',
      [
        'worker.view',
        'contract.view',
        'reward.view',
        'reward.create',
        'document_template.view',
        'file.view',
        'file.create',
        'file.delete',
      ],
      'SELF',
    );
    await person('fileAdmin', ['file.view', 'file.update']);
    await person('colleague', ['contacts.view']);
    const unit = await make('/api/om/organization-units', {
      code: 'KINH_DOANH',
      name: 'Kinh doanh',
      typeCode: 'PHONG',
    });
    const face = await sharp({ create: { width: 300, height: 400, channels: 3, background: '#7a9cc6' } })
      .png()
      .toBuffer();
    const minh = await make('/api/om/workers', {
      code: 'NV_MINH',
      fullName: 'Trần Văn Minh',
      gender: 'MALE',
      organizationUnitId: unit.id,
      avatar: await upload('hr', 'AVATAR', 'minh-anh-the.png', face),
      files: [await upload('hr', 'WORKER_FILE', 'minh-cccd.pdf', PDF)],
    });
    const lan = await make('/api/om/workers', {
      code: 'NV_LAN',
      fullName: 'Nguyễn Thị Lan',
      gender: 'FEMALE',
      organizationUnitId: unit.id,
      userId: people.lan?.id,
      files: [await upload('hr', 'WORKER_FILE', 'lan-bang-cap.pdf', PDF)],
    });
    ids.minh = minh.id;
    ids.lan = lan.id;
    const type = await make('/api/om/contract-types', {
      code: 'KXDTH',
      name: 'Không thời hạn',
      salaryRate: '100',
    });
    for (const [who, worker] of [
      ['minh', minh.id],
      ['lan', lan.id],
    ] as const)
      await make('/api/om/contracts', {
        number: `HD-${who}`,
        workerId: worker,
        contractTypeId: type.id,
        signingDate: '2026-01-01',
        effectiveDate: '2026-01-01',
        salary: '10000000',
        files: [await upload('hr', 'ATTACHMENT', `hop-dong-${who}.pdf`, PDF)],
      });
    ids.praise = (await make('/api/om/reward-types', { code: 'GIAY_KHEN', name: 'Giấy khen' })).id;
    await make('/api/om/rewards', {
      workerId: minh.id,
      decisionNumber: 'KT/1',
      effectiveDate: '2026-05-01',
      rewardTypeId: ids.praise,
      files: [await upload('hr', 'ATTACHMENT', 'khen-thuong-minh.pdf', PDF)],
    });
    await make('/api/pm/position-salary-coefficients', {
      name: 'Bảng hệ số 2026',
      effectiveDate: '2026-01-01',
      baseSalary: '2340000',
      files: [await upload('hr', 'ATTACHMENT', 'bang-he-so.pdf', PDF)],
    });
    // a template's document (its bytes do not matter here: who sees its record does)
    const template = await storeExampleFile(
      db(),
      tenantId,
      'DOCUMENT_TEMPLATE',
      'mau-quyet-dinh.docx',
      people.hr?.id ?? null,
    );
    await make('/api/system/document-templates', { name: 'Mẫu quyết định', type: 'REWARD', file: template });
    // files no record holds: each its uploader's
    await upload('hr', 'GENERAL', 'hr-nhap.pdf', PDF);
    await upload('lan', 'GENERAL', 'lan-nhap.pdf', PDF);
  });

  it('shows an employee limited to herself her own papers and her own uploads only, in the list and a search', async () => {
    expect(await listed('lan')).toEqual([
      'hop-dong-lan.pdf',
      'lan-bang-cap.pdf',
      'lan-nhap.pdf',
      'mau-quyet-dinh.docx',
    ]);
    const search = await get<FileRecord[]>('/api/storage/files?keyword=minh', 'lan');
    expect(search.body.data).toEqual([]);
    expect((search.body as { page?: unknown }).page).toMatchObject({ total: 0 });
    const byIds = await post<FileRecord[]>(
      '/api/storage/files/find-by-ids',
      { ids: [ids['minh-cccd.pdf'], ids['lan-bang-cap.pdf']] },
      'lan',
    );
    expect(byIds.body.data.map((file) => file.originalName)).toEqual(['lan-bang-cap.pdf']);
  });

  // each kind of record holding files: an employee (photo, papers), a contract, a decision, a
  // coefficient table, and a file no record holds (HR's upload)
  for (const hidden of [
    'minh-anh-the.png',
    'minh-cccd.pdf',
    'hop-dong-minh.pdf',
    'khen-thuong-minh.pdf',
    'bang-he-so.pdf',
    'hr-nhap.pdf',
  ])
    it(`answers 404 to the employee for ${hidden} on every route, as for a file that does not exist`, async () => {
      const id = ids[hidden] ?? '';
      for (const path of [
        `/api/storage/files/${id}`,
        `/api/storage/files/${id}/view`,
        `/api/storage/files/${id}/download`,
        `/api/storage/files/${id}/thumbnail`,
      ]) {
        const res = await fetch(`${suite.server.url}${path}`, {
          headers: { authorization: `Bearer ${token('lan')}` },
        });
        expect(res.status, path).toBe(404);
      }
      const deleting = await fetch(`${suite.server.url}/api/storage/files/${id}`, {
        method: 'DELETE',
        headers: { authorization: `Bearer ${token('lan')}` },
      });
      expect(deleting.status).toBe(404);
      // HR still sees it, undeleted
      expect((await get<FileRecord>(`/api/storage/files/${id}`, 'hr')).body.data).toMatchObject({
        deleted: false,
      });
    });

  it('serves the employee her own papers', async () => {
    for (const name of ['lan-bang-cap.pdf', 'hop-dong-lan.pdf', 'lan-nhap.pdf']) {
      const res = await fetch(`${suite.server.url}/api/storage/files/${ids[name]}/download`, {
        headers: { authorization: `Bearer ${token('lan')}` },
      });
      expect(res.status, name).toBe(200);
      expect(Buffer.from(await res.arrayBuffer()).equals(PDF)).toBe(true);
    }
  });

  it('shows the file administrator every file no record holds, and no record’s file', async () => {
    expect(await listed('fileAdmin')).toEqual(['hr-nhap.pdf', 'lan-nhap.pdf']);
    expect(await listed('hr')).toHaveLength(10);
  });

  it('shows a colleague’s photo as a thumbnail to whoever reads the contacts, and nothing else', async () => {
    const photo = await fetch(`${suite.server.url}/api/storage/files/${ids['minh-anh-the.png']}/thumbnail`, {
      headers: { authorization: `Bearer ${token('colleague')}` },
    });
    expect(photo.status).toBe(200);
    expect(photo.headers.get('content-type')).toBe('image/webp');
    for (const path of [
      `/api/storage/files/${ids['minh-anh-the.png']}/view`,
      `/api/storage/files/${ids['minh-cccd.pdf']}/thumbnail`,
    ]) {
      const res = await fetch(`${suite.server.url}${path}`, {
        headers: { authorization: `Bearer ${token('colleague')}` },
      });
      expect([403, 404], path).toContain(res.status);
    }
  });

  it('refuses attaching a file one may not see to a record of one’s own, and takes one’s own upload', async () => {
    const reward = (files: string[]) =>
      post(
        '/api/om/rewards',
        {
          workerId: ids.lan,
          decisionNumber: 'KT/2',
          effectiveDate: '2026-06-01',
          rewardTypeId: ids.praise,
          files,
        },
        'lan',
      );
    const stolen = await reward([ids['minh-cccd.pdf'] ?? '']);
    expect(stolen.status).toBe(400);
    expect(stolen.body.errors).toEqual([
      expect.objectContaining({ field: 'files[0]', message: 'refers to no file' }),
    ]);
    const mine = await reward([ids['lan-nhap.pdf'] ?? '']);
    expect(mine.status, JSON.stringify(mine.body)).toBe(200);
  });
});
