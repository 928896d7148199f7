import { readFileSync } from 'node:fs';
import { LOOKUP_ID_MISSING, type ErrorEnvelope, type PageEnvelope } from '@hcm/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startResourceTestKit,
  upload,
  workbookOf,
  type Caller,
  type ResourceTestKit,
} from '../../../resources/testing/kit.ts';
import { testEngines } from '../../../testing/engines.ts';
import { contractTypeResource, regionWageResource, salaryGradeResource } from './resources.ts';

type Row = Record<string, unknown> & { id: string; version: number };
type One = { data: Row };
type List = { data: Row[] };

const seed = (name: string) =>
  JSON.parse(readFileSync(new URL(`../../../../seed-data/om/${name}`, import.meta.url), 'utf8')) as Record<
    string,
    unknown
  >[];

const WAGES = '/api/om/region-wages';
const GRADES = '/api/om/salary-grades';
const CONTRACT_TYPES = '/api/om/contract-types';

describe.each(await testEngines('both'))('wage categories on $engine', ({ engine }) => {
  let kit: ResourceTestKit;
  let caller: Caller;
  let stranger: Caller;
  const resources = [regionWageResource, salaryGradeResource, contractTypeResource];
  const get = <T>(path: string, who = caller) => kit.http.get<T>(path, who.token);
  const post = <T>(path: string, body?: unknown, who = caller) => kit.http.post<T>(path, body, who.token);
  const count = async (base: string) => (await get<{ data: number }>(`${base}/count`)).body.data;
  /** region → amount as a number, of the records a look-up answered */
  const amounts = (rows: Row[]) => Object.fromEntries(rows.map((r) => [r.region, Number(r.amount)]));

  beforeAll(async () => {
    kit = await startResourceTestKit(engine);
    caller = await kit.caller(resources);
    stranger = await kit.caller(resources);
    for (const body of seed('region-wages.json')) {
      const res = await post(WAGES, body);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
  });
  afterAll(() => kit?.stop());

  describe('region wages', () => {
    const of2024 = { I: 4_960_000, II: 4_410_000, III: 3_860_000, IV: 3_450_000 };
    const of2026 = { I: 5_310_000, II: 4_730_000, III: 4_140_000, IV: 3_700_000 };

    it('finds, per region, the wage in force on a date: between the seeds, after both, before both', async () => {
      const between = await get<List>(`${WAGES}/find-latest-effective?date=2025-06-30`);
      expect(between.status).toBe(200);
      expect(between.body.data.map((r) => r.region)).toEqual(['I', 'II', 'III', 'IV']);
      expect(amounts(between.body.data)).toEqual(of2024);
      expect(amounts((await get<List>(`${WAGES}/find-latest-effective?date=2026-01-01`)).body.data)).toEqual(
        of2026,
      );
      expect(amounts((await get<List>(`${WAGES}/find-latest-effective?date=2027-03-01`)).body.data)).toEqual(
        of2026,
      );
      // Today (after 2026-01-01) by default.
      expect(amounts((await get<List>(`${WAGES}/find-latest-effective`)).body.data)).toEqual(of2026);
      expect((await get<List>(`${WAGES}/find-latest-effective?date=2024-06-30`)).body.data).toEqual([]);
      expect((await get<List>(`${WAGES}/find-latest-effective?date=2025-06-30`, stranger)).body.data).toEqual(
        [],
      );
      expect((await get<ErrorEnvelope>(`${WAGES}/find-latest-effective?date=2025-02-30`)).status).toBe(400);
    });

    it('leaves an INACTIVE record out of the look-up', async () => {
      const [newest] = (await get<List>(`${WAGES}?region=I&pageSize=1`)).body.data;
      expect(newest?.effectiveDate).toBe('2026-01-01');
      await post(`${WAGES}/${String(newest?.id)}/inactive`);
      const found = await get<List>(`${WAGES}/find-latest-effective?date=2026-06-30`);
      expect(amounts(found.body.data)).toEqual({ ...of2026, I: of2024.I });
      await post(`${WAGES}/${String(newest?.id)}/active`);
    });

    it('refuses a second wage of a region from the same date, on create and update, writing nothing', async () => {
      const before = await count(WAGES);
      const twice = await post<ErrorEnvelope>(WAGES, {
        region: 'II',
        amount: '5000000',
        effectiveDate: '2026-01-01',
      });
      expect(twice.status).toBe(409);
      expect(twice.body.message).toContain('Region II');
      expect(twice.body.errors?.map((e) => e.field)).toContain('effectiveDate');
      const other = await post<One>(WAGES, { region: 'II', amount: '5000000', effectiveDate: '2027-01-01' });
      expect(other.status).toBe(200);
      const moved = await post<ErrorEnvelope>(`${WAGES}/${other.body.data.id}/update`, {
        version: 1,
        effectiveDate: '2024-07-01',
      });
      expect(moved.status).toBe(409);
      // Its own date again is no conflict.
      const same = await post<One>(`${WAGES}/${other.body.data.id}/update`, {
        version: 1,
        amount: '5100000',
      });
      expect(same.status).toBe(200);
      expect(await count(WAGES)).toBe(before + 1);
      await post(`${WAGES}/${other.body.data.id}/delete`);
    });

    it('refuses an import that gives a region and date twice, writing nothing', async () => {
      const before = await count(WAGES);
      const header = ['Vùng', 'Mức lương tối thiểu (VND/tháng)', 'Ngày hiệu lực', 'Ghi chú'];
      const file = await workbookOf([
        header,
        ['III', 6_000_000, '2030-01-01', null],
        ['III', 6_100_000, '2030-01-01', null],
      ]);
      const res = await upload(`${kit.server.url}${WAGES}/import`, caller.token, file);
      expect(res.status, JSON.stringify(res.json)).toBe(409);
      expect(String(res.json?.message)).toContain('Region III is given twice');
      expect(await count(WAGES)).toBe(before);
      const once = await upload(
        `${kit.server.url}${WAGES}/import`,
        caller.token,
        await workbookOf([header, ['III', 6_000_000, '2030-01-01', null]]),
      );
      expect(once.status, JSON.stringify(once.json)).toBe(200);
      expect(await count(WAGES)).toBe(before + 1);
    });

    it('refuses an amount of 0 and sorts by effective date, newest first', async () => {
      const zero = await post<ErrorEnvelope>(WAGES, {
        region: 'I',
        amount: '0',
        effectiveDate: '2028-01-01',
      });
      expect(zero.status).toBe(400);
      expect(zero.body.errors?.map((e) => e.field)).toEqual(['amount']);
      // issue 27: the bound and the value given, for the browser's message (money: whole đồng)
      expect(zero.body.errors?.[0]).toMatchObject({ code: 'error.min', params: { required: 1, actual: 0 } });
      const list = (await get<PageEnvelope<Row>>(WAGES)).body.data.map((r) => r.effectiveDate);
      expect(list).toEqual([...list].sort().reverse());
    });
  });

  describe('salary grades', () => {
    let grade: Row;

    beforeAll(async () => {
      const res = await post<One>(GRADES, {
        code: 'A1_CV',
        name: 'Chuyên viên',
        priority: 2,
        scales: ['3', '1'],
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      grade = res.body.data;
      await post(GRADES, { code: 'A2_CVC', name: 'Chuyên viên chính', priority: 1, scales: ['5'] });
      const off = await post<One>(GRADES, { code: 'A0_OFF', name: 'Ngạch cũ', priority: 0, scales: ['1'] });
      await post(`${GRADES}/${off.body.data.id}/inactive`);
    });

    it("answers a grade's steps, sorted", async () => {
      expect(grade.scales).toEqual(['1', '3']);
      const res = await get<{ data: { index: number }[]; warning?: unknown }>(
        `${GRADES}/scales?salaryGradeId=${grade.id}`,
      );
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ data: [{ index: 1 }, { index: 3 }] });
    });

    it('answers a look-up without the grade id with 200, no steps and a warning', async () => {
      const res = await get<{ data: unknown[]; warning?: { code: string; message: string } }>(
        `${GRADES}/scales`,
      );
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual([]);
      expect(res.body.warning?.code).toBe(LOOKUP_ID_MISSING);
      expect(res.body.warning?.message).toMatch(/salary grade/);
    });

    it("answers another tenant's grade with 404 and a malformed id with 400", async () => {
      expect((await get(`${GRADES}/scales?salaryGradeId=${grade.id}`, stranger)).status).toBe(404);
      expect((await get(`${GRADES}/scales?salaryGradeId=nope`)).status).toBe(400);
    });

    it('refuses a grade without a step, on create and update, writing nothing', async () => {
      const before = await count(GRADES);
      for (const body of [
        { code: 'NO_STEP', name: 'Không bậc' },
        { code: 'NO_STEP', name: 'Không bậc', scales: [] },
      ]) {
        const res = await post<ErrorEnvelope>(GRADES, body);
        expect(res.status).toBe(400);
        expect(res.body.errors?.map((e) => e.field)).toEqual(['scales']);
      }
      const update = await post<ErrorEnvelope>(`${GRADES}/${grade.id}/update`, {
        version: grade.version,
        scales: [],
      });
      expect(update.status).toBe(400);
      expect(await count(GRADES)).toBe(before);
      expect((await get<One>(`${GRADES}/${grade.id}`)).body.data.scales).toEqual(['1', '3']);
    });

    it('lists every ACTIVE grade by priority, and auto-completes on code or name', async () => {
      const all = await get<List>(`${GRADES}/find-all-active`);
      expect(all.body.data.map((r) => [r.code, r.scales])).toEqual([
        ['A2_CVC', ['5']],
        ['A1_CV', ['1', '3']],
      ]);
      const found = await get<PageEnvelope<Row>>(
        `${GRADES}/general-auto-complete?keyword=${encodeURIComponent('chính')}`,
      );
      expect(found.body.data.map((r) => r.code)).toEqual(['A2_CVC']);
      expect(found.body.page.total).toBe(1);
      const none = await get<PageEnvelope<Row>>(`${GRADES}/general-auto-complete?keyword=A0_OFF`);
      expect(none.body.data).toEqual([]);
    });

    it('gives an imported grade (its sheet has no steps) all five steps', async () => {
      const file = await workbookOf([
        ['Mã', 'Tên', 'Mô tả', 'Thứ tự ưu tiên'],
        ['IMP_GRADE', 'Nhập từ tệp', null, 9],
      ]);
      const res = await upload(`${kit.server.url}${GRADES}/import`, caller.token, file);
      expect(res.status, JSON.stringify(res.json)).toBe(200);
      const [imported] = (await get<PageEnvelope<Row>>(`${GRADES}?code=IMP_GRADE`)).body.data;
      // the steps are the record's, not a column of its list: its detail answers them
      const detail = await get<One>(`${GRADES}/${imported?.id}`);
      expect(detail.body.data.scales).toEqual(['1', '2', '3', '4', '5']);
    });
  });

  describe('contract types: update-salary-rate', () => {
    let probation: Row;
    const rate = (id: string, body: unknown, who = caller) =>
      post<One & ErrorEnvelope>(`${CONTRACT_TYPES}/${id}/update-salary-rate`, body, who);

    beforeAll(async () => {
      const res = await post<One>(
        CONTRACT_TYPES,
        seed('contract-types.json').find((r) => r.code === 'PROBATION'),
      );
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      probation = res.body.data;
    });

    it('changes the rate alone, bumps the version and logs the change', async () => {
      const res = await rate(probation.id, { salaryRate: '90.5', version: probation.version });
      expect(res.status).toBe(200);
      expect(Number(res.body.data.salaryRate)).toBe(90.5);
      expect(res.body.data).toMatchObject({ version: 2, code: 'PROBATION', termMonths: 2 });
      const logs = await get<{ data: { action: string; changes: Record<string, unknown> }[] }>(
        `/api/system/action-logs?resource=contract_type&action=UPDATE`,
      );
      expect(logs.body.data[0]?.changes).toHaveProperty('salaryRate');
      probation = res.body.data;
    });

    it('answers a stale version with 409 and changes nothing', async () => {
      const res = await rate(probation.id, { salaryRate: '70', version: 1 });
      expect(res.status).toBe(409);
      expect((await get<One>(`${CONTRACT_TYPES}/${probation.id}`)).body.data).toEqual(probation);
    });

    it('refuses a rate out of 0–100 or with 3 decimals, and any other field, with 400', async () => {
      for (const salaryRate of ['100.01', '150', '-1', '85.123', 'abc', 85]) {
        const res = await rate(probation.id, { salaryRate, version: probation.version });
        expect(res.status, String(salaryRate)).toBe(400);
        expect(res.body.errors?.map((e) => e.field)).toContain('salaryRate');
      }
      expect(
        (await rate(probation.id, { salaryRate: '80', version: probation.version, name: 'x' })).status,
      ).toBe(400);
      expect(
        (await post<ErrorEnvelope>(CONTRACT_TYPES, { code: 'TOO_MUCH', name: 'Quá', salaryRate: '101' }))
          .status,
      ).toBe(400);
      expect((await get<One>(`${CONTRACT_TYPES}/${probation.id}`)).body.data).toEqual(probation);
    });

    it("answers another tenant's contract type with 404", async () => {
      expect(
        (await rate(probation.id, { salaryRate: '80', version: probation.version }, stranger)).status,
      ).toBe(404);
      expect((await get<One>(`${CONTRACT_TYPES}/${probation.id}`)).body.data).toEqual(probation);
    });
  });
});
