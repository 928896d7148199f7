import { FieldLimits } from '../limits.ts';
import { defineContract, type RecordOf } from '../resource/contract.ts';
import { f } from '../resource/fields.ts';
import { CommonLabels, label, type Label } from '../resource/label.ts';
import { ResourceTitles } from '../resource/titles.ts';
import { categoryFields } from './category.ts';
import { holidayKindField } from './labour-calendar.ts';

/** The most leave days a year a leave type may allow (empty: no limit). */
export const MAX_LEAVE_DAYS_PER_YEAR = 365;

/**
 * What the timesheet writes for a day of a leave type: the timesheet engine's absence reasons
 * (server services/tm/timesheet/types.ts AbsenceReason; the check of migrations 0065 and 0070), each its symbol
 * and whether the day is paid. PAID_PERSONAL is the paid personal leave of Labour Code 2019
 * art. 115(1) (one's own marriage 3 days, a child's 1, the death of a parent, spouse or child 3;
 * symbol R), added by migration 0070.
 */
export const LEAVE_TIMESHEET_REASONS = [
  'ANNUAL_LEAVE',
  'SICK',
  'CHILD_SICK',
  'MATERNITY',
  'WORK_ACCIDENT',
  'MEETING_STUDY',
  'COMPENSATORY',
  'PAID_PERSONAL',
  'UNPAID_LEAVE',
  'STOPPED_WORK',
  'LABOUR_DUTY',
] as const;
export type LeaveTimesheetReason = (typeof LEAVE_TIMESHEET_REASONS)[number];

const reason = (key: string, vi: string, en: string) => label(`category.leaveType.reasons.${key}`, vi, en);

export const LeaveTimesheetReasonLabels: Readonly<Record<LeaveTimesheetReason, Label>> = {
  ANNUAL_LEAVE: reason('annualLeave', 'Nghỉ phép năm', 'Annual leave'),
  SICK: reason('sick', 'Nghỉ ốm', 'Sick leave'),
  CHILD_SICK: reason('childSick', 'Nghỉ con ốm', "Child's sickness"),
  MATERNITY: reason('maternity', 'Nghỉ thai sản', 'Maternity leave'),
  WORK_ACCIDENT: reason('workAccident', 'Nghỉ tai nạn lao động', 'Work accident'),
  MEETING_STUDY: reason('meetingStudy', 'Hội nghị, học tập', 'Meeting or study'),
  COMPENSATORY: reason('compensatory', 'Nghỉ bù', 'Compensatory leave'),
  PAID_PERSONAL: reason(
    'paidPersonal',
    'Nghỉ việc riêng có hưởng lương (kết hôn, tang)',
    'Paid personal leave (marriage, bereavement)',
  ),
  UNPAID_LEAVE: reason('unpaidLeave', 'Nghỉ không lương', 'Unpaid leave'),
  STOPPED_WORK: reason('stoppedWork', 'Ngừng việc', 'Work stoppage'),
  LABOUR_DUTY: reason('labourDuty', 'Nghĩa vụ lao động', 'Labour duty'),
};

/** A leave type's three settings of issue 31 (migration 0065), importable with the rest. */
export const leaveTypeBalanceFields = {
  timesheetReason: f.enumOf({
    label: label('category.leaveType.timesheetReason', 'Ký hiệu trên bảng công', 'On the timesheet as'),
    defaultValue: 'UNPAID_LEAVE',
    valueLabels: LeaveTimesheetReasonLabels,
    hint: label(
      'category.leaveType.timesheetReasonHint',
      'Lý do vắng mặt bảng công ghi cho ngày nghỉ loại này (ký hiệu, có lương hay không)',
      'The absence the timesheet writes for a day of this type (its symbol, paid or not)',
    ),
  }),
  usesAnnualBalance: f.boolean({
    label: label(
      'category.leaveType.usesAnnualBalance',
      'Trừ vào phép năm',
      'Draws on the annual leave balance',
    ),
    hint: label(
      'category.leaveType.usesAnnualBalanceHint',
      'Ngày nghỉ loại này được trừ vào số ngày phép năm còn lại',
      "A day of this type is taken from the worker's annual leave balance",
    ),
  }),
  allowNegative: f.boolean({
    label: label(
      'category.leaveType.allowNegative',
      'Cho phép nghỉ quá số phép còn lại',
      'May go below zero',
    ),
    hint: label(
      'category.leaveType.allowNegativeHint',
      'Chỉ khi trừ vào phép năm: cho nghỉ trước số ngày chưa được cộng',
      'Only when it draws on the balance: leave may be taken ahead of accrual',
    ),
  }),
};

/**
 * Admin › Leave type (catalogues §2.1): a kind of leave, whether the employer pays it (sick and
 * maternity leave are paid by social insurance, not by the employer) and how many days a year
 * it allows (empty: no limit).
 */
export const leaveTypeContract = defineContract({
  service: 'om',
  path: 'leave-types',
  route: '/setting/leave-type',
  permission: 'leave_type',
  level: 'tenant',
  title: ResourceTitles.leave_type,
  singular: label('category.leaveType.singular', 'Loại nghỉ', 'Leave type'),
  fields: {
    ...categoryFields,
    paid: f.boolean({
      label: label('category.leaveType.paid', 'Hưởng lương', 'Paid by the employer'),
      required: true,
      hint: label(
        'category.leaveType.paidHint',
        'Người sử dụng lao động trả lương cho ngày nghỉ',
        'The employer pays the days off',
      ),
    }),
    ...leaveTypeBalanceFields,
    maxDaysPerYear: f.decimal({
      label: label('category.leaveType.maxDaysPerYear', 'Số ngày tối đa/năm', 'Maximum days a year'),
      precision: 4,
      scale: 1,
      example: (n: number) => `${n % 30}.5`,
      hint: label(
        'category.leaveType.maxDaysPerYearHint',
        'Từ 0 đến 365; để trống: không giới hạn',
        '0 to 365; empty: no limit',
      ),
    }),
  },
  columns: ['code', 'name', 'paid', 'maxDaysPerYear', 'priority', 'status', 'lastModifiedAt'],
  keyword: ['code', 'name', 'nameEn'],
  filters: ['status', 'code', 'paid'],
  sort: ['code', 'name', 'maxDaysPerYear', 'priority', 'createdAt', 'lastModifiedAt'],
  defaultSort: { field: 'priority', direction: 'asc' },
  sections: [
    {
      title: CommonLabels.general,
      fields: ['code', 'name', 'nameEn', 'paid', 'maxDaysPerYear', 'priority', 'description'],
    },
    {
      title: label(
        'category.leaveType.section.timesheet',
        'Bảng công và phép năm',
        'Timesheet and annual leave',
      ),
      fields: ['timesheetReason', 'usesAnnualBalance', 'allowNegative'],
    },
  ],
  exportColumns: [
    'code',
    'name',
    'nameEn',
    'paid',
    'timesheetReason',
    'usesAnnualBalance',
    'allowNegative',
    'maxDaysPerYear',
    'description',
    'priority',
    'status',
    'createdAt',
    'lastModifiedAt',
  ],
  importColumns: [
    'code',
    'name',
    'nameEn',
    'paid',
    'timesheetReason',
    'usesAnnualBalance',
    'allowNegative',
    'maxDaysPerYear',
    'description',
    'priority',
  ],
});
export type LeaveTypeRecord = RecordOf<typeof leaveTypeContract>;

/**
 * Timekeeping › Config › Holiday (catalogues §2.1): the tenant's yearly calendar of days that are
 * not what the weekly-off rules make them (labour-calendar.ts HOLIDAY_KINDS): public holidays,
 * compensatory days off, company days off and the two halves of a swap, each from its start date
 * to its end date (one day: the same date twice). Seeded with the government's schedule, edited
 * by the tenant, and generated for another year from the lunar calendar
 * (POST /api/om/holidays/generate-year; docs/timekeeping-calendar.md).
 */
export const holidayContract = defineContract({
  service: 'om',
  path: 'holidays',
  route: '/tm/holiday',
  permission: 'holiday',
  level: 'tenant',
  title: ResourceTitles.holiday,
  singular: label('category.holiday.singular', 'Ngày lễ', 'Holiday'),
  fields: {
    code: categoryFields.code,
    name: categoryFields.name,
    kind: holidayKindField,
    startDate: f.date({ label: label('category.holiday.startDate', 'Từ ngày', 'From'), required: true }),
    endDate: f.date({
      label: label('category.holiday.endDate', 'Đến ngày', 'To'),
      required: true,
      hint: label('category.holiday.endDateHint', 'Không trước ngày bắt đầu', 'Not before the start date'),
    }),
    paid: f.boolean({
      label: label('category.holiday.paid', 'Hưởng lương', 'Paid'),
      required: true,
    }),
    description: f.text({
      label: CommonLabels.description,
      maxLength: FieldLimits.description,
      multiline: true,
    }),
    status: f.status(),
  },
  columns: ['code', 'name', 'kind', 'startDate', 'endDate', 'paid', 'status', 'lastModifiedAt'],
  keyword: ['code', 'name'],
  filters: ['status', 'code', 'kind', 'paid'],
  sort: ['code', 'name', 'startDate', 'endDate', 'createdAt', 'lastModifiedAt'],
  defaultSort: { field: 'startDate', direction: 'asc' },
  sections: [
    {
      title: CommonLabels.general,
      fields: ['code', 'name', 'kind', 'startDate', 'endDate', 'paid', 'description'],
    },
  ],
  exportColumns: [
    'code',
    'name',
    'kind',
    'startDate',
    'endDate',
    'paid',
    'description',
    'status',
    'createdAt',
    'lastModifiedAt',
  ],
  importColumns: ['code', 'name', 'kind', 'startDate', 'endDate', 'paid', 'description'],
});
export type HolidayRecord = RecordOf<typeof holidayContract>;

/** Leave types and public holidays. */
export const leaveCategoryContracts = [leaveTypeContract, holidayContract] as const;
