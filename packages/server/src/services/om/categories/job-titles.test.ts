import { ImportLimits, type ErrorEnvelope, type PageEnvelope } from '@hcm/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobTitles } from '../tables/categories.ts';
import { inScope } from '../../../db/tenant-scope.ts';
import {
  download,
  readSheet,
  startResourceTestKit,
  upload,
  workbookOf,
  type Caller,
  type ResourceTestKit,
} from '../../../resources/testing/kit.ts';
import { testEngines } from '../../../testing/engines.ts';
import { jobTitleResource } from './category-resources.ts';
import { allOf } from '../../../../../../scripts/testing/all-of.ts';

type JobTitle = {
  id: string;
  code: string;
  name: string;
  description: string | null;
  priority: number;
  status: 'ACTIVE' | 'INACTIVE';
  version: number;
  createdAt: string;
  createdBy: string | null;
  lastModifiedAt: string;
  lastModifiedBy: string | null;
};
type Page = PageEnvelope<JobTitle>;
type One = { data: JobTitle };

const BASE = '/api/om/job-titles';

describe.each(await testEngines('both'))('job titles: every generic sub-path on $engine', ({ engine }) => {
  let kit: ResourceTestKit;
  let caller: Caller;
  const get = <T>(path: string) => kit.http.get<T>(path, caller.token);
  const post = <T>(path: string, body?: unknown) => kit.http.post<T>(path, body, caller.token);
  const count = async (query = '') => (await get<{ data: number }>(`${BASE}/count${query}`)).body.data;
  const logCount = async () =>
    (await get<Page>('/api/system/action-logs?resource=job_title&pageSize=1')).body.page.total;

  /** 30 records straight into the tenant's table: priorities 0..29, every third INACTIVE. */
  const seed = () =>
    inScope(kit.server.db.orm, { tenantId: caller.tenantId, userId: caller.userId }, (tx) =>
      tx.insert(jobTitles).values(
        Array.from({ length: 30 }, (_, i) => ({
          tenantId: caller.tenantId,
          code: `SEED_${String(i).padStart(2, '0')}`,
          name: i % 2 === 0 ? `Kỹ sư ${i}` : `Chuyên viên ${i}`,
          nameEn: i === 7 ? 'Senior accountant' : null,
          priority: 29 - i,
          status: i % 3 === 0 ? ('INACTIVE' as const) : ('ACTIVE' as const),
        })),
      ),
    );

  beforeAll(async () => {
    kit = await startResourceTestKit(engine);
    caller = await kit.caller([jobTitleResource]);
    await seed();
  });
  afterAll(() => kit?.stop());

  describe('search', () => {
    it('pages 25 at a time by default, sorted by priority ascending, with the total', async () => {
      const res = await get<Page>(BASE);
      expect(res.status).toBe(200);
      expect(res.body.page).toEqual({ pageIndex: 1, pageSize: 25, total: 30 });
      expect(res.body.data).toHaveLength(25);
      expect(res.body.data.map((r) => r.priority)).toEqual(Array.from({ length: 25 }, (_, i) => i));
      const second = await get<Page>(`${BASE}?pageIndex=2`);
      expect(second.body.data.map((r) => r.code)).toEqual([
        'SEED_04',
        'SEED_03',
        'SEED_02',
        'SEED_01',
        'SEED_00',
      ]);
      expect(second.body.page.total).toBe(30);
    });

    it('sorts by a declared field in either direction', async () => {
      const res = await get<Page>(`${BASE}?sortBy=code.desc&pageSize=3`);
      expect(res.body.data.map((r) => r.code)).toEqual(['SEED_29', 'SEED_28', 'SEED_27']);
      const byName = await get<Page>(`${BASE}?sortBy=name.asc&pageSize=100`);
      const names = byName.body.data.map((r) => r.name);
      expect(allOf(names.slice(0, 15), (n) => n.startsWith('Chuyên viên'))).toBe(true);
    });

    it('matches the keyword in code, name or English name, whatever the case, taking % and _ literally', async () => {
      const byName = await get<Page>(`${BASE}?keyword=${encodeURIComponent('KỸ SƯ 1')}&pageSize=100`);
      expect(byName.body.data.map((r) => r.code).sort()).toEqual([
        'SEED_10',
        'SEED_12',
        'SEED_14',
        'SEED_16',
        'SEED_18',
      ]);
      const byCode = await get<Page>(`${BASE}?keyword=seed_2`);
      expect(byCode.body.page.total).toBe(10);
      const byEnglishName = await get<Page>(`${BASE}?keyword=ACCOUNTANT`);
      expect(byEnglishName.body.data.map((r) => r.code)).toEqual(['SEED_07']);
      expect((await get<Page>(`${BASE}?keyword=${encodeURIComponent('%')}`)).body.page.total).toBe(0);
      expect((await get<Page>(`${BASE}?keyword=${encodeURIComponent('   ')}`)).body.page.total).toBe(30);
    });

    it('filters by status (one or several values) and by code, case-insensitively', async () => {
      const inactive = await get<Page>(`${BASE}?status=INACTIVE&pageSize=100`);
      expect(inactive.body.page.total).toBe(10);
      expect(allOf(inactive.body.data, (r) => r.status === 'INACTIVE')).toBe(true);
      expect((await get<Page>(`${BASE}?status=INACTIVE&status=ACTIVE`)).body.page.total).toBe(30);
      const code = await get<Page>(`${BASE}?code=seed_07&code=SEED_08`);
      expect(code.body.data.map((r) => r.code).sort()).toEqual(['SEED_07', 'SEED_08']);
      expect((await get<Page>(`${BASE}?status=ACTIVE&keyword=Kỹ`)).body.page.total).toBe(10);
    });
  });

  describe('auto-complete', () => {
    it('lists ACTIVE records only, paged', async () => {
      const res = await get<Page>(`${BASE}/auto-complete?pageSize=5`);
      expect(res.status).toBe(200);
      expect(res.body.page).toEqual({ pageIndex: 1, pageSize: 5, total: 20 });
      expect(allOf(res.body.data, (r) => r.status === 'ACTIVE')).toBe(true);
      const keyword = await get<Page>(`${BASE}/auto-complete?keyword=SEED_0`);
      expect(keyword.body.data.map((r) => r.code).sort()).toEqual([
        'SEED_01',
        'SEED_02',
        'SEED_04',
        'SEED_05',
        'SEED_07',
        'SEED_08',
      ]);
    });

    it('auto-complete-all answers every ACTIVE record at once', async () => {
      const res = await get<{ data: JobTitle[] }>(`${BASE}/auto-complete-all`);
      expect(res.status).toBe(200);
      expect(res.body.data).toHaveLength(20);
      expect(allOf(res.body.data, (r) => r.status === 'ACTIVE')).toBe(true);
    });
  });

  describe('count and find-by-ids', () => {
    it('counts what the search would find', async () => {
      expect(await count()).toBe(30);
      expect(await count('?status=INACTIVE')).toBe(10);
      expect(await count('?keyword=chuyên')).toBe(15);
    });

    it('finds records by ids, ignoring ids it cannot see', async () => {
      const some = (await get<Page>(`${BASE}?pageSize=3`)).body.data;
      const ids = [...some.map((r) => r.id), '00000000-0000-4000-8000-000000000000'];
      const res = await post<{ data: JobTitle[] }>(`${BASE}/find-by-ids`, { ids });
      expect(res.status).toBe(200);
      expect(res.body.data.map((r) => r.id).sort()).toEqual(some.map((r) => r.id).sort());
    });
  });

  describe('create, get, update, active, inactive, delete', () => {
    let created: JobTitle;

    it('creates with the audit columns and version 1', async () => {
      const res = await post<One>(BASE, {
        code: 'DEV.LEAD',
        name: 'Trưởng nhóm phát triển',
        priority: 100,
      });
      expect(res.status).toBe(200);
      created = res.body.data;
      expect(created).toMatchObject({
        code: 'DEV.LEAD',
        name: 'Trưởng nhóm phát triển',
        description: null,
        priority: 100,
        status: 'ACTIVE',
        version: 1,
        createdBy: caller.userId,
        lastModifiedBy: caller.userId,
      });
      expect(new Date(created.createdAt).getTime()).toBeGreaterThan(Date.now() - 60_000);
      expect((await get<One>(`${BASE}/${created.id}`)).body.data).toEqual(created);
    });

    it('refuses a code another record has, in any case, writing nothing', async () => {
      const before = await count();
      const res = await post<ErrorEnvelope>(BASE, { code: 'dev.lead', name: 'Trùng mã' });
      expect(res.status).toBe(409);
      expect(res.body.code).toBe('CONFLICT');
      expect(res.body.errors).toEqual([expect.objectContaining({ field: 'code' })]);
      expect(await count()).toBe(before);
    });

    it('updates the fields given when the version is current, and bumps it', async () => {
      const res = await post<One>(`${BASE}/${created.id}/update`, {
        version: 1,
        name: 'Trưởng nhóm',
        description: 'Dẫn dắt nhóm',
      });
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({
        name: 'Trưởng nhóm',
        description: 'Dẫn dắt nhóm',
        code: 'DEV.LEAD',
        version: 2,
      });
      created = res.body.data;
    });

    it('answers a stale version with 409 CONFLICT and writes nothing', async () => {
      const logsBefore = await logCount();
      const res = await post<ErrorEnvelope>(`${BASE}/${created.id}/update`, { version: 1, name: 'Ghi đè' });
      expect(res.status).toBe(409);
      expect(res.body.code).toBe('CONFLICT');
      expect((await get<One>(`${BASE}/${created.id}`)).body.data).toEqual(created);
      expect(await logCount()).toBe(logsBefore);
    });

    it('refuses to update a code to one another record has', async () => {
      const res = await post<ErrorEnvelope>(`${BASE}/${created.id}/update`, {
        version: 2,
        code: 'seed_01',
      });
      expect(res.status).toBe(409);
      expect((await get<One>(`${BASE}/${created.id}`)).body.data.code).toBe('DEV.LEAD');
    });

    it('clears an optional field with null', async () => {
      const res = await post<One>(`${BASE}/${created.id}/update`, { version: 2, description: null });
      expect(res.body.data).toMatchObject({ description: null, version: 3 });
      created = res.body.data;
    });

    it('switches the status with inactive and active, each a new version', async () => {
      const off = await post<One>(`${BASE}/${created.id}/inactive`);
      expect(off.status).toBe(200);
      expect(off.body.data).toMatchObject({ status: 'INACTIVE', version: 4 });
      const auto = await get<{ data: JobTitle[] }>(`${BASE}/auto-complete-all`);
      expect(auto.body.data.map((r) => r.id)).not.toContain(created.id);
      const on = await post<One>(`${BASE}/${created.id}/active`);
      expect(on.body.data).toMatchObject({ status: 'ACTIVE', version: 5 });
      // Already active: nothing to change.
      expect((await post<One>(`${BASE}/${created.id}/active`)).body.data.version).toBe(5);
    });

    it('deletes, after which the record is gone', async () => {
      const res = await post<{ data: { id: string } }>(`${BASE}/${created.id}/delete`);
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual({ id: created.id });
      expect((await get<ErrorEnvelope>(`${BASE}/${created.id}`)).status).toBe(404);
      expect((await post<ErrorEnvelope>(`${BASE}/${created.id}/delete`)).status).toBe(404);
    });
  });

  describe('export and download-template', () => {
    it('exports the records that match as a real xlsx, in the search order', async () => {
      const res = await download(
        `${kit.server.url}${BASE}/export?status=INACTIVE&sortBy=code.asc`,
        caller.token,
      );
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain('spreadsheetml');
      expect(res.headers.get('content-disposition')).toMatch(
        /^attachment; filename="job-titles_\d{14}\.xlsx"$/,
      );
      const rows = await readSheet(res.bytes);
      expect(rows[0]).toEqual([
        'Mã',
        'Tên',
        'Tên tiếng Anh',
        'Mô tả',
        'Thứ tự ưu tiên',
        'Trạng thái',
        'Ngày tạo',
        'Ngày cập nhật',
      ]);
      expect(rows.slice(1).map((r) => r[0])).toEqual(
        Array.from({ length: 10 }, (_, i) => `SEED_${String(i * 3).padStart(2, '0')}`),
      );
      // an enum by its name in the caller's language (issue 27), as the list shows it
      expect(rows[1]?.slice(0, 6)).toEqual([
        'SEED_00',
        'Kỹ sư 0',
        undefined,
        undefined,
        29,
        'Ngừng hoạt động',
      ]);
      expect(rows[1]?.[6]).toBeInstanceOf(Date);
    });

    it('writes English headers for an English caller, and an empty sheet when nothing matches', async () => {
      const res = await fetch(`${kit.server.url}${BASE}/export?keyword=nothing-like-this`, {
        headers: { authorization: `Bearer ${caller.token}`, language: 'en' },
      });
      const rows = await readSheet(Buffer.from(await res.arrayBuffer()));
      expect(rows).toEqual([
        [
          'Code',
          'Name',
          'English name',
          'Description',
          'Priority',
          'Status',
          'Created at',
          'Last modified at',
        ],
      ]);
    });

    it('gives a template with the import columns, a note of the rules on each, and instructions', async () => {
      const res = await download(`${kit.server.url}${BASE}/download-template`, caller.token);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-disposition')).toBe('attachment; filename="job-titles_template.xlsx"');
      const rows = await readSheet(res.bytes);
      expect(rows).toEqual([['Mã', 'Tên', 'Tên tiếng Anh', 'Mô tả', 'Thứ tự ưu tiên']]);
      const instructions = await readSheet(res.bytes, 2);
      expect(String(instructions[0]?.[0])).toContain(String(ImportLimits.maxRows));
      const ExcelJS = (await import('exceljs')).default;
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(res.bytes as unknown as ArrayBuffer);
      const note = workbook.worksheets[0]?.getCell('A1').note;
      expect(JSON.stringify(note)).toContain('4–50');
    });
  });

  describe('import', () => {
    const header = ['Mã', 'Tên', 'Mô tả', 'Thứ tự ưu tiên'];

    it('imports every row in one go and logs each', async () => {
      const before = await count();
      const file = await workbookOf([
        header,
        ['IMP_001', 'Nhập một', 'Từ tệp', 5],
        ['IMP_002', 'Nhập hai', null, '6'],
        [],
        [1234, 'Mã là số', null, null],
      ]);
      const res = await upload(`${kit.server.url}${BASE}/import`, caller.token, file);
      expect(res.status).toBe(200);
      expect(res.json).toEqual({ data: { imported: 3, updated: 0 } });
      expect(await count()).toBe(before + 3);
      const imported = await get<Page>(`${BASE}?code=IMP_002&code=1234`);
      expect(imported.body.data.map((r) => [r.code, r.priority, r.description]).sort()).toEqual([
        ['1234', 0, null],
        ['IMP_002', 6, null],
      ]);
      const logs = await get<{ data: { action: string }[] }>('/api/system/action-logs?action=IMPORT');
      expect(logs.body.data).toHaveLength(3);
    });

    it('answers bad rows with the error workbook, status 400, and imports none', async () => {
      const before = await count();
      const logsBefore = await logCount();
      const file = await workbookOf([
        header,
        ['GOOD_01', 'Hợp lệ', null, 1],
        ['x!', 'Mã sai', null, 1],
        ['GOOD_02', null, null, -3],
        ['good_01', 'Trùng trong tệp', null, 2],
        ['SEED_05', 'Đã có', null, 2],
        ['GOOD_03', 'T'.repeat(201), null, 1],
      ]);
      const res = await upload(`${kit.server.url}${BASE}/import`, caller.token, file);
      expect(res.status).toBe(400);
      expect(res.headers.get('content-disposition')).toMatch(
        /^attachment; filename="import_err_job-titles_\d{14}\.xlsx"$/,
      );
      // Five of the six rows fail; the page says how many.
      expect(res.headers.get('x-failed-rows')).toBe('5');
      const rows = await readSheet(res.bytes);
      expect(rows[0]).toEqual([...header, 'Lỗi']);
      const messages = rows.slice(1).map((r) => r[4]);
      expect(messages[0]).toBeUndefined();
      expect(messages[1]).toMatch(/^Mã: sai định dạng/);
      expect(messages[2]).toMatch(/Tên: bắt buộc/);
      expect(messages[2]).toMatch(/Thứ tự ưu tiên: quá nhỏ/);
      expect(messages[3]).toBe('Mã: trùng với dòng 2');
      expect(messages[4]).toBe('Mã: đã tồn tại');
      expect(messages[5]).toMatch(/^Tên: quá dài/);
      expect(rows[2]?.slice(0, 2)).toEqual(['x!', 'Mã sai']);
      expect(await count()).toBe(before);
      expect(await logCount()).toBe(logsBefore);
    });

    it('refuses what is not an import: no file, not xlsx, missing columns, too many rows, too large', async () => {
      const url = `${kit.server.url}${BASE}/import`;
      const json = await post<ErrorEnvelope>(`${BASE}/import`, { file: 'x' });
      expect(json.status).toBe(400);
      expect(json.body.errors?.[0]?.field).toBe('file');
      const text = await upload(url, caller.token, Buffer.from('not a workbook'));
      expect(text.status).toBe(400);
      expect(text.json?.errors).toEqual([expect.objectContaining({ field: 'file' })]);
      const columns = await upload(url, caller.token, await workbookOf([['Tên'], ['Không có mã']]));
      expect(columns.status).toBe(400);
      expect(JSON.stringify(columns.json)).toContain('Mã');
      const many = await workbookOf([
        header,
        ...Array.from({ length: ImportLimits.maxRows + 1 }, (_, i) => [`MANY_${i}`, 'Nhiều']),
      ]);
      const tooMany = await upload(url, caller.token, many);
      expect(tooMany.status).toBe(400);
      expect(String(tooMany.json?.message)).toContain(String(ImportLimits.maxRows));
      const tooLarge = await upload(url, caller.token, Buffer.alloc(ImportLimits.maxFileBytes + 1));
      expect(tooLarge.status).toBe(413);
      expect(tooLarge.json?.code).toBe('PAYLOAD_TOO_LARGE');
      expect(await count('?keyword=MANY_')).toBe(0);
    });
  });
});
