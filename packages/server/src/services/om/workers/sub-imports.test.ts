import type { ErrorEnvelope } from '@hcm/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
import { organizationUnitResource } from '../organization-units/resources.ts';
import { workerResource } from './resources.ts';

/*
 * An employee's family, education, past work and military service from spreadsheets
 * (catalogues §2.1 "imports for related persons, military, academic, employments"): each row
 * names an employee by code; all rows are written or none.
 */

const BASE = '/api/om/workers';
type Worker = Record<string, unknown> & { id: string; version: number };
type Answer = { data: Worker } & ErrorEnvelope;

describe.each(await testEngines())('imports of employees’ records on $engine', ({ engine }) => {
  let kit: ResourceTestKit;
  let hr: Caller;
  let other: Caller;
  const ids: Record<string, string> = {};
  const url = (name: string, what: 'import' | 'download-template') =>
    `${kit.server.url}${BASE}/sub-imports/${name}/${what}`;
  const read = async (code: string) =>
    (await kit.http.get<Answer>(`${BASE}/${ids[code]}`, hr.token)).body.data;

  beforeAll(async () => {
    kit = await startResourceTestKit(engine);
    hr = await kit.caller([workerResource, organizationUnitResource]);
    other = await kit.caller([workerResource, organizationUnitResource]);
    const unit = await kit.http.post<Answer>(
      '/api/om/organization-units',
      { code: 'PHONG_HC', name: 'Phòng Hành chính', typeCode: 'PHONG' },
      hr.token,
    );
    for (const [code, fullName] of [
      ['NV001', 'Nguyễn Văn An'],
      ['NV002', 'Trần Thị Bình'],
    ] as const) {
      const made = await kit.http.post<Answer>(
        BASE,
        {
          code,
          fullName,
          gender: 'MALE',
          organizationUnitId: unit.body.data.id,
          relatedPersons: code === 'NV001' ? [{ relation: 'Bố', fullName: 'Nguyễn Văn Cả' }] : [],
        },
        hr.token,
      );
      expect(made.status, JSON.stringify(made.body)).toBe(200);
      ids[code] = made.body.data.id;
    }
  });
  afterAll(() => kit?.stop());

  it('gives a template per import: the employee code, then the list’s own columns', async () => {
    const family = await download(url('related-persons', 'download-template'), hr.token);
    expect(family.status).toBe(200);
    const [header] = await readSheet(family.bytes);
    expect(header).toEqual([
      'Mã nhân viên',
      'Quan hệ',
      'Họ và tên',
      'Ngày sinh',
      'Nghề nghiệp',
      'Điện thoại',
      'Người phụ thuộc',
    ]);
    const military = await download(url('military', 'download-template'), hr.token);
    expect((await readSheet(military.bytes))[0]).toEqual([
      'Mã nhân viên',
      'Số hiệu quân nhân',
      'Cấp bậc quân hàm',
      'Ngày nhập ngũ',
      'Ngày xuất ngũ',
    ]);
    expect((await download(url('salaries', 'download-template'), hr.token)).status).toBe(400);
  });

  it('adds family rows after those an employee has, in the sheet’s order, and sets military service', async () => {
    const family = await workbookOf([
      ['Mã nhân viên', 'Quan hệ', 'Họ và tên', 'Ngày sinh', 'Người phụ thuộc'],
      ['nv001', 'Mẹ', 'Lê Thị Dung', '1965-03-08', 'FALSE'],
      ['NV002', 'Con', 'Trần Minh Khôi', '2019-10-20', 'TRUE'],
      ['NV001', 'Vợ', 'Phạm Thu Hà', '1992-01-15', 'FALSE'],
    ]);
    const res = await upload(url('related-persons', 'import'), hr.token, family);
    expect(res.status, res.bytes.toString()).toBe(200);
    expect(res.json).toEqual({ data: { imported: 3, updated: 2 } });
    expect(((await read('NV001')).relatedPersons as { fullName: string }[]).map((p) => p.fullName)).toEqual([
      'Nguyễn Văn Cả',
      'Lê Thị Dung',
      'Phạm Thu Hà',
    ]);
    expect((await read('NV002')).relatedPersons).toEqual([
      expect.objectContaining({ relation: 'Con', fullName: 'Trần Minh Khôi', isDependant: true }),
    ]);

    const military = await workbookOf([
      ['Mã nhân viên', 'Số hiệu quân nhân', 'Cấp bậc quân hàm', 'Ngày nhập ngũ', 'Ngày xuất ngũ'],
      ['NV002', 'QN123456', 'Thượng uý', '2010-02-01', '2015-02-01'],
    ]);
    const done = await upload(url('military', 'import'), hr.token, military);
    expect(done.json).toEqual({ data: { imported: 1, updated: 1 } });
    expect(await read('NV002')).toMatchObject({
      militaryId: 'QN123456',
      militaryRank: 'Thượng uý',
      militaryEnlistDate: '2010-02-01',
      militaryDischargeDate: '2015-02-01',
    });
    const log = await kit.http.get<{ data: { action: string }[] }>(
      `/api/system/action-logs?resource=worker&recordId=${ids.NV002}`,
      hr.token,
    );
    expect(log.body.data.map((entry) => entry.action)).toContain('IMPORT');
  });

  it('refuses the whole sheet, naming each bad row, when a row names nobody, breaks a rule or runs dates backwards', async () => {
    const before = await read('NV001');
    const sheet = await workbookOf([
      ['Mã nhân viên', 'Từ ngày', 'Đến ngày', 'Nơi làm việc', 'Chức vụ, công việc'],
      ['NV001', '2010-01-01', '2012-12-31', 'Công ty X', 'Kế toán'],
      ['NV999', '2013-01-01', '', 'Công ty Y', ''],
      ['NV001', '2015-01-01', '2014-01-01', 'Công ty Z', ''],
    ]);
    const res = await upload(url('employments', 'import'), hr.token, sheet);
    expect(res.status).toBe(400);
    expect(res.headers.get('x-failed-rows')).toBe('1');
    const [header, ...rows] = await readSheet(res.bytes);
    expect(header?.at(-1)).toBe('Lỗi');
    expect(rows[1]?.at(-1)).toBe('Mã nhân viên: không tìm thấy');

    // with the unknown code gone, the backwards dates are the one problem left
    const second = await upload(
      url('employments', 'import'),
      hr.token,
      await workbookOf([
        ['Mã nhân viên', 'Từ ngày', 'Đến ngày', 'Nơi làm việc'],
        ['NV001', '2010-01-01', '2012-12-31', 'Công ty X'],
        ['NV001', '2015-01-01', '2014-01-01', 'Công ty Z'],
      ]),
    );
    expect(second.status).toBe(400);
    const marked = await readSheet(second.bytes);
    expect(marked[1]?.length).toBe(4);
    expect(String(marked[2]?.at(-1))).toMatch(/^Đến ngày: must not be before fromDate/);
    // a required cell left empty
    const third = await upload(
      url('employments', 'import'),
      hr.token,
      await workbookOf([
        ['Mã nhân viên', 'Từ ngày', 'Nơi làm việc'],
        ['NV001', '2010-01-01', ''],
      ]),
    );
    expect(third.status).toBe(400);
    expect(await read('NV001')).toMatchObject({ version: before.version, employments: [] });
  });

  it('never reaches another tenant’s employee: its code names nobody here', async () => {
    const res = await upload(
      url('academics', 'import'),
      other.token,
      await workbookOf([
        ['Mã nhân viên', 'Trình độ'],
        ['NV001', 'Đại học'],
      ]),
    );
    expect(res.status).toBe(400);
    expect((await read('NV001')).academics).toEqual([]);
  });
});
