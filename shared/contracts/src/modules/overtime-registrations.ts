import Type from 'typebox';
import { ApprovalStatusLabels } from '../approval/transitions.ts';
import { FieldErrorKeys } from '../error-codes.ts';
import { FieldLimits } from '../limits.ts';
import { describedPattern } from '../pattern-formats.ts';
import { defineContract, type RecordOf } from '../resource/contract.ts';
import { f, type ExampleContext, type TextField } from '../resource/fields.ts';
import { CommonLabels, label, type Label } from '../resource/label.ts';
import { ResourceTitles } from '../resource/titles.ts';
import type { PayClass } from './labour-calendar.ts';
import { CLOCK_PATTERN } from './work-shift-layout.ts';

/*
 * Timekeeping › Documents › Overtime (Đăng ký làm thêm giờ; catalogues §2.1 overtime, §3.1
 * "approvable: overtime registration"): a worker, or HR on their behalf, registers overtime of one
 * work day from one time to another. Registering is refused past the statutory caps (a day, a
 * month, a year: Labour Code 2019 art. 107, Decree 145/2020 art. 60), which are effective-dated
 * labour rules (Timekeeping › Config › Timekeeping rules), never constants. Once APPROVED the
 * timesheet engine counts the presence inside the registration as overtime (the tenant's
 * REGISTERED overtime mode): paid overtime is what was registered and approved, bounded by the
 * punches (docs/overtime-registrations.md).
 */

const l = (key: string, vi: string, en: string) => label(`overtimeRegistration.${key}`, vi, en);

/** The day types a registration shows: the labour calendar's pay classes. */
export const OvertimeDayTypeLabels: Readonly<Record<PayClass, Label>> = {
  WEEKDAY: l('dayTypes.weekday', 'Ngày thường', 'Weekday'),
  REST_DAY: l('dayTypes.restDay', 'Ngày nghỉ hằng tuần', 'Weekly rest day'),
  HOLIDAY: l('dayTypes.holiday', 'Ngày lễ, Tết, nghỉ có hưởng lương', 'Holiday or paid day off'),
};

/** The three caps a registration is checked against, as the refusal's code names them. */
export const OVERTIME_CAPS = ['DAY', 'MONTH', 'YEAR'] as const;
export type OvertimeCap = (typeof OVERTIME_CAPS)[number];

/**
 * The field error of a refusal past a cap: its key (the browser's words, `error.overtime<Cap>Cap`
 * of the kit's dictionary) and its values: `limit` (the cap in hours), `used` (hours already
 * registered in the day, month or year, this registration not included) and `asked` (its hours).
 */
export const OvertimeCapErrorKeys: Readonly<Record<OvertimeCap, string>> = {
  DAY: FieldErrorKeys.overtimeDayCap,
  MONTH: FieldErrorKeys.overtimeMonthCap,
  YEAR: FieldErrorKeys.overtimeYearCap,
};

const CLOCK = describedPattern(CLOCK_PATTERN, 'clockTime', '17:30');
const clock = (key: string, vi: string, en: string, example: string): TextField<true> => ({
  kind: 'text',
  label: l(key, vi, en),
  required: true,
  unique: false,
  maxLength: 5,
  minLength: 5,
  pattern: CLOCK,
  example: () => example,
});

export const OVERTIME_TARGETS = {
  worker: { resource: 'worker', apiPath: '/api/om/workers', display: 'fullName' },
} as const;

export const overtimeRegistrationContract = defineContract({
  service: 'tm',
  level: 'tenant',
  path: 'overtime-registrations',
  route: '/tm/overtime',
  permission: 'overtime_registration',
  title: ResourceTitles.overtime_registration,
  singular: l('singular', 'Đăng ký làm thêm giờ', 'Overtime registration'),
  fields: {
    // the server's, over the row: what the list and its approval dialogs name a registration by
    name: f.text({
      label: l('name', 'Đăng ký', 'Registration'),
      maxLength: FieldLimits.name,
      readOnly: true,
    }),
    workerId: {
      ...f.reference({
        label: l('worker', 'Nhân viên', 'Employee'),
        required: true,
        target: OVERTIME_TARGETS.worker,
      }),
      example: (_n: number, context?: ExampleContext) => context?.references?.worker ?? null,
    },
    workDate: {
      ...f.date({ label: l('workDate', 'Ngày làm thêm', 'Overtime date'), required: true }),
      // a day each, far apart, so that examples never meet a cap together
      example: (n: number) =>
        `2025-${String((n % 12) + 1).padStart(2, '0')}-${String((n % 27) + 1).padStart(2, '0')}`,
    },
    fromTime: clock('fromTime', 'Từ giờ (HH:mm)', 'From (HH:mm)', '17:30'),
    toTime: {
      ...clock('toTime', 'Đến giờ (HH:mm)', 'To (HH:mm)', '19:30'),
      hint: l(
        'toTimeHint',
        'Giờ kết thúc nhỏ hơn hoặc bằng giờ bắt đầu là sáng hôm sau (22:00 – 02:00)',
        'An end at or before the start is the next morning (22:00 – 02:00)',
      ),
    },
    // the server's: the time between from and to
    hours: f.decimal({
      label: l('hours', 'Số giờ làm thêm', 'Overtime hours'),
      precision: 5,
      scale: 2,
      readOnly: true,
    }),
    // the server's: what the labour calendar says the day is for the worker when registered
    dayType: f.enumOf({
      label: l('dayType', 'Loại ngày', 'Day type'),
      valueLabels: OvertimeDayTypeLabels,
      readOnly: true,
    }),
    reason: f.text({
      label: l('reason', 'Lý do', 'Reason'),
      maxLength: FieldLimits.description,
      required: true,
      multiline: true,
    }),
    approvalStatus: f.enumOf({
      label: l('approvalStatus', 'Trạng thái duyệt', 'Approval status'),
      defaultValue: 'NEW',
      valueLabels: ApprovalStatusLabels,
    }),
    approvedAt: f.dateTime({ label: l('approvedAt', 'Duyệt lúc', 'Approved at'), readOnly: true }),
  },
  columns: ['name', 'workDate', 'fromTime', 'toTime', 'hours', 'dayType', 'approvalStatus', 'lastModifiedAt'],
  keyword: ['reason'],
  filters: ['approvalStatus', 'workerId', 'workDate', 'dayType'],
  sort: ['workDate', 'createdAt', 'lastModifiedAt'],
  defaultSort: { field: 'workDate', direction: 'desc' },
  without: ['status', 'import'],
  sections: [
    {
      title: CommonLabels.general,
      fields: [
        'workerId',
        'workDate',
        'fromTime',
        'toTime',
        'hours',
        'dayType',
        'reason',
        'approvalStatus',
        'approvedAt',
      ],
    },
  ],
  create: ['workerId', 'workDate', 'fromTime', 'toTime', 'reason'],
  exportColumns: [
    'workerId',
    'workDate',
    'fromTime',
    'toTime',
    'hours',
    'dayType',
    'reason',
    'approvalStatus',
    'approvedAt',
    'createdAt',
  ],
});
export type OvertimeRegistrationRecord = RecordOf<typeof overtimeRegistrationContract>;

/** The request documents' own step beyond the approval engine's: cancel after approval. */
export const OvertimeRegistrationPaths = {
  cancelApproved: `${overtimeRegistrationContract.apiPath}/:id/cancel-approved`,
} as const;

/**
 * The report "overtime registered vs worked by unit and month" (issue 31 §5; a tab of Timekeeping ›
 * Troop report): per unit and month of the period, the approved registrations' minutes, the
 * overtime the timesheet engine counted (its day records) and what that overtime is paid as
 * (minutes at 100 %), and the workers with either. `?month=` or `?from=&to=`, `organizationUnitId`.
 */
export const OVERTIME_REPORT_PATH = '/api/tm/reports/overtime';
export const OVERTIME_REPORT_TAB = 'overtime';

const OvertimeFigures = {
  registeredMinutes: Type.Integer(),
  workedMinutes: Type.Integer(),
  paidMinutes: Type.Integer(),
  workers: Type.Integer(),
};
export const OvertimeReport = Type.Object({
  from: Type.String(),
  to: Type.String(),
  rows: Type.Array(
    Type.Object({
      organizationUnitId: Type.String(),
      code: Type.String(),
      name: Type.String(),
      month: Type.String({ description: 'YYYY-MM' }),
      ...OvertimeFigures,
    }),
  ),
  total: Type.Object(OvertimeFigures),
});
export type OvertimeReport = Type.Static<typeof OvertimeReport>;

export const OvertimeReportLabels = {
  tab: l('report.tab', 'Làm thêm giờ: đăng ký và thực tế', 'Overtime registered vs worked'),
  unit: l('report.unit', 'Đơn vị', 'Unit'),
  month: l('report.month', 'Tháng', 'Month'),
  registered: l('report.registered', 'Giờ đăng ký đã duyệt', 'Registered and approved (h)'),
  worked: l('report.worked', 'Giờ làm thêm thực tế', 'Worked overtime (h)'),
  paid: l('report.paid', 'Giờ làm thêm quy đổi trả lương', 'Overtime paid, at 100 % (h)'),
  workers: l('report.workers', 'Số người', 'Workers'),
  total: l('report.total', 'Tổng cộng', 'Total'),
} as const;
