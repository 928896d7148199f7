import type { ErrorEnvelope, FieldError } from '@hcm/contracts';
import type { SalaryComponentRecord } from '@hcm/contracts/salary-components';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  readSheet,
  startResourceTestKit,
  upload,
  workbookOf,
  type Caller,
  type ResourceTestKit,
} from '../../../resources/testing/kit.ts';
import { testEngines } from '../../../testing/engines.ts';
import { accessTokenFor, makeUser } from '../../../testing/factories.ts';
import { payrollTemplateResource } from '../templates/resource.ts';
import { salaryComponentResource } from './resource.ts';
import { componentFactory } from '../templates/testing.ts';

const API = '/api/pm/salary-components';
const TEMPLATES = '/api/pm/payroll-templates';
type One = { data: SalaryComponentRecord };

/*
 * Salary › Payroll composition (issue 32 item 2; docs/payroll-templates.md): the record engine's
 * CRUD, export and import, and every refusal of a save — a formula naming what the catalogue and
 * the tenant do not have, a syntax or type error, a cycle, a code the catalogue has, a formula
 * component without its formula, a delete while in use, a change that breaks a template — each
 * with its message and nothing written.
 */
describe.each(await testEngines())('salary components on $engine', ({ engine }) => {
  let kit: ResourceTestKit;
  let hr: Caller;
  let make: ReturnType<typeof componentFactory>;

  const post = <T = One>(path: string, body?: unknown, token = hr.token) =>
    kit.http.post<T>(path, body, token);
  const refused = async (path: string, body: unknown, status = 422) => {
    const res = await post<ErrorEnvelope>(path, body);
    expect(res.status, JSON.stringify(res.body)).toBe(status);
    return res.body;
  };
  const count = async () =>
    (await kit.http.get<{ data: number }>(`${API}/count`, hr.token)).body.data as unknown as number;

  beforeAll(async () => {
    kit = await startResourceTestKit(engine);
    hr = await kit.caller([salaryComponentResource, payrollTemplateResource]);
    make = componentFactory(kit.http, hr.token);
  });
  afterAll(() => kit?.stop());

  it('creates, reads, updates and deletes a component; keeps its code in upper case', async () => {
    const basic = await make({ code: 'luong_cb', name: 'Lương cơ bản' });
    expect(basic.code).toBe('LUONG_CB');
    expect(basic).toMatchObject({ source: 'INPUT', formula: null, valueType: 'MONEY', roundingMode: 'NONE' });
    const computed = await make({
      code: 'LUONG_NGAY',
      formula: 'IF(CONG_CHUAN = 0, 0, luong_cb / CONG_CHUAN)',
      roundingMode: 'ROUND',
      roundingDigits: -3,
    });
    expect(computed).toMatchObject({ source: 'FORMULA', roundingDigits: -3 });
    const renamed = await post(`${API}/${computed.id}/update`, {
      version: computed.version,
      name: 'Lương một ngày công',
    });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expect(renamed.body.data.name).toBe('Lương một ngày công');
    // switching to an input drops the formula (an input has none)
    const input = await post(`${API}/${computed.id}/update`, {
      version: renamed.body.data.version,
      source: 'INPUT',
    });
    expect(input.body.data).toMatchObject({ source: 'INPUT', formula: null });
    const listed = await kit.http.get<{ data: SalaryComponentRecord[] }>(
      `${API}?keyword=luong_ngay`,
      hr.token,
    );
    expect(listed.body.data.map((c) => c.code)).toEqual(['LUONG_NGAY']);
    expect((await post(`${API}/${computed.id}/delete`)).status).toBe(200);
    expect((await kit.http.get(`${API}/${computed.id}`, hr.token)).status).toBe(404);
  });

  it('refuses an unknown variable naming it and its place, in both languages; nothing written', async () => {
    const before = await count();
    const body = await refused(API, {
      code: 'PHU_CAP_KV',
      name: 'Phụ cấp khu vực',
      source: 'FORMULA',
      formula: 'LUONG_HOP_DONG * HE_SO_KV',
    });
    expect(body.code).toBe('VALIDATION_FAILED');
    const [error] = body.errors as FieldError[];
    expect(error).toMatchObject({
      field: 'formula',
      code: 'formula.errors.unknownVariable',
      params: { name: 'HE_SO_KV', line: 1, column: 18, start: 17, end: 25, component: 'PHU_CAP_KV' },
    });
    expect(error?.message).toBe(
      'PHU_CAP_KV: There is no variable "HE_SO_KV" in the variable catalogue (at column 18)',
    );
    expect(error?.params?.vi).toBe('PHU_CAP_KV: Không có biến “HE_SO_KV” trong danh mục biến (ở cột 18)');
    expect(await count()).toBe(before);
  });

  it('refuses a syntax error and a type error, each with its message and place', async () => {
    const syntax = await refused(API, {
      code: 'TP_SYNTAX',
      name: 'Sai cú pháp',
      source: 'FORMULA',
      formula: 'ROUND(LUONG_HOP_DONG, 0',
    });
    expect(syntax.errors?.[0]).toMatchObject({
      field: 'formula',
      code: 'formula.errors.syntax',
      params: { column: 24 },
    });
    expect(syntax.errors?.[0]?.message).toContain('at column 24');
    const type = await refused(API, {
      code: 'TP_TYPE',
      name: 'Sai kiểu',
      source: 'FORMULA',
      formula: 'LUONG_HOP_DONG + MA_NGACH',
    });
    expect(type.errors?.[0]).toMatchObject({ field: 'formula', code: 'formula.errors.numberExpected' });
    expect(type.errors?.[0]?.message).toBe('TP_TYPE: A number is expected at column 18, but this is text');
    const result = await refused(API, {
      code: 'TP_RESULT',
      name: 'Kết quả',
      valueType: 'MONEY',
      source: 'FORMULA',
      formula: 'MA_NGACH & "x"',
    });
    expect(result.errors?.[0]).toMatchObject({ code: 'formula.errors.resultType' });
    expect(result.errors?.[0]?.params?.vi).toBe(
      'TP_RESULT: Thành phần kiểu MONEY nhưng công thức cho ra văn bản',
    );
  });

  it('refuses a cycle, naming it', async () => {
    const a = await make({ code: 'CYC_A', formula: '1000' });
    await make({ code: 'CYC_B', formula: 'CYC_A + 1' });
    await make({ code: 'CYC_C', formula: 'CYC_B * 2' });
    const body = await refused(`${API}/${a.id}/update`, { version: a.version, formula: 'CYC_C - 1' });
    expect(body.errors?.[0]).toMatchObject({
      field: 'formula',
      code: 'formula.errors.cycle',
      params: { cycle: 'CYC_A → CYC_C → CYC_B → CYC_A' },
    });
    expect(body.errors?.[0]?.params?.vi).toBe(
      'CYC_A: Các thành phần tham chiếu vòng tròn: CYC_A → CYC_C → CYC_B → CYC_A',
    );
    const self = await refused(API, {
      code: 'SELF',
      name: 'Tự tham chiếu',
      source: 'FORMULA',
      formula: 'SELF + 1',
    });
    expect(self.errors?.[0]?.params?.cycle).toBe('SELF → SELF');
    const kept = await kit.http.get<One>(`${API}/${a.id}`, hr.token);
    expect(kept.body.data.formula).toBe('1000');
  });

  it('refuses a code the catalogue already has', async () => {
    const body = await refused(API, { code: 'luong_hop_dong', name: 'Trùng biến' });
    expect(body.errors?.[0]).toMatchObject({ field: 'code', code: 'formula.errors.componentIsVariable' });
    expect(body.errors?.[0]?.message).toBe(
      'The component code LUONG_HOP_DONG is already a variable or table of the catalogue',
    );
    const table = await refused(API, { code: 'LTT_VUNG', name: 'Trùng bảng' });
    expect(table.errors?.[0]?.field).toBe('code');
  });

  it('refuses a formula component without its formula (400, required)', async () => {
    const body = await refused(API, { code: 'NO_FORMULA', name: 'Thiếu công thức', source: 'FORMULA' }, 400);
    expect(body.errors?.[0]).toMatchObject({ field: 'formula', code: 'error.required' });
  });

  it('refuses to delete a component a template lists or another formula reads (409 naming them)', async () => {
    const base = await make({ code: 'DEL_BASE' });
    const reader = await make({ code: 'DEL_READER', formula: 'DEL_BASE * 2' });
    const template = await post<{ data: { id: string } }>(TEMPLATES, {
      code: 'MAU_XOA',
      name: 'Mẫu xoá',
      components: [{ componentId: base.id }],
    });
    expect(template.status, JSON.stringify(template.body)).toBe(200);
    const inTemplate = await refused(`${API}/${base.id}/delete`, undefined, 409);
    expect(inTemplate.params).toMatchObject({ reason: 'inUse', code: 'DEL_BASE', templates: 'MAU_XOA' });
    expect(inTemplate.message).toContain('MAU_XOA');
    expect((await post(`${TEMPLATES}/${template.body.data.id}/delete`)).status).toBe(200);
    const read = await refused(`${API}/${base.id}/delete`, undefined, 409);
    expect(read.params).toMatchObject({ reason: 'inUse', components: 'DEL_READER' });
    expect((await post(`${API}/${reader.id}/delete`)).status).toBe(200);
    expect((await post(`${API}/${base.id}/delete`)).status).toBe(200);
  });

  it('refuses a rename or a type change that breaks a template or another formula, naming them', async () => {
    const gross = await make({ code: 'TONG_LUONG' });
    const tax = await make({ code: 'THUE_X', formula: 'TONG_LUONG * 10%' });
    const template = await post<{ data: { id: string } }>(TEMPLATES, {
      code: 'MAU_DOI_TEN',
      name: 'Mẫu đổi tên',
      components: [{ componentId: gross.id }, { componentId: tax.id }],
    });
    expect(template.status, JSON.stringify(template.body)).toBe(200);
    const rename = await refused(`${API}/${gross.id}/update`, {
      version: gross.version,
      code: 'TONG_THU_NHAP_X',
    });
    const fields = (rename.errors ?? []).map((e) => [e.field, e.code]);
    expect(fields).toEqual([
      ['code', 'salaryComponent.errors.breaksComponent'],
      ['code', 'salaryComponent.errors.breaksTemplate'],
    ]);
    expect(rename.errors?.[1]?.message).toBe(
      'This change breaks the payroll template MAU_DOI_TEN: THUE_X: There is no variable "TONG_LUONG" in the variable catalogue (at column 1)',
    );
    expect(rename.errors?.[0]?.params?.vi).toContain('Thay đổi này làm hỏng công thức của THUE_X');
    const retype = await refused(`${API}/${gross.id}/update`, { version: gross.version, valueType: 'TEXT' });
    expect(retype.errors?.map((e) => e.field)).toEqual(['valueType', 'valueType']);
    expect(retype.errors?.[1]?.params?.template).toBe('MAU_DOI_TEN');
    const kept = await kit.http.get<One>(`${API}/${gross.id}`, hr.token);
    expect(kept.body.data).toMatchObject({ code: 'TONG_LUONG', valueType: 'MONEY', version: gross.version });
  });

  it('imports rows that read each other; a bad formula row is reported on its row and nothing is written', async () => {
    const header = ['Mã', 'Tên', 'Kiểu giá trị', 'Nguồn giá trị', 'Công thức'];
    const good = await workbookOf([
      header,
      ['IMP_B', 'Thưởng theo lương', 'MONEY', 'FORMULA', 'IMP_A * 10%'],
      ['IMP_A', 'Lương nhập', 'MONEY', 'INPUT', ''],
    ]);
    const imported = await upload(`${kit.server.url}${API}/import`, hr.token, good);
    expect(imported.status, JSON.stringify(imported.json)).toBe(200);
    expect(imported.json).toMatchObject({ data: { imported: 2 } });
    const before = await count();
    const bad = await workbookOf([
      header,
      ['IMP_C', 'Đúng', 'MONEY', 'FORMULA', 'IMP_A + 1'],
      ['IMP_D', 'Sai biến', 'MONEY', 'FORMULA', 'IMP_A + HE_SO_KV'],
      ['IMP_E', 'Sai cú pháp', 'MONEY', 'FORMULA', 'IMP_A +'],
    ]);
    const rejected = await upload(`${kit.server.url}${API}/import`, hr.token, bad);
    expect(rejected.status).toBe(400);
    expect(rejected.headers.get('x-failed-rows')).toBe('2');
    const rows = await readSheet(rejected.bytes);
    const messages = rows.map((row) => String(row[row.length - 1] ?? ''));
    expect(messages[2]).toContain('Công thức: IMP_D: Không có biến “HE_SO_KV” trong danh mục biến (ở cột 9)');
    expect(messages[3]).toContain('Công thức: IMP_E: Cần một giá trị ở cột 8, gặp hết công thức');
    expect(await count()).toBe(before);
  });

  it('keeps tenants apart: another tenant neither sees nor names this tenant’s components', async () => {
    const mine = await make({ code: 'RIENG_TU' });
    const other = await kit.caller([salaryComponentResource, payrollTemplateResource]);
    expect((await kit.http.get(`${API}/${mine.id}`, other.token)).status).toBe(404);
    // the same code is free in another tenant, and its formulas cannot read this tenant's
    const theirs = await post(API, { code: 'RIENG_TU', name: 'Của họ' }, other.token);
    expect(theirs.status).toBe(200);
    const template = await post<ErrorEnvelope>(
      TEMPLATES,
      { code: 'MAU_KHAC', name: 'Mẫu khác', components: [{ componentId: mine.id }] },
      other.token,
    );
    expect(template.status).toBe(400);
    expect(template.body.errors?.[0]?.field).toBe('components[0].componentId');
  });

  it('refuses a caller without the permission with 403 naming it', async () => {
    const { user } = await makeUser(
      { db: kit.server.db.orm, passwords: kit.server.passwords },
      { tenantId: hr.tenantId, permissions: ['salary_composition.view'] },
    );
    const token = await accessTokenFor(kit.server.db.orm, user);
    const res = await post<ErrorEnvelope>(API, { code: 'KHONG_QUYEN', name: 'Không quyền' }, token);
    expect(res.status).toBe(403);
    expect(res.body.params?.permissions).toEqual(['salary_composition.create']);
    expect((await kit.http.get(API, token)).status).toBe(200);
  });
});
