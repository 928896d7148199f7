import { ErrorCodes } from '@hcm/contracts';
import { payrollTemplateContract } from '@hcm/contracts/payroll-templates';
import {
  LookupTablePaths,
  type LookupRow,
  type LookupTable,
  type LookupVersion,
} from '@hcm/contracts/payroll-lookup-tables';
import { PayrollVariablePaths, type PayrollVariableCatalogue } from '@hcm/contracts/payroll-variables';
import type { AnyResourceContract } from '@hcm/contracts/resource';
import { salaryComponentContract } from '@hcm/contracts/salary-components';
import { payPeriodContract } from '@hcm/contracts/pay-periods';
import { salaryPeriodContract } from '@hcm/contracts/salary-periods';
import { parameterContract } from '@hcm/contracts/settings';
import {
  FakeResourceApi,
  type FakeResourceCall,
  type FakeResourceReply,
} from '../../../../shared/ui/src/testing/fake-resource-api.ts';

/*
 * For the payroll app's browser tests: the project's in-memory API (FakeResourceApi) with the
 * payroll's records — salary components, templates, parameters — and the two answers the
 * generic fake does not know: the variable catalogue (GET /api/pm/payroll-variables) and the
 * lookup tables' own endpoints, kept in memory as the server keeps them. The data is a small
 * Vietnamese payroll as HR would set it up.
 */

const text = (key: string, vi: string, en: string) => ({ key: `payrollVariable.${key}`, vi, en });

export const FAKE_CATALOGUE: PayrollVariableCatalogue = {
  date: '2026-03-31',
  groups: [
    { code: 'CONTRACT', label: text('groups.contract', 'Hợp đồng', 'Contract') },
    { code: 'TIMESHEET', label: text('groups.timesheet', 'Bảng công', 'Timesheet') },
    { code: 'PARAMETER', label: text('groups.parameter', 'Tham số', 'Parameters') },
  ],
  variables: [
    {
      code: 'LUONG_HOP_DONG',
      type: 'MONEY',
      group: 'CONTRACT',
      label: text('luongHopDong', 'Lương hợp đồng', "The contract's salary"),
      description: text('luongHopDongD', 'Lương trên hợp đồng đang hiệu lực', "The contract's salary"),
    },
    {
      code: 'LUONG_DONG_BH',
      type: 'MONEY',
      group: 'CONTRACT',
      label: text('luongDongBh', 'Lương đóng bảo hiểm', 'Insured salary'),
      description: text('luongDongBhD', 'Lương và phụ cấp đóng bảo hiểm', 'Salary and insurable allowances'),
    },
    {
      code: 'VUNG',
      type: 'TEXT',
      group: 'CONTRACT',
      label: text('vung', 'Vùng lương tối thiểu', 'Minimum wage region'),
      description: text('vungD', 'Vùng của đơn vị (I–IV)', "The unit's region (I–IV)"),
    },
    {
      code: 'CONG_CHUAN',
      type: 'NUMBER',
      group: 'TIMESHEET',
      label: text('congChuan', 'Công chuẩn', 'Standard working days'),
      description: text('congChuanD', 'Ngày công chuẩn của tháng', "The month's standard days"),
    },
    {
      code: 'CONG_THUC_TE',
      type: 'NUMBER',
      group: 'TIMESHEET',
      label: text('congThucTe', 'Công thực tế', 'Days worked'),
      description: text('congThucTeD', 'Ngày công đi làm', 'Days worked'),
    },
    {
      code: 'SO_NGUOI_PHU_THUOC',
      type: 'INTEGER',
      group: 'CONTRACT',
      label: text('soNpt', 'Số người phụ thuộc', 'Dependants'),
      description: text('soNptD', 'Người phụ thuộc đã đăng ký', 'Registered dependants'),
    },
    {
      code: 'TL_BHXH_NLD',
      type: 'PERCENT',
      group: 'PARAMETER',
      unit: '%',
      label: text('tlBhxhNld', 'Tỷ lệ BHXH người lao động đóng', 'Social insurance, employee rate'),
      description: text('tlBhxhNldD', 'Tham số', 'Parameter'),
    },
    {
      code: 'GIAM_TRU_BAN_THAN',
      type: 'MONEY',
      group: 'PARAMETER',
      unit: 'VND',
      label: text('gtbt', 'Giảm trừ bản thân', 'Personal deduction'),
      description: text('gtbtD', 'Tham số', 'Parameter'),
    },
  ],
  tables: [
    {
      code: 'THUE_TNCN',
      kind: 'band',
      keyType: 'MONEY',
      derived: false,
      label: text('thueTncn', 'Biểu thuế lũy tiến từng phần', 'Progressive tax bands'),
      columns: [
        { code: 'THUE_SUAT', type: 'PERCENT', label: text('thueSuat', 'Thuế suất', 'Rate') },
        { code: 'GIAM_TRU', type: 'MONEY', label: text('giamTru', 'Số trừ', 'Subtraction') },
      ],
    },
    {
      code: 'LTT_VUNG',
      kind: 'keyed',
      keyType: 'TEXT',
      derived: true,
      label: text('lttVung', 'Lương tối thiểu vùng', 'Region minimum wage'),
      columns: [
        { code: 'LUONG_TOI_THIEU', type: 'MONEY', label: text('ltt', 'Lương tối thiểu', 'Minimum wage') },
      ],
    },
  ],
};

/** The tenant's components as HR would have them (codes, formulas over the catalogue above). */
export const FAKE_COMPONENTS = [
  {
    code: 'LUONG_THANG',
    name: 'Lương theo ngày công',
    nameEn: 'Salary by days worked',
    valueType: 'MONEY',
    source: 'FORMULA',
    formula: 'ROUND(LUONG_HOP_DONG / CONG_CHUAN * CONG_THUC_TE, 0)',
    category: 'EARNING',
  },
  {
    code: 'PHU_CAP_AN_TRUA',
    name: 'Phụ cấp ăn trưa',
    nameEn: 'Lunch allowance',
    valueType: 'MONEY',
    source: 'INPUT',
    formula: null,
    category: 'EARNING',
  },
  {
    code: 'TONG_THU_NHAP',
    name: 'Tổng thu nhập',
    nameEn: 'Gross income',
    valueType: 'MONEY',
    source: 'FORMULA',
    formula: 'LUONG_THANG + PHU_CAP_AN_TRUA',
    category: 'INFORMATION',
  },
  {
    code: 'BHXH_NLD',
    name: 'BHXH người lao động',
    nameEn: 'Social insurance (employee)',
    valueType: 'MONEY',
    source: 'FORMULA',
    formula: 'LUONG_DONG_BH * TL_BHXH_NLD',
    category: 'DEDUCTION',
  },
] as const;

const band = (key: number | null, rate: number, subtraction: number): LookupRow => ({
  key,
  values: { THUE_SUAT: rate, GIAM_TRU: subtraction },
});

const ROWS_2009 = [
  band(5_000_000, 5, 0),
  band(10_000_000, 10, 250_000),
  band(18_000_000, 15, 750_000),
  band(32_000_000, 20, 1_650_000),
  band(52_000_000, 25, 3_250_000),
  band(80_000_000, 30, 5_850_000),
  band(null, 35, 9_850_000),
];
const ROWS_2026 = [
  band(10_000_000, 5, 0),
  band(30_000_000, 10, 500_000),
  band(60_000_000, 20, 3_500_000),
  band(100_000_000, 30, 9_500_000),
  band(null, 35, 14_500_000),
];

const json = (status: number, body: unknown): FakeResourceReply => ({ status, body });

/** The lookup tables' endpoints over an in-memory store (the server's answers' shapes). */
export class FakeLookupTables {
  readonly tables: LookupTable[] = [];
  readonly versions = new Map<string, LookupVersion>();
  #next = 1;

  constructor() {
    const table = this.add({
      code: 'THUE_TNCN',
      name: 'Biểu thuế lũy tiến từng phần (tháng)',
      nameEn: 'Progressive income tax bands (monthly)',
      kind: 'band',
      keyType: 'MONEY',
      columns: [
        { code: 'THUE_SUAT', type: 'PERCENT', name: 'Thuế suất', nameEn: 'Rate' },
        { code: 'GIAM_TRU', type: 'MONEY', name: 'Số trừ (phương pháp rút gọn)', nameEn: 'Subtraction' },
      ],
      description: null,
    });
    this.addVersion(table.id, '2009-01-01', 'Thông tư 111/2013/TT-BTC Phụ lục 01/PL-TNCN', ROWS_2009);
    this.addVersion(table.id, '2026-01-01', 'Luật Thuế TNCN (sửa đổi) 2025, biểu 5 bậc', ROWS_2026);
  }

  #id = () => `10000000-0000-4000-8000-${String(this.#next++).padStart(12, '0')}`;

  add(input: Omit<LookupTable, 'id' | 'status' | 'version' | 'versions' | 'lastModifiedAt'>): LookupTable {
    const table: LookupTable = {
      ...input,
      id: this.#id(),
      status: 'ACTIVE',
      version: 1,
      versions: [],
      lastModifiedAt: '2026-01-01T08:00:00.000Z',
    };
    this.tables.push(table);
    return table;
  }

  addVersion(
    tableId: string,
    effectiveFrom: string,
    note: string | null,
    rows: readonly LookupRow[],
  ): LookupVersion {
    const version: LookupVersion = {
      id: this.#id(),
      tableId,
      effectiveFrom,
      note,
      rows: [...rows],
      version: 1,
      lastModifiedAt: '2026-01-01T08:00:00.000Z',
    };
    this.versions.set(version.id, version);
    return version;
  }

  /** The table as GET answers it: its versions newest first, without rows. */
  read(id: string): LookupTable | null {
    const table = this.tables.find((candidate) => candidate.id === id);
    if (!table) return null;
    const versions = [...this.versions.values()]
      .filter((version) => version.tableId === id)
      .sort((a, b) => b.effectiveFrom.localeCompare(a.effectiveFrom))
      .map(({ id: versionId, effectiveFrom, note, rows, version }) => ({
        id: versionId,
        effectiveFrom,
        note,
        rowCount: rows.length,
        version,
      }));
    return { ...table, versions };
  }

  answer(call: FakeResourceCall): FakeResourceReply | null {
    const base = LookupTablePaths.list;
    if (!call.path.startsWith(base)) return null;
    const parts = call.path.slice(base.length).split('/').filter(Boolean);
    const missing = json(404, { code: ErrorCodes.notFound, message: 'not found' });
    if (parts.length === 0) {
      if (call.method === 'GET') return json(200, { data: this.tables.map((table) => this.read(table.id)) });
      if (call.method === 'POST') {
        const body = call.body as Omit<
          LookupTable,
          'id' | 'status' | 'version' | 'versions' | 'lastModifiedAt'
        >;
        if (this.tables.some((table) => table.code === body.code))
          return json(400, {
            code: ErrorCodes.validation,
            message: 'taken',
            errors: [
              { field: 'code', code: 'error.lookupCodeTaken', message: 'taken', params: { code: body.code } },
            ],
          });
        const table = this.add({
          ...body,
          description: body.description ?? null,
          nameEn: body.nameEn ?? null,
        });
        return json(200, { data: this.read(table.id) });
      }
    }
    const [id, versionsWord, versionId] = parts;
    const table = id ? this.read(id) : null;
    if (!table) return missing;
    if (parts.length === 1 && call.method === 'GET') return json(200, { data: table });
    if (parts.length === 1 && call.method === 'DELETE') {
      this.tables.splice(
        this.tables.findIndex((candidate) => candidate.id === id),
        1,
      );
      return json(200, { data: { id } });
    }
    if (versionsWord !== 'versions') return missing;
    if (parts.length === 2 && call.method === 'POST') {
      const body = call.body as { effectiveFrom: string; note: string | null; rows: LookupRow[] };
      return json(200, { data: this.addVersion(table.id, body.effectiveFrom, body.note, body.rows) });
    }
    const version = versionId ? this.versions.get(versionId) : undefined;
    if (!version || version.tableId !== table.id) return missing;
    if (parts.length === 3 && call.method === 'GET') return json(200, { data: version });
    if (parts.length === 3 && call.method === 'PUT') {
      const body = call.body as { effectiveFrom: string; note: string | null; rows: LookupRow[] };
      const saved = { ...version, ...body, version: version.version + 1 };
      this.versions.set(version.id, saved);
      return json(200, { data: saved });
    }
    if (parts.length === 3 && call.method === 'DELETE') {
      this.versions.delete(version.id);
      return json(200, { data: { id: version.id } });
    }
    return missing;
  }
}

/** The contracts the payroll app reads through the generic fake. */
export const PAYROLL_FAKE_CONTRACTS: readonly AnyResourceContract[] = [
  salaryComponentContract,
  payrollTemplateContract,
  parameterContract,
  payPeriodContract,
  salaryPeriodContract,
];

/**
 * The generic fake with the payroll's answers plugged in and its records seeded: the components
 * above, two templates, the parameters with their dated values (the base salary's change of
 * 2026-07-01 among them).
 */
export function fakePayrollApi(): { api: FakeResourceApi; lookups: FakeLookupTables } {
  const api = new FakeResourceApi(PAYROLL_FAKE_CONTRACTS);
  const lookups = new FakeLookupTables();
  api.intercept((call) =>
    call.method === 'GET' && call.path === PayrollVariablePaths.catalogue
      ? json(200, { data: FAKE_CATALOGUE })
      : null,
  );
  api.intercept((call) => lookups.answer(call));
  api.seed(salaryComponentContract, FAKE_COMPONENTS.length, (n) => ({
    ...FAKE_COMPONENTS[n - 1],
    taxable: true,
    insurable: n === 1,
    roundingMode: 'NONE',
    roundingDigits: null,
    description: null,
    status: 'ACTIVE',
  }));
  const components = api.records(salaryComponentContract);
  const idOf = (code: string) => components.find((component) => component.code === code)?.id ?? null;
  api.seed(payrollTemplateContract, 2, (n) => ({
    code: n === 1 ? 'VAN_PHONG' : 'SAN_XUAT',
    name: n === 1 ? 'Bảng lương khối văn phòng' : 'Bảng lương khối sản xuất',
    components: ['LUONG_THANG', 'PHU_CAP_AN_TRUA', 'TONG_THU_NHAP', 'BHXH_NLD'].map((code) => ({
      componentId: idOf(code),
      componentCode: code,
    })),
    payslip: [
      {
        groupTitle: 'Thu nhập',
        groupTitleEn: 'Income',
        componentId: idOf('LUONG_THANG'),
        componentCode: 'LUONG_THANG',
      },
      {
        groupTitle: 'Thu nhập',
        groupTitleEn: 'Income',
        componentId: idOf('PHU_CAP_AN_TRUA'),
        componentCode: 'PHU_CAP_AN_TRUA',
      },
      {
        groupTitle: 'Khấu trừ',
        groupTitleEn: 'Deductions',
        componentId: idOf('BHXH_NLD'),
        componentCode: 'BHXH_NLD',
      },
    ],
    units: [],
    subjectsOfLabor: [],
    contractTypes: [],
    resolvedOrder: [],
    status: 'ACTIVE',
  }));
  const parameters: [string, string, string, string, string][] = [
    ['LUONG_CO_SO', 'Mức lương cơ sở', '2340000.000', 'VND', '2024-07-01'],
    ['LUONG_CO_SO', 'Mức lương cơ sở', '2530000.000', 'VND', '2026-07-01'],
    ['TL_BHXH_NLD', 'Tỷ lệ BHXH người lao động đóng', '8.000', '%', '2024-07-01'],
    ['GIAM_TRU_BAN_THAN', 'Giảm trừ gia cảnh bản thân', '11000000.000', 'VND', '2020-07-01'],
    ['GIAM_TRU_BAN_THAN', 'Giảm trừ gia cảnh bản thân', '15500000.000', 'VND', '2026-01-01'],
  ];
  api.seed(parameterContract, parameters.length, (n) => {
    const [code, name, value, unit, effectiveDate] = parameters[n - 1] as [
      string,
      string,
      string,
      string,
      string,
    ];
    return { code, name, value, unit, effectiveDate, description: null, status: 'ACTIVE' };
  });
  return { api, lookups };
}
