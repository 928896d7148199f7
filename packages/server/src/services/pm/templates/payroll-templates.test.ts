import type { ErrorEnvelope } from '@hcm/contracts';
import { categoryContracts } from '@hcm/contracts/categories';
import { organizationUnitContract } from '@hcm/contracts/organization';
import type { PayrollTemplateRecord, TemplateResolution } from '@hcm/contracts/payroll-templates';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inScope } from '../../../db/tenant-scope.ts';
import {
  download,
  readSheet,
  startResourceTestKit,
  type Caller,
  type ResourceTestKit,
} from '../../../resources/testing/kit.ts';
import { testEngines } from '../../../testing/engines.ts';
import {
  createContract,
  createThroughApi,
  createWorker,
  recordBody,
  type ApiWriter,
} from '../../../testing/factories.ts';
import { salaryComponentResource } from '../components/resource.ts';
import { payrollTemplateResource } from './resource.ts';
import { componentFactory, templateFactory } from './testing.ts';

const API = '/api/pm/payroll-templates';

const categoryOf = (permission: string) => {
  const found = categoryContracts.find((contract) => contract.permission === permission);
  if (!found) throw new Error(`no category contract of ${permission}`);
  return found;
};
const subjectOfLaborContract = categoryOf('subject_of_labor');
const contractTypeContract = categoryOf('contract_type');
type One = { data: PayrollTemplateRecord };

/** The organisation records the resolution reads, and whoever writes them. */
const OM_PERMISSIONS = [
  'organization_unit',
  'worker',
  'contract',
  'subject_of_labor',
  'contract_type',
].flatMap((resource) => ['view', 'create', 'update'].map((action) => `${resource}.${action}`));

/*
 * Salary › Payroll template (issue 32 item 5; docs/payroll-templates.md): components in order,
 * applicability, the payslip's lines; the whole template checked on save (a cycle named, a name
 * no catalogue has named with its component, a component read but not listed), the order it
 * computes in kept with the record, and which template applies to a worker on a date.
 */
describe.each(await testEngines())('payroll templates on $engine', ({ engine }) => {
  let kit: ResourceTestKit;
  let hr: Caller;
  let writer: ApiWriter;
  let component: ReturnType<typeof componentFactory>;
  let template: ReturnType<typeof templateFactory>;

  const post = <T = One>(path: string, body?: unknown) => kit.http.post<T>(path, body, hr.token);
  const refused = async (path: string, body: unknown, status = 422) => {
    const res = await post<ErrorEnvelope>(path, body);
    expect(res.status, JSON.stringify(res.body)).toBe(status);
    return res.body;
  };
  /** a statement in the tenant's scope, as data written before the checks existed would be */
  const inTenant = (statement: ReturnType<typeof sql>) =>
    inScope(kit.server.db.orm, { tenantId: hr.tenantId, userId: hr.userId }, (tx) => tx.execute(statement));

  /** an HR user of a fresh tenant holding the payroll's and the organisation's permissions */
  const useNewTenant = async () => {
    hr = await kit.caller(
      [salaryComponentResource, payrollTemplateResource],
      [
        'action_log.view',
        'tenant_configuration.view',
        'tenant_configuration.create',
        'tenant_configuration.update',
        'tenant_configuration.delete',
        ...OM_PERMISSIONS,
      ],
    );
    writer = { http: kit.http, token: hr.token };
    component = componentFactory(kit.http, hr.token);
    template = templateFactory(kit.http, hr.token);
  };

  beforeAll(async () => {
    kit = await startResourceTestKit(engine);
    await useNewTenant();
  });
  afterAll(() => kit?.stop());

  it('keeps the components in HR’s order, the payslip’s lines and the order they compute in', async () => {
    const base = await component({ code: 'T1_BASE' });
    const bonus = await component({ code: 'T1_BONUS' });
    const gross = await component({ code: 'T1_GROSS', formula: 'T1_BASE + T1_BONUS' });
    const tax = await component({
      code: 'T1_TAX',
      formula: 'ROUND(T1_GROSS * 10%, 0)',
      category: 'DEDUCTION',
    });
    const net = await component({ code: 'T1_NET', formula: 'T1_GROSS - T1_TAX' });
    const made = await template({
      code: 'MAU_T1',
      componentIds: [net.id, tax.id, gross.id, base.id, bonus.id],
      payslip: [
        { groupTitle: 'Thu nhập', groupTitleEn: 'Earnings', componentId: base.id },
        { groupTitle: 'Thu nhập', groupTitleEn: 'Earnings', componentId: bonus.id },
        { groupTitle: 'Thực lĩnh', componentId: net.id },
      ],
    });
    expect(made.components.map((row) => row.componentCode)).toEqual([
      'T1_NET',
      'T1_TAX',
      'T1_GROSS',
      'T1_BASE',
      'T1_BONUS',
    ]);
    expect(made.resolvedOrder.map((row) => row.componentCode)).toEqual([
      'T1_BASE',
      'T1_BONUS',
      'T1_GROSS',
      'T1_TAX',
      'T1_NET',
    ]);
    const detail = await kit.http.get<One>(`${API}/${made.id}`, hr.token);
    expect(detail.body.data.resolvedOrder.map((row) => row.componentId)).toEqual([
      base.id,
      bonus.id,
      gross.id,
      tax.id,
      net.id,
    ]);
    expect(detail.body.data.payslip.map((line) => [line.groupTitle, line.componentCode])).toEqual([
      ['Thu nhập', 'T1_BASE'],
      ['Thu nhập', 'T1_BONUS'],
      ['Thực lĩnh', 'T1_NET'],
    ]);
    const checked = await kit.http.get<{ data: { ok: boolean; order: string[]; payslip: unknown[] } }>(
      `${API}/${made.id}/check`,
      hr.token,
    );
    expect(checked.body.data).toMatchObject({
      ok: true,
      order: ['T1_BASE', 'T1_BONUS', 'T1_GROSS', 'T1_TAX', 'T1_NET'],
      payslip: [
        { title: { vi: 'Thu nhập', en: 'Earnings' }, components: ['T1_BASE', 'T1_BONUS'] },
        { title: { vi: 'Thực lĩnh', en: 'Thực lĩnh' }, components: ['T1_NET'] },
      ],
    });
    // a component's new code reaches the template's rows and order
    const renamed = await post(`/api/pm/salary-components/${bonus.id}/update`, {
      version: bonus.version,
      code: 'T1_BONUS_X',
    });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(422); // T1_GROSS reads T1_BONUS
    const reordered = await post(`${API}/${made.id}/update`, {
      version: made.version,
      components: [base.id, bonus.id, gross.id, tax.id, net.id].map((componentId) => ({ componentId })),
    });
    expect(reordered.status, JSON.stringify(reordered.body)).toBe(200);
    expect(reordered.body.data.components.map((row) => row.componentCode)).toEqual([
      'T1_BASE',
      'T1_BONUS',
      'T1_GROSS',
      'T1_TAX',
      'T1_NET',
    ]);
    // the export writes the components as one cell of codes
    const exported = await download(`${kit.server.url}${API}/export?keyword=MAU_T1`, hr.token);
    const rows = await readSheet(exported.bytes);
    expect(rows[1]).toContain('T1_BASE; T1_BONUS; T1_GROSS; T1_TAX; T1_NET');
  });

  it('names a component a formula reads but the template does not list', async () => {
    const base = await component({ code: 'T2_BASE' });
    const pay = await component({ code: 'T2_PAY', formula: 'T2_BASE * 2' });
    const body = await refused(API, {
      code: 'MAU_T2',
      name: 'Thiếu thành phần',
      components: [{ componentId: pay.id }],
    });
    expect(body.errors?.[0]).toMatchObject({
      field: 'components[0].componentId',
      code: 'payrollTemplate.errors.missingFromTemplate',
      params: { component: 'T2_PAY', name: 'T2_BASE' },
    });
    expect(body.errors?.[0]?.message).toBe(
      'T2_PAY reads the component T2_BASE, which is not in the template',
    );
    expect(body.errors?.[0]?.params?.vi).toBe(
      'T2_PAY đọc thành phần T2_BASE, nhưng T2_BASE không có trong mẫu bảng lương',
    );
    const fixed = await template({ code: 'MAU_T2', componentIds: [pay.id, base.id] });
    expect(fixed.resolvedOrder.map((row) => row.componentCode)).toEqual(['T2_BASE', 'T2_PAY']);
  });

  it('names a cycle among its components (A → B → C → A)', async () => {
    const a = await component({ code: 'T3_A', formula: '1' });
    const b = await component({ code: 'T3_B', formula: 'T3_A + 1' });
    const c = await component({ code: 'T3_C', formula: 'T3_B + 1' });
    // a cycle the components' own checks refuse, as data written before them could hold one
    await inTenant(sql`update salary_components set formula = 'T3_C + 1' where id = ${a.id}`);
    const body = await refused(API, {
      code: 'MAU_T3',
      name: 'Vòng tròn',
      components: [a, b, c].map((row) => ({ componentId: row.id })),
    });
    expect(body.errors?.map((e) => [e.field, e.code, e.params?.cycle])).toEqual([
      ['components', 'formula.errors.cycle', 'T3_A → T3_C → T3_B → T3_A'],
    ]);
    expect(body.errors?.[0]?.params?.en).toBe(
      'T3_A: The components refer to each other in a cycle: T3_A → T3_C → T3_B → T3_A',
    );
    expect((await kit.http.get(`${API}?keyword=MAU_T3`, hr.token)).body).toMatchObject({ data: [] });
  });

  it('names an unknown name and its component when a parameter a formula read is gone', async () => {
    const parameter = await createThroughApi(writer, '/api/system/parameters', {
      code: 'PHU_CAP_XANG',
      name: 'Phụ cấp xăng xe',
      value: '500000',
      unit: 'VND',
      effectiveDate: '2026-01-01',
    });
    const fuel = await component({ code: 'T4_FUEL', formula: 'PHU_CAP_XANG * 2' });
    const kept = await template({ code: 'MAU_T4', componentIds: [fuel.id] });
    const checked = await kit.http.get<{ data: { ok: boolean } }>(`${API}/${kept.id}/check`, hr.token);
    expect(checked.body.data.ok).toBe(true);
    expect((await post(`/api/system/parameters/${parameter}/delete`)).status).toBe(200);
    const body = await refused(`${API}/${kept.id}/update`, {
      version: kept.version,
      components: [{ componentId: fuel.id }],
    });
    expect(body.errors?.[0]).toMatchObject({
      field: 'components[0].componentId',
      code: 'formula.errors.unknownVariable',
      params: { name: 'PHU_CAP_XANG', component: 'T4_FUEL', column: 1 },
    });
    // the compiled template says the same: the parameter's delete cleared the tenant's compiled
    // templates (migration 0073's signal on parameters)
    const now = await kit.http.get<{ data: { ok: boolean; errors: { params: { name: string } }[] } }>(
      `${API}/${kept.id}/check`,
      hr.token,
    );
    expect(now.body.data.ok).toBe(false);
    expect(now.body.data.errors[0]?.params.name).toBe('PHU_CAP_XANG');
  });

  it('refuses components of no record and payslip lines of components it does not list (400)', async () => {
    const listed = await component({ code: 'T5_IN' });
    const other = await component({ code: 'T5_OUT' });
    const body = await refused(
      API,
      {
        code: 'MAU_T5',
        name: 'Phiếu lương sai',
        components: [{ componentId: listed.id }, { componentId: '00000000-0000-4000-8000-000000000000' }],
        payslip: [{ groupTitle: 'Khác', componentId: other.id }],
      },
      400,
    );
    expect(body.errors?.map((e) => e.field)).toEqual(['components[1].componentId', 'payslip[0].componentId']);
    expect(body.errors?.[1]?.message).toBe(
      'The payslip shows only the template’s components: T5_OUT is not in it',
    );
    const twice = await refused(
      API,
      {
        code: 'MAU_T5',
        name: 'Hai lần',
        components: [{ componentId: listed.id }, { componentId: listed.id }],
      },
      400,
    );
    expect(twice.errors?.[0]?.field).toBe('components[1].componentId');
  });

  it('resolves the most specific ACTIVE template for a worker on a date', async () => {
    // a tenant of its own: the other cases' templates would be candidates too
    await useNewTenant();
    const unit = (body: Record<string, unknown>) =>
      createThroughApi(writer, organizationUnitContract.apiPath, {
        ...recordBody(organizationUnitContract, 700),
        ...body,
      });
    const company = await unit({ code: 'CTY_R', name: 'Công ty R' });
    const sales = await unit({ code: 'KD_R', name: 'Kinh doanh R', parentId: company });
    const team = await unit({ code: 'KD_R_1', name: 'Nhóm kinh doanh 1', parentId: sales });
    const worker = await createThroughApi(writer, subjectOfLaborContract.apiPath, {
      code: 'DT_R',
      name: 'Lao động phổ thông',
    });
    const probation = await createThroughApi(writer, contractTypeContract.apiPath, {
      ...recordBody(contractTypeContract, 701),
      code: 'THU_VIEC_R',
      name: 'Thử việc',
    });
    const official = await createThroughApi(writer, contractTypeContract.apiPath, {
      ...recordBody(contractTypeContract, 702),
      code: 'CHINH_THUC_R',
      name: 'Chính thức',
    });
    const anna = await createWorker(writer, {
      code: 'NV_R1',
      organizationUnitId: team,
      joinedDate: '2026-01-05',
    });
    await post(`/api/om/workers/${anna}/update`, {
      version: 1,
      subjectOfLaborId: worker,
    });
    const first = await createContract(writer, {
      number: 'HD_R1',
      workerId: anna,
      contractTypeId: probation,
      from: '2026-01-05',
      to: '2026-03-04',
    });
    const second = await createContract(writer, {
      number: 'HD_R2',
      workerId: anna,
      contractTypeId: official,
      from: '2026-03-05',
    });
    await inTenant(
      sql`update labor_contracts set approval_status = 'APPROVED' where id in (${first}, ${second})`,
    );
    const base = await component({ code: 'T6_BASE' });
    const ids = [base.id];
    const all = await template({ code: 'R_ALL', componentIds: ids });
    const company_ = await template({
      code: 'R_COMPANY',
      componentIds: ids,
      units: [{ organizationUnitId: company, includeSubUnits: true }],
    });
    const salesOnly = await template({
      code: 'R_SALES_ONLY',
      componentIds: ids,
      units: [{ organizationUnitId: sales }],
    });
    const probationary = await template({
      code: 'R_PROBATION',
      componentIds: ids,
      contractTypes: [probation],
    });
    const teamProbation = await template({
      code: 'R_TEAM_PROBATION',
      componentIds: ids,
      units: [{ organizationUnitId: sales, includeSubUnits: true }],
      contractTypes: [probation],
    });
    const resolve = async (date: string) =>
      (
        await kit.http.get<{ data: TemplateResolution }>(
          `${API}/resolve?workerId=${anna}&date=${date}`,
          hr.token,
        )
      ).body.data;
    // on probation: the unit and the contract type named win over either alone
    const onProbation = await resolve('2026-02-10');
    expect(onProbation.contractTypeId).toBe(probation);
    expect(onProbation.subjectOfLaborId).toBe(worker);
    expect(onProbation.template?.code).toBe(teamProbation.code);
    expect(onProbation.candidates.map((c) => c.code)).toEqual([
      'R_TEAM_PROBATION',
      'R_COMPANY',
      'R_PROBATION',
      'R_ALL',
    ]);
    expect(onProbation.candidates.find((c) => c.code === 'R_COMPANY')).toMatchObject({
      dimensions: 1,
      unitDistance: 2,
    });
    // the official contract: the named unit above her (with its sub-units) wins over "all"
    const official_ = await resolve('2026-03-10');
    expect(official_.contractTypeId).toBe(official);
    expect(official_.template?.code).toBe(company_.code);
    expect(official_.candidates.map((c) => c.code)).toEqual(['R_COMPANY', 'R_ALL']);
    // a sales unit without its sub-units does not reach her team; an INACTIVE template is no candidate
    expect(official_.candidates.some((c) => c.code === salesOnly.code)).toBe(false);
    await post(`${API}/${company_.id}/inactive`);
    expect((await resolve('2026-03-10')).template?.code).toBe(all.code);
    expect(probationary.code).toBe('R_PROBATION');
    // two equally specific templates: the smaller code, and the answer says it was a tie
    await template({ code: 'R_ALL_0', componentIds: ids });
    const tie = await resolve('2026-03-10');
    expect(tie).toMatchObject({ tie: true, template: { code: 'R_ALL' } });
    expect(
      (await kit.http.get(`${API}/resolve?workerId=${hr.userId}&date=2026-03-10`, hr.token)).status,
    ).toBe(404);
  });
});
