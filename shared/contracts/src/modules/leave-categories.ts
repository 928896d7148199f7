import { FieldLimits } from '../limits.ts';
import { defineContract, type RecordOf } from '../resource/contract.ts';
import { f } from '../resource/fields.ts';
import { CommonLabels, label } from '../resource/label.ts';
import { ResourceTitles } from '../resource/titles.ts';
import { categoryFields } from './category.ts';
import { holidayKindField } from './labour-calendar.ts';

/** The most leave days a year a leave type may allow (empty: no limit). */
export const MAX_LEAVE_DAYS_PER_YEAR = 365;

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
  ],
  exportColumns: [
    'code',
    'name',
    'nameEn',
    'paid',
    'maxDaysPerYear',
    'description',
    'priority',
    'status',
    'createdAt',
    'lastModifiedAt',
  ],
  importColumns: ['code', 'name', 'nameEn', 'paid', 'maxDaysPerYear', 'description', 'priority'],
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
