/*
 * The default salary components and monthly payroll template every tenant starts with: a
 * Vietnamese monthly payroll written only in the formula language (docs/payroll-formulas.md) over
 * the agreed variable codes (the catalogue: contract, timesheet, payroll inputs, the dated
 * parameters of parameters.ts, the LTT_VUNG and THUE_TNCN tables). No figure of the law is written
 * in a formula but the Labour Code's overtime and night rates and the 8-hour day, which a tenant
 * may pay above and edits in its own copy. The readings chosen (hourly rate, rounding, exemption,
 * the 14-day rule) are in docs/payroll-statutory.md; reference.ts computes the same payslip in
 * exact integer arithmetic and the tests hold the two equal.
 */

export type ComponentValueType = 'INTEGER' | 'MONEY' | 'NUMBER';
export type ComponentCategory = 'EARNING' | 'DEDUCTION' | 'EMPLOYER_CONTRIBUTION' | 'INFORMATION';
export type ComponentRoundingMode = 'ROUND' | 'ROUNDUP' | 'ROUNDDOWN' | 'NONE';

/** A salary component in the payroll composition's shape (the fields of its contract). */
export interface DefaultComponent {
  readonly code: string;
  readonly name: string;
  readonly nameEn: string;
  readonly valueType: ComponentValueType;
  readonly source: 'INPUT' | 'FORMULA';
  readonly formula: string | null;
  readonly category: ComponentCategory;
  readonly taxable: boolean;
  readonly insurable: boolean;
  readonly roundingMode: ComponentRoundingMode;
  readonly roundingDigits: number;
  readonly description: string;
}

interface Options {
  category?: ComponentCategory;
  taxable?: boolean;
  insurable?: boolean;
  valueType?: ComponentValueType;
}

/** A formula component; money is rounded to the đồng (ROUND, half away from zero, as Excel). */
function component(
  code: string,
  name: string,
  nameEn: string,
  formula: string,
  description: string,
  { category = 'INFORMATION', taxable = false, insurable = false, valueType = 'MONEY' }: Options = {},
): DefaultComponent {
  return {
    code,
    name,
    nameEn,
    valueType,
    source: 'FORMULA',
    formula,
    category,
    taxable,
    insurable,
    roundingMode: valueType === 'NUMBER' ? 'NONE' : 'ROUND',
    roundingDigits: 0,
    description,
  };
}

const earning = { category: 'EARNING', taxable: true } as const;
const deduction = { category: 'DEDUCTION' } as const;
const employer = { category: 'EMPLOYER_CONTRIBUTION' } as const;

/**
 * The Labour Code's figures the template writes into its formulas (a tenant paying more edits its
 * own copy): the normal day's hours, the night premium and the overtime rates by kind of hour, in
 * per cent of the hourly rate. Night overtime: the rate + 30 % + 20 % of the day rate of that day
 * (Labour Code 2019 art. 98(3); Decree 145/2020/NĐ-CP art. 57), i.e. 210, 270 and 390 %.
 */
export const NORMAL_HOURS_PER_DAY = 8;
export const NIGHT_WORK_PERCENT = 30;

export interface OvertimeLine {
  readonly code: string;
  /** The timesheet's hours of this kind (a catalogue variable). */
  readonly hours: string;
  readonly percent: number;
  readonly name: string;
  readonly nameEn: string;
  readonly description: string;
}

export const OVERTIME_LINES: readonly OvertimeLine[] = [
  {
    code: 'TC_NGAY_THUONG',
    hours: 'GIO_TC_NGAY_THUONG',
    percent: 150,
    name: 'Làm thêm giờ ngày thường',
    nameEn: 'Overtime on a working day',
    description: 'Ít nhất 150 % (Bộ luật Lao động 2019 Điều 98 khoản 1 điểm a).',
  },
  {
    code: 'TC_NGHI_TUAN',
    hours: 'GIO_TC_NGHI_TUAN',
    percent: 200,
    name: 'Làm thêm giờ ngày nghỉ hằng tuần',
    nameEn: 'Overtime on a weekly rest day',
    description: 'Ít nhất 200 % (Bộ luật Lao động 2019 Điều 98 khoản 1 điểm b).',
  },
  {
    code: 'TC_NGAY_LE',
    hours: 'GIO_TC_NGAY_LE',
    percent: 300,
    name: 'Làm thêm giờ ngày lễ, Tết',
    nameEn: 'Overtime on a public holiday',
    description: 'Ít nhất 300 %, chưa kể tiền lương ngày lễ (Bộ luật Lao động 2019 Điều 98 khoản 1 điểm c).',
  },
  {
    code: 'TC_DEM_NGAY_THUONG',
    hours: 'GIO_TC_DEM_NGAY_THUONG',
    percent: 210,
    name: 'Làm thêm giờ ban đêm ngày thường',
    nameEn: 'Night overtime on a working day',
    description:
      '150 % + 30 % làm đêm + 20 % × 150 % lương ban ngày của ngày đó (Điều 98 khoản 3; Nghị định 145/2020/NĐ-CP Điều 57).',
  },
  {
    code: 'TC_DEM_NGHI_TUAN',
    hours: 'GIO_TC_DEM_NGHI_TUAN',
    percent: 270,
    name: 'Làm thêm giờ ban đêm ngày nghỉ hằng tuần',
    nameEn: 'Night overtime on a weekly rest day',
    description: '200 % + 30 % + 20 % × 200 % (Điều 98 khoản 3; Nghị định 145/2020/NĐ-CP Điều 57).',
  },
  {
    code: 'TC_DEM_NGAY_LE',
    hours: 'GIO_TC_DEM_NGAY_LE',
    percent: 390,
    name: 'Làm thêm giờ ban đêm ngày lễ, Tết',
    nameEn: 'Night overtime on a public holiday',
    description: '300 % + 30 % + 20 % × 300 % (Điều 98 khoản 3; Nghị định 145/2020/NĐ-CP Điều 57).',
  },
];

const OVERTIME_HOURS = OVERTIME_LINES.map((line) => line.hours).join(' + ');

export const DEFAULT_COMPONENTS: readonly DefaultComponent[] = [
  component(
    'NGAY_HUONG_LUONG',
    'Số ngày hưởng lương',
    'Paid days',
    'CONG_THUC_TE + NGHI_CO_LUONG',
    'Ngày công thực tế cộng ngày nghỉ có lương của bảng công tổng hợp đã khóa.',
    { valueType: 'NUMBER' },
  ),
  component(
    'LUONG_THEO_CONG',
    'Lương theo ngày công',
    'Pay for the days',
    'IF(CONG_CHUAN > 0, ROUND(LUONG_HOP_DONG / CONG_CHUAN * NGAY_HUONG_LUONG, 0), 0)',
    'Lương hợp đồng chia công chuẩn nhân số ngày hưởng lương, làm tròn đến đồng; 0 khi tháng không có công chuẩn.',
    { ...earning, insurable: true },
  ),
  component(
    'PHU_CAP',
    'Phụ cấp',
    'Allowances',
    'IF(CONG_CHUAN > 0, ROUND(PHU_CAP_HOP_DONG / CONG_CHUAN * NGAY_HUONG_LUONG, 0), 0)',
    'Tổng phụ cấp của hợp đồng theo tỷ lệ ngày hưởng lương trên công chuẩn.',
    earning,
  ),
  component(
    'LUONG_GIO',
    'Tiền lương giờ',
    'Hourly rate',
    `IF(CONG_CHUAN > 0, LUONG_HOP_DONG / CONG_CHUAN / ${NORMAL_HOURS_PER_DAY}, 0)`,
    'Lương hợp đồng chia công chuẩn chia 8 giờ (Nghị định 145/2020/NĐ-CP Điều 55), làm tròn đến đồng; căn cứ tiền làm đêm và làm thêm giờ.',
  ),
  component(
    'TIEN_LAM_DEM',
    'Tiền làm việc ban đêm',
    'Night work premium',
    `LUONG_GIO * GIO_LAM_DEM * ${NIGHT_WORK_PERCENT}%`,
    'Phần trả thêm 30 % cho giờ làm việc bình thường vào ban đêm (Bộ luật Lao động 2019 Điều 98 khoản 2); giờ đó đã được trả trong lương theo ngày công.',
    earning,
  ),
  ...OVERTIME_LINES.map((line) =>
    component(
      line.code,
      line.name,
      line.nameEn,
      `LUONG_GIO * ${line.hours} * ${line.percent}%`,
      line.description,
      earning,
    ),
  ),
  component(
    'TONG_TIEN_TC',
    'Tổng tiền làm thêm giờ',
    'Total overtime pay',
    `SUM(${OVERTIME_LINES.map((line) => line.code).join(', ')})`,
    'Tổng sáu dòng làm thêm giờ.',
  ),
  component(
    'TIEN_TC_GIO_BT',
    'Tiền lương giờ bình thường của giờ làm thêm',
    'Normal pay of the overtime hours',
    `LUONG_GIO * (${OVERTIME_HOURS})`,
    'Phần chịu thuế của tiền làm thêm giờ đến hết kỳ tính thuế 2025: số giờ làm thêm × tiền lương giờ.',
  ),
  component(
    'TN_KHAC',
    'Thu nhập khác không chịu thuế',
    'Other income, not taxable',
    'THU_NHAP_KHAC',
    'Khoản thu nhập khác không chịu thuế của kỳ (danh sách dữ liệu lương).',
    { category: 'EARNING' },
  ),
  component(
    'TN_KHAC_CHIU_THUE',
    'Thu nhập khác chịu thuế',
    'Other taxable income',
    'THU_NHAP_KHAC_CHIU_THUE',
    'Khoản thu nhập khác chịu thuế của kỳ (thưởng…).',
    earning,
  ),
  component(
    'TONG_THU_NHAP',
    'Tổng thu nhập',
    'Gross pay',
    'LUONG_THEO_CONG + PHU_CAP + TIEN_LAM_DEM + TONG_TIEN_TC + TN_KHAC + TN_KHAC_CHIU_THUE',
    'Tổng các khoản thu nhập của kỳ.',
  ),
  component(
    'DONG_BAO_HIEM',
    'Đóng bảo hiểm tháng này',
    'Insurance due this month',
    'IF(CONG_CHUAN - NGAY_HUONG_LUONG >= NGAY_KHONG_DONG_BH, 0, 1)',
    '0 khi số ngày không làm việc và không hưởng lương (công chuẩn trừ ngày hưởng lương) từ NGAY_KHONG_DONG_BH trở lên: tháng đó không đóng BHXH, BHYT, BHTN, kinh phí công đoàn.',
    { valueType: 'INTEGER' },
  ),
  component(
    'MUC_DONG_BHXH',
    'Tiền lương đóng BHXH, BHYT',
    'Social and health insurance salary',
    'IF(DONG_BAO_HIEM = 1, MIN(LUONG_DONG_BH, HS_TRAN_BH * LUONG_CO_SO), 0)',
    'Lương đóng bảo hiểm, tối đa HS_TRAN_BH lần mức lương cơ sở đang áp dụng.',
  ),
  component(
    'MUC_DONG_BHTN',
    'Tiền lương đóng BHTN',
    'Unemployment insurance salary',
    'IF(DONG_BAO_HIEM = 1, MIN(LUONG_DONG_BH, HS_TRAN_BH * LOOKUP(LTT_VUNG, VUNG)), 0)',
    'Lương đóng bảo hiểm, tối đa HS_TRAN_BH lần lương tối thiểu vùng của đơn vị người lao động.',
  ),
  component(
    'BHXH_NLD',
    'BHXH người lao động',
    'Social insurance (employee)',
    'MUC_DONG_BHXH * TL_BHXH_NLD',
    'Tiền lương đóng BHXH × TL_BHXH_NLD, làm tròn đến đồng.',
    deduction,
  ),
  component(
    'BHYT_NLD',
    'BHYT người lao động',
    'Health insurance (employee)',
    'MUC_DONG_BHXH * TL_BHYT_NLD',
    'Tiền lương đóng BHYT × TL_BHYT_NLD, làm tròn đến đồng.',
    deduction,
  ),
  component(
    'BHTN_NLD',
    'BHTN người lao động',
    'Unemployment insurance (employee)',
    'MUC_DONG_BHTN * TL_BHTN_NLD',
    'Tiền lương đóng BHTN × TL_BHTN_NLD, làm tròn đến đồng.',
    deduction,
  ),
  component(
    'TONG_BH_NLD',
    'Tổng bảo hiểm người lao động đóng',
    'Employee insurance',
    'BHXH_NLD + BHYT_NLD + BHTN_NLD',
    'Được trừ khi tính thu nhập tính thuế.',
  ),
  component(
    'DOAN_PHI',
    'Đoàn phí công đoàn',
    'Trade-union member dues',
    'IF(DOAN_VIEN = 1, MIN(MUC_DONG_BHXH * TL_DOAN_PHI, TRAN_DOAN_PHI), 0)',
    'Đoàn viên: TL_DOAN_PHI tiền lương đóng BHXH, tối đa TRAN_DOAN_PHI.',
    deduction,
  ),
  component(
    'TN_TC_MIEN_THUE',
    'Tiền làm đêm, làm thêm giờ được miễn thuế',
    'Tax-exempt night and overtime pay',
    'IF(MIEN_THUE_TC_TOAN_BO = 1, TIEN_LAM_DEM + TONG_TIEN_TC, TIEN_LAM_DEM + MAX(0, TONG_TIEN_TC - TIEN_TC_GIO_BT))',
    'Từ kỳ tính thuế 2026 toàn bộ; trước đó phần trả cao hơn tiền lương giờ bình thường (cả phụ trội làm đêm).',
  ),
  component(
    'TN_MIEN_THUE',
    'Thu nhập được miễn thuế',
    'Tax-exempt income',
    'TN_TC_MIEN_THUE + TN_KHAC',
    'Tiền làm đêm, làm thêm giờ được miễn và thu nhập khác không chịu thuế.',
  ),
  component(
    'TN_CHIU_THUE',
    'Thu nhập chịu thuế',
    'Taxable income',
    'MAX(0, TONG_THU_NHAP - TN_MIEN_THUE)',
    'Tổng thu nhập trừ thu nhập được miễn thuế.',
  ),
  component(
    'GIAM_TRU_GIA_CANH',
    'Giảm trừ gia cảnh',
    'Family deductions',
    'GIAM_TRU_BAN_THAN + SO_NGUOI_PHU_THUOC * GIAM_TRU_NPT',
    'Bản thân và người phụ thuộc đã đăng ký, theo mức đang áp dụng.',
  ),
  component(
    'TN_TINH_THUE',
    'Thu nhập tính thuế',
    'Assessable income',
    'IF(CU_TRU = 1, MAX(0, TN_CHIU_THUE - TONG_BH_NLD - GIAM_TRU_GIA_CANH), TN_CHIU_THUE)',
    'Cư trú: thu nhập chịu thuế trừ bảo hiểm bắt buộc và giảm trừ gia cảnh; không cư trú: thu nhập chịu thuế.',
  ),
  component(
    'TIEN_THUE_TNCN',
    'Thuế thu nhập cá nhân',
    'Personal income tax',
    'IF(CU_TRU = 1, TN_TINH_THUE * LOOKUP(THUE_TNCN, TN_TINH_THUE, "THUE_SUAT") - LOOKUP(THUE_TNCN, TN_TINH_THUE, "GIAM_TRU"), TN_TINH_THUE * TS_KHONG_CU_TRU)',
    'Cư trú: biểu lũy tiến từng phần (phương pháp rút gọn của THUE_TNCN); không cư trú: TS_KHONG_CU_TRU. Làm tròn đến đồng.',
    deduction,
  ),
  component(
    'TRU_TAM_UNG',
    'Tạm ứng',
    'Advances',
    'TAM_UNG',
    'Tiền đã tạm ứng trong kỳ.',
    deduction,
  ),
  component(
    'TRU_KHAC',
    'Khấu trừ khác',
    'Other deductions',
    'KHAU_TRU_KHAC',
    'Các khoản khấu trừ khác của kỳ.',
    deduction,
  ),
  component(
    'TONG_KHAU_TRU',
    'Tổng khấu trừ',
    'Total deductions',
    'TONG_BH_NLD + DOAN_PHI + TIEN_THUE_TNCN + TRU_TAM_UNG + TRU_KHAC',
    'Bảo hiểm, đoàn phí, thuế, tạm ứng và khấu trừ khác.',
  ),
  component(
    'THUC_LINH',
    'Thực lĩnh',
    'Net pay',
    'TONG_THU_NHAP - TONG_KHAU_TRU',
    'Số tiền người lao động nhận.',
  ),
  component(
    'BHXH_DN',
    'BHXH doanh nghiệp đóng',
    'Social insurance (employer)',
    'MUC_DONG_BHXH * TL_BHXH_DN',
    'Gồm quỹ ốm đau, thai sản; hưu trí, tử tuất và tai nạn lao động, bệnh nghề nghiệp.',
    employer,
  ),
  component(
    'BHYT_DN',
    'BHYT doanh nghiệp đóng',
    'Health insurance (employer)',
    'MUC_DONG_BHXH * TL_BHYT_DN',
    'Tiền lương đóng BHYT × TL_BHYT_DN.',
    employer,
  ),
  component(
    'BHTN_DN',
    'BHTN doanh nghiệp đóng',
    'Unemployment insurance (employer)',
    'MUC_DONG_BHTN * TL_BHTN_DN',
    'Tiền lương đóng BHTN × TL_BHTN_DN.',
    employer,
  ),
  component(
    'KPCD',
    'Kinh phí công đoàn',
    'Trade-union fee',
    'MUC_DONG_BHXH * TL_KPCD',
    'TL_KPCD quỹ tiền lương làm căn cứ đóng BHXH.',
    employer,
  ),
  component(
    'TONG_DN_DONG',
    'Tổng doanh nghiệp đóng',
    'Employer contributions',
    'BHXH_DN + BHYT_DN + BHTN_DN + KPCD',
    'Bảo hiểm và kinh phí công đoàn do doanh nghiệp đóng.',
  ),
  component(
    'CHI_PHI_LUONG',
    'Tổng chi phí lương',
    'Total payroll cost',
    'TONG_THU_NHAP + TONG_DN_DONG',
    'Tổng thu nhập cộng phần doanh nghiệp đóng.',
  ),
];

export interface PayslipGroup {
  readonly title: { readonly vi: string; readonly en: string };
  readonly components: readonly string[];
}

export interface DefaultTemplate {
  readonly code: string;
  readonly name: { readonly vi: string; readonly en: string };
  readonly description: string;
  /** The component codes in the template's order (each after those it reads). */
  readonly components: readonly string[];
  readonly payslip: readonly PayslipGroup[];
}

export const DEFAULT_TEMPLATE: DefaultTemplate = {
  code: 'BANG_LUONG_THANG',
  name: { vi: 'Bảng lương tháng', en: 'Monthly payroll' },
  description:
    'Bảng lương tháng theo ngày công, làm thêm giờ, bảo hiểm bắt buộc, kinh phí công đoàn và thuế TNCN theo quy định (docs/payroll-statutory.md).',
  components: DEFAULT_COMPONENTS.map((c) => c.code),
  payslip: [
    {
      title: { vi: 'Thu nhập', en: 'Earnings' },
      components: [
        'LUONG_THEO_CONG',
        'PHU_CAP',
        'TIEN_LAM_DEM',
        'TC_NGAY_THUONG',
        'TC_NGHI_TUAN',
        'TC_NGAY_LE',
        'TC_DEM_NGAY_THUONG',
        'TC_DEM_NGHI_TUAN',
        'TC_DEM_NGAY_LE',
        'TN_KHAC',
        'TN_KHAC_CHIU_THUE',
        'TONG_THU_NHAP',
      ],
    },
    {
      title: { vi: 'Bảo hiểm và thuế', en: 'Insurance and tax' },
      components: [
        'MUC_DONG_BHXH',
        'BHXH_NLD',
        'BHYT_NLD',
        'BHTN_NLD',
        'DOAN_PHI',
        'TN_CHIU_THUE',
        'GIAM_TRU_GIA_CANH',
        'TN_TINH_THUE',
        'TIEN_THUE_TNCN',
      ],
    },
    {
      title: { vi: 'Khấu trừ khác', en: 'Other deductions' },
      components: ['TRU_TAM_UNG', 'TRU_KHAC', 'TONG_KHAU_TRU'],
    },
    { title: { vi: 'Thực lĩnh', en: 'Net pay' }, components: ['THUC_LINH'] },
    {
      title: { vi: 'Doanh nghiệp đóng', en: 'Paid by the employer' },
      components: ['BHXH_DN', 'BHYT_DN', 'BHTN_DN', 'KPCD'],
    },
  ],
};
