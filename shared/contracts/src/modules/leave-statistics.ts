import Type from 'typebox';
import { label, type Label } from '../resource/label.ts';

/*
 * The report "leave statistics by time, unit and type" (issue 31 §5, catalogues §7.5; a tab of
 * Timekeeping › Troop report; docs/timekeeping-reports.md "Leave statistics"): the days of
 * approved leave in a period, counted day by day as the timesheet counts them, by month, by unit
 * or by leave type, each split by who pays the day (as its leave type says) and by leave type,
 * with the workers on leave. `?month=` or `?from=&to=`, `organizationUnitId`, `groupBy` (default
 * month); the workbook (`/export`) holds a sheet per grouping, the one asked first.
 */
export const LEAVE_STATISTICS_PATH = '/api/tm/reports/leave-statistics';
export const LEAVE_STATISTICS_TAB = 'leave-statistics';
export const LEAVE_STATISTICS_GROUPINGS = ['month', 'unit', 'type'] as const;
export type LeaveStatisticsGrouping = (typeof LEAVE_STATISTICS_GROUPINGS)[number];
/**
 * Who pays a day of leave: the employer (a paid type), social insurance (an unpaid type whose
 * timesheet reason is one of LEAVE_INSURED_REASONS: sickness, a child's sickness, maternity, a
 * work accident — the Social Insurance Law's benefits), or nobody (unpaid).
 */
export const LEAVE_PAYERS = ['EMPLOYER', 'SOCIAL_INSURANCE', 'UNPAID'] as const;
export type LeavePayer = (typeof LEAVE_PAYERS)[number];
export const LEAVE_INSURED_REASONS = ['SICK', 'CHILD_SICK', 'MATERNITY', 'WORK_ACCIDENT'] as const;

/** Days as a decimal string, thousandths exact ("1.500"). */
const LeaveDays = Type.String({ pattern: '^\\d+\\.\\d{3}$' });
const Workers = Type.Integer({ minimum: 0 });
const LeaveFigures = {
  days: LeaveDays,
  employerDays: LeaveDays,
  socialInsuranceDays: LeaveDays,
  unpaidDays: LeaveDays,
  /** workers with any leave in the row (each once) */
  workers: Workers,
  /** the days by leave type (only the types with days in the row), in `types`' order */
  byType: Type.Array(Type.Object({ leaveTypeId: Type.String(), days: LeaveDays, workers: Workers })),
};
export const LeaveStatistics = Type.Object({
  from: Type.String(),
  to: Type.String(),
  groupBy: Type.Union([Type.Literal('month'), Type.Literal('unit'), Type.Literal('type')]),
  /** the leave types with days in the report, by code */
  types: Type.Array(
    Type.Object({
      leaveTypeId: Type.String(),
      code: Type.String(),
      name: Type.String(),
      payer: Type.Union([Type.Literal('EMPLOYER'), Type.Literal('SOCIAL_INSURANCE'), Type.Literal('UNPAID')]),
    }),
  ),
  /**
   * month: every month of the period ('YYYY-MM' as key and name); unit: each unit (the worker's
   * own) with leave, by code; type: each leave type with leave, by code
   */
  rows: Type.Array(
    Type.Object({ key: Type.String(), code: Type.String(), name: Type.String(), ...LeaveFigures }),
  ),
  total: Type.Object(LeaveFigures),
});
export type LeaveStatistics = Type.Static<typeof LeaveStatistics>;

const s = (key: string, vi: string, en: string) => label(`leaveStatistics.${key}`, vi, en);
export const LeaveStatisticsLabels = {
  tab: s('tab', 'Thống kê nghỉ phép', 'Leave statistics'),
  groupBy: s('groupBy', 'Thống kê theo', 'Group by'),
  month: s('month', 'Tháng', 'Month'),
  unit: s('unit', 'Đơn vị', 'Unit'),
  type: s('type', 'Loại nghỉ', 'Leave type'),
  days: s('days', 'Số ngày nghỉ', 'Days of leave'),
  workers: s('workers', 'Số người nghỉ', 'Workers on leave'),
  total: s('total', 'Tổng cộng', 'Total'),
} as const;
export const LeaveStatisticsGroupingLabels: Readonly<Record<LeaveStatisticsGrouping, Label>> = {
  month: s('byMonth', 'Theo tháng', 'By month'),
  unit: s('byUnit', 'Theo đơn vị', 'By unit'),
  type: s('byType', 'Theo loại nghỉ', 'By leave type'),
};
export const LeavePayerLabels: Readonly<Record<LeavePayer, Label>> = {
  EMPLOYER: s('payers.employer', 'Có lương (doanh nghiệp trả)', 'Paid by the employer'),
  SOCIAL_INSURANCE: s('payers.socialInsurance', 'Hưởng BHXH', 'Paid by social insurance'),
  UNPAID: s('payers.unpaid', 'Không lương', 'Unpaid'),
};
