import type { ErrorEnvelope } from '@hcm/contracts';
import { MAX_ATTACHED_FILES } from '@hcm/contracts/resource';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeExampleFile } from '../../../resources/testing/example-files.ts';
import {
  download,
  readSheet,
  startResourceTestKit,
  type Caller,
  type ResourceTestKit,
} from '../../../resources/testing/kit.ts';
import { testEngines } from '../../../testing/engines.ts';
import { positionCoefficientResource } from './resource.ts';

/*
 * A files field (contract kind `files`) end to end, on its first user: the decree and
 * appendices attached to a position salary coefficient table.
 */

interface FileInfo {
  id: string;
  fileName: string;
  size: number;
  contentType: string;
}
type Table = { id: string; version: number; files: string[]; filesInfo: FileInfo[] };

const TABLES = '/api/pm/position-salary-coefficients';
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

describe.each(await testEngines())('attached files of a coefficient table on $engine', ({ engine }) => {
  let kit: ResourceTestKit;
  let caller: Caller;
  let stranger: Caller;
  let day = 0;
  const effectiveDate = () => `2030-01-${String(++day).padStart(2, '0')}`;
  const stored = (name: string, who = caller) =>
    storeExampleFile(kit.server.db.orm, who.tenantId, 'ATTACHMENT', name, who.userId);
  const create = (files: unknown) =>
    kit.http.post<{ data: Table } & ErrorEnvelope>(
      TABLES,
      { name: `Bảng ${day}`, effectiveDate: effectiveDate(), baseSalary: '2340000', files },
      caller.token,
    );
  const count = async () => (await kit.http.get<{ data: number }>(`${TABLES}/count`, caller.token)).body.data;

  beforeAll(async () => {
    kit = await startResourceTestKit(engine);
    caller = await kit.caller([positionCoefficientResource], ['file.create', 'file.view', 'file.delete']);
    stranger = await kit.caller([positionCoefficientResource]);
  });
  afterAll(() => kit?.stop());

  it('keeps an uploaded decree and its appendix in the order attached, each named beside its id', async () => {
    const form = new FormData();
    form.append('ownerType', 'ATTACHMENT');
    form.append('file', new Blob([new Uint8Array(PDF)]), 'Nghị định 73.pdf');
    const uploaded = await fetch(`${kit.server.url}/api/storage/files/upload`, {
      method: 'POST',
      headers: { authorization: `Bearer ${caller.token}` },
      body: form,
    });
    expect(uploaded.status).toBe(201);
    const decree = ((await uploaded.json()) as { data: { id: string } }).data.id;
    const appendix = await stored('Phụ lục.xlsx');

    const res = await create([decree, appendix, decree.toUpperCase()]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.files).toEqual([decree, appendix]);
    expect(res.body.data.filesInfo).toEqual([
      {
        id: decree,
        fileName: 'Nghị định 73.pdf',
        size: PDF.length,
        contentType: 'application/pdf',
        thumbnail: false,
      },
      {
        id: appendix,
        fileName: 'Phụ lục.xlsx',
        size: 1234,
        contentType: 'application/octet-stream',
        thumbnail: false,
      },
    ]);
    const read = await kit.http.get<{ data: Table }>(`${TABLES}/${res.body.data.id}`, caller.token);
    expect(read.body.data.filesInfo.map((file) => file.fileName)).toEqual([
      'Nghị định 73.pdf',
      'Phụ lục.xlsx',
    ]);

    // an update given the list replaces it, in its new order; one without it keeps it
    const reordered = await kit.http.post<{ data: Table }>(
      `${TABLES}/${res.body.data.id}/update`,
      { version: res.body.data.version, files: [appendix, decree] },
      caller.token,
    );
    expect(reordered.status, JSON.stringify(reordered.body)).toBe(200);
    expect(reordered.body.data.files).toEqual([appendix, decree]);
    const renamed = await kit.http.post<{ data: Table }>(
      `${TABLES}/${res.body.data.id}/update`,
      { version: reordered.body.data.version, note: 'Áp dụng toàn công ty' },
      caller.token,
    );
    expect(renamed.body.data.files).toEqual([appendix, decree]);
  });

  it("refuses another tenant's file, a deleted one, an unknown id and a wrong type on their places, writing nothing", async () => {
    const before = await count();
    const mine = await stored('Quyết định.pdf');
    const theirs = await stored('Của người khác.pdf', stranger);
    const script = await stored('ghi chú.txt');
    const gone = await stored('Đã xoá.pdf');
    const removed = await fetch(`${kit.server.url}/api/storage/files/${gone}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${caller.token}` },
    });
    expect(removed.status).toBeLessThan(300);
    const unknown = '00000000-0000-4000-8000-000000000000';

    const res = await create([mine, theirs, script, gone, unknown]);
    expect(res.status).toBe(400);
    expect(res.body.errors?.map((error) => [error.field, error.message])).toEqual([
      ['files[1]', 'refers to no file'],
      ['files[2]', 'must be a .pdf or .docx or .xlsx or .png or .jpg or .jpeg file'],
      ['files[3]', 'refers to no file'],
      ['files[4]', 'refers to no file'],
    ]);
    expect(await count()).toBe(before);
  });

  it(`takes at most ${MAX_ATTACHED_FILES} files and only ids`, async () => {
    const many = await Promise.all(
      Array.from({ length: MAX_ATTACHED_FILES + 1 }, (_, n) => stored(`Phụ lục ${n}.pdf`)),
    );
    const tooMany = await create(many);
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.errors?.[0]?.field).toBe('files');
    expect((await create(['../../etc/passwd'])).status).toBe(400);
    const enough = await create(many.slice(0, MAX_ATTACHED_FILES));
    expect(enough.status, JSON.stringify(enough.body)).toBe(200);
    expect(enough.body.data.filesInfo).toHaveLength(MAX_ATTACHED_FILES);
  });

  it('leaves a file deleted later out of the answer and the export, keeping the others', async () => {
    const kept = await stored('Giữ lại.pdf');
    const dropped = await stored('Bỏ đi.pdf');
    const res = await create([dropped, kept]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const removed = await fetch(`${kit.server.url}/api/storage/files/${dropped}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${caller.token}` },
    });
    expect(removed.status).toBeLessThan(300);
    const read = await kit.http.get<{ data: Table }>(`${TABLES}/${res.body.data.id}`, caller.token);
    expect(read.body.data.filesInfo.map((file) => file.fileName)).toEqual(['Giữ lại.pdf']);

    const sheet = await download(`${kit.server.url}${TABLES}/export`, caller.token);
    expect(sheet.status).toBe(200);
    const [header, ...rows] = await readSheet(sheet.bytes);
    const column = header?.indexOf('Tệp đính kèm') ?? -1;
    expect(column).toBeGreaterThan(-1);
    const cells = rows.map((row) => row[column]);
    expect(cells).toContain('Giữ lại.pdf');
    expect(cells).toContain('Phụ lục.xlsx, Nghị định 73.pdf');
  });
});
