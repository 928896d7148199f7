import { sql } from 'drizzle-orm';
import { writeBatch } from '../../../bulk/index.ts';
import type { Tx } from '../../../db/database.ts';
import { inScope } from '../../../db/tenant-scope.ts';
import type { Caller, ResourceTestKit } from '../../../resources/testing/kit.ts';
import { rows } from '../../../testing/migrated-database.ts';
import { dayRecordStore } from '../../tm/tables/day-records.ts';
import type { DayRecordRow } from '../../tm/timesheet/day-record-row.ts';
import { seedLookupTables } from '../lookup-tables/seed.ts';
import { DEFAULT_TEMPLATE, STATUTORY_PARAMETERS, STATUTORY_REGION_WAGES } from '../statutory/data/index.ts';
import { seedPayrollDefaults } from '../templates/seed-defaults.ts';
import { componentFactory, templateFactory } from '../templates/testing.ts';

/*
 * A factory tenant's March 2026 for the pay periods' suites (docs/payroll-periods.md, "Tests"):
 * the statutory parameters, region wages and PIT bands as a tenant is seeded with them, the
 * default components, a standard month of 26 days, the company CTY (region I) with the workshop
 * XUONG and the office VP, its March timesheet approved (locked), and five workers:
 *
 * - A (XUONG): 20,000,000, no dependant, the whole month: issue 32's first official example
 *   (employee insurance 2,100,000, income tax 120,000);
 * - B (XUONG): 25,000,000, one dependant, the whole month: the second (income tax 33,750);
 * - C (VP): no contract: a worker the run reports and goes on;
 * - D (VP): a net contract of 17,000,000 the whole month: its gross is found to the đồng;
 * - E (XUONG): 15,000,000, 20 of 26 days worked: the template's TIEN_NGHI_BU divides by the
 *   INPUT NGAY_NGHI_BU when fewer days were worked than the standard, so E fails (division by zero)
 *   until HR types the days.
 *
 * The template BL_TEST is the default one plus NGAY_NGHI_BU (INPUT) and TIEN_NGHI_BU, applying
 * to CTY and the units below it (more specific than the default template, which names no unit).
 */

export const MONTH = '2026-03-01';

export interface PayrollTenant {
  readonly units: { readonly cty: string; readonly xuong: string; readonly vp: string };
  readonly workers: {
    readonly a: string;
    readonly b: string;
    readonly c: string;
    readonly d: string;
    readonly e: string;
  };
  readonly templateId: string;
  /** the salary components by code */
  readonly components: ReadonlyMap<string, string>;
}

export async function payrollTenant(kit: ResourceTestKit, hr: Caller): Promise<PayrollTenant> {
  const t = hr.tenantId;
  const inTenant = <T>(work: (tx: Tx) => Promise<T>) =>
    inScope(kit.server.db.orm, { tenantId: t, userId: null }, work);
  const made = await inTenant(async (tx) => {
    const one = async (query: ReturnType<typeof sql>) => (await rows<{ id: string }>(tx, query))[0]?.id ?? '';
    const cty = await one(sql`insert into organization_units (tenant_id, code, name, wage_region)
                              values (${t}, 'CTY', 'Công ty May Việt', 'I') returning id`);
    const xuong = await one(sql`insert into organization_units (tenant_id, code, name, parent_id)
                                values (${t}, 'XUONG', 'Xưởng may', ${cty}) returning id`);
    const vp = await one(sql`insert into organization_units (tenant_id, code, name, parent_id)
                             values (${t}, 'VP', 'Văn phòng', ${cty}) returning id`);
    const type = await one(sql`insert into contract_types (tenant_id, code, name, salary_rate)
                               values (${t}, 'HD_KXD', 'Không xác định thời hạn', 100) returning id`);
    const worker = (code: string, name: string, unit: string) =>
      one(sql`insert into workers (tenant_id, code, full_name, gender, organization_unit_id, joined_date)
              values (${t}, ${code}, ${name}, 'MALE', ${unit}, '2022-01-03') returning id`);
    const a = await worker('NV001', 'Nguyễn Văn An', xuong);
    const b = await worker('NV002', 'Trần Thị Bình', xuong);
    const c = await worker('NV003', 'Lê Văn Cường', vp);
    const d = await worker('NV004', 'Phạm Thị Dung', vp);
    const e = await worker('NV005', 'Hoàng Văn Em', xuong);
    await tx.execute(sql`insert into worker_related_persons (tenant_id, worker_id, position, relation, full_name, is_dependant)
                         values (${t}, ${b}, 0, 'CHILD', 'Trần Bảo Ngọc', true)`);
    const contract = (number: string, workerId: string, salary: number, net = false) =>
      tx.execute(sql`insert into labor_contracts (tenant_id, number, worker_id, contract_type_id, signing_date,
                                                  effective_date, salary, approval_status, net_pay)
                     values (${t}, ${number}, ${workerId}, ${type}, '2025-01-01', '2025-01-01', ${salary}, 'APPROVED', ${net})`);
    await contract('HD-A', a, 20_000_000);
    await contract('HD-B', b, 25_000_000);
    await contract('HD-D', d, 17_000_000, true);
    await contract('HD-E', e, 15_000_000);
    for (const wage of STATUTORY_REGION_WAGES)
      await tx.execute(sql`insert into region_wages (tenant_id, region, amount, effective_date)
                           values (${t}, ${wage.region}, ${wage.amount}, ${wage.effectiveFrom})`);
    for (const parameter of STATUTORY_PARAMETERS)
      for (const value of parameter.values)
        await tx.execute(sql`insert into parameters (tenant_id, code, name, value, unit, effective_date)
                             values (${t}, ${parameter.code}, ${parameter.name.vi}, ${value.value}, ${parameter.unit},
                                     ${value.effectiveFrom})`);
    await seedLookupTables(tx, t);
    await seedPayrollDefaults(tx, t);
    await tx.execute(sql`delete from standard_working_days where tenant_id = ${t}`);
    await tx.execute(sql`insert into standard_working_days (tenant_id, code, name, effective_date, method, days)
                         values (${t}, 'NC26', '26 ngày', '2021-01-01', 'FIXED', 26)`);
    await tx.execute(sql`insert into tm_timesheets (tenant_id, code, name, organization_unit_id, month, approval_status)
                         values (${t}, 'BCC_CTY_03', 'Công ty 03/2026', ${cty}, '2026-03', 'APPROVED')`);
    const day = (workerId: string, n: number): DayRecordRow => ({
      workDate: `2026-03-${String(n).padStart(2, '0')}`,
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
    });
    const month = (workerId: string, days: number) =>
      Array.from({ length: days }, (_, i) => day(workerId, i + 1));
    await writeBatch(
      tx,
      dayRecordStore,
      [...month(a, 26), ...month(b, 26), ...month(c, 26), ...month(d, 26), ...month(e, 20)],
      { actor: { scope: { tenantId: t, userId: null }, ip: null, userAgent: 'test' } },
    );
    const components = new Map(
      (await rows<{ id: string; code: string }>(tx, sql`select id, code from salary_components`)).map(
        (row) => [row.code, row.id],
      ),
    );
    return { units: { cty, xuong, vp }, workers: { a, b, c, d, e }, components };
  });
  const component = componentFactory(kit.http, hr.token);
  const days = await component({ code: 'NGAY_NGHI_BU', valueType: 'NUMBER', name: 'Ngày nghỉ bù được trả' });
  const pay = await component({
    code: 'TIEN_NGHI_BU',
    valueType: 'MONEY',
    category: 'EARNING',
    name: 'Tiền nghỉ bù',
    formula:
      'IF(CONG_THUC_TE < CONG_CHUAN, ROUND(LUONG_HOP_DONG / CONG_CHUAN * (CONG_CHUAN - CONG_THUC_TE) / NGAY_NGHI_BU, 0), 0)',
  });
  const components = new Map(made.components);
  components.set(days.code, days.id);
  components.set(pay.code, pay.id);
  const template = await templateFactory(
    kit.http,
    hr.token,
  )({
    code: 'BL_TEST',
    name: 'Bảng lương xưởng may',
    componentIds: [...DEFAULT_TEMPLATE.components.map((code) => components.get(code) ?? ''), days.id, pay.id],
    units: [{ organizationUnitId: made.units.cty, includeSubUnits: true }],
  });
  return { units: made.units, workers: made.workers, templateId: template.id, components };
}
