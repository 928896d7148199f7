import { defineContract, f, label } from '@hcm/contracts/resource';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngines } from '../../testing/engines.ts';
import { accessTokenFor, makeTenant, makeUser } from '../../testing/factories.ts';
import { startTestServer, type TestServer } from '../../testing/test-server.ts';
import type { TestDatabase } from '../../testing/engines.ts';
import { createTestDatabase } from '../../testing/engines.ts';
import { bindResource } from '../bind-resource.ts';
import { registerResources } from '../routes/register-resources.ts';
import { createScratchTables, scratchThings } from '../testing/scratch-resource.ts';
import { download, readSheet, upload, workbookOf } from '../testing/kit.ts';
import { enumCodeOf, isoDateOf } from '../xlsx/sheet-values.ts';

/** Vietnamese-friendly spreadsheets (issue 27): enum names and dd/MM/yyyy, both ways. */

const genders = {
  MALE: label('gender.male', 'Nam', 'Male'),
  FEMALE: label('gender.female', 'Nữ', 'Female'),
  OTHER: label('gender.other', 'Khác', 'Other'),
};

describe('enumCodeOf and isoDateOf', () => {
  it('reads a code, a Vietnamese or an English name, in any case, accents optional when unambiguous', () => {
    for (const [typed, code] of [
      ['Nam', 'MALE'],
      ['nữ', 'FEMALE'],
      ['NỮ', 'FEMALE'],
      ['nu', 'FEMALE'],
      ['female', 'FEMALE'],
      ['OTHER', 'OTHER'],
      ['khac', 'OTHER'],
      ['  Khác ', 'OTHER'],
      ['Namm', undefined],
    ] as const)
      expect(enumCodeOf(genders, typed), typed).toBe(code);
  });

  it('refuses a folded name that would name two values, but takes the exact one', () => {
    const years = { YEAR: label('t.year', 'Năm', 'Year'), SOUTH: label('t.south', 'Nam', 'South') };
    expect(enumCodeOf(years, 'nam')).toBe('SOUTH'); // exact (case only) first
    expect(enumCodeOf(years, 'Năm')).toBe('YEAR');
    const twins = { A: label('t.a', 'Hà', 'A'), B: label('t.b', 'Há', 'B') };
    expect(enumCodeOf(twins, 'ha')).toBeUndefined();
  });

  it('reads dd/MM/yyyy and ISO dates, and refuses a day the calendar lacks', () => {
    expect(isoDateOf('05/03/2026')).toBe('2026-03-05');
    expect(isoDateOf('5/3/2026')).toBe('2026-03-05');
    expect(isoDateOf('29.02.2024')).toBe('2024-02-29');
    expect(isoDateOf('2026-03-05')).toBe('2026-03-05');
    expect(isoDateOf('31/02/2026')).toBeUndefined();
    expect(isoDateOf('03/2026')).toBeUndefined();
  });
});

/** The scratch table with its name column read as a gender, and the status imported too. */
const contract = defineContract({
  service: 'om',
  path: 'scratch-people',
  route: '/setting/scratch-people',
  permission: 'job_title',
  level: 'tenant',
  title: label('test.people.title', 'Người thử', 'Scratch people'),
  singular: label('test.people.singular', 'Người thử', 'Scratch person'),
  fields: {
    code: f.code(),
    name: f.enumOf({
      label: label('test.people.gender', 'Giới tính', 'Gender'),
      valueLabels: genders,
      required: true,
    }),
    startsOn: f.date({ label: label('test.people.startsOn', 'Ngày bắt đầu', 'Start date') }),
    status: f.status(),
  },
  columns: ['code', 'name', 'startsOn', 'status'],
  keyword: ['code'],
  filters: ['status'],
  sort: ['code', 'createdAt'],
  defaultSort: { field: 'code', direction: 'asc' },
  importColumns: ['code', 'name', 'startsOn', 'status'],
});
const people = bindResource(contract, { table: scratchThings });
const BASE = '/api/om/scratch-people';

describe.each(await testEngines())('spreadsheets in Vietnamese on $engine', ({ engine }) => {
  let database: TestDatabase;
  let server: TestServer;
  let token = '';

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    server = await startTestServer(
      { ...database.env, LOG_LEVEL: 'warn' },
      {
        async routes(app, db) {
          await createScratchTables(db.orm);
          await app.register(async (scoped) => registerResources(scoped, [people], { db: db.orm }));
        },
      },
    );
    const tenant = await makeTenant(server.db.orm);
    const { user } = await makeUser(
      { db: server.db.orm, passwords: server.passwords },
      {
        tenantId: tenant.id,
        permissions: ['view', 'create', 'update', 'export'].map((a) => `job_title.${a}`),
      },
    );
    token = await accessTokenFor(server.db.orm, user);
  });
  afterAll(async () => {
    await server?.stop();
    await database?.dispose();
  });

  const header = ['Mã', 'Giới tính', 'Ngày bắt đầu', 'Trạng thái'];
  const fetchIn = (path: string, language: 'vi' | 'en') =>
    fetch(`${server.url}${BASE}${path}`, { headers: { authorization: `Bearer ${token}`, language } });

  it('imports names in either language, codes, dd/MM/yyyy, ISO dates and real date cells', async () => {
    const res = await upload(
      `${server.url}${BASE}/import`,
      token,
      await workbookOf([
        header,
        ['P_01', 'Nam', '05/03/2026', 'Đang hoạt động'],
        ['P_02', 'nữ', '2026-03-06', 'ngung hoat dong'],
        ['P_03', 'FEMALE', new Date(Date.UTC(2026, 2, 7)), 'Inactive'],
        ['P_04', 'Other', null, 'ACTIVE'],
      ]),
    );
    expect(res.status, res.bytes.toString()).toBe(200);
    const list = (await (await fetchIn('?sortBy=code.asc', 'vi')).json()) as {
      data: { code: string; name: string; startsOn: string | null; status: string }[];
    };
    expect(list.data.map((p) => [p.code, p.name, p.startsOn, p.status])).toEqual([
      ['P_01', 'MALE', '2026-03-05', 'ACTIVE'],
      ['P_02', 'FEMALE', '2026-03-06', 'INACTIVE'],
      ['P_03', 'FEMALE', '2026-03-07', 'INACTIVE'],
      ['P_04', 'OTHER', null, 'ACTIVE'],
    ]);
  });

  it('says which value a cell should hold when it names none, in the caller’s language', async () => {
    const res = await upload(
      `${server.url}${BASE}/import`,
      token,
      await workbookOf([header, ['Q_01', 'Namm', '31/02/2026', null]]),
    );
    expect(res.status).toBe(400);
    const rows = await readSheet(res.bytes);
    const messages = String(rows[1]?.at(-1));
    expect(messages).toContain("Giới tính 'Namm' không hợp lệ; chọn một trong: Nam, Nữ, Khác");
    expect(messages).toContain('Ngày bắt đầu');
    expect(messages).toContain('dd/MM/yyyy');
    expect(messages).not.toContain('is not valid');
  });

  it.each([
    ['vi', ['Nam', 'Nữ'], 'Đang hoạt động'],
    ['en', ['Male', 'Female'], 'Active'],
  ] as const)('exports names and real dd/MM/yyyy dates (%s)', async (language, names, active) => {
    const res = await fetchIn('/export?sortBy=code.asc', language);
    expect(res.status).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await res.arrayBuffer());
    const sheet = workbook.worksheets[0];
    if (!sheet) throw new Error('the workbook has no sheet');
    expect(sheet.getCell('B2').value).toBe(names[0]);
    expect(sheet.getCell('B3').value).toBe(names[1]);
    expect(sheet.getCell('D2').value).toBe(active);
    const date = sheet.getCell('C2');
    expect(date.value).toEqual(new Date(Date.UTC(2026, 2, 5)));
    expect(date.numFmt).toBe('dd/mm/yyyy');
  });

  it('imports back what it exported', async () => {
    const exported = Buffer.from(await (await fetchIn('/export?sortBy=code.asc', 'vi')).arrayBuffer());
    const rows = (await readSheet(exported)).map((row, i) =>
      i === 0 ? row.slice(0, 4) : [`R${String(row[0])}`, ...row.slice(1, 4)],
    );
    const res = await upload(`${server.url}${BASE}/import`, token, await workbookOf(rows));
    expect(res.status, res.bytes.toString()).toBe(200);
    const back = (await (await fetchIn('?keyword=RP_0&sortBy=code.asc', 'vi')).json()) as {
      data: { name: string; startsOn: string | null; status: string }[];
    };
    expect(back.data.map((p) => [p.name, p.startsOn, p.status])).toEqual([
      ['MALE', '2026-03-05', 'ACTIVE'],
      ['FEMALE', '2026-03-06', 'INACTIVE'],
      ['FEMALE', '2026-03-07', 'INACTIVE'],
      ['OTHER', null, 'ACTIVE'],
    ]);
  });

  it.each([
    ['vi', 'Nam, Nữ, Khác', 'Nam, Nữ, Khác', 'dd/MM/yyyy'],
    ['en', 'Male, Female, Other', 'Male,Female,Other', 'dd/MM/yyyy'],
  ] as const)(
    'gives a template that asks for names and dd/MM/yyyy (%s)',
    async (language, rule, list, date) => {
      const res = await download(`${server.url}${BASE}/download-template`, token);
      const file =
        language === 'vi'
          ? res.bytes
          : Buffer.from(await (await fetchIn('/download-template', 'en')).arrayBuffer());
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(file as unknown as ArrayBuffer);
      const sheet = workbook.worksheets[0];
      if (!sheet) throw new Error('the workbook has no sheet');
      expect(JSON.stringify(sheet.getCell('B1').note)).toContain(rule);
      expect(JSON.stringify(sheet.getCell('C1').note)).toContain(date);
      expect(sheet.getCell('B2').dataValidation).toMatchObject({
        type: 'list',
        formulae: [`"${list.replace(/, /g, ',')}"`],
      });
      expect(sheet.getColumn(3).numFmt).toBe('dd/mm/yyyy');
    },
  );
});
