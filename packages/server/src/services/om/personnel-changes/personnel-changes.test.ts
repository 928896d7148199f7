import type { WorkerRecord } from '@hcm/contracts/workers';
import type { WorkerHistoryEntry } from '@hcm/contracts/personnel-changes';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inScope } from '../../../db/tenant-scope.ts';
import { startResourceTestKit, type Caller, type ResourceTestKit } from '../../../resources/testing/kit.ts';
import { testEngines } from '../../../testing/engines.ts';
import { accessTokenFor, makeUser } from '../../../testing/factories.ts';
import { categoryResources } from '../categories/category-resources.ts';
import { sweepAllTenants } from '../date-sweep.ts';
import { laborContractResource } from '../labor-contracts/resources.ts';
import { organizationUnitResource } from '../organization-units/resources.ts';
import { positionResource } from '../positions/position-resource.ts';
import { wageCategoryResources } from '../wage-categories/resources.ts';
import { workerResource } from '../workers/resources.ts';
import { personnelChangeResources, rewardResource } from './resources.ts';

type Saved = { id: string; version: number; approvalStatus: string; appliedAt: string | null } & Record<
  string,
  unknown
>;
type Failed = { code: string; errors?: { field: string; message: string }[] };

const TABLES = {
  displacements: 'displacements',
  resignations: 'resignations',
  rewards: 'rewards',
  disciplines: 'disciplines',
  benefits: 'benefits',
  'salary-reviews': 'salary_reviews',
} as const;
type IdName =
  | 'sales'
  | 'hrUnit'
  | 'finance'
  | 'head'
  | 'staff'
  | 'title'
  | 'grade'
  | 'senior'
  | 'praise'
  | 'warning'
  | 'contractType'
  | 'worker'
  | 'colleague'
  | 'theirWorker';

describe.each(await testEngines())('personnel changes on $engine', ({ engine }) => {
  let kit: ResourceTestKit;
  let hr: Caller;
  let other: Caller;
  const ids = {} as Record<IdName, string>;
  let serial = 0;
  const resources = [
    ...personnelChangeResources,
    laborContractResource,
    workerResource,
    organizationUnitResource,
    positionResource,
    ...categoryResources,
    ...wageCategoryResources,
  ];

  const make = async (who: Caller, path: string, body: Record<string, unknown>) => {
    const res = await kit.http.post<{ data: { id: string } }>(path, body, who.token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data.id;
  };
  const post = (path: string, body: Record<string, unknown>, who = hr) =>
    kit.http.post<{ data: Saved } & Failed>(`/api/om/${path}`, body, who.token);
  /** a decision of `path` for the worker, with the shared fields filled and `extra` over them */
  const decide = async (path: string, extra: Record<string, unknown>, who = hr) => {
    const res = await post(
      path,
      {
        workerId: ids.worker,
        decisionNumber: `${++serial}/2026/QĐ`,
        decisionDate: '2026-03-01',
        effectiveDate: '2026-03-15',
        ...extra,
      },
      who,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data;
  };
  /** what the approval engine (issue 13) will do: the decision becomes APPROVED */
  const setStatus = (who: Caller, path: keyof typeof TABLES, id: string, status = 'APPROVED') =>
    inScope(kit.server.db.orm, { tenantId: who.tenantId, userId: null }, (tx) =>
      tx.execute(
        sql`update ${sql.identifier(TABLES[path])} set approval_status = ${status} where id = ${id}`,
      ),
    );
  const worker = async (id = ids.worker) =>
    (await kit.http.get<{ data: WorkerRecord & { version: number } }>(`/api/om/workers/${id}`, hr.token)).body
      .data;
  const read = async (path: string, id: string) =>
    (await kit.http.get<{ data: Saved }>(`/api/om/${path}/${id}`, hr.token)).body.data;
  const history = (id: string, who = hr, language = 'vi') =>
    kit.http.get<{ data: WorkerHistoryEntry[] } & Failed>(`/api/om/workers/${id}/history`, who.token, {
      'Accept-Language': language,
    });

  beforeAll(async () => {
    kit = await startResourceTestKit(engine);
    hr = await kit.caller(resources);
    other = await kit.caller(resources);
    const unit = (code: string, name: string) =>
      make(hr, '/api/om/organization-units', { code, name, typeCode: 'PHONG' });
    ids.sales = await unit('PHONG_KD', 'Phòng Kinh doanh');
    ids.hrUnit = await unit('PHONG_NS', 'Phòng Nhân sự');
    ids.finance = await unit('PHONG_TC', 'Phòng Tài chính');
    ids.head = await make(hr, '/api/om/positions', { code: 'TRUONG_P', name: 'Trưởng phòng' });
    ids.staff = await make(hr, '/api/om/positions', { code: 'NHAN_VIEN', name: 'Nhân viên' });
    ids.title = await make(hr, '/api/om/job-titles', { code: 'CV_NS', name: 'Chuyên viên nhân sự' });
    ids.grade = await make(hr, '/api/om/salary-grades', {
      code: 'NGACH_A1',
      name: 'Chuyên viên',
      scales: ['1', '2'],
    });
    ids.senior = await make(hr, '/api/om/salary-grades', {
      code: 'NGACH_A2',
      name: 'Chuyên viên chính',
      scales: ['1'],
    });
    ids.praise = await make(hr, '/api/om/reward-types', { code: 'GIAY_KHEN', name: 'Giấy khen' });
    ids.warning = await make(hr, '/api/om/discipline-types', { code: 'KHIEN_TRACH', name: 'Khiển trách' });
    ids.contractType = await make(hr, '/api/om/contract-types', {
      code: 'KXDTH',
      name: 'Không xác định thời hạn',
      salaryRate: '100',
    });
    const hire = (code: string, unitId: string) =>
      make(hr, '/api/om/workers', {
        code,
        fullName: `Phạm Thu ${code}`,
        gender: 'FEMALE',
        organizationUnitId: unitId,
        jobPositionId: ids.staff,
        salaryGradeId: ids.grade,
        salaryCoefficient: '2.34',
        salary: '12000000',
      });
    ids.worker = await hire('NV0001', ids.sales);
    ids.colleague = await hire('NV0002', ids.sales);
    const theirUnit = await make(other, '/api/om/organization-units', {
      code: 'THEIRS',
      name: 'Theirs',
      typeCode: 'PHONG',
    });
    ids.theirWorker = await make(other, '/api/om/workers', {
      code: 'NV0001',
      fullName: 'Someone Else',
      gender: 'MALE',
      organizationUnitId: theirUnit,
    });
  });
  afterAll(() => kit?.stop());

  it('keeps where the employee was when an assignment is written, and refuses those fields typed', async () => {
    const saved = await decide('displacements', {
      assignmentType: 'APPOINTMENT',
      toUnitId: ids.hrUnit,
      toPositionId: ids.head,
    });
    expect(saved).toMatchObject({
      fromUnitId: ids.sales,
      fromPositionId: ids.staff,
      toUnitId: ids.hrUnit,
      approvalStatus: 'NEW',
      appliedAt: null,
    });
    const typed = await post('displacements', {
      workerId: ids.worker,
      decisionNumber: 'X/1',
      effectiveDate: '2026-03-15',
      toUnitId: ids.hrUnit,
      fromUnitId: ids.finance,
    });
    expect(typed.status).toBe(400);
    expect(await worker()).toMatchObject({ organizationUnitId: ids.sales });
  });

  it('applies nothing that is not approved, however late the day', async () => {
    const pending = await decide('displacements', { toUnitId: ids.finance, effectiveDate: '2026-01-01' });
    await sweepAllTenants(kit.server.db.orm, '2100-01-01');
    expect((await read('displacements', pending.id)).appliedAt).toBeNull();
    expect((await worker()).organizationUnitId).toBe(ids.sales);
    await kit.http.post(`/api/om/displacements/${pending.id}/delete`, {}, hr.token);
  });

  it('moves the employee on the effective date of an approved assignment, once, in date order', async () => {
    const person = await make(hr, '/api/om/workers', {
      code: 'NV0100',
      fullName: 'Đỗ Minh Châu',
      gender: 'MALE',
      organizationUnitId: ids.sales,
    });
    const later = await decide('displacements', {
      workerId: person,
      effectiveDate: '2030-05-10',
      toUnitId: ids.finance,
      toJobTitleId: ids.title,
    });
    const earlier = await decide('displacements', {
      workerId: person,
      effectiveDate: '2030-05-01',
      toUnitId: ids.hrUnit,
      toPositionId: ids.head,
    });
    await setStatus(hr, 'displacements', later.id);
    await setStatus(hr, 'displacements', earlier.id);
    const before = await worker(person);

    await sweepAllTenants(kit.server.db.orm, '2030-04-30');
    expect((await worker(person)).organizationUnitId).toBe(ids.sales);

    const { applied } = await sweepAllTenants(kit.server.db.orm, '2030-05-10');
    expect(applied).toBeGreaterThanOrEqual(2);
    const after = await worker(person);
    // the 1 May assignment first, then the 10 May one: the unit is Finance, the position kept
    expect(after).toMatchObject({
      organizationUnitId: ids.finance,
      jobPositionId: ids.head,
      jobTitleId: ids.title,
    });
    expect(after.version).toBeGreaterThan(before.version);
    expect((await read('displacements', earlier.id)).appliedAt).not.toBeNull();
    expect((await sweepAllTenants(kit.server.db.orm, '2030-05-10')).applied).toBe(0);
  });

  it('refuses to change or delete a decision in approval or applied (409), and changes nothing', async () => {
    const waiting = await decide('rewards', {
      rewardTypeId: ids.praise,
      form: 'Giấy khen',
      amount: '500000',
    });
    await setStatus(hr, 'rewards', waiting.id, 'WAIT_APPROVE');
    const update = await post(`rewards/${waiting.id}/update`, { version: waiting.version, amount: '900000' });
    expect(update.status).toBe(409);
    expect((await post(`rewards/${waiting.id}/delete`, {})).status).toBe(409);
    expect((await read('rewards', waiting.id)).amount).toBe('500000.00');

    await setStatus(hr, 'rewards', waiting.id, 'APPROVED');
    await sweepAllTenants(kit.server.db.orm, '2026-12-31');
    const applied = await read('rewards', waiting.id);
    expect(applied.appliedAt).not.toBeNull();
    expect((await post(`rewards/${waiting.id}/delete`, {})).status).toBe(409);

    // a rejected one is the requester's again
    const rejected = await decide('rewards', { rewardTypeId: ids.praise });
    await setStatus(hr, 'rewards', rejected.id, 'REJECTED');
    const fixed = await post(`rewards/${rejected.id}/update`, {
      version: rejected.version,
      form: 'Bằng khen',
    });
    expect(fixed.status, JSON.stringify(fixed.body)).toBe(200);
  });

  it('ends employment on the date of an approved resignation; the handover goes to someone else', async () => {
    const self = await post('resignations', {
      workerId: ids.colleague,
      decisionNumber: 'NV/1',
      effectiveDate: '2026-06-30',
      handoverWorkerId: ids.colleague,
    });
    expect(self.status).toBe(400);
    expect(self.body.errors?.map((e) => e.field)).toEqual(['handoverWorkerId']);
    const leaving = await decide('resignations', {
      workerId: ids.colleague,
      effectiveDate: '2026-06-30',
      handoverWorkerId: ids.worker,
      reason: 'Chuyển công tác',
    });
    await setStatus(hr, 'resignations', leaving.id);
    await sweepAllTenants(kit.server.db.orm, '2026-06-29');
    expect((await worker(ids.colleague)).workingStatus).toBe('WORKING');
    await sweepAllTenants(kit.server.db.orm, '2026-06-30');
    expect((await worker(ids.colleague)).workingStatus).toBe('UNEMPLOYED');
  });

  it('reviews a salary from what the employee is paid, and sets the new pay when it takes effect', async () => {
    const nothing = await post('salary-reviews', {
      workerId: ids.worker,
      decisionNumber: 'L/0',
      effectiveDate: '2026-07-01',
    });
    expect(nothing.status).toBe(400);
    const review = await decide('salary-reviews', {
      effectiveDate: '2026-07-01',
      toSalaryGradeId: ids.senior,
      toCoefficient: '2.67',
      toSalary: '15000000',
    });
    expect(review).toMatchObject({
      fromSalaryGradeId: ids.grade,
      fromCoefficient: '2.34',
      fromSalary: '12000000.00',
    });
    await setStatus(hr, 'salary-reviews', review.id);
    await sweepAllTenants(kit.server.db.orm, '2026-07-01');
    expect(await worker()).toMatchObject({
      salaryGradeId: ids.senior,
      salaryCoefficient: '2.67',
      salary: '15000000.00',
    });
  });

  it('refuses a discipline that ends before it starts, and keeps benefits without a decision number', async () => {
    const backwards = await post('disciplines', {
      workerId: ids.worker,
      decisionNumber: 'KL/1',
      effectiveDate: '2026-05-01',
      expiryDate: '2026-04-01',
      disciplineTypeId: ids.warning,
    });
    expect(backwards.status).toBe(400);
    expect(backwards.body.errors?.map((e) => e.field)).toEqual(['expiryDate']);
    await decide('disciplines', {
      disciplineTypeId: ids.warning,
      form: 'Khiển trách',
      expiryDate: '2026-09-15',
    });
    const gift = await post('benefits', {
      workerId: ids.worker,
      effectiveDate: '2026-01-20',
      name: 'Quà Tết',
      amount: '2000000',
    });
    expect(gift.status, JSON.stringify(gift.body)).toBe(200);
    expect(gift.body.data.decisionNumber).toBeNull();
  });

  it('tells an employee’s history oldest first, with what changed in words, only of kinds the caller may view', async () => {
    await make(hr, '/api/om/contracts', {
      number: '001/2026/HĐLĐ',
      workerId: ids.worker,
      contractTypeId: ids.contractType,
      signingDate: '2025-12-20',
      effectiveDate: '2026-01-01',
      salary: '12000000',
    });
    const res = await history(ids.worker);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const entries = res.body.data;
    const dates = entries.map((entry) => entry.effectiveDate);
    expect(dates).toEqual([...dates].sort());
    const first = entries[0];
    expect(first).toMatchObject({ kind: 'contract', number: '001/2026/HĐLĐ', approvalStatus: 'NEW' });
    expect(first?.summary).toContain('Không xác định thời hạn');
    expect(first?.route).toMatch(/^\/om\/contract\/[0-9a-f-]+\/detail$/);
    const appointment = entries.find((entry) => entry.kind === 'displacement');
    expect(appointment?.summary).toBe(
      'Bổ nhiệm · Phòng Kinh doanh → Phòng Nhân sự · Nhân viên → Trưởng phòng',
    );
    const review = entries.find((entry) => entry.kind === 'salaryReview');
    expect(review?.summary).toContain('Chuyên viên → Chuyên viên chính');
    expect(review?.summary).toMatch(/12\.000\.000\s?₫ → 15\.000\.000\s?₫/);
    expect(new Set(entries.map((entry) => entry.kind))).toEqual(
      new Set(['contract', 'displacement', 'reward', 'discipline', 'benefit', 'salaryReview']),
    );

    const english = await history(ids.worker, hr, 'en');
    expect(english.body.data.find((entry) => entry.kind === 'displacement')?.summary).toMatch(
      /^Appointment · /,
    );

    // a caller who may view employees but not rewards sees no reward
    const permissions = resources
      .filter((resource) => resource !== rewardResource)
      .map((resource) => resource.permissionFor('view'));
    const deps = { db: kit.server.db.orm, passwords: kit.server.passwords };
    const { user } = await makeUser(deps, { tenantId: hr.tenantId, permissions });
    const token = await accessTokenFor(kit.server.db.orm, user);
    const narrow = await history(ids.worker, { ...hr, userId: user.id, token });
    expect(narrow.status).toBe(200);
    expect(narrow.body.data.some((entry) => entry.kind === 'reward')).toBe(false);
    expect(narrow.body.data.some((entry) => entry.kind === 'displacement')).toBe(true);
  });

  it('answers 404 for another tenant’s employee and 400 for a malformed id', async () => {
    expect((await history(ids.theirWorker)).status).toBe(404);
    expect((await history('not-a-uuid')).status).toBe(400);
    const theirs = await post('rewards', {
      workerId: ids.theirWorker,
      decisionNumber: 'X/9',
      effectiveDate: '2026-01-01',
      rewardTypeId: ids.praise,
    });
    expect(theirs.status).toBe(400);
  });

  it('keeps an employee named by a decision (409 on delete)', async () => {
    const res = await kit.http.post<Failed>(`/api/om/workers/${ids.worker}/delete`, {}, hr.token);
    expect(res.status).toBe(409);
  });
});
