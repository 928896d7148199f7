import { ApprovalStatusLabels } from '../approval/transitions.ts';
import { FieldLimits } from '../limits.ts';
import { defineContract, type RecordOf } from '../resource/contract.ts';
import { f, type DateField, type ExampleContext } from '../resource/fields.ts';
import { CommonLabels, label, type Label } from '../resource/label.ts';
import { ResourceTitles } from '../resource/titles.ts';

/*
 * Timekeeping › Shift calendar (Lịch làm việc) (catalogues §2.1 work-calendar, §3.1 "approvable:
 * work calendar"): a work shift assigned to a target (a unit, with or without its sub-units; a
 * working group; a job title; or named workers) for a date range, on the weekdays it claims,
 * either the same shift every such day (WEEKLY) or a cycle of shifts (ROTATION: slots of a day
 * or a week counted from an anchor date, a slot with no shift being a day off). Only APPROVED
 * calendars take effect; where several reach a worker on a day the more specific wins
 * (docs/work-calendars.md): WORKER over WORKING_GROUP over JOB_TITLE over UNIT, a nearer unit
 * over its parent, then the later start, then the later approval.
 */

export const WORK_CALENDAR_TARGET_TYPES = ['WORKER', 'WORKING_GROUP', 'JOB_TITLE', 'UNIT'] as const;
export type WorkCalendarTargetType = (typeof WORK_CALENDAR_TARGET_TYPES)[number];
export const WORK_CALENDAR_PATTERN_TYPES = ['WEEKLY', 'ROTATION'] as const;
export type WorkCalendarPatternType = (typeof WORK_CALENDAR_PATTERN_TYPES)[number];
/** ISO order, Monday first; kept as these codes in the weekday list */
export const WORK_CALENDAR_WEEKDAYS = ['MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT', 'SUN'] as const;
export type WorkCalendarWeekday = (typeof WORK_CALENDAR_WEEKDAYS)[number];

export const WorkCalendarLimits = {
  /** workers one calendar names (a larger crowd is a unit, group or title) */
  workers: 500,
  /** slots of a rotation: up to a month of days, or weeks */
  rotationSlots: 31,
  /** the longest range the resolver, the explanation and the summary answer at once */
  resolveDays: 62,
  /** workers the resolver answers per call */
  resolveWorkers: 20_000,
  /** rows of a summary page */
  summaryPageSize: 200,
} as const;

const l = (key: string, vi: string, en: string) => label(`workCalendar.${key}`, vi, en);

export const WorkCalendarTargetLabels: Readonly<Record<WorkCalendarTargetType, Label>> = {
  WORKER: l('target.worker', 'Nhân viên', 'Individual workers'),
  WORKING_GROUP: l('target.workingGroup', 'Nhóm lao động', 'Working group'),
  JOB_TITLE: l('target.jobTitle', 'Chức danh', 'Job title'),
  UNIT: l('target.unit', 'Đơn vị', 'Unit'),
};

export const WorkCalendarWeekdayLabels: Readonly<Record<WorkCalendarWeekday, Label>> = {
  MON: l('weekday.mon', 'Thứ Hai', 'Monday'),
  TUE: l('weekday.tue', 'Thứ Ba', 'Tuesday'),
  WED: l('weekday.wed', 'Thứ Tư', 'Wednesday'),
  THU: l('weekday.thu', 'Thứ Năm', 'Thursday'),
  FRI: l('weekday.fri', 'Thứ Sáu', 'Friday'),
  SAT: l('weekday.sat', 'Thứ Bảy', 'Saturday'),
  SUN: l('weekday.sun', 'Chủ Nhật', 'Sunday'),
};

const target = (resource: string, apiPath: string, display = 'name') => ({ resource, apiPath, display });
export const WORK_CALENDAR_TARGETS = {
  worker: target('worker', '/api/om/workers', 'fullName'),
  organizationUnit: target('organization_unit', '/api/om/organization-units'),
  workingGroup: target('worker_group', '/api/om/working-groups'),
  jobTitle: target('job_title', '/api/om/job-titles'),
  workShift: target('shift', '/api/tm/work-shifts'),
} as const;

const day = (key: string, vi: string, en: string, required: boolean): DateField<boolean> => ({
  ...f.date({ label: l(key, vi, en), required }),
  example: (n: number) => `2026-${String((n % 12) + 1).padStart(2, '0')}-01`,
});

export const workCalendarContract = defineContract({
  service: 'tm',
  level: 'tenant',
  path: 'work-calendars',
  route: '/tm/work-calendar',
  permission: 'work_calendar',
  title: ResourceTitles.work_calendar,
  singular: l('singular', 'Lịch làm việc', 'Work calendar'),
  fields: {
    code: f.code(),
    name: f.text({ label: CommonLabels.name, maxLength: FieldLimits.name, required: true }),
    targetType: f.enumOf({
      label: l('targetType', 'Áp dụng cho', 'Applies to'),
      required: true,
      defaultValue: 'UNIT',
      valueLabels: WorkCalendarTargetLabels,
    }),
    organizationUnitId: {
      ...f.reference({
        label: l('organizationUnit', 'Đơn vị, nhóm lao động', 'Unit or working group'),
        target: WORK_CALENDAR_TARGETS.organizationUnit,
      }),
      // the example is a UNIT calendar: it names a unit of the tenant
      example: (_n: number, context?: ExampleContext) => context?.references?.organization_unit ?? null,
    },
    // off (the default): the unit's calendar reaches the units below it too
    ownUnitOnly: f.boolean({
      label: l(
        'ownUnitOnly',
        'Chỉ riêng đơn vị này (không gồm cấp dưới)',
        'This unit only (not its sub-units)',
      ),
    }),
    jobTitleId: f.reference({
      label: l('jobTitle', 'Chức danh', 'Job title'),
      target: WORK_CALENDAR_TARGETS.jobTitle,
    }),
    workerIds: f.references({
      label: l('workers', 'Nhân viên', 'Workers'),
      target: WORK_CALENDAR_TARGETS.worker,
      maxItems: WorkCalendarLimits.workers,
    }),
    fromDate: day('fromDate', 'Ngày bắt đầu', 'Starts on', true),
    toDate: day('toDate', 'Ngày kết thúc', 'Ends on', false),
    patternType: {
      ...f.enumOf({
        label: l('patternType', 'Kiểu lịch', 'Pattern'),
        required: true,
        defaultValue: 'WEEKLY',
        valueLabels: {
          WEEKLY: l('pattern.weekly', 'Theo tuần', 'Weekly'),
          ROTATION: l('pattern.rotation', 'Xoay ca', 'Rotation'),
        } satisfies Record<WorkCalendarPatternType, Label>,
      }),
      // the example needs no shift of the tenant: a rotation of two weeks off (a shutdown)
      example: () => 'ROTATION',
    },
    weekdays: {
      ...f.enumSet({
        label: l('weekdays', 'Các ngày trong tuần', 'Weekdays'),
        valueLabels: WorkCalendarWeekdayLabels,
      }),
      example: () => ['MON', 'TUE', 'WED', 'THU', 'FRI'],
    },
    workShiftId: f.reference({
      label: l('workShift', 'Ca làm việc', 'Work shift'),
      target: WORK_CALENDAR_TARGETS.workShift,
    }),
    rotationUnit: {
      ...f.enumOf({
        label: l('rotationUnit', 'Mỗi lượt xoay kéo dài', 'Each slot lasts'),
        valueLabels: {
          DAY: l('rotationUnits.day', 'Một ngày', 'A day'),
          WEEK: l('rotationUnits.week', 'Một tuần', 'A week'),
        },
      }),
      example: () => 'WEEK',
    },
    anchorDate: day('anchorDate', 'Ngày bắt đầu chu kỳ', 'Cycle starts on', false),
    rotation: f.children({
      label: l('rotation', 'Chu kỳ xoay ca', 'Rotation cycle'),
      maxItems: WorkCalendarLimits.rotationSlots,
      hint: l('rotationHint', 'Để trống ca: nghỉ', 'No shift: a day off'),
      example: () => [{ workShiftId: null }, { workShiftId: null }],
      fields: {
        workShiftId: f.reference({
          label: l('rotationSlot.workShift', 'Ca (trống: nghỉ)', 'Shift (empty: off)'),
          target: WORK_CALENDAR_TARGETS.workShift,
        }),
      },
    }),
    description: f.text({
      label: CommonLabels.description,
      maxLength: FieldLimits.description,
      multiline: true,
    }),
    approvalStatus: f.enumOf({
      label: l('approvalStatus', 'Trạng thái duyệt', 'Approval status'),
      defaultValue: 'NEW',
      valueLabels: ApprovalStatusLabels,
    }),
    approvedAt: f.dateTime({ label: l('approvedAt', 'Duyệt lúc', 'Approved at'), readOnly: true }),
  },
  columns: [
    'code',
    'name',
    'targetType',
    'fromDate',
    'toDate',
    'patternType',
    'approvalStatus',
    'lastModifiedAt',
  ],
  keyword: ['code', 'name'],
  filters: ['approvalStatus', 'targetType', 'patternType', 'organizationUnitId', 'jobTitleId', 'fromDate'],
  sort: ['code', 'name', 'fromDate', 'createdAt', 'lastModifiedAt'],
  defaultSort: { field: 'fromDate', direction: 'desc' },
  // a calendar's weekdays and rotation are lists a sheet row cannot carry: made in the form
  without: ['status', 'import'],
  sections: [
    {
      title: CommonLabels.general,
      fields: ['code', 'name', 'fromDate', 'toDate', 'description', 'approvalStatus', 'approvedAt'],
    },
    {
      title: l('section.target', 'Đối tượng áp dụng', 'Who it applies to'),
      fields: ['targetType', 'organizationUnitId', 'ownUnitOnly', 'jobTitleId', 'workerIds'],
    },
    {
      title: l('section.pattern', 'Ca và ngày làm việc', 'Shifts and days'),
      fields: ['patternType', 'weekdays', 'workShiftId', 'rotationUnit', 'anchorDate', 'rotation'],
    },
  ],
  create: [
    'code',
    'name',
    'targetType',
    'organizationUnitId',
    'ownUnitOnly',
    'jobTitleId',
    'workerIds',
    'fromDate',
    'toDate',
    'patternType',
    'weekdays',
    'workShiftId',
    'rotationUnit',
    'anchorDate',
    'rotation',
    'description',
  ],
  exportColumns: [
    'code',
    'name',
    'targetType',
    'organizationUnitId',
    'jobTitleId',
    'fromDate',
    'toDate',
    'patternType',
    'workShiftId',
    'approvalStatus',
    'approvedAt',
    'createdAt',
    'lastModifiedAt',
  ],
});
export type WorkCalendarRecord = RecordOf<typeof workCalendarContract>;

export const workCalendarContracts = [workCalendarContract] as const;

/** How one candidate lost to the winner (the first comparison that told them apart). */
export const WORK_CALENDAR_TIE_BREAKS = [
  'TARGET',
  'UNIT_DISTANCE',
  'START_DATE',
  'APPROVED_AT',
  'ID',
] as const;
export type WorkCalendarTieBreak = (typeof WORK_CALENDAR_TIE_BREAKS)[number];

/** Why a candidate did or did not decide the day. */
export const WORK_CALENDAR_VERDICTS = [
  'WINNER',
  'OUTRANKED',
  'NOT_APPROVED',
  'OUT_OF_RANGE',
  'NOT_THIS_WEEKDAY',
] as const;
export type WorkCalendarVerdict = (typeof WORK_CALENDAR_VERDICTS)[number];

export const WorkCalendarVerdictLabels: Readonly<Record<WorkCalendarVerdict, Label>> = {
  WINNER: l('verdict.winner', 'Được áp dụng', 'Applied'),
  OUTRANKED: l('verdict.outranked', 'Bị lịch cụ thể hơn thay thế', 'Outranked by a more specific calendar'),
  NOT_APPROVED: l('verdict.notApproved', 'Chưa được duyệt', 'Not approved'),
  OUT_OF_RANGE: l('verdict.outOfRange', 'Ngoài khoảng ngày', 'Outside its dates'),
  NOT_THIS_WEEKDAY: l('verdict.notThisWeekday', 'Không áp dụng thứ này', 'Not on this weekday'),
};

export const WorkCalendarTieBreakLabels: Readonly<Record<WorkCalendarTieBreak, Label>> = {
  TARGET: l('tieBreak.target', 'Đối tượng cụ thể hơn', 'More specific target'),
  UNIT_DISTANCE: l('tieBreak.unitDistance', 'Đơn vị gần hơn', 'Nearer unit'),
  START_DATE: l('tieBreak.startDate', 'Bắt đầu muộn hơn', 'Starts later'),
  APPROVED_AT: l('tieBreak.approvedAt', 'Được duyệt sau', 'Approved later'),
  ID: l('tieBreak.id', 'Thứ tự mã lịch', 'Calendar id order'),
};

/** One calendar that reaches the worker, and what it says of the day. */
export interface WorkCalendarCandidate {
  readonly calendarId: string;
  readonly code: string;
  readonly name: string;
  readonly targetType: WorkCalendarTargetType;
  /** UNIT and WORKING_GROUP: levels between the worker's unit and the calendar's (0: own unit) */
  readonly unitDistance: number;
  readonly fromDate: string;
  readonly toDate: string | null;
  readonly approvalStatus: string;
  readonly approvedAt: string | null;
  /** what it holds that day: a shift, off, or nothing (it does not claim the day) */
  readonly workShiftId: string | null;
  readonly workShiftCode: string | null;
  readonly off: boolean;
  readonly verdict: WorkCalendarVerdict;
  /** OUTRANKED: the comparison with the winner that decided */
  readonly lostBy: WorkCalendarTieBreak | null;
}

/** GET /api/tm/work-calendars/explain?workerId=&date=: which assignment applied and why. */
export interface WorkCalendarExplanation {
  readonly workerId: string;
  readonly date: string;
  readonly worker: {
    readonly code: string;
    readonly fullName: string;
    readonly organizationUnitId: string;
    readonly jobTitleId: string | null;
  };
  /** every calendar reaching the worker, in precedence order (pending ones too, marked) */
  readonly candidates: readonly WorkCalendarCandidate[];
  /** the deciding calendar, or null: no approved calendar claims the day */
  readonly winner: WorkCalendarCandidate | null;
  /** what decided against the runner-up that also claimed the day (null: it was the only one) */
  readonly decidedBy: WorkCalendarTieBreak | null;
}
export const workCalendarExplainPath = '/api/tm/work-calendars/explain';

/** GET /api/tm/summary-of-shift?organizationUnitId=&month=YYYY-MM&after=&pageSize= */
export const shiftSummaryPath = '/api/tm/summary-of-shift';
export interface ShiftSummaryRow {
  readonly workerId: string;
  readonly code: string;
  readonly fullName: string;
  /** one cell per day of the month: a shift code, 'OFF', or null (no calendar claims it) */
  readonly shifts: readonly (string | null)[];
}
export interface ShiftSummaryPage {
  readonly month: string;
  readonly days: readonly string[];
  readonly rows: readonly ShiftSummaryRow[];
  /** the cursor of the next page (the last row's worker code and id), null at the end */
  readonly next: string | null;
}
