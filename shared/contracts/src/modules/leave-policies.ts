import { FieldLimits } from '../limits.ts';
import { describedPattern } from '../pattern-formats.ts';
import { defineContract, type RecordOf } from '../resource/contract.ts';
import { f } from '../resource/fields.ts';
import { CommonLabels, label, type Label } from '../resource/label.ts';
import { ResourceTitles } from '../resource/titles.ts';

/*
 * Timekeeping › Config › Leave rules (Quy định nghỉ phép; catalogues §2.1 leave config, §5.2;
 * docs/leave.md "The leave rules"): the tenant's annual leave rules, each version in force from
 * its day until the next one's (Labour Code 2019 art. 113–114, Decree 145/2020 art. 65–66, kept
 * as the tenant's data). A day with no version in force uses the statutory figures
 * (STATUTORY_LEAVE_POLICY, the table's defaults), which the hints name.
 */

const l = (key: string, vi: string, en: string) => label(`leavePolicy.${key}`, vi, en);

export const LeavePolicyLimits = {
  /** any number of days a rule names (catalogues §5.2 "leave days max 100") */
  days: 100,
  /** the monthly update day (catalogues §5.2: at most 28, so February has it) */
  updateDay: 28,
  /** years of service per seniority step */
  stepYears: 50,
  /** the leave-received config: 0 to 1, step 0.5 (catalogues §5.2) */
  monthCountsFrom: 1,
  monthCountsStep: 0.5,
} as const;

export const LEAVE_ROUNDINGS = [
  'NONE',
  'HALF_DAY_NEAREST',
  'HALF_DAY_DOWN',
  'WHOLE_DAY_NEAREST',
  'WHOLE_DAY_DOWN',
] as const;
export type LeaveRoundingValue = (typeof LEAVE_ROUNDINGS)[number];
export const ACCRUAL_MODES = ['YEARLY', 'MONTHLY'] as const;
export type AccrualModeValue = (typeof ACCRUAL_MODES)[number];
export const SENIORITY_AS_OF = ['YEAR_START', 'YEAR_END'] as const;
export type SeniorityAsOf = (typeof SENIORITY_AS_OF)[number];

/**
 * A worker's case for the year's base days (Labour Code art. 113(1)): STANDARD 12, HEAVY 14
 * (heavy, hazardous or dangerous work), SPECIAL 16 (especially heavy/hazardous work; minors;
 * disabled workers). Kept per worker (tm_leave_worker_cases, migration 0069); STANDARD when unsaid.
 */
export const LEAVE_CASES = ['STANDARD', 'HEAVY', 'SPECIAL'] as const;
export type LeaveCase = (typeof LEAVE_CASES)[number];

/** The statutory rules: the table's defaults, used on a day no version of the tenant covers. */
export const STATUTORY_LEAVE_POLICY = {
  baseDays: '12.0',
  heavyWorkDays: '14.0',
  specialDays: '16.0',
  seniorityStepYears: 5,
  seniorityDaysPerStep: '1.0',
  seniorityAsOf: 'YEAR_START' as SeniorityAsOf,
  monthCountsFrom: '0.5',
  rounding: 'HALF_DAY_NEAREST' as LeaveRoundingValue,
  accrualMode: 'MONTHLY' as AccrualModeValue,
  updateDay: 1,
  carryOverMaxDays: '0.0',
  carryOverExpiresOn: null as string | null,
} as const;

export const LeaveRoundingLabels: Readonly<Record<LeaveRoundingValue, Label>> = {
  NONE: l('roundings.none', 'Không làm tròn (đến 1/1000 ngày)', 'Not rounded (to 1/1000 day)'),
  HALF_DAY_NEAREST: l('roundings.halfNearest', 'Đến nửa ngày gần nhất', 'To the nearest half day'),
  HALF_DAY_DOWN: l('roundings.halfDown', 'Xuống nửa ngày', 'Down to a half day'),
  WHOLE_DAY_NEAREST: l('roundings.wholeNearest', 'Đến ngày gần nhất (.5 lên)', 'To the nearest day (.5 up)'),
  WHOLE_DAY_DOWN: l('roundings.wholeDown', 'Xuống ngày nguyên', 'Down to a whole day'),
};

export const AccrualModeLabels: Readonly<Record<AccrualModeValue, Label>> = {
  YEARLY: l('accrual.yearly', 'Cả năm vào ngày đầu năm', "The whole year on the year's first day"),
  MONTHLY: l('accrual.monthly', 'Hằng tháng vào ngày cập nhật', 'Monthly on the update day'),
};

export const SeniorityAsOfLabels: Readonly<Record<SeniorityAsOf, Label>> = {
  YEAR_START: l('asOf.start', 'Ngày đầu năm', "The year's first day"),
  YEAR_END: l('asOf.end', 'Ngày cuối năm', "The year's last day"),
};

export const LeaveCaseLabels: Readonly<Record<LeaveCase, Label>> = {
  STANDARD: l('case.standard', 'Điều kiện bình thường (12 ngày)', 'Normal conditions (12 days)'),
  HEAVY: l(
    'case.heavy',
    'Nặng nhọc, độc hại, nguy hiểm (14 ngày)',
    'Heavy, hazardous or dangerous (14 days)',
  ),
  SPECIAL: l(
    'case.special',
    'Đặc biệt nặng nhọc; chưa thành niên; khuyết tật (16 ngày)',
    'Especially heavy; minors; disabled (16 days)',
  ),
};

/** 'MM-DD': a day of every year (the carry-over's expiry); the server also refuses 02-30. */
export const MONTH_DAY_PATTERN = describedPattern(
  '^(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])$',
  'monthDay',
  '03-31',
);

const days = (key: string, vi: string, en: string, hintVi: string, hintEn: string, lawful: string) =>
  f.decimal({
    label: l(key, vi, en),
    required: true,
    precision: 4,
    scale: 1,
    example: () => lawful,
    hint: l(`${key}Hint`, hintVi, hintEn),
  });

export const leavePolicyContract = defineContract({
  service: 'tm',
  path: 'leave-policies',
  route: '/tm/leave-rules',
  permission: 'leave_policy',
  level: 'tenant',
  title: ResourceTitles.leave_policy,
  singular: l('singular', 'Quy định nghỉ phép năm', 'Annual leave rules'),
  fields: {
    effectiveFrom: {
      ...f.date({ label: l('effectiveFrom', 'Áp dụng từ ngày', 'In force from'), required: true }),
      // one version per day: examples on distinct days
      example: (n: number) => `${2000 + (n % 100)}-01-01`,
    },
    baseDays: days(
      'baseDays',
      'Số ngày phép năm (bình thường)',
      'Annual leave days (normal conditions)',
      'Điều 113: 12 ngày; từ 0 đến 100',
      'Art. 113: 12 days; 0 to 100',
      '12',
    ),
    heavyWorkDays: days(
      'heavyWorkDays',
      'Số ngày phép năm (nặng nhọc, độc hại)',
      'Annual leave days (heavy or hazardous work)',
      'Điều 113: 14 ngày',
      'Art. 113: 14 days',
      '14',
    ),
    specialDays: days(
      'specialDays',
      'Số ngày phép năm (đặc biệt; chưa thành niên; khuyết tật)',
      'Annual leave days (especially heavy; minors; disabled)',
      'Điều 113: 16 ngày',
      'Art. 113: 16 days',
      '16',
    ),
    seniorityStepYears: f.integer({
      label: l(
        'seniorityStepYears',
        'Số năm làm việc mỗi bậc thâm niên',
        'Years of service per seniority step',
      ),
      required: true,
      minimum: 0,
      maximum: LeavePolicyLimits.stepYears,
      example: () => 5,
      hint: l(
        'seniorityStepYearsHint',
        'Điều 114: đủ 5 năm thêm 1 ngày; 0: không cộng thâm niên',
        'Art. 114: one more day per 5 full years; 0: no seniority days',
      ),
    }),
    seniorityDaysPerStep: days(
      'seniorityDaysPerStep',
      'Số ngày cộng mỗi bậc thâm niên',
      'Days added per seniority step',
      'Điều 114: 1 ngày',
      'Art. 114: 1 day',
      '1',
    ),
    seniorityAsOf: f.enumOf({
      label: l('seniorityAsOf', 'Tính thâm niên tại', 'Seniority counted as of'),
      required: true,
      defaultValue: 'YEAR_START',
      valueLabels: SeniorityAsOfLabels,
    }),
    monthCountsFrom: f.decimal({
      label: l(
        'monthCountsFrom',
        'Tỷ lệ ngày công để tính tháng hưởng phép',
        'Share of a month that counts it',
      ),
      required: true,
      precision: 2,
      scale: 1,
      example: () => '0.5',
      hint: l(
        'monthCountsFromHint',
        '0, 0.5 hoặc 1: ngày làm việc và nghỉ hưởng lương đạt tỷ lệ này của ngày công chuẩn thì tháng được tính (Nghị định 145: 0.5)',
        '0, 0.5 or 1: a month counts toward a partial year when the days worked and on paid leave reach this share of its normal working days (Decree 145: 0.5)',
      ),
    }),
    rounding: f.enumOf({
      label: l('rounding', 'Làm tròn phép năm chưa đủ năm', "A partial year's rounding"),
      required: true,
      defaultValue: 'HALF_DAY_NEAREST',
      valueLabels: LeaveRoundingLabels,
    }),
    accrualMode: f.enumOf({
      label: l('accrualMode', 'Cách cộng phép', 'How leave is accrued'),
      required: true,
      defaultValue: 'MONTHLY',
      valueLabels: AccrualModeLabels,
    }),
    updateDay: f.integer({
      label: l('updateDay', 'Ngày cập nhật phép hằng tháng', 'Monthly update day'),
      required: true,
      minimum: 1,
      maximum: LeavePolicyLimits.updateDay,
      example: () => 1,
      hint: l('updateDayHint', 'Từ 1 đến 28 (tháng Hai cũng có)', '1 to 28 (February has it too)'),
    }),
    carryOverMaxDays: days(
      'carryOverMaxDays',
      'Số ngày phép được chuyển sang năm sau tối đa',
      'Days carried over to the next year, at most',
      '0: không chuyển; từ 0 đến 100',
      '0: none carried over; 0 to 100',
      // an example with an expiry carries something over
      '5',
    ),
    carryOverExpiresOn: f.text({
      label: l(
        'carryOverExpiresOn',
        'Phép chuyển sang hết hạn ngày (MM-DD)',
        'Carried-over leave expires on (MM-DD)',
      ),
      maxLength: 5,
      minLength: 5,
      pattern: MONTH_DAY_PATTERN,
      example: () => '03-31',
      hint: l(
        'carryOverExpiresOnHint',
        'Ngày của năm sau, ví dụ 03-31; để trống: không hết hạn',
        'A day of the next year, e.g. 03-31; empty: it does not expire',
      ),
    }),
    description: f.text({
      label: CommonLabels.description,
      maxLength: FieldLimits.description,
      multiline: true,
    }),
  },
  columns: [
    'effectiveFrom',
    'baseDays',
    'seniorityStepYears',
    'accrualMode',
    'updateDay',
    'carryOverMaxDays',
    'carryOverExpiresOn',
    'lastModifiedAt',
  ],
  keyword: ['description'],
  filters: ['effectiveFrom', 'accrualMode'],
  sort: ['effectiveFrom', 'createdAt', 'lastModifiedAt'],
  defaultSort: { field: 'effectiveFrom', direction: 'desc' },
  without: ['status'],
  sections: [
    {
      title: CommonLabels.general,
      fields: ['effectiveFrom', 'description'],
    },
    {
      title: l('section.entitlement', 'Số ngày phép năm', "The year's leave"),
      fields: [
        'baseDays',
        'heavyWorkDays',
        'specialDays',
        'seniorityStepYears',
        'seniorityDaysPerStep',
        'seniorityAsOf',
        'monthCountsFrom',
        'rounding',
      ],
    },
    {
      title: l('section.accrual', 'Cộng phép và chuyển phép', 'Accrual and carry-over'),
      fields: ['accrualMode', 'updateDay', 'carryOverMaxDays', 'carryOverExpiresOn'],
    },
  ],
  exportColumns: [
    'effectiveFrom',
    'baseDays',
    'heavyWorkDays',
    'specialDays',
    'seniorityStepYears',
    'seniorityDaysPerStep',
    'seniorityAsOf',
    'monthCountsFrom',
    'rounding',
    'accrualMode',
    'updateDay',
    'carryOverMaxDays',
    'carryOverExpiresOn',
    'description',
    'createdAt',
    'lastModifiedAt',
  ],
  importColumns: [
    'effectiveFrom',
    'baseDays',
    'heavyWorkDays',
    'specialDays',
    'seniorityStepYears',
    'seniorityDaysPerStep',
    'seniorityAsOf',
    'monthCountsFrom',
    'rounding',
    'accrualMode',
    'updateDay',
    'carryOverMaxDays',
    'carryOverExpiresOn',
    'description',
  ],
});
export type LeavePolicyRecord = RecordOf<typeof leavePolicyContract>;

/**
 * The leave jobs' HTTP side (docs/leave.md "The leave jobs"): HR runs the year's accrual now
 * (POST, body { year }), and payroll reads the untaken leave paid out on leaving by month
 * (GET ?month=YYYY-MM).
 */
export const LeavePolicyPaths = {
  accrue: '/api/tm/leave-accruals',
  payouts: '/api/tm/leave-payouts',
  /** the workers whose case is said (GET), and one worker's case set (PUT, body { leaveCase, note }) */
  workerCases: '/api/tm/leave-worker-cases',
  workerCase: '/api/tm/leave-worker-cases/:workerId',
} as const;

/** A worker's case as HR sets it (a worker without one is STANDARD). */
export interface LeaveWorkerCase {
  readonly workerId: string;
  readonly workerCode: string;
  readonly workerName: string;
  readonly leaveCase: LeaveCase;
  readonly note: string | null;
}

/** What the accrual run answers: the entries it wrote (a rerun writes none). */
export interface LeaveAccrualRun {
  readonly year: number;
  readonly written: number;
}

/**
 * One worker's untaken leave paid out on leaving (PAID_OUT), for payroll; or a payout given back
 * (the resignation canceled, or another last day), listed in the payout's month beside it so the
 * month nets to zero (docs/leave.md "A resignation canceled or moved after its payout").
 */
export interface LeavePayout {
  readonly workerId: string;
  readonly workerCode: string;
  readonly workerName: string;
  /** the last day of employment (YYYY-MM-DD) */
  readonly lastDay: string;
  /** the days paid out, as a decimal string to the thousandth ('3.500'); negative when given back ('-3.500') */
  readonly days: string;
  /** the line gives back an earlier payout of that last day */
  readonly givenBack: boolean;
  /** when the line was written (ISO 8601): a payroll that closed the month finds the give-backs after it */
  readonly recordedAt: string;
}
