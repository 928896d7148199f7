import { LOOKUP_ID_MISSING, type ErrorEnvelope } from '@hcm/contracts';
import { NO_COEFFICIENT_IN_FORCE } from '@hcm/contracts/position-coefficients';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  download,
  readSheet,
  startResourceTestKit,
  type Caller,
  type ResourceTestKit,
} from '../../../resources/testing/kit.ts';
import { testEngines } from '../../../testing/engines.ts';
import { salaryGradeResource } from '../../om/wage-categories/resources.ts';
import { positionCoefficientResource } from './resource.ts';

type Row = Record<string, unknown> & { id: string; version: number };
type One = { data: Row };
type Lookup<T> = { data: T; warning?: { code: string; message: string } };
type Coefficient = { coefficient: string; baseSalary: string; effectiveDate: string };

const TABLES = '/api/pm/position-salary-coefficients';
const GRADES = '/api/om/salary-grades';

describe.each(await testEngines())('position salary coefficients on $engine', ({ engine }) => {
  let kit: ResourceTestKit;
  let caller: Caller;
  let stranger: Caller;
  /** grades of the caller: an engineer with steps 1–3, a technician with steps 1 and 5 */
  let engineer: string;
  let technician: string;
  let strangersGrade: string;
  const get = <T>(path: string, who = caller) => kit.http.get<T>(path, who.token);
  const post = <T>(path: string, body?: unknown, who = caller) => kit.http.post<T>(path, body, who.token);
  const count = async (who = caller) => (await get<{ data: number }>(`${TABLES}/count`, who)).body.data;
  const grade = async (code: string, name: string, scales: string[], who = caller) => {
    const res = await post<One>(GRADES, { code, name, scales }, who);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data.id;
  };
  const table = (effectiveDate: string, salaryGrades: unknown[], extra: Record<string, unknown> = {}) => ({
    name: `Bảng hệ số ${effectiveDate}`,
    effectiveDate,
    baseSalary: '2340000',
    salaryGrades,
    ...extra,
  });
  const coefficientOf = (query: string, who = caller) =>
    get<Lookup<Coefficient | null>>(`${TABLES}/default-coefficient?${query}`, who);

  beforeAll(async () => {
    kit = await startResourceTestKit(engine);
    const resources = [positionCoefficientResource, salaryGradeResource];
    caller = await kit.caller(resources);
    stranger = await kit.caller(resources);
    engineer = await grade('KY_SU', 'Kỹ sư', ['1', '2', '3']);
    technician = await grade('KY_THUAT', 'Kỹ thuật viên', ['1', '5']);
    strangersGrade = await grade('KHAC', 'Ngạch khác', ['1'], stranger);
    const first = await post<One>(
      TABLES,
      table('2024-07-01', [
        { salaryGradeId: engineer, coefficient1: '2.34', coefficient2: '2.67', coefficient3: '3' },
        { salaryGradeId: technician, coefficient1: '1.86', coefficient5: '2.5' },
      ]),
    );
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const second = await post<One>(
      TABLES,
      table('2026-01-01', [{ salaryGradeId: engineer, coefficient1: '2.5', coefficient2: '2.9' }], {
        baseSalary: '2530000',
      }),
    );
    expect(second.status, JSON.stringify(second.body)).toBe(200);
  });
  afterAll(() => kit?.stop());

  it('stores the matrix with the table and answers it in the order given, at 3 decimals', async () => {
    const [found] = (
      await post<{ data: Row[] }>(`${TABLES}/find-all-by-effective-date`, { effectiveDate: '2024-07-01' })
    ).body.data;
    expect(found?.salaryGrades).toEqual([
      {
        salaryGradeId: engineer,
        coefficient1: '2.340',
        coefficient2: '2.670',
        coefficient3: '3.000',
        coefficient4: null,
        coefficient5: null,
      },
      {
        salaryGradeId: technician,
        coefficient1: '1.860',
        coefficient2: null,
        coefficient3: null,
        coefficient4: null,
        coefficient5: '2.500',
      },
    ]);
    expect((await get<One>(`${TABLES}/${String(found?.id)}`)).body.data.salaryGrades).toEqual(
      found?.salaryGrades,
    );
    const none = await post<{ data: Row[] }>(`${TABLES}/find-all-by-effective-date`, {
      effectiveDate: '2025-01-01',
    });
    expect(none.body.data).toEqual([]);
  });

  it('refuses a coefficient on a step the grade lacks, of 0, or beyond 3 decimals or 99.999, writing nothing', async () => {
    const before = await count();
    const cases: [Record<string, unknown>[], string][] = [
      [[{ salaryGradeId: engineer, coefficient1: '2', coefficient5: '3' }], 'salaryGrades[0].coefficient5'],
      [
        [
          { salaryGradeId: engineer, coefficient1: '2' },
          { salaryGradeId: technician, coefficient2: '2' },
        ],
        'salaryGrades[1].coefficient2',
      ],
      [[{ salaryGradeId: engineer, coefficient1: '0' }], 'salaryGrades[0].coefficient1'],
      [[{ salaryGradeId: engineer, coefficient1: '2.3456' }], 'salaryGrades[0].coefficient1'],
      [[{ salaryGradeId: engineer, coefficient1: '100' }], 'salaryGrades[0].coefficient1'],
      [[{ salaryGradeId: engineer, coefficient1: '-1' }], 'salaryGrades[0].coefficient1'],
    ];
    for (const [rows, field] of cases) {
      const res = await post<ErrorEnvelope>(TABLES, table('2030-01-01', rows));
      expect(res.status, JSON.stringify(rows)).toBe(400);
      expect(res.body.errors?.map((e) => e.field)).toContain(field);
    }
    // issue 27: a coefficient of 0 says the least it may be (3 decimals) and what was given
    const zero = await post<ErrorEnvelope>(
      TABLES,
      table('2030-01-01', [{ salaryGradeId: engineer, coefficient1: '0' }]),
    );
    expect(zero.body.errors?.find((e) => e.field === 'salaryGrades[0].coefficient1')).toMatchObject({
      code: 'error.min',
      params: { required: 0.001, actual: 0 },
    });
    expect(await count()).toBe(before);
    // 99.999 is the largest coefficient
    const largest = await post<One>(
      TABLES,
      table('2030-01-01', [{ salaryGradeId: engineer, coefficient3: '99.999' }]),
    );
    expect(largest.status, JSON.stringify(largest.body)).toBe(200);
    await post(`${TABLES}/${largest.body.data.id}/delete`);
  });

  it("refuses an unknown grade, another tenant's, and a grade given twice", async () => {
    const before = await count();
    for (const id of ['6f1c2d3e-4b5a-4c7d-8e9f-0a1b2c3d4e5f', strangersGrade]) {
      const res = await post<ErrorEnvelope>(
        TABLES,
        table('2030-01-01', [{ salaryGradeId: id, coefficient1: '2' }]),
      );
      expect(res.status).toBe(400);
      expect(res.body.errors?.map((e) => e.field)).toEqual(['salaryGrades[0].salaryGradeId']);
    }
    const twice = await post<ErrorEnvelope>(
      TABLES,
      table('2030-01-01', [
        { salaryGradeId: engineer, coefficient1: '2' },
        { salaryGradeId: engineer, coefficient2: '3' },
      ]),
    );
    expect(twice.status).toBe(400);
    expect(twice.body.errors?.map((e) => e.field)).toEqual(['salaryGrades[1].salaryGradeId']);
    expect(await count()).toBe(before);
  });

  it('refuses a second table of one effective date (409), on create and update', async () => {
    const before = await count();
    const again = await post<ErrorEnvelope>(TABLES, table('2026-01-01', []));
    expect(again.status).toBe(409);
    expect(again.body.errors?.map((e) => e.field)).toEqual(['effectiveDate']);
    const other = await post<One>(TABLES, table('2031-01-01', []));
    expect(other.status).toBe(200);
    const moved = await post<ErrorEnvelope>(`${TABLES}/${other.body.data.id}/update`, {
      version: 1,
      effectiveDate: '2024-07-01',
    });
    expect(moved.status).toBe(409);
    // its own date again, and a matrix change checked like on create
    const refused = await post<ErrorEnvelope>(`${TABLES}/${other.body.data.id}/update`, {
      version: 1,
      salaryGrades: [{ salaryGradeId: technician, coefficient3: '2' }],
    });
    expect(refused.status).toBe(400);
    expect(refused.body.errors?.map((e) => e.field)).toEqual(['salaryGrades[0].coefficient3']);
    const same = await post<One>(`${TABLES}/${other.body.data.id}/update`, {
      version: 1,
      effectiveDate: '2031-01-01',
      salaryGrades: [{ salaryGradeId: technician, coefficient5: '3.1' }],
    });
    expect(same.status, JSON.stringify(same.body)).toBe(200);
    expect(same.body.data.version).toBe(2);
    expect(await count()).toBe(before + 1);
    await post(`${TABLES}/${other.body.data.id}/delete`);
  });

  it('answers the latest effective date on or before a day, leaving INACTIVE tables out', async () => {
    const latest = (query = '', who = caller) =>
      get<{ data: string | null }>(`${TABLES}/latest-effective-date${query}`, who);
    expect((await latest('?date=2025-12-31')).body.data).toBe('2024-07-01');
    expect((await latest('?date=2026-01-01')).body.data).toBe('2026-01-01');
    expect((await latest()).body.data).toBe('2026-01-01');
    expect((await latest('?date=2024-06-30')).body.data).toBeNull();
    expect((await latest('', stranger)).body.data).toBeNull();
    expect((await latest('?date=2025-02-30')).status).toBe(400);
    const [newest] = (
      await post<{ data: Row[] }>(`${TABLES}/find-all-by-effective-date`, { effectiveDate: '2026-01-01' })
    ).body.data;
    await post(`${TABLES}/${String(newest?.id)}/inactive`);
    expect((await latest('?date=2026-06-30')).body.data).toBe('2024-07-01');
    await post(`${TABLES}/${String(newest?.id)}/active`);
  });

  it("answers a grade's coefficient on a step in force on a day, with the base salary", async () => {
    const on = async (query: string) => (await coefficientOf(query)).body.data;
    expect(await on(`salaryGradeId=${engineer}&scale=2&date=2025-06-30`)).toMatchObject({
      coefficient: '2.670',
      baseSalary: '2340000.00',
      effectiveDate: '2024-07-01',
    });
    expect(await on(`salaryGradeId=${engineer}&scale=2&date=2026-03-01`)).toMatchObject({
      coefficient: '2.900',
      baseSalary: '2530000.00',
      effectiveDate: '2026-01-01',
    });
    expect(await on(`salaryGradeId=${engineer}&scale=2`)).toMatchObject({ effectiveDate: '2026-01-01' });
  });

  it('answers 200 with null and a warning when no coefficient is in force or the grade is missing', async () => {
    // before the first table; a step the newest table leaves empty; the technician, absent from the newest table
    for (const query of [
      `salaryGradeId=${engineer}&scale=1&date=2024-06-30`,
      `salaryGradeId=${engineer}&scale=3&date=2026-03-01`,
      `salaryGradeId=${technician}&scale=1&date=2026-03-01`,
    ]) {
      const res = await coefficientOf(query);
      expect(res.status).toBe(200);
      expect(res.body.data, query).toBeNull();
      expect(res.body.warning?.code).toBe(NO_COEFFICIENT_IN_FORCE);
    }
    const missing = await coefficientOf('scale=1');
    expect(missing.status).toBe(200);
    expect(missing.body).toMatchObject({ data: null, warning: { code: LOOKUP_ID_MISSING } });
    expect((await coefficientOf(`salaryGradeId=${engineer}&scale=6`)).status).toBe(400);
    expect((await coefficientOf(`salaryGradeId=${engineer}`)).status).toBe(400);
  });

  it("keeps each tenant's tables to itself", async () => {
    expect((await coefficientOf(`salaryGradeId=${engineer}&scale=1`, stranger)).body.data).toBeNull();
    const [mine] = (
      await post<{ data: Row[] }>(`${TABLES}/find-all-by-effective-date`, { effectiveDate: '2024-07-01' })
    ).body.data;
    expect((await get(`${TABLES}/${String(mine?.id)}`, stranger)).status).toBe(404);
    expect(
      (
        await post<{ data: Row[] }>(
          `${TABLES}/find-all-by-effective-date`,
          { effectiveDate: '2024-07-01' },
          stranger,
        )
      ).body.data,
    ).toEqual([]);
    expect(await count(stranger)).toBe(0);
    // the same date is free in another tenant
    const theirs = await post<One>(
      TABLES,
      table('2024-07-01', [{ salaryGradeId: strangersGrade, coefficient1: '1.5' }]),
      stranger,
    );
    expect(theirs.status, JSON.stringify(theirs.body)).toBe(200);
  });

  it('answers the ACTIVE grades with their steps, by priority, to draw the matrix', async () => {
    const res = await get<{ data: { code: string; scales: string[] }[] }>(`${TABLES}/salary-scales`);
    expect(res.status).toBe(200);
    expect(res.body.data.map((row) => [row.code, row.scales])).toEqual([
      ['KY_SU', ['1', '2', '3']],
      ['KY_THUAT', ['1', '5']],
    ]);
    const theirs = await get<{ data: { code: string }[] }>(`${TABLES}/salary-scales`, stranger);
    expect(theirs.body.data.map((row) => row.code)).toEqual(['KHAC']);
  });

  it('refuses to delete a grade a table uses (409)', async () => {
    const res = await post<ErrorEnvelope>(`${GRADES}/${technician}/delete`);
    expect(res.status).toBe(409);
  });

  it("exports one table's matrix: a row per grade, a column per step, numbers where set", async () => {
    const [table] = (
      await post<{ data: Row[] }>(`${TABLES}/find-all-by-effective-date`, { effectiveDate: '2024-07-01' })
    ).body.data;
    const file = await download(
      `${kit.server.url}${TABLES}/${String(table?.id)}/export-matrix`,
      caller.token,
    );
    expect(file.status).toBe(200);
    expect(await readSheet(file.bytes)).toEqual([
      ['Mã ngạch', 'Tên ngạch', 'Bậc 1', 'Bậc 2', 'Bậc 3', 'Bậc 4', 'Bậc 5'],
      ['KY_SU', 'Kỹ sư', 2.34, 2.67, 3],
      ['KY_THUAT', 'Kỹ thuật viên', 1.86, undefined, undefined, undefined, 2.5],
    ]);
    const theirs = await download(
      `${kit.server.url}${TABLES}/${String(table?.id)}/export-matrix`,
      stranger.token,
    );
    expect(theirs.status).toBe(404);
  });
});
