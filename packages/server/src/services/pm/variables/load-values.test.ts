import { checkTemplate, compileTemplate } from '@hcm/formula';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeBatch } from '../../../bulk/index.ts';
import type { Tx } from '../../../db/database.ts';
import { inScope } from '../../../db/tenant-scope.ts';
import { startResourceTestKit, type Caller, type ResourceTestKit } from '../../../resources/testing/kit.ts';
import { testEngines } from '../../../testing/engines.ts';
import { rows } from '../../../testing/migrated-database.ts';
import { statementsDuring } from '../../../testing/statements-during.ts';
import { dayRecordStore } from '../../tm/tables/day-records.ts';
import type { DayRecordRow } from '../../tm/timesheet/day-record-row.ts';
import { loadTables } from '../lookup-tables/load-tables.ts';
import { seedLookupTables } from '../lookup-tables/seed.ts';
import { STATUTORY_PARAMETERS } from '../statutory/data/parameters.ts';
import { defaultTemplateDefinitions } from '../statutory/testing.ts';
import { loadCatalogue } from './catalogue.ts';
import {
  loadWorkerValues,
  TIMESHEET_VARIABLES,
  type PeriodValues,
  type WorkerValues,
} from './load-values.ts';
import { errorsReading } from './value-errors.ts';

const MONTH = '2026-03';
const NOBODY = '00000000-0000-4000-8000-000000000001';

/*
 * The values of a payroll run (docs/payroll-variables.md, "The values of a run") on factory data,
 * March 2026. The company CTY is region I and its March timesheet is approved (locked), which
 * covers its department XM; the warehouse KHO is region III with a March timesheet of its own
 * not yet approved. A standard of 26 days a month.
 * - An (XM): contract 10,000,000 to 14 March, then 12,000,000 from 15 March with two allowances,
 *   amended from 20 March to 12,500,000 (an annex sent but not approved later is not read), a
 *   contract of April not yet in force; grade A1 step 2 (2.67 in the scale in force, 3.00 in the
 *   scale of June), coefficient 2.34, two dependants of three relatives, a union member; 20
 *   days worked (one corrected by HR to unpaid leave), 2 days of paid leave, 1 of unpaid leave,
 *   overtime and night work.
 * - Bình (XM): no contract, no grade.
 * - Chi (KHO): a net-pay contract of 8,000,000, non-resident; March not locked.
 * - Dũng (XM): a contract to 20 March and an approved resignation from 21 March.
 * - Em (XM): 20,000,000, the whole month worked: issue 32's first official example.
 */
describe.each(await testEngines())('the payroll values of a month on $engine', ({ engine }) => {
  let kit: ResourceTestKit;
  let hr: Caller;
  let period: PeriodValues;
  const w = { an: '', binh: '', chi: '', dung: '', em: '' };
  const inTenant = <T>(work: (tx: Tx) => Promise<T>) =>
    inScope(kit.server.db.orm, { tenantId: hr.tenantId, userId: null }, work);
  const load = (workerIds: readonly string[], month = MONTH) =>
    inTenant((tx) => loadWorkerValues(tx, hr.tenantId, { month, workerIds }));
  const of = (id: string): WorkerValues => {
    const found = period.workers.find((worker) => worker.workerId === id);
    if (!found) throw new Error(`no values for ${id}`);
    return found;
  };
  const codes = (worker: WorkerValues) => worker.errors.map((error) => error.code);

  beforeAll(async () => {
    kit = await startResourceTestKit(engine);
    hr = await kit.caller([]);
    const t = hr.tenantId;
    await inTenant(async (tx) => {
      const one = async (query: ReturnType<typeof sql>) =>
        (await rows<{ id: string }>(tx, query))[0]?.id ?? '';
      const cty = await one(sql`insert into organization_units (tenant_id, code, name, wage_region)
                                values (${t}, 'CTY', 'Công ty', 'I') returning id`);
      const xm = await one(sql`insert into organization_units (tenant_id, code, name, parent_id)
                               values (${t}, 'XM', 'Xưởng may', ${cty}) returning id`);
      const kho = await one(sql`insert into organization_units (tenant_id, code, name, parent_id, wage_region)
                                values (${t}, 'KHO', 'Kho', ${cty}, 'III') returning id`);
      const type = await one(sql`insert into contract_types (tenant_id, code, name, salary_rate)
                                 values (${t}, 'HD_KXD', 'Không xác định thời hạn', 100) returning id`);
      const grade = await one(
        sql`insert into salary_grades (tenant_id, code, name) values (${t}, 'A1', 'Chuyên viên') returning id`,
      );
      for (const [date, coefficient] of [
        ['2026-01-01', 2.67],
        ['2026-06-01', 3.0],
      ] as const) {
        const scale =
          await one(sql`insert into position_salary_coefficients (tenant_id, name, effective_date, base_salary)
                                    values (${t}, ${`Bảng ${date}`}, ${date}, 2340000) returning id`);
        await tx.execute(sql`insert into position_salary_coefficient_grades
                               (tenant_id, position_salary_coefficient_id, position, salary_grade_id, coefficient_1, coefficient_2)
                             values (${t}, ${scale}, 0, ${grade}, 2.34, ${coefficient})`);
      }
      const worker = (code: string, name: string, unit: string, extra: ReturnType<typeof sql> = sql``) =>
        one(sql`insert into workers (tenant_id, code, full_name, gender, organization_unit_id, joined_date)
                values (${t}, ${code}, ${name}, 'MALE', ${unit}, '2020-01-06') returning id ${extra}`);
      w.an = await worker('NV001', 'Nguyễn Văn An', xm);
      w.binh = await worker('NV002', 'Trần Văn Bình', xm);
      w.chi = await worker('NV003', 'Lê Văn Chi', kho);
      w.dung = await worker('NV004', 'Phạm Văn Dũng', xm);
      w.em = await worker('NV005', 'Vũ Văn Em', xm);
      await tx.execute(sql`update workers set salary_grade_id = ${grade}, salary_scale = '2', salary_coefficient = 2.34,
                                              union_joining_date = '2021-05-01'
                            where id = ${w.an}`);
      await tx.execute(sql`update workers set tax_resident = false where id = ${w.chi}`);
      for (const [position, dependant] of [true, true, false].entries())
        await tx.execute(sql`insert into worker_related_persons (tenant_id, worker_id, position, relation, full_name, is_dependant)
                             values (${t}, ${w.an}, ${position}, 'CHILD', ${`Con ${position}`}, ${dependant})`);
      const contract = async (
        number: string,
        workerId: string,
        from: string,
        to: string | null,
        salary: number,
        { status = 'APPROVED', parent = null as string | null, net = false } = {},
      ) =>
        one(sql`insert into labor_contracts (tenant_id, number, worker_id, contract_type_id, parent_contract_id,
                                             signing_date, effective_date, expiry_date, salary, approval_status, net_pay)
                values (${t}, ${number}, ${workerId}, ${type}, ${parent}, ${from}, ${from}, ${to}, ${salary}, ${status}, ${net})
                returning id`);
      const allowance = await one(
        sql`insert into allowance_types (tenant_id, code, name) values (${t}, 'PC_AN', 'Ăn trưa') returning id`,
      );
      const allowances = (contractId: string, amounts: number[]) =>
        Promise.all(
          amounts.map((amount, position) =>
            tx.execute(sql`insert into labor_contract_allowances (tenant_id, contract_id, position, allowance_type_id, amount)
                           values (${t}, ${contractId}, ${position}, ${allowance}, ${amount})`),
          ),
        );
      await contract('HD-AN-1', w.an, '2025-01-01', '2026-03-14', 10_000_000);
      const second = await contract('HD-AN-2', w.an, '2026-03-15', null, 12_000_000);
      await allowances(second, [500_000, 300_000]);
      const annex = await contract('PL-AN-1', w.an, '2026-03-20', null, 12_500_000, { parent: second });
      await allowances(annex, [600_000, 300_000]);
      await contract('PL-AN-2', w.an, '2026-03-25', null, 20_000_000, {
        parent: second,
        status: 'WAIT_APPROVE',
      });
      await contract('HD-AN-3', w.an, '2026-04-01', null, 15_000_000);
      await contract('HD-CHI', w.chi, '2025-01-01', null, 8_000_000, { net: true });
      await contract('HD-DUNG', w.dung, '2025-06-01', '2026-03-20', 9_000_000);
      await contract('HD-EM', w.em, '2025-01-01', null, 20_000_000);
      await tx.execute(sql`insert into resignations (tenant_id, worker_id, decision_number, effective_date, approval_status)
                           values (${t}, ${w.dung}, 'QD-01', '2026-03-21', 'APPROVED')`);
      await tx.execute(sql`insert into region_wages (tenant_id, region, amount, effective_date) values
                             (${t}, 'I', 4960000, '2024-07-01'), (${t}, 'I', 5310000, '2026-01-01'),
                             (${t}, 'III', 4140000, '2026-01-01')`);
      for (const parameter of STATUTORY_PARAMETERS)
        for (const value of parameter.values)
          await tx.execute(sql`insert into parameters (tenant_id, code, name, value, unit, effective_date)
                               values (${t}, ${parameter.code}, ${parameter.name.vi}, ${value.value}, ${parameter.unit},
                                       ${value.effectiveFrom})`);
      await seedLookupTables(tx, t);
      await tx.execute(sql`delete from standard_working_days where tenant_id = ${t}`);
      await tx.execute(sql`insert into standard_working_days (tenant_id, code, name, effective_date, method, days)
                           values (${t}, 'NC26', '26 ngày', '2021-01-01', 'FIXED', 26)`);
      await tx.execute(sql`insert into tm_timesheets (tenant_id, code, name, organization_unit_id, month, approval_status) values
                             (${t}, 'BCC_CTY_03', 'Công ty 03/2026', ${cty}, ${MONTH}, 'APPROVED'),
                             (${t}, 'BCC_KHO_03', 'Kho 03/2026', ${kho}, ${MONTH}, 'NEW')`);
      const day = (workerId: string, n: number, values: Partial<DayRecordRow> = {}): DayRecordRow => ({
        workDate: `${MONTH}-${String(n).padStart(2, '0')}`,
        workerId,
        shiftCode: 'HC',
        dayType: 'WEEKDAY',
        outcome: 'WORKED',
        daySymbol: '+',
        scheduledMinutes: 480,
        workedMinutes: 480,
        workUnits: 1000,
        paidUnits: 1000,
        paidLeaveUnits: 0,
        unpaidLeaveUnits: 0,
        punchCount: 2,
        ...values,
      });
      const leave = (symbol: string, paid: boolean): Partial<DayRecordRow> => ({
        outcome: 'LEAVE',
        daySymbol: symbol,
        workedMinutes: 0,
        workUnits: 0,
        paidUnits: paid ? 1000 : 0,
        paidLeaveUnits: paid ? 1000 : 0,
        unpaidLeaveUnits: paid ? 0 : 1000,
        punchCount: 0,
      });
      await writeBatch(
        tx,
        dayRecordStore,
        [
          ...Array.from({ length: 20 }, (_, i) => day(w.an, i + 1)),
          day(w.an, 21, leave('P', true)),
          day(w.an, 22, leave('P', true)),
          day(w.an, 23, leave('KL', false)),
          day(w.an, 24, { dayType: 'REST_DAY', workUnits: 0, paidUnits: 0 }),
          ...Array.from({ length: 22 }, (_, i) => day(w.chi, i + 1)),
          ...Array.from({ length: 26 }, (_, i) => day(w.em, i + 1)),
        ],
        { actor: { scope: { tenantId: t, userId: null }, ip: null, userAgent: 'test' } },
      );
      await tx.execute(sql`update tm_day_records set ot_weekday_day_minutes = 120, overtime_minutes = 120, night_minutes = 90
                            where worker_id = ${w.an} and work_date = '2026-03-02'`);
      await tx.execute(sql`update tm_day_records set ot_rest_night_minutes = 60, overtime_minutes = 60
                            where worker_id = ${w.an} and work_date = '2026-03-24'`);
      // HR corrected a worked day to unpaid leave
      await tx.execute(sql`update tm_day_records set corrected_symbol = 'KL', corrected_paid_units = 0,
                                                     correction_reason = 'Nghỉ không phép', corrected_at = now()
                            where worker_id = ${w.an} and work_date = '2026-03-03'`);
    });
    period = await load([w.an, w.binh, w.chi, w.dung, w.em, NOBODY]);
  });
  afterAll(async () => {
    await kit?.stop();
  });

  it('gives the period and the parameters in force on its last day, percentages as fractions', () => {
    expect(period).toMatchObject({ firstDay: '2026-03-01', lastDay: '2026-03-31' });
    expect(period.shared).toMatchObject({
      THANG: 3,
      NAM: 2026,
      NGAY_DAU_KY: '2026-03-01',
      NGAY_CUOI_KY: '2026-03-31',
      LUONG_CO_SO: 2_340_000,
      TL_BHXH_NLD: 0.08,
      TL_BHYT_NLD: 0.015,
    });
    expect(period.workers.map((worker) => worker.workerId)).toEqual([
      w.an,
      w.binh,
      w.chi,
      w.dung,
      w.em,
      NOBODY,
    ]);
  });

  it('reads the contract in force on the last day, amended by its approved annex, with its allowances', () => {
    const an = of(w.an);
    expect(an.values).toMatchObject({
      LUONG_HOP_DONG: 12_500_000,
      LUONG_DONG_BH: 12_500_000,
      PHU_CAP_HOP_DONG: 900_000,
      LOAI_HOP_DONG: 'HD_KXD',
      HOP_DONG_NET: 0,
      MA_DON_VI: 'XM',
      VUNG: 'I',
      SO_NGUOI_PHU_THUOC: 2,
      CU_TRU: 1,
      DOAN_VIEN: 1,
      NGAY_VAO_LAM: '2020-01-06',
      NGAY_NGHI_VIEC: null,
    });
    expect(codes(an)).toEqual([]);
  });

  it('reads grade, step and the coefficient of the payroll scale in force', () => {
    expect(of(w.an).values).toMatchObject({
      MA_NGACH: 'A1',
      BAC_LUONG: 2,
      HE_SO_LUONG: 2.34,
      HE_SO_CHUC_VU: 2.67,
    });
  });

  it('reads the locked month’s figures, a corrected day by its correction', () => {
    expect(of(w.an).values).toMatchObject({
      CONG_CHUAN: 26,
      CONG_THUC_TE: 19,
      NGHI_CO_LUONG: 2,
      NGHI_KHONG_LUONG: 2,
      GIO_LAM_DEM: 1.5,
      GIO_TC_NGAY_THUONG: 2,
      GIO_TC_NGHI_TUAN: 0,
      GIO_TC_NGAY_LE: 0,
      GIO_TC_DEM_NGAY_THUONG: 0,
      GIO_TC_DEM_NGHI_TUAN: 1,
      GIO_TC_DEM_NGAY_LE: 0,
    });
  });

  it('gives the payroll inputs of issue 33 as 0 until their lists exist', () => {
    expect(of(w.an).values).toMatchObject({ KPI: 0, THU_NHAP_KHAC: 0, KHAU_TRU_KHAC: 0, TAM_UNG: 0 });
  });

  it('says what is missing for a worker without a contract or a grade, never a silent 0', () => {
    const binh = of(w.binh);
    expect(codes(binh)).toEqual(['NO_CONTRACT', 'NO_SALARY_GRADE', 'NO_SALARY_COEFFICIENT']);
    expect(binh.values).toMatchObject({
      LUONG_HOP_DONG: null,
      PHU_CAP_HOP_DONG: null,
      HOP_DONG_NET: null,
      MA_NGACH: null,
    });
    expect(binh.errors[0]).toMatchObject({
      message: {
        vi: 'Không có hợp đồng lao động chính đã duyệt có hiệu lực ngày 31/03/2026',
        en: 'No approved main labour contract is in force on 31/03/2026',
      },
    });
    expect(binh.errors[0]?.variables).toContain('LUONG_HOP_DONG');
    // its month is locked all the same: no day records is a month of nothing worked
    expect(binh.values).toMatchObject({ CONG_CHUAN: 26, CONG_THUC_TE: 0 });
  });

  it('leaves a month that is not locked empty, saying so, and reads the unit’s region up the tree', () => {
    const chi = of(w.chi);
    expect(codes(chi)).toContain('TIMESHEET_NOT_LOCKED');
    for (const code of TIMESHEET_VARIABLES) expect(chi.values[code], code).toBeNull();
    expect(chi.values).toMatchObject({ VUNG: 'III', HOP_DONG_NET: 1, CU_TRU: 0, LUONG_HOP_DONG: 8_000_000 });
    expect(chi.errors.find((e) => e.code === 'TIMESHEET_NOT_LOCKED')?.message.en).toBe(
      "The employee's timesheet of 03/2026 is not approved and locked",
    );
  });

  it('reads a leaver’s contract on their last day', () => {
    expect(of(w.dung).values).toMatchObject({ NGAY_NGHI_VIEC: '2026-03-20', LUONG_HOP_DONG: 9_000_000 });
    expect(codes(of(w.dung))).not.toContain('NO_CONTRACT');
  });

  it('names a worker the tenant does not have', () => {
    expect(codes(of(NOBODY))).toEqual(['WORKER_NOT_FOUND']);
  });

  it('reports a worker’s errors only when the template reads what they leave empty', () => {
    expect(errorsReading(of(w.binh).errors, ['LUONG_HOP_DONG', 'CONG_THUC_TE'])).toHaveLength(1);
    expect(errorsReading(of(w.em).errors, ['LUONG_HOP_DONG', 'CONG_THUC_TE', 'VUNG'])).toEqual([]);
  });

  it('computes issue 32’s first official example through DEFAULT_TEMPLATE: tax 120,000', async () => {
    const { catalogue, tables } = await inTenant(async (tx) => ({
      catalogue: await loadCatalogue(tx, hr.tenantId, period.lastDay),
      tables: await loadTables(tx, hr.tenantId, period.lastDay),
    }));
    const check = checkTemplate(defaultTemplateDefinitions(), catalogue);
    expect(check.errors).toEqual([]);
    const compiled = compileTemplate(check);
    const bound = compiled.bind(tables);
    if (!bound.ok) throw new Error(bound.error.message.en);
    const em = of(w.em);
    expect(errorsReading(em.errors, compiled.variables)).toEqual([]);
    const result = bound.template.run(period.inputsOf(em));
    if (!result.ok) throw new Error(result.error.message.en);
    const slip = Object.fromEntries(bound.template.codes.map((code, i) => [code, result.values[i]]));
    expect(slip).toMatchObject({
      TONG_THU_NHAP: 20_000_000,
      TONG_BH_NLD: 2_100_000,
      TIEN_THUE_TNCN: 120_000,
    });
  });

  it('reads a later month with the parameters and scale then in force', async () => {
    const july = await load([w.an], '2026-07');
    expect(july.shared.LUONG_CO_SO).toBe(2_530_000);
    const an = july.workers[0];
    expect(an?.values).toMatchObject({ LUONG_HOP_DONG: 15_000_000, HE_SO_CHUC_VU: 3 });
    // July's timesheet is nobody's yet
    expect(an?.errors.map((error) => error.code)).toEqual(['TIMESHEET_NOT_LOCKED']);
  });

  it.runIf(engine === 'postgresql')(
    'loads 2,000 workers in the same few statements as one (one statement per batch, not per worker)',
    async () => {
      const many = await inTenant(async (tx) => {
        const unit = (
          await rows<{ id: string }>(tx, sql`select id from organization_units where code = 'XM'`)
        )[0]?.id;
        const type = (
          await rows<{ id: string }>(tx, sql`select id from contract_types where code = 'HD_KXD'`)
        )[0]?.id;
        const made = await rows<{ id: string }>(
          tx,
          sql`insert into workers (tenant_id, code, full_name, gender, organization_unit_id, joined_date)
              select ${hr.tenantId}, 'B' || n, 'Nhân viên ' || n, 'FEMALE', ${unit}, '2024-01-01'
                from generate_series(1, 2000) n returning id`,
        );
        await tx.execute(sql`insert into labor_contracts (tenant_id, number, worker_id, contract_type_id, signing_date,
                                                          effective_date, salary, approval_status)
                             select ${hr.tenantId}, 'HD-B-' || w.code, w.id, ${type}, '2024-01-01', '2024-01-01', 9000000, 'APPROVED'
                               from workers w where w.code like 'B%'`);
        return made.map((row) => row.id);
      });
      const one = await statementsDuring(() => load([w.an]), { ownOnly: true });
      let loaded: PeriodValues | undefined;
      const all = await statementsDuring(async () => (loaded = await load(many)), { ownOnly: true });
      expect(all.length).toBe(one.length);
      // the scope's settings, the seven reads, and the transaction's own begin and commit at most
      expect(all.length).toBeLessThanOrEqual(10);
      expect(loaded?.workers).toHaveLength(2000);
      expect(loaded?.workers[1999]?.values).toMatchObject({ LUONG_HOP_DONG: 9_000_000, CONG_CHUAN: 26 });
    },
  );
});
