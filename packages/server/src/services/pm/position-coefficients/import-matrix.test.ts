import type { ErrorEnvelope } from '@hcm/contracts';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHEET_END, SHEET_START, inlineCell, rawXlsx } from '../../../resources/import/testing/raw-xlsx.ts';
import {
  download,
  startResourceTestKit,
  upload,
  workbookOf,
  type Caller,
  type ResourceTestKit,
} from '../../../resources/testing/kit.ts';
import { actionLogs } from '../../../db/schema.ts';
import { testEngines } from '../../../testing/engines.ts';
import { salaryGradeResource } from '../../om/wage-categories/resources.ts';
import { positionCoefficientResource } from './resource.ts';

type Row = Record<string, unknown> & { id: string; version: number; salaryGrades: unknown[] };

const TABLES = '/api/pm/position-salary-coefficients';
const HEADER = ['Mã ngạch', 'Tên ngạch', 'Bậc 1', 'Bậc 2', 'Bậc 3', 'Bậc 4', 'Bậc 5'];

describe.each(await testEngines())('importing a coefficient matrix on $engine', ({ engine }) => {
  let kit: ResourceTestKit;
  let caller: Caller;
  let stranger: Caller;
  /** the 2024 table: an engineer (steps 1–3) and a technician (steps 1 and 5) */
  let full: Row;
  /** a table whose matrix the imports replace */
  let target: Row;

  const post = async <T>(path: string, body: unknown, who = caller) =>
    kit.http.post<T>(path, body, who.token);
  const read = async (id: string) =>
    (await kit.http.get<{ data: Row }>(`${TABLES}/${id}`, caller.token)).body.data;
  const importInto = async (id: string, file: Buffer, who = caller) =>
    upload(`${kit.server.url}${TABLES}/${id}/import-matrix`, who.token, file);
  const grade = async (code: string, name: string, scales: string[]) => {
    const res = await post<{ data: { id: string } }>('/api/om/salary-grades', { code, name, scales });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data.id;
  };
  const table = async (effectiveDate: string, salaryGrades: unknown[]) => {
    const res = await post<{ data: Row }>(TABLES, {
      name: `Bảng ${effectiveDate}`,
      effectiveDate,
      baseSalary: '2340000',
      salaryGrades,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data;
  };
  /** Imports `file` into the target, expects 400 with a message holding `expected`, and nothing changed. */
  async function refused(file: Buffer, expected: RegExp) {
    const before = await read(target.id);
    const res = await importInto(target.id, file);
    expect(res.status, JSON.stringify(res.json)).toBe(400);
    const body = res.json as unknown as ErrorEnvelope;
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(body.errors?.map((e) => e.message).join(' | ')).toMatch(expected);
    expect(await read(target.id)).toEqual(before);
  }

  beforeAll(async () => {
    kit = await startResourceTestKit(engine);
    caller = await kit.caller([positionCoefficientResource, salaryGradeResource]);
    stranger = await kit.caller([positionCoefficientResource, salaryGradeResource]);
    const engineer = await grade('KY_SU', 'Kỹ sư', ['1', '2', '3']);
    const technician = await grade('KY_THUAT', 'Kỹ thuật viên', ['1', '5']);
    full = await table('2024-07-01', [
      { salaryGradeId: engineer, coefficient1: '2.34', coefficient2: '2.67', coefficient3: '3' },
      { salaryGradeId: technician, coefficient1: '1.86', coefficient5: '2.5' },
    ]);
    target = await table('2030-01-01', [{ salaryGradeId: engineer, coefficient1: '9' }]);
  });
  afterAll(() => kit?.stop());

  it('gives back the exported matrix when the export is imported into another table, and logs the change', async () => {
    const exported = await download(`${kit.server.url}${TABLES}/${full.id}/export-matrix`, caller.token);
    expect(exported.status).toBe(200);
    const res = await importInto(target.id, exported.bytes);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const after = await read(target.id);
    expect(after.salaryGrades).toEqual((await read(full.id)).salaryGrades);
    expect(after.version).toBe(target.version + 1);
    const logged = await kit.server.db.orm
      .select({ action: actionLogs.action, changes: actionLogs.changes })
      .from(actionLogs)
      .where(eq(actionLogs.recordId, target.id));
    expect(logged.map((entry) => entry.action)).toEqual(['CREATE', 'UPDATE']);
    target = after;
  });

  it('accepts English headers, text numbers with a decimal comma and empty steps', async () => {
    const file = await workbookOf([
      ['Grade code', 'Grade name', 'Step 1', 'Step 2', 'Step 3', 'Step 4', 'Step 5'],
      ['ky_thuat', 'whatever the name says', '1,9'],
    ]);
    const res = await importInto(target.id, file);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    target = await read(target.id);
    expect(target.salaryGrades).toEqual([
      {
        salaryGradeId: expect.any(String),
        coefficient1: '1.900',
        coefficient2: null,
        coefficient3: null,
        coefficient4: null,
        coefficient5: null,
      },
    ]);
  });

  it('refuses each bad cell naming its row and column, and changes nothing', async () => {
    await refused(
      await workbookOf([HEADER, ['KY_SU', 'Kỹ sư', 2], ['KHONG_CO', 'Không có', 1]]),
      /row 3, column A .*"KHONG_CO"/,
    );
    await refused(
      await workbookOf([HEADER, ['KY_SU', 'Kỹ sư', 2, null, null, null, 3]]),
      /row 2, column G \(Bậc 5\): the grade KY_SU has no step 5/,
    );
    await refused(
      await workbookOf([HEADER, ['KY_SU', 'Kỹ sư', 'hai']]),
      /row 2, column C \(Bậc 1\): "hai" is not a number/,
    );
    await refused(
      await workbookOf([HEADER, ['KY_SU', 'Kỹ sư', 2, -1]]),
      /row 2, column D \(Bậc 2\): -1 is negative/,
    );
    await refused(await workbookOf([HEADER, ['KY_SU', 'Kỹ sư', 0]]), /row 2, column C \(Bậc 1\): is 0/);
    await refused(await workbookOf([HEADER, ['KY_SU', 'Kỹ sư', 2.3456]]), /more than 3 decimals/);
    await refused(await workbookOf([HEADER, ['KY_SU', 'Kỹ sư', 100]]), /more than 99\.999/);
    await refused(
      await workbookOf([HEADER, ['KY_SU', '', 2], ['ky_su', '', 3]]),
      /row 3, column A .*already in row 2/,
    );
    await refused(await workbookOf([HEADER, [null, 'Không mã', 2]]), /row 2, column A .*code is missing/);
    // Every problem of the file at once, not only the first.
    const many = await importInto(
      target.id,
      await workbookOf([HEADER, ['KY_SU', '', 'x', 'y'], ['NOPE', '', 1]]),
    );
    const problems = (many.json as unknown as ErrorEnvelope).errors;
    expect(problems).toHaveLength(3);
    // where and what, for the browser to say in the user's words (never the English message)
    expect(problems?.map((problem) => problem.params)).toEqual([
      { row: 2, column: 'C', header: 'Bậc 1', problem: 'notANumber', value: 'x' },
      { row: 2, column: 'D', header: 'Bậc 2', problem: 'notANumber', value: 'y' },
      { row: 3, column: 'A', header: 'Mã ngạch', problem: 'gradeUnknown', grade: 'NOPE' },
    ]);
  });

  it('refuses a file of another layout, too wide or too long, before reading its cells', async () => {
    await refused(
      await workbookOf([
        ['Mã', 'Tên', 'Bậc 1'],
        ['KY_SU', '', 2],
      ]),
      /row 1, column A .*header must be "Mã ngạch"/,
    );
    await refused(await workbookOf([HEADER]), /no grade rows/);
    await refused(
      await workbookOf([HEADER, ['KY_SU', 'Kỹ sư', 2, null, null, null, null, 'ghi chú']]),
      /cell H2 .*beyond column G/,
    );
    // Tiny but wide: one value in the sheet's last column, the used range saying so.
    const wide = new ExcelJS.Workbook();
    wide.addWorksheet('Hệ số').getCell('XFD1048576').value = 1;
    await refused(Buffer.from(await wide.xlsx.writeBuffer()), /XFD1048576/);
    // The same with no used range declared: refused at that cell, the first one read.
    await refused(
      await rawXlsx(`${SHEET_START}<row r="1">${inlineCell('XFD1', 'x')}</row>${SHEET_END}`),
      /cell XFD1 is beyond column G/,
    );
    // 501 grade rows: one more than a matrix holds.
    const long = Array.from({ length: 501 }, (_, i) => [`G${i}`, '', 1]);
    await refused(await workbookOf([HEADER, ...long]), /row 502 is beyond row 501/);
    await refused(Buffer.from('not a workbook at all'), /not an xlsx workbook/);
  });

  it("answers another tenant's table with 404", async () => {
    const exported = await download(`${kit.server.url}${TABLES}/${full.id}/export-matrix`, caller.token);
    const res = await importInto(full.id, exported.bytes, stranger);
    expect(res.status).toBe(404);
  });
});
