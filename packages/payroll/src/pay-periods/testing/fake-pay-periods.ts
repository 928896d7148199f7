import { ConflictReasons, ErrorCodes, FieldErrorKeys, JobPaths, type JobStatus } from '@hcm/contracts';
import {
  PayPeriodPaths,
  payPeriodContract,
  type PayPeriodComponent,
  type PayPeriodTrace,
  type PayPeriodWorkerRow,
} from '@hcm/contracts/pay-periods';
import { payrollTemplateContract } from '@hcm/contracts/payroll-templates';
import { salaryPeriodContract } from '@hcm/contracts/salary-periods';
import type {
  FakeResourceApi,
  FakeResourceCall,
  FakeResourceReply,
} from '../../../../../shared/ui/src/testing/fake-resource-api.ts';
import { fakePayrollApi } from '../../testing/fake-payroll-api.ts';

/*
 * For the pay period pages' browser tests: the payroll app's in-memory API (fakePayrollApi) with a
 * salary period of March 2026 and its sheets, and the pay periods' own endpoints answered as the
 * server answers them (docs/payroll-periods.md "API"): the components, keyset pages of 250 workers
 * of two units (one failing for want of a contract), totals over the filter, a trace, inputs typed
 * (the worker computed again), one worker recomputed, a computation as a job whose progress moves
 * each time it is read, lock; the approval paths' statistic and timeline; 409 with the server's
 * reasons while a sheet is frozen. A small office-and-workshop payroll as HR would see it.
 */

const json = (status: number, body: unknown): FakeResourceReply => ({ status, body });

export const SHEET_COMPONENTS: readonly PayPeriodComponent[] = [
  ['NGAY_CONG', 'Ngày công thực tế', 'Days worked', 'NUMBER', 'FORMULA', 'INFORMATION', 'CONG_THUC_TE'],
  [
    'LUONG_THANG',
    'Lương theo ngày công',
    'Salary by days worked',
    'MONEY',
    'FORMULA',
    'EARNING',
    'ROUND(LUONG_HOP_DONG / CONG_CHUAN * CONG_THUC_TE, 0)',
  ],
  ['PHU_CAP_AN_TRUA', 'Phụ cấp ăn trưa', 'Lunch allowance', 'MONEY', 'INPUT', 'EARNING', null],
  ['THUONG', 'Thưởng', 'Bonus', 'MONEY', 'INPUT', 'EARNING', null],
  [
    'TONG_THU_NHAP',
    'Tổng thu nhập',
    'Gross income',
    'MONEY',
    'FORMULA',
    'INFORMATION',
    'LUONG_THANG + PHU_CAP_AN_TRUA + THUONG',
  ],
  [
    'BHXH_NLD',
    'BHXH người lao động',
    'Social insurance',
    'MONEY',
    'FORMULA',
    'DEDUCTION',
    'ROUND(LUONG_THANG * TL_BHXH_NLD, 0)',
  ],
  ['THUC_LINH', 'Thực lĩnh', 'Net pay', 'MONEY', 'FORMULA', 'INFORMATION', 'TONG_THU_NHAP - BHXH_NLD'],
].map(([code, name, nameEn, valueType, source, category, formula]) => ({
  code: code as string,
  name: name as string,
  nameEn: nameEn as string,
  valueType: valueType as string,
  source: source as 'INPUT' | 'FORMULA',
  category: category as string,
  formula: formula ?? null,
}));

const PAYSLIP = [
  ['Thu nhập', 'Earnings', 'LUONG_THANG'],
  ['Thu nhập', 'Earnings', 'PHU_CAP_AN_TRUA'],
  ['Thu nhập', 'Earnings', 'THUONG'],
  ['Thu nhập', 'Earnings', 'TONG_THU_NHAP'],
  ['Khấu trừ', 'Deductions', 'BHXH_NLD'],
  ['Thực lĩnh', 'Net pay', 'THUC_LINH'],
].map(([groupTitle, groupTitleEn, componentCode]) => ({
  groupTitle,
  groupTitleEn,
  componentId: null,
  componentCode,
}));

export const UNITS = {
  office: { id: '11111111-1111-4111-8111-111111111111', code: 'VP', name: 'Phòng Hành chính' },
  workshop: { id: '22222222-2222-4222-8222-222222222222', code: 'XUONG', name: 'Xưởng may' },
};
const SURNAMES = ['Nguyễn', 'Trần', 'Lê', 'Phạm', 'Hoàng', 'Huỳnh', 'Phan', 'Vũ', 'Võ', 'Đặng'];
const MIDDLE = ['Thị', 'Văn', 'Thị Thu', 'Minh', 'Thị Ngọc', 'Đức'];
const GIVEN = ['Mai', 'Hùng', 'Lan', 'Tuấn', 'Hoa', 'Dũng', 'Hương', 'Nam', 'Thảo', 'Long', 'Yến'];
const WORKERS = 250;
/** the worker the run reported: no contract in force */
export const FAILED_CODE = 'NV0007';

interface FakeWorker {
  readonly workerId: string;
  readonly code: string;
  readonly fullName: string;
  readonly unit: (typeof UNITS)['office'];
  readonly salary: number | null;
  readonly days: number;
  /** the INPUT values HR typed, by component */
  readonly inputs: Map<string, number>;
}

const workerId = (n: number) => `00000000-0000-4000-9000-${String(n).padStart(12, '0')}`;

function makeWorkers(): FakeWorker[] {
  return Array.from({ length: WORKERS }, (_, i) => {
    const n = i + 1;
    const code = `NV${String(n).padStart(4, '0')}`;
    return {
      workerId: workerId(n),
      code,
      fullName: `${SURNAMES[n % 10]} ${MIDDLE[n % 6]} ${GIVEN[n % 11]}`,
      unit: n <= 100 ? UNITS.office : UNITS.workshop,
      salary: code === FAILED_CODE ? null : 8_000_000 + (n % 20) * 500_000,
      days: n % 9 === 0 ? 24.5 : 26,
      inputs: new Map(),
    };
  });
}

/** Excel's ROUND half away from zero, to whole đồng. */
const round = (value: number) => Math.sign(value) * Math.round(Math.abs(value));

function valuesOf(worker: FakeWorker): Record<string, number | string> {
  if (worker.salary === null) return {};
  const luong = round((worker.salary / 26) * worker.days);
  // the lunch allowance the template's default gives when HR typed none
  const phuCap = worker.inputs.get('PHU_CAP_AN_TRUA') ?? 730_000;
  const thuong = worker.inputs.get('THUONG') ?? 0;
  const tong = luong + phuCap + thuong;
  const bhxh = round(luong * 0.08);
  return {
    NGAY_CONG: String(worker.days),
    LUONG_THANG: luong,
    PHU_CAP_AN_TRUA: phuCap,
    THUONG: thuong,
    TONG_THU_NHAP: tong,
    BHXH_NLD: bhxh,
    THUC_LINH: tong - bhxh,
  };
}

const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/đ/g, 'd')
    .replace(/Đ/g, 'D')
    .toLowerCase();

export interface FakePayPeriods {
  readonly api: FakeResourceApi;
  /** the sheets by code: BL_VP (computed with one failure, open), BL_SX (waiting for approval), BL_MOI (new) */
  readonly sheets: Record<'open' | 'inApproval' | 'draft', string>;
  readonly salaryPeriodId: string;
  readonly templateId: string;
  /** the rows the workers' endpoint answered, by page (the cursors asked) */
  readonly pagesRead: string[];
  rowOf(code: string): PayPeriodWorkerRow | undefined;
}

/** The fake with the sheets seeded and their endpoints answered. */
export function fakePayPeriods(): FakePayPeriods {
  const { api } = fakePayrollApi();
  const [template] = api
    .seed(payrollTemplateContract, 1, () => ({
      code: 'BL_THANG',
      name: 'Bảng lương tháng',
      components: SHEET_COMPONENTS.map((c) => ({ componentId: null, componentCode: c.code })),
      payslip: PAYSLIP,
      units: [],
      subjectsOfLabor: [],
      contractTypes: [],
      resolvedOrder: [],
      status: 'ACTIVE',
    }))
    .slice(-1);
  const templateId = String(template?.id);
  const [period] = api.seed(salaryPeriodContract, 1, () => ({
    code: 'KTL_2026_03',
    name: 'Kỳ trả lương tháng 03/2026',
    periodMonth: '2026-03-01',
    description: null,
    approvalStatus: 'NEW',
  }));
  const salaryPeriodId = String(period?.id);
  const base = {
    salaryPeriodId,
    periodMonth: '2026-03-01',
    templateId,
    organizationUnitIds: [],
    includeSubUnits: true,
    description: null,
    kind: 'REGULAR',
    sourceId: null,
    computeJobId: null,
    templateVersion: 3,
    computeStartedAt: '2026-04-01T02:00:00.000Z',
    computedAt: '2026-04-01T02:00:04.000Z',
    computeError: null,
    lockedAt: null,
  };
  const seeded = api.seed(payPeriodContract, 3, (n) => ({
    ...base,
    ...[
      {
        code: 'BL_VP_2026_03',
        name: 'Bảng lương tháng 03/2026',
        computeStatus: 'COMPUTED_WITH_ERRORS',
        approvalStatus: 'NEW',
        workersTotal: WORKERS,
        workersDone: WORKERS,
        workersFailed: 1,
      },
      {
        code: 'BL_SX_2026_03',
        name: 'Bảng lương khối sản xuất 03/2026',
        computeStatus: 'COMPUTED',
        approvalStatus: 'WAIT_APPROVE',
        workersTotal: WORKERS,
        workersDone: WORKERS,
        workersFailed: 1,
      },
      {
        code: 'BL_MOI_2026_03',
        name: 'Bảng lương bổ sung 03/2026',
        computeStatus: 'DRAFT',
        approvalStatus: 'NEW',
        workersTotal: 0,
        workersDone: 0,
        workersFailed: 0,
        computeStartedAt: null,
        computedAt: null,
      },
    ][n - 1],
  }));
  const ids = seeded.map((record) => String(record.id));
  const sheets = { open: ids[0] ?? '', inApproval: ids[1] ?? '', draft: ids[2] ?? '' };
  const workers = new Map(ids.map((id) => [id, makeWorkers()]));
  const jobs = new Map<string, { sheetId: string; reads: number }>();
  const pagesRead: string[] = [];
  const sheetOf = (id: string) => api.records(payPeriodContract).find((record) => record.id === id);

  const rowOf = (worker: FakeWorker): PayPeriodWorkerRow => {
    const failed = worker.salary === null;
    return {
      workerId: worker.workerId,
      code: worker.code,
      fullName: worker.fullName,
      organizationUnitId: worker.unit.id,
      unitCode: worker.unit.code,
      unitName: worker.unit.name,
      status: failed ? 'FAILED' : 'OK',
      error: failed
        ? {
            component: null,
            code: 'noContract',
            message: {
              vi: 'Nhân viên chưa có hợp đồng lao động đã duyệt còn hiệu lực ngày 31/03/2026',
              en: 'The worker has no approved labour contract in force on 2026-03-31',
            },
            params: {},
          }
        : null,
      solvedGross: null,
      values: valuesOf(worker),
      adjusted: [...worker.inputs.keys()],
    };
  };
  const listed = (id: string, query: URLSearchParams) => {
    const unit = query.get('organizationUnitId');
    const keyword = fold(query.get('keyword') ?? '');
    const status = query.get('status');
    return (workers.get(id) ?? [])
      .filter((worker) => !unit || worker.unit.id === unit)
      .filter((worker) => !keyword || fold(`${worker.code} ${worker.fullName}`).includes(keyword))
      .map(rowOf)
      .filter((row) => !status || row.status === status);
  };
  const frozen = (id: string) => {
    const record = sheetOf(id);
    if (!record) return null;
    if (record.lockedAt || !['NEW', 'REJECTED', 'CANCELED'].includes(String(record.approvalStatus)))
      return json(409, {
        code: ErrorCodes.conflict,
        message: `The pay period ${String(record.code)} is frozen`,
        params: { reason: ConflictReasons.payPeriodFrozen, code: String(record.code) },
      });
    return null;
  };
  const traceOf = (worker: FakeWorker): PayPeriodTrace => {
    const values = valuesOf(worker);
    const reads: Record<string, { name: string; kind: 'variable' | 'component'; value: number }[]> = {
      NGAY_CONG: [{ name: 'CONG_THUC_TE', kind: 'variable', value: worker.days }],
      LUONG_THANG: [
        { name: 'LUONG_HOP_DONG', kind: 'variable', value: worker.salary ?? 0 },
        { name: 'CONG_CHUAN', kind: 'variable', value: 26 },
        { name: 'CONG_THUC_TE', kind: 'variable', value: worker.days },
      ],
      TONG_THU_NHAP: ['LUONG_THANG', 'PHU_CAP_AN_TRUA', 'THUONG'].map((name) => ({
        name,
        kind: 'component',
        value: Number(values[name] ?? 0),
      })),
      BHXH_NLD: [
        { name: 'LUONG_THANG', kind: 'component', value: Number(values.LUONG_THANG ?? 0) },
        { name: 'TL_BHXH_NLD', kind: 'variable', value: 0.08 },
      ],
      THUC_LINH: [
        { name: 'TONG_THU_NHAP', kind: 'component', value: Number(values.TONG_THU_NHAP ?? 0) },
        { name: 'BHXH_NLD', kind: 'component', value: Number(values.BHXH_NLD ?? 0) },
      ],
    };
    const failed = worker.salary === null;
    return {
      workerId: worker.workerId,
      code: worker.code,
      fullName: worker.fullName,
      templateVersion: 3,
      components: failed
        ? []
        : SHEET_COMPONENTS.map((component) => {
            const value = values[component.code];
            return {
              code: component.code,
              name: component.name,
              nameEn: component.nameEn,
              source: component.source,
              formula: component.formula,
              value: typeof value === 'string' ? Number(value) : (value ?? null),
              adjusted: worker.inputs.has(component.code),
              reads: reads[component.code] ?? [],
              steps:
                component.code === 'LUONG_THANG'
                  ? [
                      {
                        start: 6,
                        end: 33,
                        text: 'LUONG_HOP_DONG / CONG_CHUAN',
                        value: (worker.salary ?? 0) / 26,
                      },
                      {
                        start: 6,
                        end: 48,
                        text: 'LUONG_HOP_DONG / CONG_CHUAN * CONG_THUC_TE',
                        value: ((worker.salary ?? 0) / 26) * worker.days,
                      },
                      { start: 0, end: 52, text: component.formula ?? '', value: Number(value) },
                    ]
                  : [],
            };
          }),
      error: failed ? (rowOf(worker).error ?? null) : null,
      netToGross: null,
      matchesStored: true,
    };
  };
  const job = (id: string): JobStatus => {
    const entry = jobs.get(id);
    const reads = (entry?.reads ?? 0) + 1;
    if (entry) entry.reads = reads;
    const done = Math.min(WORKERS, reads * 125);
    const ended = done >= WORKERS;
    if (ended && entry) {
      const record = sheetOf(entry.sheetId);
      if (record?.computeStatus === 'COMPUTING')
        Object.assign(record, {
          computeStatus: 'COMPUTED_WITH_ERRORS',
          workersTotal: WORKERS,
          workersDone: WORKERS,
          workersFailed: 1,
          computedAt: '2026-04-01T03:00:04.000Z',
          version: record.version + 1,
        });
    }
    return {
      id,
      queue: 'pm-pay-period-compute',
      status: ended ? 'completed' : 'running',
      progress: { done, total: WORKERS },
      error: null,
      startedBy: '00000000-0000-4000-8000-000000000001',
      createdAt: '2026-04-01T03:00:00.000Z',
      startedAt: '2026-04-01T03:00:00.000Z',
      endedAt: ended ? '2026-04-01T03:00:04.000Z' : null,
    };
  };

  const path = (template: string) =>
    new RegExp(
      `^${template
        .replace('{id}', '(?<id>[^/]+)')
        .replace('{workerId}', '(?<workerId>[^/]+)')
        .replace(/\//g, '\\/')}$`,
    );
  const routes: [
    string,
    string,
    (call: FakeResourceCall, id: string, workerId: string) => FakeResourceReply,
  ][] = [
    [
      'GET',
      PayPeriodPaths.components,
      () => json(200, { data: { templateId, templateVersion: 3, components: SHEET_COMPONENTS } }),
    ],
    [
      'GET',
      PayPeriodPaths.workers,
      (call, id) => {
        const rows = listed(id, call.query);
        const size = Number(call.query.get('pageSize') ?? 50);
        const cursor = call.query.get('cursor');
        pagesRead.push(cursor ?? 'first');
        const from = cursor ? Number(cursor) : 0;
        const page = rows.slice(from, from + size);
        const next = from + size < rows.length ? String(from + size) : undefined;
        return json(200, {
          data: page,
          page: {
            pageIndex: from / size + 1,
            pageSize: size,
            total: rows.length,
            ...(next ? { nextCursor: next } : {}),
          },
        });
      },
    ],
    [
      'GET',
      PayPeriodPaths.totals,
      (call, id) => {
        const rows = listed(id, call.query);
        const totals: Record<string, number | string> = {};
        for (const component of SHEET_COMPONENTS) {
          const sum = rows.reduce((all, row) => all + Number(row.values[component.code] ?? 0), 0);
          totals[component.code] = component.valueType === 'MONEY' ? sum : String(sum);
        }
        return json(200, {
          data: { workers: rows.length, failed: rows.filter((r) => r.status === 'FAILED').length, totals },
        });
      },
    ],
    [
      'GET',
      PayPeriodPaths.trace,
      (_call, id, worker) => {
        const found = workers.get(id)?.find((w) => w.workerId === worker);
        return found
          ? json(200, { data: traceOf(found) })
          : json(404, { code: ErrorCodes.notFound, message: 'no' });
      },
    ],
    [
      'PUT',
      PayPeriodPaths.inputs,
      (call, id, worker) => {
        const refused = frozen(id);
        if (refused) return refused;
        const found = workers.get(id)?.find((w) => w.workerId === worker);
        const body = call.body as { componentCode: string; value: string | number | null };
        if (!found) return json(404, { code: ErrorCodes.notFound, message: 'no' });
        if (body.value !== null && !/^-?\d{1,15}$/.test(String(body.value)))
          return json(400, {
            code: ErrorCodes.validation,
            message: 'The value is not a whole number of đồng',
            errors: [{ field: 'value', code: FieldErrorKeys.invalidValue, message: 'is not a whole number' }],
          });
        if (body.value === null) found.inputs.delete(body.componentCode);
        else found.inputs.set(body.componentCode, Number(body.value));
        return json(200, { data: rowOf(found) });
      },
    ],
    [
      'POST',
      PayPeriodPaths.recomputeWorker,
      (_call, id, worker) => {
        const refused = frozen(id);
        if (refused) return refused;
        const found = workers.get(id)?.find((w) => w.workerId === worker);
        return found
          ? json(200, { data: rowOf(found) })
          : json(404, { code: ErrorCodes.notFound, message: 'no' });
      },
    ],
    [
      'POST',
      PayPeriodPaths.compute,
      (_call, id) => {
        const refused = frozen(id);
        const record = sheetOf(id);
        if (refused || !record) return refused ?? json(404, { code: ErrorCodes.notFound, message: 'no' });
        const jobId = `00000000-0000-4000-a000-${String(jobs.size + 1).padStart(12, '0')}`;
        jobs.set(jobId, { sheetId: id, reads: 0 });
        Object.assign(record, {
          computeStatus: 'COMPUTING',
          computeJobId: jobId,
          version: record.version + 1,
        });
        return json(202, { data: { jobId, payPeriod: record } });
      },
    ],
    [
      'POST',
      PayPeriodPaths.lock,
      (_call, id) => {
        const record = sheetOf(id);
        if (!record || record.approvalStatus !== 'APPROVED' || record.lockedAt)
          return json(409, {
            code: ErrorCodes.conflict,
            message: 'not approved',
            params: { reason: ConflictReasons.payPeriodNotApproved, code: String(record?.code) },
          });
        Object.assign(record, { lockedAt: '2026-04-05T03:00:00.000Z', version: record.version + 1 });
        return json(200, { data: record });
      },
    ],
  ];

  api.intercept((call) => {
    const jobMatch = path(JobPaths.status.replace(':id', '{id}')).exec(call.path);
    if (call.method === 'GET' && jobMatch?.groups?.id && jobs.has(jobMatch.groups.id))
      return json(200, { data: job(jobMatch.groups.id) });
    for (const contract of [payPeriodContract, salaryPeriodContract]) {
      const base = contract.apiPath;
      if (call.method === 'GET' && call.path === `${base}/approval-status-statistic`) {
        const records = api.records(contract);
        const counts: Record<string, number> = { ALL: records.length, WAIT_MY_APPROVE: 0 };
        for (const record of records)
          counts[String(record.approvalStatus)] = (counts[String(record.approvalStatus)] ?? 0) + 1;
        return json(200, { data: counts });
      }
      const timeline = new RegExp(`^${base}/([^/]+)/approval-timeline$`).exec(call.path);
      if (call.method === 'GET' && timeline) {
        const record = api.records(contract).find((r) => r.id === timeline[1]);
        const status = String(record?.approvalStatus ?? 'NEW');
        return json(200, {
          data: {
            approvalStatus: status,
            allowedActions: ['NEW', 'REJECTED', 'CANCELED'].includes(status) ? ['REQUEST_APPROVAL'] : [],
            requests: [],
            events: [],
          },
        });
      }
    }
    if (call.method === 'GET' && call.path === `${salaryPeriodContract.apiPath}/${salaryPeriodId}/summary`)
      return json(200, {
        data: { lines: 249 * 7, workers: 249, components: [] },
      });
    for (const [method, template, answer] of routes) {
      const match = path(template).exec(call.path);
      if (call.method === method && match?.groups?.id)
        return answer(
          call,
          decodeURIComponent(match.groups.id),
          decodeURIComponent(match.groups.workerId ?? ''),
        );
    }
    return null;
  });

  return {
    api,
    sheets,
    salaryPeriodId,
    templateId,
    pagesRead,
    rowOf: (code) => {
      const worker = workers.get(sheets.open)?.find((w) => w.code === code);
      return worker ? rowOf(worker) : undefined;
    },
  };
}
