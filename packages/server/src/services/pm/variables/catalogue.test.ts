import type { PayrollVariableCatalogue } from '@hcm/contracts/payroll-variables';
import { checkTemplate, compileTemplate } from '@hcm/formula';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Tx } from '../../../db/database.ts';
import { inScope } from '../../../db/tenant-scope.ts';
import { startResourceTestKit, type Caller, type ResourceTestKit } from '../../../resources/testing/kit.ts';
import { testEngines } from '../../../testing/engines.ts';
import { STATUTORY_PARAMETERS } from '../statutory/data/parameters.ts';
import { defaultTemplateDefinitions } from '../statutory/testing.ts';
import { seedLookupTables } from '../lookup-tables/seed.ts';
import { loadCatalogue, parameterType } from './catalogue.ts';
import { DECLARED_VARIABLES } from './declared.ts';

/** The variable codes every payroll helper agreed on (issue 32, payroll-common.md), by type. */
const AGREED: Readonly<Record<string, string>> = {
  LUONG_HOP_DONG: 'MONEY',
  LUONG_DONG_BH: 'MONEY',
  PHU_CAP_HOP_DONG: 'MONEY',
  HE_SO_LUONG: 'NUMBER',
  HE_SO_CHUC_VU: 'NUMBER',
  MA_NGACH: 'TEXT',
  LOAI_HOP_DONG: 'TEXT',
  MA_DON_VI: 'TEXT',
  VUNG: 'TEXT',
  SO_NGUOI_PHU_THUOC: 'INTEGER',
  CU_TRU: 'INTEGER',
  HOP_DONG_NET: 'INTEGER',
  DOAN_VIEN: 'INTEGER',
  NGAY_VAO_LAM: 'DATE',
  NGAY_NGHI_VIEC: 'DATE',
  CONG_CHUAN: 'NUMBER',
  CONG_THUC_TE: 'NUMBER',
  NGHI_CO_LUONG: 'NUMBER',
  NGHI_KHONG_LUONG: 'NUMBER',
  GIO_LAM_DEM: 'NUMBER',
  GIO_TC_NGAY_THUONG: 'NUMBER',
  GIO_TC_NGHI_TUAN: 'NUMBER',
  GIO_TC_NGAY_LE: 'NUMBER',
  GIO_TC_DEM_NGAY_THUONG: 'NUMBER',
  GIO_TC_DEM_NGHI_TUAN: 'NUMBER',
  GIO_TC_DEM_NGAY_LE: 'NUMBER',
  KPI: 'NUMBER',
  THU_NHAP_KHAC: 'MONEY',
  THU_NHAP_KHAC_CHIU_THUE: 'MONEY',
  KHAU_TRU_KHAC: 'MONEY',
  TAM_UNG: 'MONEY',
  THANG: 'INTEGER',
  NAM: 'INTEGER',
  NGAY_DAU_KY: 'DATE',
  NGAY_CUOI_KY: 'DATE',
};

describe('the declared variables', () => {
  it('are the agreed codes with their types, plus the worker’s step, each named in both languages', () => {
    const declared = Object.fromEntries(DECLARED_VARIABLES.map((v) => [v.code, v.type]));
    expect(declared).toEqual({ ...AGREED, BAC_LUONG: 'INTEGER' });
    for (const variable of DECLARED_VARIABLES) {
      expect(variable.label.vi.length, variable.code).toBeGreaterThan(2);
      expect(variable.label.en.length, variable.code).toBeGreaterThan(2);
      expect(variable.description.vi, variable.code).not.toBe(variable.description.en);
    }
  });

  it('read a parameter’s unit as its type: VND money, % a percentage, anything else a number', () => {
    expect(['VND', 'vnd', ' VNĐ ', '%', 'lần', 'ngày', '0/1', null, ''].map(parameterType)).toEqual([
      'MONEY',
      'MONEY',
      'MONEY',
      'PERCENT',
      'NUMBER',
      'NUMBER',
      'NUMBER',
      'NUMBER',
      'NUMBER',
    ]);
  });
});

/*
 * A tenant's catalogue (docs/payroll-variables.md, "The catalogue"): the declared variables, its
 * parameter codes typed by their units, the derived and stored tables; and GET
 * /api/pm/payroll-variables, what the formula editor completes from.
 */
describe.each(await testEngines())('a tenant’s payroll variable catalogue on $engine', ({ engine }) => {
  let kit: ResourceTestKit;
  let hr: Caller;
  const inTenant = <T>(work: (tx: Tx) => Promise<T>) =>
    inScope(kit.server.db.orm, { tenantId: hr.tenantId, userId: null }, work);

  beforeAll(async () => {
    kit = await startResourceTestKit(engine);
    hr = await kit.caller([], ['salary_composition.view']);
    await inTenant(async (tx) => {
      const add = (code: string, unit: string | null, date: string, status = 'ACTIVE', name = code) =>
        tx.execute(sql`insert into parameters (tenant_id, code, name, value, unit, effective_date, status)
                       values (${hr.tenantId}, ${code}, ${name}, 1, ${unit}, ${date}, ${status})`);
      await add('LUONG_CO_SO', 'VND', '2024-07-01', 'ACTIVE', 'Mức lương cơ sở');
      await add('TL_BHXH_NLD', '%', '2024-07-01');
      await add('HS_TRAN_BH', 'lần', '2024-07-01');
      // the unit in force on the date names the type: 'ngày' then, '%' later
      await add('TY_LE_X', 'ngày', '2025-01-01');
      await add('TY_LE_X', '%', '2027-01-01');
      // lower case is the same name; a name a formula cannot spell and a declared code are left out
      await add('he_so_rieng', null, '2024-07-01');
      await add('PARAM.DOT', 'VND', '2024-07-01');
      await add('LUONG_HOP_DONG', 'VND', '2024-07-01');
      await add('NGUNG_DUNG', 'VND', '2024-07-01', 'INACTIVE');
      // a parameter that starts later is still a name (its run before then reports it missing)
      await add('SAU_NAY', 'VND', '2030-01-01');
    });
  });
  afterAll(async () => {
    await kit?.stop();
  });

  it('adds the tenant’s active parameter codes typed by their units', async () => {
    const catalogue = await inTenant((tx) => loadCatalogue(tx, hr.tenantId, '2026-03-31'));
    const parameters = catalogue.variableList.filter((v) => v.group === 'PARAMETER');
    expect(parameters.map((v) => [v.code, v.type])).toEqual([
      ['HE_SO_RIENG', 'NUMBER'],
      ['HS_TRAN_BH', 'NUMBER'],
      ['LUONG_CO_SO', 'MONEY'],
      ['SAU_NAY', 'MONEY'],
      ['TL_BHXH_NLD', 'PERCENT'],
      ['TY_LE_X', 'NUMBER'],
    ]);
    expect(catalogue.variable('luong_co_so')?.label).toMatchObject({ vi: 'Mức lương cơ sở' });
    // the declared variable keeps its own type and group
    expect(catalogue.variable('LUONG_HOP_DONG')).toMatchObject({ type: 'MONEY', group: 'CONTRACT' });
    const later = await inTenant((tx) => loadCatalogue(tx, hr.tenantId, '2027-06-30'));
    expect(later.variable('TY_LE_X')?.type).toBe('PERCENT');
  });

  it('checks DEFAULT_TEMPLATE with no error once the statutory parameters and tables are the tenant’s', async () => {
    const fresh = await kit.caller([], []);
    const catalogue = await inScope(
      kit.server.db.orm,
      { tenantId: fresh.tenantId, userId: null },
      async (tx) => {
        for (const parameter of STATUTORY_PARAMETERS)
          for (const value of parameter.values)
            await tx.execute(sql`insert into parameters (tenant_id, code, name, value, unit, effective_date)
                               values (${fresh.tenantId}, ${parameter.code}, ${parameter.name.vi}, ${value.value},
                                       ${parameter.unit}, ${value.effectiveFrom})`);
        await seedLookupTables(tx, fresh.tenantId);
        return loadCatalogue(tx, fresh.tenantId, '2026-03-31');
      },
    );
    const check = checkTemplate(defaultTemplateDefinitions(), catalogue);
    expect(check.errors.map((error) => error.message.en)).toEqual([]);
    const compiled = compileTemplate(check);
    expect([...compiled.tables].sort()).toEqual(['LTT_VUNG', 'THUE_TNCN']);
    expect(compiled.inputs).toEqual([]);
  });

  it('answers the editor: groups, variables and tables with their labels and columns', async () => {
    const answer = await kit.http.get<{ data: PayrollVariableCatalogue }>(
      '/api/pm/payroll-variables?date=2026-03-31',
      hr.token,
    );
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const { data } = answer.body;
    expect(data.date).toBe('2026-03-31');
    expect(data.groups.map((g) => g.code)).toEqual([
      'WORKER',
      'CONTRACT',
      'TIMESHEET',
      'INPUT',
      'PERIOD',
      'PARAMETER',
    ]);
    expect(data.variables.find((v) => v.code === 'CONG_CHUAN')).toMatchObject({
      type: 'NUMBER',
      group: 'TIMESHEET',
      label: { vi: 'Công chuẩn', en: 'Standard days' },
    });
    expect(data.variables.find((v) => v.code === 'TL_BHXH_NLD')).toMatchObject({
      type: 'PERCENT',
      unit: '%',
    });
    expect(data.tables.map((t) => [t.code, t.kind, t.keyType, t.derived])).toEqual([
      ['LTT_VUNG', 'keyed', 'TEXT', true],
      ['HE_SO_BAC', 'keyed', 'TEXT', true],
    ]);
    expect(data.tables[0]?.columns).toEqual([
      expect.objectContaining({ code: 'LUONG_TOI_THIEU', type: 'MONEY' }),
    ]);
    const bad = await kit.http.get('/api/pm/payroll-variables?date=2026-02-30', hr.token);
    expect(bad.status).toBe(400);
    const stranger = await kit.caller([], ['salary_configuration.view']);
    expect((await kit.http.get('/api/pm/payroll-variables', stranger.token)).status).toBe(403);
  });
});
