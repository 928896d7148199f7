import { ApprovalStatusLabels } from '../approval/transitions.ts';
import { FieldLimits } from '../limits.ts';
import { describedPattern } from '../pattern-formats.ts';
import { defineContract, type RecordOf } from '../resource/contract.ts';
import { f, type ExampleContext, type TextField } from '../resource/fields.ts';
import { CommonLabels, label, type Label } from '../resource/label.ts';
import { ResourceTitles } from '../resource/titles.ts';
import { CLOCK_PATTERN } from './work-shift-layout.ts';

/*
 * Timekeeping › Documents › Leave application (Đơn xin nghỉ phép; catalogues §2.1
 * application-leave, §3.1 "approvable: leave request"; docs/leave.md): a worker away on a leave
 * type — days from–to (the rest days and holidays of their calendar not counted), the first day
 * from its afternoon and the last to its morning when asked (Thursday to Friday morning: 1.5
 * days; one day's morning or afternoon: half a day), or hours of one day. The server counts the days as the
 * timesheet will and keeps them on the application; approved, the days are the timesheet's
 * leave symbol and, for a type drawing on the annual leave, the balance's TAKEN entry; canceled
 * after approval, both are given back exactly.
 */

export const LEAVE_PORTIONS = ['DAYS', 'HOURS'] as const;
export type LeavePortion = (typeof LEAVE_PORTIONS)[number];
/** DAYS: whether the first day is whole or only its shift's second half (the afternoon) */
export const LEAVE_START_HALVES = ['WHOLE', 'SECOND_HALF'] as const;
export type LeaveStartHalf = (typeof LEAVE_START_HALVES)[number];
/** DAYS: whether the last day is whole or only its shift's first half (the morning) */
export const LEAVE_END_HALVES = ['WHOLE', 'FIRST_HALF'] as const;
export type LeaveEndHalf = (typeof LEAVE_END_HALVES)[number];

export const LeaveApplicationLimits = {
  /** the longest application, in calendar days (a maternity leave is six months) */
  periodDays: 366,
} as const;

const l = (key: string, vi: string, en: string) => label(`leaveApplication.${key}`, vi, en);

export const LeavePortionLabels: Readonly<Record<LeavePortion, Label>> = {
  DAYS: l('portions.days', 'Theo ngày', 'Days'),
  HOURS: l('portions.hours', 'Theo giờ (trong một ngày)', 'Hours (of one day)'),
};
export const LeaveStartHalfLabels: Readonly<Record<LeaveStartHalf, Label>> = {
  WHOLE: l('startHalves.whole', 'Cả ngày', 'The whole day'),
  SECOND_HALF: l(
    'startHalves.secondHalf',
    'Từ nửa sau ca (buổi chiều)',
    "From the shift's second half (afternoon)",
  ),
};
export const LeaveEndHalfLabels: Readonly<Record<LeaveEndHalf, Label>> = {
  WHOLE: l('endHalves.whole', 'Cả ngày', 'The whole day'),
  FIRST_HALF: l(
    'endHalves.firstHalf',
    'Hết nửa đầu ca (buổi sáng)',
    "To the end of the shift's first half (morning)",
  ),
};

const CLOCK = describedPattern(CLOCK_PATTERN, 'clockTime', '08:00');
const clock = (key: string, vi: string, en: string): TextField<false> => ({
  kind: 'text',
  label: l(key, vi, en),
  required: false,
  unique: false,
  maxLength: 5,
  minLength: 5,
  pattern: CLOCK,
  hint: l('timeHint', 'Chỉ khi nghỉ theo giờ (HH:mm)', 'Hours only (HH:mm)'),
  example: () => null,
});

export const LEAVE_APPLICATION_TARGETS = {
  worker: { resource: 'worker', apiPath: '/api/om/workers', display: 'fullName' },
  leaveType: { resource: 'leave_type', apiPath: '/api/om/leave-types', display: 'name' },
} as const;

export const leaveApplicationContract = defineContract({
  service: 'tm',
  level: 'tenant',
  path: 'leave-applications',
  route: '/tm/application-leave',
  permission: 'leave_request',
  title: ResourceTitles.leave_request,
  singular: l('singular', 'Đơn xin nghỉ', 'Leave application'),
  fields: {
    // the server's, over the row: what the list and its approval dialogs name an application by
    name: f.text({ label: l('name', 'Đơn', 'Application'), maxLength: FieldLimits.name, readOnly: true }),
    workerId: {
      ...f.reference({
        label: l('worker', 'Nhân viên', 'Employee'),
        required: true,
        target: LEAVE_APPLICATION_TARGETS.worker,
      }),
      example: (_n: number, context?: ExampleContext) => context?.references?.worker ?? null,
    },
    leaveTypeId: {
      ...f.reference({
        label: l('leaveType', 'Loại nghỉ', 'Leave type'),
        required: true,
        target: LEAVE_APPLICATION_TARGETS.leaveType,
      }),
      example: (_n: number, context?: ExampleContext) => context?.references?.leave_type ?? null,
    },
    portion: f.enumOf({
      label: l('portion', 'Nghỉ theo', 'Leave by'),
      required: true,
      defaultValue: 'DAYS',
      valueLabels: LeavePortionLabels,
    }),
    fromDate: {
      ...f.date({ label: l('fromDate', 'Từ ngày', 'From'), required: true }),
      example: (n: number) => `2026-${String((n % 12) + 1).padStart(2, '0')}-09`,
    },
    toDate: {
      ...f.date({
        label: l('toDate', 'Đến ngày', 'To'),
        required: true,
        hint: l('toDateHint', 'Theo giờ: cùng ngày bắt đầu', 'Hours: the same day'),
      }),
      example: (n: number) => `2026-${String((n % 12) + 1).padStart(2, '0')}-09`,
    },
    startHalf: f.enumOf({
      label: l('startHalf', 'Ngày đầu nghỉ', 'First day'),
      required: true,
      defaultValue: 'WHOLE',
      valueLabels: LeaveStartHalfLabels,
    }),
    endHalf: f.enumOf({
      label: l('endHalf', 'Ngày cuối nghỉ', 'Last day'),
      required: true,
      defaultValue: 'WHOLE',
      valueLabels: LeaveEndHalfLabels,
      hint: l(
        'endHalfHint',
        'Nghỉ nửa ngày: cùng một ngày, chọn nửa đầu hoặc nửa sau',
        'Half a day: the same day, with its first or its second half',
      ),
    }),
    fromTime: clock('fromTime', 'Từ giờ', 'From (time)'),
    toTime: clock('toTime', 'Đến giờ', 'To (time)'),
    days: f.decimal({
      label: l('days', 'Số ngày nghỉ', 'Days of leave'),
      precision: 7,
      scale: 3,
      readOnly: true,
      hint: l(
        'daysHint',
        'Tính theo lịch làm việc: không tính ngày nghỉ hằng tuần và ngày lễ',
        'Counted on the work calendar: rest days and holidays are not counted',
      ),
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
  columns: ['name', 'leaveTypeId', 'fromDate', 'toDate', 'days', 'approvalStatus', 'lastModifiedAt'],
  keyword: ['reason'],
  filters: ['approvalStatus', 'workerId', 'leaveTypeId', 'fromDate'],
  sort: ['fromDate', 'createdAt', 'lastModifiedAt'],
  defaultSort: { field: 'fromDate', direction: 'desc' },
  without: ['status', 'import'],
  sections: [
    {
      title: CommonLabels.general,
      fields: [
        'workerId',
        'leaveTypeId',
        'portion',
        'fromDate',
        'startHalf',
        'toDate',
        'endHalf',
        'fromTime',
        'toTime',
        'days',
        'reason',
        'approvalStatus',
        'approvedAt',
      ],
    },
  ],
  create: [
    'workerId',
    'leaveTypeId',
    'portion',
    'fromDate',
    'startHalf',
    'toDate',
    'endHalf',
    'fromTime',
    'toTime',
    'reason',
  ],
  exportColumns: [
    'workerId',
    'leaveTypeId',
    'portion',
    'fromDate',
    'startHalf',
    'toDate',
    'endHalf',
    'fromTime',
    'toTime',
    'days',
    'reason',
    'approvalStatus',
    'approvedAt',
    'createdAt',
  ],
});
export type LeaveApplicationRecord = RecordOf<typeof leaveApplicationContract>;

/** The application's own step beyond the approval engine's, and the balances' reads. */
export const LeaveApplicationPaths = {
  cancelApproved: `${leaveApplicationContract.apiPath}/:id/cancel-approved`,
  /** GET ?workerId&year[&asOf]: the worker's balance of the year, by kind, and its entries */
  balance: '/api/tm/leave-balances/:workerId',
  /** POST { year, days, reason }: HR's adjustment (+ or −), an ADJUSTED entry */
  adjust: '/api/tm/leave-balances/:workerId/adjustments',
} as const;

/** A worker's annual leave balance as the API answers it: days as decimal strings ("10.5"). */
export interface LeaveBalanceView {
  readonly workerId: string;
  readonly year: number;
  readonly asOf: string;
  readonly accrued: string;
  readonly carriedOver: string;
  readonly taken: string;
  readonly adjusted: string;
  readonly expired: string;
  readonly paidOut: string;
  /** what may be taken as of `asOf` */
  readonly balance: string;
  /** asked for and not yet approved (NEW, waiting, in approval): what the balance will lose */
  readonly pending: string;
  readonly entries: readonly {
    readonly id: string;
    readonly kind: string;
    readonly onDay: string;
    readonly days: string;
    readonly documentId: string | null;
    readonly reason: string | null;
  }[];
}
