import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { download, readSheet, upload, workbookOf } from '../../../resources/testing/kit.ts';
import { createTestDatabase, testEngines, type TestDatabase } from '../../../testing/engines.ts';
import { accessTokenFor, makeTenant, makeUser } from '../../../testing/factories.ts';
import { httpClient, type HttpClient } from '../../../testing/http-client.ts';
import { startTestServer, type TestServer } from '../../../testing/test-server.ts';
import { organizationUnitResource } from '../organization-units/resources.ts';
import { workerResource } from './resources.ts';

/*
 * An employee's addresses from a spreadsheet: a province by its code, its name or its short name
 * (accents optional), a ward by its code or its name among the wards of the row's province
 * (import/area-cells.ts). Thành phố Hồ Chí Minh 79 has Phường Bến Thành 26743, Phường Sài Gòn
 * 26740, Xã Thanh An and Xã Thạnh An; Thành phố Hà Nội 01 has Phường Ba Đình 00004; Tỉnh Bình
 * Dương 74 was merged away.
 */

const WORKERS = '/api/om/workers';
const IMPORT = `${WORKERS}/import`;
const columns = workerResource.declaration.importColumns;
const header = columns.map((name) => workerResource.field(name).label.vi);
/** a row with the given cells by field name, the rest empty */
const row = (cells: Record<string, unknown>) => columns.map((name) => cells[name] ?? null);
type Worker = Record<string, unknown> & { id: string; code: string };

const AREA_FIELDS = [
  'permanentProvinceCode',
  'permanentWardCode',
  'temporaryProvinceCode',
  'temporaryWardCode',
  'homeTownProvinceCode',
  'homeTownWardCode',
] as const;

describe.each(await testEngines())('employees’ addresses imported on $engine', ({ engine }) => {
  let database: TestDatabase;
  let server: TestServer;
  let http: HttpClient;
  let token = '';
  let unit = '';
  const person = (code: string, cells: Record<string, unknown> = {}) =>
    row({ code, fullName: `Lê ${code}`, gender: 'MALE', organizationUnitId: 'PHONG_NS', ...cells });
  /** the tenant's workers by code, each read whole: the addresses are no column of the list */
  const workers = async () => {
    const listed = (await http.get<{ data: Worker[] }>(`${WORKERS}?sortBy=code.asc&pageSize=100`, token)).body
      .data;
    return Promise.all(
      listed.map(async ({ id }) => (await http.get<{ data: Worker }>(`${WORKERS}/${id}`, token)).body.data),
    );
  };
  const areasOf = (worker: Worker | undefined) =>
    Object.fromEntries(AREA_FIELDS.map((name) => [name, worker?.[name] ?? null]));

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    server = await startTestServer(
      { ...database.env, LOG_LEVEL: 'warn' },
      {
        areas: true,
      },
    );
    http = httpClient(server.url);
    const tenant = await makeTenant(server.db.orm);
    const permissions = [workerResource, organizationUnitResource].flatMap((resource) =>
      (['view', 'create', 'update', 'delete', 'export'] as const).map((a) => resource.permissionFor(a)),
    );
    const { user } = await makeUser(
      { db: server.db.orm, passwords: server.passwords },
      { tenantId: tenant.id, permissions },
    );
    token = await accessTokenFor(server.db.orm, user);
    const made = await http.post<{ data: { id: string } }>(
      '/api/om/organization-units',
      { code: 'PHONG_NS', name: 'Phòng Nhân sự', typeCode: 'PHONG' },
      token,
    );
    unit = made.body.data.id;
  });
  afterAll(async () => {
    await server?.stop();
    await database?.dispose();
  });

  it('has the area columns in its template, as text cells that say a name will do', async () => {
    const template = await download(`${server.url}${WORKERS}/download-template`, token);
    expect(template.status).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(template.bytes as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0] as ExcelJS.Worksheet;
    const at = header.indexOf('Phường/Xã (thường trú)') + 1;
    expect(at).toBeGreaterThan(0);
    expect(sheet.getColumn(at).numFmt).toBe('@');
    expect(String(sheet.getRow(1).getCell(at).note)).toContain('"Phường Bến Thành", "Bến Thành"');
  });

  it('takes a province by code, name or short name without accents, and a ward by code or name in its province', async () => {
    const res = await upload(
      `${server.url}${IMPORT}`,
      token,
      await workbookOf([
        header,
        person('NV_A', {
          permanentProvinceCode: '79',
          permanentWardCode: '26743',
          temporaryProvinceCode: 'Thành phố Hà Nội',
          temporaryWardCode: 'Phường Ba Đình',
          homeTownProvinceCode: 'ho chi minh',
          homeTownWardCode: 'ben thanh',
        }),
        person('NV_B', {
          // a number cell: Excel dropped the zero of Hà Nội's 01 (and Ba Đình's 00004)
          permanentProvinceCode: 1,
          permanentWardCode: 4,
          temporaryProvinceCode: 'HỒ CHÍ MINH',
          temporaryWardCode: 'Sài Gòn',
          // accents tell Xã Thạnh An from Xã Thanh An; Tân Phú is a ward of several provinces
          homeTownProvinceCode: 'Hồ Chí Minh',
          homeTownWardCode: 'Thạnh An',
        }),
        person('NV_C', { permanentProvinceCode: ' thành phố hồ chí minh ', permanentWardCode: 'tan phu' }),
      ]),
    );
    expect(res.status, JSON.stringify(res.json ?? (await readSheet(res.bytes)))).toBe(200);
    expect(res.json).toEqual({ data: { imported: 3, updated: 0 } });
    const [a, b, c] = await workers();
    expect(areasOf(a)).toEqual({
      permanentProvinceCode: '79',
      permanentWardCode: '26743',
      temporaryProvinceCode: '01',
      temporaryWardCode: '00004',
      homeTownProvinceCode: '79',
      homeTownWardCode: '26743',
    });
    expect(b).toMatchObject({
      permanentProvinceCode: '01',
      permanentWardCode: '00004',
      temporaryProvinceCode: '79',
      temporaryWardCodeName: 'Phường Sài Gòn',
      homeTownWardCodeName: 'Xã Thạnh An',
    });
    expect(c).toMatchObject({ permanentProvinceCode: '79', permanentWardCodeName: 'Phường Tân Phú' });
  });

  it('refuses, on the cell, a name of nothing, an ambiguous name, a ward of another province and an area not in force, writing nothing', async () => {
    const before = (await workers()).length;
    const res = await upload(
      `${server.url}${IMPORT}`,
      token,
      await workbookOf([
        header,
        person('NV_R1', { permanentProvinceCode: 'Hà Nội', permanentWardCode: '26743' }),
        person('NV_R2', { permanentProvinceCode: '01', permanentWardCode: 'Bến Thành' }),
        person('NV_R3', { temporaryProvinceCode: 'Sài Gòn Mới' }),
        person('NV_R4', { homeTownProvinceCode: '74' }),
        person('NV_R5', { homeTownProvinceCode: '79', homeTownWardCode: 'thanh an' }),
        person('NV_R6', { temporaryWardCode: '26743' }),
        person('NV_OK', { permanentProvinceCode: '79', permanentWardCode: 'Bến Thành' }),
      ]),
    );
    expect(res.status).toBe(400);
    expect(res.headers.get('x-failed-rows')).toBe('6');
    const [head, ...rows] = await readSheet(res.bytes);
    expect(head?.[header.length]).toBe('Lỗi');
    expect(rows.map((cells) => cells[header.length] ?? null)).toEqual([
      'Phường/Xã (thường trú): không thuộc Thành phố Hà Nội (26743)',
      'Phường/Xã (thường trú): không xác định được phường/xã trong tỉnh/thành phố của dòng: nhập mã 5 chữ số hoặc tên đầy đủ',
      'Tỉnh/Thành phố (tạm trú): không xác định được tỉnh/thành phố: nhập mã 2 chữ số hoặc tên (có dấu hoặc không)',
      'Tỉnh/Thành phố (quê quán): không phải tỉnh/thành phố hiện hành (74)',
      'Phường/Xã (quê quán): không xác định được phường/xã trong tỉnh/thành phố của dòng: nhập mã 5 chữ số hoặc tên đầy đủ',
      'Phường/Xã (tạm trú): cần Tỉnh/Thành phố (tạm trú)',
      null,
    ]);
    // what names nothing comes back as typed
    expect(rows[2]?.[header.indexOf('Tỉnh/Thành phố (tạm trú)')]).toBe('Sài Gòn Mới');
    expect((await workers()).length).toBe(before);
  });

  it('imports back an exported file: the names it writes become the codes again', async () => {
    const made = await http.post<{ data: Worker }>(
      WORKERS,
      {
        code: 'NV_XUAT',
        fullName: 'Phạm Xuất',
        gender: 'FEMALE',
        organizationUnitId: unit,
        permanentProvinceCode: '01',
        permanentWardCode: '00004',
      },
      token,
    );
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const exported = await download(`${server.url}${WORKERS}/export?keyword=NV_XUAT`, token);
    expect(exported.status).toBe(200);
    const [names, ...rows] = await readSheet(exported.bytes);
    const at = (title: string) => names?.indexOf(title) ?? -1;
    // the export writes the ward before its province, by name
    expect(at('Phường/Xã (thường trú)')).toBeLessThan(at('Tỉnh/Thành phố (thường trú)'));
    expect(rows[0]?.[at('Phường/Xã (thường trú)')]).toBe('Phường Ba Đình');
    expect(rows[0]?.[at('Tỉnh/Thành phố (thường trú)')]).toBe('Thành phố Hà Nội');
    // the same person again under another code
    const again = rows.map((cells) => cells.map((cell, i) => (i === at('Mã nhân viên') ? 'NV_NHAP' : cell)));
    const res = await upload(`${server.url}${IMPORT}`, token, await workbookOf([names ?? [], ...again]));
    expect(res.status, JSON.stringify(res.json ?? (await readSheet(res.bytes)))).toBe(200);
    const back = (await workers()).find((worker) => worker.code === 'NV_NHAP');
    expect(back).toMatchObject({
      permanentProvinceCode: '01',
      permanentWardCode: '00004',
      permanentWardCodeName: 'Phường Ba Đình',
    });
  });
});
