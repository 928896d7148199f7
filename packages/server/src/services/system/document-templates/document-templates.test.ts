import type { ErrorEnvelope } from '@hcm/contracts';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentTemplates } from '../tables/document-templates.ts';
import { inScope } from '../../../db/tenant-scope.ts';
import { storeExampleFile } from '../../../resources/testing/example-files.ts';
import {
  download,
  readSheet,
  startResourceTestKit,
  workbookOf,
  type Caller,
  type ResourceTestKit,
  type SystemCaller,
} from '../../../resources/testing/kit.ts';
import { testEngines } from '../../../testing/engines.ts';
import { documentTemplateResource, userManualResource } from './resources.ts';

const TEMPLATES = '/api/system/document-templates';
const MANUALS = '/api/system/user-manuals';
interface FileInfo {
  id: string;
  fileName: string;
  size: number;
  contentType: string;
}
interface Template {
  id: string;
  name: string;
  type: string;
  subTypes: string[];
  file: string;
  fileInfo: FileInfo | null;
  fileExtension: string | null;
  version: number;
}
interface Manual {
  id: string;
  title: string;
  file: string;
  fileInfo: FileInfo | null;
}

describe.each(await testEngines())('document templates and user manuals on $engine', ({ engine }) => {
  let kit: ResourceTestKit;
  let caller: Caller;
  let other: Caller;
  let root: SystemCaller;
  /** a file `who` uploaded (null: root, the system's) */
  const file = (who: Caller | SystemCaller | null, name: string, ownerType = 'DOCUMENT_TEMPLATE') =>
    storeExampleFile(kit.server.db.orm, who?.tenantId ?? null, ownerType, name, (who ?? root).userId);
  const templates = (tenantId: string) =>
    inScope(kit.server.db.orm, { tenantId, userId: null }, async (tx) =>
      Number((await tx.select({ n: count() }).from(documentTemplates))[0]?.n),
    );
  const create = (body: Record<string, unknown>, who = caller) =>
    kit.http.post<{ data: Template } & ErrorEnvelope>(TEMPLATES, body, who.token);

  beforeAll(async () => {
    kit = await startResourceTestKit(engine);
    caller = await kit.caller([documentTemplateResource], ['file.create', 'file.view']);
    other = await kit.caller([documentTemplateResource]);
    root = await kit.systemCaller([userManualResource], ['file.create', 'file.view']);
  });
  afterAll(() => kit?.stop());

  it('keeps a template with an uploaded .xlsx, its name and size beside the id, and the extension derived', async () => {
    const form = new FormData();
    form.append('ownerType', 'DOCUMENT_TEMPLATE');
    form.append('file', new Blob([new Uint8Array(await workbookOf([['Họ tên'], ['A']]))]), 'Hợp đồng.xlsx');
    const uploaded = await fetch(`${kit.server.url}/api/storage/files/upload`, {
      method: 'POST',
      headers: { authorization: `Bearer ${caller.token}` },
      body: form,
    });
    expect(uploaded.status).toBe(201);
    const stored = ((await uploaded.json()) as { data: { id: string; size: number } }).data;

    const res = await create({ name: 'Hợp đồng lao động', type: 'CONTRACT', file: stored.id });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.fileExtension).toBe('xlsx');
    expect(res.body.data.fileInfo).toEqual({
      id: stored.id,
      fileName: 'Hợp đồng.xlsx',
      size: stored.size,
      contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      thumbnail: false,
    });
    const read = await kit.http.get<{ data: Template }>(`${TEMPLATES}/${res.body.data.id}`, caller.token);
    expect(read.body.data.fileInfo?.fileName).toBe('Hợp đồng.xlsx');
    const bytes = await download(`${kit.server.url}/api/storage/files/${stored.id}/download`, caller.token);
    expect(bytes.status).toBe(200);
    expect(bytes.headers.get('content-disposition')).toMatch(/attachment/);
  });

  it('refuses another tenant’s file, an unknown id and a file of another type on the field, writing nothing', async () => {
    const before = await templates(caller.tenantId);
    const theirs = await file(other, 'mau.docx');
    const pdf = await file(caller, 'mau.pdf');
    for (const id of [theirs, crypto.randomUUID(), pdf]) {
      const res = await create({ name: 'Mẫu lạ', type: 'RECORDS', file: id });
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body.errors?.map((e) => e.field)).toEqual(['file']);
    }
    const refused = await create({ name: 'Mẫu lạ', type: 'RECORDS', file: pdf });
    expect(refused.body.errors?.[0]?.message).toMatch(/\.docx or \.xlsx/);
    expect(await templates(caller.tenantId)).toBe(before);

    // an update to another tenant's file is refused the same way, and the record keeps its file
    const mine = await create({
      name: 'Quyết định',
      type: 'APPOINTMENT',
      file: await file(caller, 'qd.docx'),
    });
    const update = await kit.http.post<ErrorEnvelope>(
      `${TEMPLATES}/${mine.body.data.id}/update`,
      { version: mine.body.data.version, file: theirs },
      caller.token,
    );
    expect(update.status).toBe(400);
    const after = await kit.http.get<{ data: Template }>(`${TEMPLATES}/${mine.body.data.id}`, caller.token);
    expect(after.body.data.file).toBe(mine.body.data.file);
    expect(after.body.data.fileExtension).toBe('docx');
  });

  it('auto-completes active templates only, narrowed by types and sub-types', async () => {
    const who = await kit.caller([documentTemplateResource]);
    const make = async (name: string, type: string, subTypes: string[]) =>
      (await create({ name, type, subTypes, file: await file(who, `${name}.docx`) }, who)).body.data;
    await make('Thử việc', 'CONTRACT', ['PROBATIONARY']);
    await make('Chính thức', 'CONTRACT', ['OFFICIALLY', 'PERSONNEL']);
    await make('Công tác', 'BUSINESS_TRIP', ['TRAVEL']);
    const hidden = await make('Cũ', 'CONTRACT', ['OFFICIALLY']);
    expect((await kit.http.post(`${TEMPLATES}/${hidden.id}/inactive`, undefined, who.token)).status).toBe(
      200,
    );
    const names = async (query: string) => {
      const res = await kit.http.get<{ data: Template[] }>(`${TEMPLATES}/auto-complete?${query}`, who.token);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.data.map((t) => t.name).sort();
    };
    expect(await names('')).toEqual(['Chính thức', 'Công tác', 'Thử việc']);
    expect(await names('types=CONTRACT')).toEqual(['Chính thức', 'Thử việc']);
    expect(await names('types=CONTRACT&types=BUSINESS_TRIP&subTypes=OFFICIALLY&subTypes=TRAVEL')).toEqual([
      'Chính thức',
      'Công tác',
    ]);
    expect(await names('subTypes=PERSONNEL&keyword=chính')).toEqual(['Chính thức']);
    expect((await kit.http.get(`${TEMPLATES}/auto-complete?types=NOPE`, who.token)).status).toBe(400);
  });

  it('exports the file’s name, not its id', async () => {
    const who = await kit.caller([documentTemplateResource]);
    await create({ name: 'Bảng lương', type: 'PAYROLL', file: await file(who, 'bang-luong.xlsx') }, who);
    const exported = await download(`${kit.server.url}${TEMPLATES}/export`, who.token);
    expect(exported.status).toBe(200);
    const [header, row] = await readSheet(exported.bytes);
    const column = header?.indexOf('Tệp mẫu') ?? -1;
    expect(column).toBeGreaterThanOrEqual(0);
    expect(row?.[column]).toBe('bang-luong.xlsx');
  });

  it('lists the active user manuals to any signed-in user, with the file of each', async () => {
    const guide = await file(null, 'huong-dan.pdf', 'USER_MANUAL');
    const made = await kit.http.post<{ data: Manual }>(
      MANUALS,
      { title: 'Hướng dẫn chấm công', file: guide, priority: 1 },
      root.token,
    );
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const old = await kit.http.post<{ data: Manual }>(
      MANUALS,
      { title: 'Bản cũ', file: await file(null, 'cu.pdf', 'USER_MANUAL'), priority: 2 },
      root.token,
    );
    await kit.http.post(`${MANUALS}/${old.body.data.id}/inactive`, undefined, root.token);
    // a tenant's file is not the system's: refused on the field
    const tenantFile = await file(caller, 'x.pdf', 'USER_MANUAL');
    const refused = await kit.http.post<ErrorEnvelope>(MANUALS, { title: 'X', file: tenantFile }, root.token);
    expect(refused.status).toBe(400);

    const nobody = await kit.caller([]);
    const res = await kit.http.get<{ data: Manual[] }>(`${MANUALS}/find-all-active`, nobody.token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.map((m) => [m.title, m.fileInfo?.fileName])).toEqual([
      ['Hướng dẫn chấm công', 'huong-dan.pdf'],
    ]);
    expect((await kit.http.get(`${MANUALS}/find-all-active`, '')).status).toBe(401);
  });

  it('lets any signed-in user download a manual, and nothing else through that door', async () => {
    const form = new FormData();
    form.append('ownerType', 'USER_MANUAL');
    form.append('file', new Blob([Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\n%%EOF\n')]), 'Hướng dẫn.pdf');
    const uploaded = await fetch(`${kit.server.url}/api/storage/files/upload`, {
      method: 'POST',
      headers: { authorization: `Bearer ${root.token}` },
      body: form,
    });
    expect(uploaded.status, await uploaded.clone().text()).toBe(201);
    const { id } = ((await uploaded.json()) as { data: { id: string } }).data;
    const nobody = await kit.caller([]);
    const door = (fileId: string) => `${kit.server.url}/api/storage/user-manuals/${fileId}/download`;
    const got = await download(door(id), nobody.token);
    expect(got.status).toBe(200);
    expect(got.headers.get('content-disposition')).toMatch(/attachment/);
    expect(got.bytes.toString('latin1').startsWith('%PDF-1.4')).toBe(true);
    // a tenant's file, or a system file of another owner type, is not a manual
    expect((await download(door(await file(caller, 'x.pdf', 'USER_MANUAL')), nobody.token)).status).toBe(404);
    expect((await download(door(await file(null, 'y.docx')), nobody.token)).status).toBe(404);
    expect((await download(door(id), '')).status).toBe(401);
  });
});
