import { label, type Label } from '@hcm/contracts/resource';
import type { ValueType, VariableInfo } from '@hcm/formula';

/*
 * The variables every tenant's formulas may read (issue 32 item 4; docs/payroll-variables.md):
 * declared once here — code, value type, name and description in Vietnamese and English, and
 * where the value comes from. The values loader (load-values.ts) fills each for a worker and a
 * period; the effective-dated parameters are not declared here: they are the tenant's own
 * parameter codes (catalogue.ts).
 */

/** Where a variable's value comes from (the editor groups its completions by it). */
export const VARIABLE_GROUPS = ['WORKER', 'CONTRACT', 'TIMESHEET', 'INPUT', 'PERIOD', 'PARAMETER'] as const;
export type VariableGroup = (typeof VARIABLE_GROUPS)[number];

export const VariableGroupLabels: Readonly<Record<VariableGroup, Label>> = {
  WORKER: label('payrollVariable.group.worker', 'Người lao động', 'Worker'),
  CONTRACT: label('payrollVariable.group.contract', 'Hợp đồng lao động', 'Labour contract'),
  TIMESHEET: label('payrollVariable.group.timesheet', 'Bảng công tổng hợp', 'General timesheet'),
  INPUT: label('payrollVariable.group.input', 'Dữ liệu tính lương', 'Payroll inputs'),
  PERIOD: label('payrollVariable.group.period', 'Kỳ lương', 'Pay period'),
  PARAMETER: label('payrollVariable.group.parameter', 'Tham số', 'Parameters'),
};

/** A declared variable: what the formula language needs, and what the editor shows. */
export interface DeclaredVariable extends VariableInfo {
  readonly label: Label;
  readonly group: VariableGroup;
  readonly description: Label;
}

/** LUONG_HOP_DONG → payrollVariable.luongHopDong (a label key is dot-separated camelCase). */
const keyOf = (code: string) =>
  code.toLowerCase().replace(/_([a-z0-9])/g, (_, letter: string) => letter.toUpperCase());

const declare = (
  code: string,
  type: ValueType,
  group: VariableGroup,
  [vi, en]: readonly [string, string],
  [descriptionVi, descriptionEn]: readonly [string, string],
): DeclaredVariable => ({
  code,
  type,
  group,
  label: label(`payrollVariable.${keyOf(code)}`, vi, en),
  description: label(`payrollVariable.${keyOf(code)}Description`, descriptionVi, descriptionEn),
});

const AS_OF = 'tại ngày cuối kỳ lương';
const AS_OF_EN = "on the period's last day";

export const DECLARED_VARIABLES: readonly DeclaredVariable[] = [
  // The contract in force on the period's last day: the latest APPROVED main contract.
  declare(
    'LUONG_HOP_DONG',
    'MONEY',
    'CONTRACT',
    ['Lương hợp đồng', 'Contract salary'],
    [
      `Mức lương của hợp đồng chính đã duyệt có hiệu lực ${AS_OF}`,
      `The salary of the approved main contract in force ${AS_OF_EN}`,
    ],
  ),
  declare(
    'LUONG_DONG_BH',
    'MONEY',
    'CONTRACT',
    ['Lương đóng bảo hiểm', 'Insurance salary'],
    [
      'Lương hợp đồng cộng các phụ cấp của hợp đồng thuộc loại phụ cấp đóng bảo hiểm',
      'The contract salary plus its allowances of insurable allowance types',
    ],
  ),
  declare(
    'PHU_CAP_HOP_DONG',
    'MONEY',
    'CONTRACT',
    ['Phụ cấp hợp đồng', 'Contract allowances'],
    ['Tổng các khoản phụ cấp ghi trong hợp đồng', "The sum of the contract's allowances"],
  ),
  declare(
    'LOAI_HOP_DONG',
    'TEXT',
    'CONTRACT',
    ['Loại hợp đồng', 'Contract type'],
    ['Mã loại hợp đồng của hợp đồng đang hiệu lực', 'The code of the contract type of the contract in force'],
  ),
  declare(
    'HOP_DONG_NET',
    'INTEGER',
    'CONTRACT',
    ['Hợp đồng lương NET', 'Net-pay contract'],
    [
      '1 khi hợp đồng thỏa thuận lương thực nhận (NET), ngược lại 0',
      "1 when the contract's pay is agreed net, else 0",
    ],
  ),
  // The worker's own record.
  declare(
    'HE_SO_LUONG',
    'NUMBER',
    'WORKER',
    ['Hệ số lương', 'Salary coefficient'],
    ['Hệ số lương của người lao động', "The worker's salary coefficient"],
  ),
  declare(
    'BAC_LUONG',
    'INTEGER',
    'WORKER',
    ['Bậc lương', 'Salary step'],
    ['Bậc lương (1 đến 5) trong ngạch của người lao động', "The worker's step (1 to 5) in their grade"],
  ),
  declare(
    'HE_SO_CHUC_VU',
    'NUMBER',
    'WORKER',
    ['Hệ số lương chức vụ', 'Position coefficient'],
    [
      'Hệ số của ngạch và bậc của người lao động trong bảng hệ số lương chức vụ có hiệu lực',
      "The coefficient of the worker's grade and step in the payroll scale in force",
    ],
  ),
  declare(
    'MA_NGACH',
    'TEXT',
    'WORKER',
    ['Mã ngạch lương', 'Salary grade code'],
    ['Mã ngạch lương của người lao động', "The code of the worker's salary grade"],
  ),
  declare(
    'MA_DON_VI',
    'TEXT',
    'WORKER',
    ['Mã đơn vị', 'Unit code'],
    ['Mã đơn vị của người lao động', "The code of the worker's unit"],
  ),
  declare(
    'VUNG',
    'TEXT',
    'WORKER',
    ['Vùng lương tối thiểu', 'Minimum wage region'],
    [
      'Vùng (I, II, III, IV) của đơn vị người lao động, hoặc của đơn vị cấp trên gần nhất có vùng',
      "The region (I, II, III, IV) of the worker's unit, or of its nearest parent that has one",
    ],
  ),
  declare(
    'SO_NGUOI_PHU_THUOC',
    'INTEGER',
    'WORKER',
    ['Số người phụ thuộc', 'Dependants'],
    [
      'Số người thân được đánh dấu là người phụ thuộc (giảm trừ gia cảnh)',
      'The related persons marked as dependants (family deduction)',
    ],
  ),
  declare(
    'CU_TRU',
    'INTEGER',
    'WORKER',
    ['Cá nhân cư trú', 'Tax resident'],
    [
      '1 khi người lao động là cá nhân cư trú về thuế thu nhập cá nhân (mặc định), 0 khi không cư trú',
      'The worker is resident for personal income tax: 1 (the default), else 0',
    ],
  ),
  declare(
    'DOAN_VIEN',
    'INTEGER',
    'WORKER',
    ['Đoàn viên công đoàn', 'Trade-union member'],
    [
      `1 khi người lao động đã vào Công đoàn ${AS_OF} (đóng đoàn phí), ngược lại 0`,
      `1 when the worker has joined the trade union ${AS_OF_EN} (pays member dues), else 0`,
    ],
  ),
  declare(
    'NGAY_VAO_LAM',
    'DATE',
    'WORKER',
    ['Ngày vào làm', 'Joined on'],
    [
      'Ngày vào làm của người lao động; trống khi chưa ghi',
      "The worker's joining date; empty when not recorded",
    ],
  ),
  declare(
    'NGAY_NGHI_VIEC',
    'DATE',
    'WORKER',
    ['Ngày nghỉ việc', 'Last day'],
    [
      'Ngày làm việc cuối theo quyết định nghỉ việc đã duyệt; trống khi không có',
      'The last working day by an approved resignation; empty when none',
    ],
  ),
  // The locked general timesheet of the period's month.
  ...(
    [
      [
        'CONG_CHUAN',
        ['Công chuẩn', 'Standard days'],
        ['Số ngày công chuẩn của tháng', "The month's standard working days"],
      ],
      ['CONG_THUC_TE', ['Công thực tế', 'Days worked'], ['Số ngày công thực tế', 'The days worked']],
      [
        'NGHI_CO_LUONG',
        ['Nghỉ có lương', 'Paid leave'],
        ['Số ngày nghỉ có hưởng lương', 'The paid leave days'],
      ],
      [
        'NGHI_KHONG_LUONG',
        ['Nghỉ không lương', 'Unpaid leave'],
        ['Số ngày nghỉ không hưởng lương', 'The unpaid leave days'],
      ],
      [
        'GIO_LAM_DEM',
        ['Giờ làm đêm', 'Night hours'],
        [
          'Số giờ làm việc ban đêm trong giờ làm việc bình thường',
          'The night hours within normal working time',
        ],
      ],
      [
        'GIO_TC_NGAY_THUONG',
        ['Giờ tăng ca ngày thường', 'Overtime hours, working days'],
        ['Giờ làm thêm ban ngày vào ngày làm việc bình thường', 'Day-time overtime hours on working days'],
      ],
      [
        'GIO_TC_NGHI_TUAN',
        ['Giờ tăng ca ngày nghỉ tuần', 'Overtime hours, weekly rest days'],
        ['Giờ làm thêm ban ngày vào ngày nghỉ hằng tuần', 'Day-time overtime hours on weekly rest days'],
      ],
      [
        'GIO_TC_NGAY_LE',
        ['Giờ tăng ca ngày lễ', 'Overtime hours, holidays'],
        [
          'Giờ làm thêm ban ngày vào ngày lễ, Tết, nghỉ có hưởng lương',
          'Day-time overtime hours on public holidays',
        ],
      ],
      [
        'GIO_TC_DEM_NGAY_THUONG',
        ['Giờ tăng ca đêm ngày thường', 'Night overtime hours, working days'],
        ['Giờ làm thêm ban đêm vào ngày làm việc bình thường', 'Night overtime hours on working days'],
      ],
      [
        'GIO_TC_DEM_NGHI_TUAN',
        ['Giờ tăng ca đêm ngày nghỉ tuần', 'Night overtime hours, weekly rest days'],
        ['Giờ làm thêm ban đêm vào ngày nghỉ hằng tuần', 'Night overtime hours on weekly rest days'],
      ],
      [
        'GIO_TC_DEM_NGAY_LE',
        ['Giờ tăng ca đêm ngày lễ', 'Night overtime hours, holidays'],
        ['Giờ làm thêm ban đêm vào ngày lễ, Tết', 'Night overtime hours on public holidays'],
      ],
    ] as const
  ).map(([code, name, [vi, en]]) =>
    declare(code, 'NUMBER', 'TIMESHEET', name, [
      `${vi}, theo bảng công tổng hợp đã khóa của tháng`,
      `${en}, from the month's locked general timesheet`,
    ]),
  ),
  // The payroll inputs of issue 33: 0 until their lists exist (docs/payroll-variables.md).
  ...(
    [
      ['KPI', 'NUMBER', ['Điểm KPI', 'KPI score'], ['Kết quả KPI của kỳ', "The period's KPI result"]],
      ['THU_NHAP_KHAC', 'MONEY', ['Thu nhập khác', 'Other income'], ['Thu nhập khác của kỳ', 'Other income']],
      [
        'THU_NHAP_KHAC_CHIU_THUE',
        'MONEY',
        ['Thu nhập khác chịu thuế', 'Other taxable income'],
        ['Phần chịu thuế của thu nhập khác', 'The taxable part of other income'],
      ],
      [
        'KHAU_TRU_KHAC',
        'MONEY',
        ['Khấu trừ khác', 'Other deductions'],
        ['Các khoản khấu trừ khác của kỳ', 'Other deductions'],
      ],
      ['TAM_UNG', 'MONEY', ['Tạm ứng', 'Advances'], ['Số tiền đã tạm ứng trong kỳ', 'The advances paid']],
    ] as const
  ).map(([code, type, name, [vi, en]]) =>
    declare(code, type, 'INPUT', name, [
      `${vi}; bằng 0 cho đến khi có danh sách dữ liệu tính lương`,
      `${en}; 0 until the payroll data lists exist`,
    ]),
  ),
  // The period.
  declare(
    'THANG',
    'INTEGER',
    'PERIOD',
    ['Tháng', 'Month'],
    ['Tháng của kỳ lương (1–12)', "The period's month (1–12)"],
  ),
  declare('NAM', 'INTEGER', 'PERIOD', ['Năm', 'Year'], ['Năm của kỳ lương', "The period's year"]),
  declare(
    'NGAY_DAU_KY',
    'DATE',
    'PERIOD',
    ['Ngày đầu kỳ', 'First day'],
    ['Ngày đầu của kỳ lương', "The period's first day"],
  ),
  declare(
    'NGAY_CUOI_KY',
    'DATE',
    'PERIOD',
    ['Ngày cuối kỳ', 'Last day'],
    ['Ngày cuối của kỳ lương', "The period's last day"],
  ),
];

/** The declared variables by code. */
export const DECLARED_BY_CODE: ReadonlyMap<string, DeclaredVariable> = new Map(
  DECLARED_VARIABLES.map((variable) => [variable.code, variable]),
);
