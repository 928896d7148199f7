import type { StatutoryParameter } from './types.ts';

/*
 * The statutory payroll parameters, each change of the law a new dated value (docs/payroll-statutory.md
 * gives every figure's source and the readings chosen where the law is ambiguous). The insurance
 * and trade-union rows start on 2024-07-01, the first day of the base salary and region wages the
 * product carries (Decrees 73/2024 and 74/2024): a tenant computing an earlier month adds the rows
 * in force then. The income-tax rows start on the day their rule took effect.
 */

const LAW = {
  baseSalary2024: 'Nghị định 73/2024/NĐ-CP, Điều 3 (từ 01/07/2024)',
  baseSalary2026: 'Mức lương cơ sở từ 01/07/2026 (đối chiếu văn bản quy định khi ban hành)',
  socialInsurance: 'Luật BHXH 2014 Điều 85, 86; Luật BHXH 2024 (41/2024/QH15) từ 01/07/2025',
  healthInsurance: 'Luật BHYT Điều 13; Nghị định 146/2018/NĐ-CP Điều 7 (4,5 %: NLĐ 1/3, NSDLĐ 2/3)',
  unemployment: 'Luật Việc làm 2013 Điều 57; Luật Việc làm 2025 (74/2025/QH15) từ 01/01/2026',
  accident: 'Luật An toàn, vệ sinh lao động 2015 Điều 44; Nghị định 58/2020/NĐ-CP Điều 4',
  caps:
    'Luật BHXH 2014 Điều 89; Luật BHXH 2024 (20 lần mức tham chiếu, bằng mức lương cơ sở khi chưa bãi bỏ); Luật BHYT Điều 14; Luật Việc làm 2013 Điều 58 (20 lần lương tối thiểu vùng)',
  unpaidMonth: 'Luật BHXH 2014 Điều 85 khoản 3, giữ nguyên ở Luật BHXH 2024; Quyết định 595/QĐ-BHXH',
  unionFee: 'Luật Công đoàn 2024 (50/2024/QH15); Nghị định 191/2013/NĐ-CP Điều 5',
  unionDues: 'Quyết định 1908/QĐ-TLĐ ngày 19/11/2021 của Tổng Liên đoàn Lao động Việt Nam',
  deduction2020: 'Nghị quyết 954/2020/UBTVQH14 (từ kỳ tính thuế 2020)',
  deduction2026: 'Nghị quyết 110/2025/UBTVQH15 (từ kỳ tính thuế 2026)',
  nonResident: 'Luật Thuế TNCN 2007 Điều 26; Thông tư 111/2013/TT-BTC Điều 18',
  casual: 'Thông tư 111/2013/TT-BTC Điều 25 khoản 1 điểm i',
  overtime2009:
    'Luật Thuế TNCN 2007 Điều 4 khoản 9; Thông tư 111/2013/TT-BTC Điều 3 khoản 1 điểm i: miễn phần trả cao hơn giờ bình thường',
  overtime2026: 'Luật Thuế TNCN (sửa đổi) 2025, từ kỳ tính thuế 2026: miễn toàn bộ tiền làm thêm giờ, làm đêm',
} as const;

const from2024 = (value: number, source: string) => [{ effectiveFrom: '2024-07-01', value, source }];

export const STATUTORY_PARAMETERS: readonly StatutoryParameter[] = [
  {
    code: 'LUONG_CO_SO',
    name: { vi: 'Mức lương cơ sở', en: 'Base salary' },
    unit: 'VND',
    description: {
      vi: 'Mức lương cơ sở; 20 lần mức này là mức trần tiền lương đóng BHXH, BHYT.',
      en: 'The base salary; 20 times it caps the salary social and health insurance are paid on.',
    },
    values: [
      { effectiveFrom: '2024-07-01', value: 2_340_000, source: LAW.baseSalary2024 },
      { effectiveFrom: '2026-07-01', value: 2_530_000, source: LAW.baseSalary2026 },
    ],
  },
  {
    code: 'TL_BHXH_NLD',
    name: { vi: 'Tỷ lệ BHXH người lao động đóng', en: 'Social insurance, employee rate' },
    unit: '%',
    description: {
      vi: 'Quỹ hưu trí và tử tuất, trên tiền lương đóng BHXH.',
      en: 'Retirement and survivorship fund, of the insurance salary.',
    },
    values: from2024(8, LAW.socialInsurance),
  },
  {
    code: 'TL_BHYT_NLD',
    name: { vi: 'Tỷ lệ BHYT người lao động đóng', en: 'Health insurance, employee rate' },
    unit: '%',
    description: { vi: 'Trên tiền lương đóng BHYT.', en: 'Of the health insurance salary.' },
    values: from2024(1.5, LAW.healthInsurance),
  },
  {
    code: 'TL_BHTN_NLD',
    name: { vi: 'Tỷ lệ BHTN người lao động đóng', en: 'Unemployment insurance, employee rate' },
    unit: '%',
    description: { vi: 'Trên tiền lương đóng BHTN.', en: 'Of the unemployment insurance salary.' },
    values: from2024(1, LAW.unemployment),
  },
  {
    code: 'TL_BHXH_DN',
    name: { vi: 'Tỷ lệ BHXH doanh nghiệp đóng', en: 'Social insurance, employer rate' },
    unit: '%',
    description: {
      vi: 'Ốm đau, thai sản 3 %; hưu trí, tử tuất 14 %; tai nạn lao động, bệnh nghề nghiệp 0,5 % (TL_BHTNLD_DN).',
      en: 'Sickness and maternity 3 %, retirement and survivorship 14 %, work accident and occupational disease 0.5 % (TL_BHTNLD_DN).',
    },
    values: from2024(17.5, `${LAW.socialInsurance}; ${LAW.accident}`),
  },
  {
    code: 'TL_BHTNLD_DN',
    name: {
      vi: 'Tỷ lệ quỹ TNLĐ-BNN doanh nghiệp đóng (đã gồm trong BHXH)',
      en: 'Work accident fund, employer rate (part of social insurance)',
    },
    unit: '%',
    description: {
      vi: 'Để xem: phần quỹ tai nạn lao động, bệnh nghề nghiệp trong TL_BHXH_DN.',
      en: 'For information: the work accident and occupational disease share of TL_BHXH_DN.',
    },
    values: from2024(0.5, LAW.accident),
  },
  {
    code: 'TL_BHYT_DN',
    name: { vi: 'Tỷ lệ BHYT doanh nghiệp đóng', en: 'Health insurance, employer rate' },
    unit: '%',
    description: { vi: 'Trên tiền lương đóng BHYT.', en: 'Of the health insurance salary.' },
    values: from2024(3, LAW.healthInsurance),
  },
  {
    code: 'TL_BHTN_DN',
    name: { vi: 'Tỷ lệ BHTN doanh nghiệp đóng', en: 'Unemployment insurance, employer rate' },
    unit: '%',
    description: { vi: 'Trên tiền lương đóng BHTN.', en: 'Of the unemployment insurance salary.' },
    values: from2024(1, LAW.unemployment),
  },
  {
    code: 'HS_TRAN_BH',
    name: { vi: 'Hệ số trần tiền lương đóng bảo hiểm', en: 'Insurance salary cap multiple' },
    unit: 'lần',
    description: {
      vi: 'BHXH, BHYT: tối đa HS_TRAN_BH × LUONG_CO_SO; BHTN: tối đa HS_TRAN_BH × lương tối thiểu vùng.',
      en: 'Social and health: at most HS_TRAN_BH × LUONG_CO_SO; unemployment: at most HS_TRAN_BH × the region minimum wage.',
    },
    values: from2024(20, LAW.caps),
  },
  {
    code: 'NGAY_KHONG_DONG_BH',
    name: {
      vi: 'Số ngày không làm việc, không lương thì không đóng bảo hiểm tháng đó',
      en: 'Unpaid days without work after which a month carries no insurance',
    },
    unit: 'ngày',
    description: {
      vi: 'Người lao động không làm việc và không hưởng lương từ số ngày làm việc này trở lên trong tháng thì không đóng BHXH, BHYT, BHTN (và không tính kinh phí công đoàn) tháng đó.',
      en: 'A worker without work and pay for this many working days or more in a month pays no social, health or unemployment insurance that month (nor is the union fee due on it).',
    },
    values: from2024(14, LAW.unpaidMonth),
  },
  {
    code: 'TL_KPCD',
    name: { vi: 'Tỷ lệ kinh phí công đoàn (doanh nghiệp)', en: 'Trade-union fee (employer)' },
    unit: '%',
    description: {
      vi: 'Trên quỹ tiền lương làm căn cứ đóng BHXH.',
      en: 'Of the salary fund social insurance is paid on.',
    },
    values: from2024(2, LAW.unionFee),
  },
  {
    code: 'TL_DOAN_PHI',
    name: { vi: 'Tỷ lệ đoàn phí công đoàn (đoàn viên)', en: 'Trade-union member dues rate' },
    unit: '%',
    description: {
      vi: 'Trên tiền lương đóng BHXH của đoàn viên, tối đa TRAN_DOAN_PHI.',
      en: "Of the member's insurance salary, at most TRAN_DOAN_PHI.",
    },
    values: from2024(1, LAW.unionDues),
  },
  {
    code: 'TRAN_DOAN_PHI',
    name: { vi: 'Mức đoàn phí tối đa một tháng', en: 'Monthly cap of member dues' },
    unit: 'VND',
    description: {
      vi: '10 % mức lương cơ sở.',
      en: '10 % of the base salary.',
    },
    values: [
      { effectiveFrom: '2024-07-01', value: 234_000, source: `${LAW.unionDues}; ${LAW.baseSalary2024}` },
      { effectiveFrom: '2026-07-01', value: 253_000, source: `${LAW.unionDues}; ${LAW.baseSalary2026}` },
    ],
  },
  {
    code: 'GIAM_TRU_BAN_THAN',
    name: { vi: 'Giảm trừ gia cảnh cho bản thân', en: 'Personal deduction' },
    unit: 'VND',
    description: { vi: 'Mỗi tháng, cho người nộp thuế cư trú.', en: 'A month, for a resident taxpayer.' },
    values: [
      { effectiveFrom: '2020-07-01', value: 11_000_000, source: LAW.deduction2020 },
      { effectiveFrom: '2026-01-01', value: 15_500_000, source: LAW.deduction2026 },
    ],
  },
  {
    code: 'GIAM_TRU_NPT',
    name: { vi: 'Giảm trừ cho mỗi người phụ thuộc', en: 'Deduction per dependant' },
    unit: 'VND',
    description: { vi: 'Mỗi người phụ thuộc, mỗi tháng.', en: 'Per dependant, a month.' },
    values: [
      { effectiveFrom: '2020-07-01', value: 4_400_000, source: LAW.deduction2020 },
      { effectiveFrom: '2026-01-01', value: 6_200_000, source: LAW.deduction2026 },
    ],
  },
  {
    code: 'TS_KHONG_CU_TRU',
    name: { vi: 'Thuế suất TNCN cá nhân không cư trú', en: 'Income tax rate, non-resident' },
    unit: '%',
    description: {
      vi: 'Trên thu nhập chịu thuế từ tiền lương, tiền công, không giảm trừ.',
      en: 'Of the taxable employment income, with no deduction.',
    },
    values: [{ effectiveFrom: '2009-01-01', value: 20, source: LAW.nonResident }],
  },
  {
    code: 'TS_VANG_LAI',
    name: { vi: 'Tỷ lệ khấu trừ thuế thu nhập vãng lai', en: 'Withholding rate on casual payments' },
    unit: '%',
    description: {
      vi: 'Khấu trừ trên mỗi lần trả cho cá nhân không ký hợp đồng lao động hoặc hợp đồng dưới 3 tháng, từ NGUONG_VANG_LAI.',
      en: 'Withheld on each payment to a person without a labour contract or with one under 3 months, from NGUONG_VANG_LAI.',
    },
    values: [{ effectiveFrom: '2013-10-01', value: 10, source: LAW.casual }],
  },
  {
    code: 'NGUONG_VANG_LAI',
    name: { vi: 'Ngưỡng khấu trừ thuế thu nhập vãng lai', en: 'Casual payment withholding threshold' },
    unit: 'VND',
    description: {
      vi: 'Khấu trừ khi tổng mức trả thu nhập một lần từ mức này trở lên.',
      en: 'Tax is withheld when one payment is this amount or more.',
    },
    values: [{ effectiveFrom: '2013-10-01', value: 2_000_000, source: LAW.casual }],
  },
  {
    code: 'MIEN_THUE_TC_TOAN_BO',
    name: {
      vi: 'Miễn thuế toàn bộ tiền làm thêm giờ, làm đêm',
      en: 'Overtime and night pay wholly tax-exempt',
    },
    unit: '0/1',
    description: {
      vi: '1: miễn toàn bộ; 0: chỉ miễn phần trả cao hơn tiền lương giờ làm việc bình thường.',
      en: '1: all of it exempt; 0: only the part above the normal hourly pay.',
    },
    values: [
      { effectiveFrom: '2009-01-01', value: 0, source: LAW.overtime2009 },
      { effectiveFrom: '2026-01-01', value: 1, source: LAW.overtime2026 },
    ],
  },
];
