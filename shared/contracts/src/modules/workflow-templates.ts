import type { FieldError } from '../envelope.ts';
import { FieldErrorKeys } from '../error-codes.ts';
import { FieldLimits } from '../limits.ts';
import type { PermissionResource } from '../permissions.ts';
import { defineContract, type RecordOf } from '../resource/contract.ts';
import { f, type ReferenceTarget } from '../resource/fields.ts';
import { CommonLabels, label, type Label } from '../resource/label.ts';
import { Units } from '../resource/units.ts';
import { ResourceTitles } from '../resource/titles.ts';

/**
 * Catalogues §5 "SLA template number max 3 and steps 50": a template has 1 to 50 steps; the
 * reminder's repeat and the notification's lead take at most three digits (1 to 999 minutes).
 * A step's SLA is an amount of a unit (issue 27: "two working days" must be sayable), at most
 * `maxSlaDays` days in every unit (see SlaUnits).
 */
export const WorkflowLimits = { maxSteps: 50, minSteps: 1, maxMinutes: 999, maxSlaDays: 30 } as const;

const MINUTE_MS = 60_000;
const DAY_MS = 1440 * MINUTE_MS;

/**
 * The units a step's SLA is typed in, each with its length on the calendar and its largest
 * amount (WorkflowLimits.maxSlaDays days). A working day skips the tenant's weekends and public
 * holidays (the approval engine counts them, and previews them: workflowTemplateSchedulePath); on
 * the calendar it is read as one day, a lower bound.
 */
export const SlaUnits = {
  MINUTES: { ms: MINUTE_MS, max: WorkflowLimits.maxSlaDays * 1440 },
  HOURS: { ms: 60 * MINUTE_MS, max: WorkflowLimits.maxSlaDays * 24 },
  DAYS: { ms: DAY_MS, max: WorkflowLimits.maxSlaDays },
  WORKING_DAYS: { ms: DAY_MS, max: WorkflowLimits.maxSlaDays },
} as const;
export type SlaUnit = keyof typeof SlaUnits;
export const SLA_UNITS = Object.keys(SlaUnits) as SlaUnit[];
export const isSlaUnit = (value: unknown): value is SlaUnit => typeof value === 'string' && value in SlaUnits;

/** A step's SLA on the calendar, in milliseconds (a working day as one day). */
export const slaMilliseconds = (unit: SlaUnit, amount: number): number => SlaUnits[unit].ms * amount;

/**
 * Each step's SLA within its unit's largest amount (the schema bounds the amount only by the
 * largest of all units, 43 200 minutes): error.max at `steps[i].slaAmount` with the required and
 * actual values and the unit, which the browser writes as "… không được quá 720 giờ (hiện là 800)".
 * The server refuses with it; a browser test's fake answers with it.
 */
export function slaAmountErrors(steps: readonly object[]): FieldError[] {
  const errors: FieldError[] = [];
  (steps as { slaAmount?: unknown; slaUnit?: unknown }[]).forEach(
    ({ slaAmount: amount, slaUnit: unit }, index) => {
      if (typeof amount !== 'number' || !isSlaUnit(unit) || amount <= SlaUnits[unit].max) return;
      const max = SlaUnits[unit].max;
      errors.push({
        field: `steps[${index}].slaAmount`,
        code: FieldErrorKeys.max,
        message: `must be at most ${max} ${unit.toLowerCase().replace('_', ' ')} (${WorkflowLimits.maxSlaDays} days), not ${amount}`,
        params: { required: max, actual: amount, unit },
      });
    },
  );
  return errors;
}

const API = '/api/system/workflow-templates';

/** Who acts on a step: the users holding a role, the employees of a job position or title, or one user. */
export const AssignmentType = {
  role: 'ROLE',
  jobPosition: 'JOB_POSITION',
  jobTitle: 'JOB_TITLE',
  user: 'USER',
} as const;
export type AssignmentType = (typeof AssignmentType)[keyof typeof AssignmentType];

/** The look-up of each assignment type's records (auto-complete, find-by-ids), served beside the templates. */
export const assigneeLookupPath = (type: AssignmentType) => `${API}/assignees/${type.toLowerCase()}`;

const assigneeTarget = (type: AssignmentType, resource: PermissionResource): ReferenceTarget => ({
  resource,
  apiPath: assigneeLookupPath(type),
  display: 'name',
});

/** The records an assignee id refers to, by assignment type (core "Workflow step template"). */
export const AssigneeTargets: Readonly<Record<AssignmentType, ReferenceTarget>> = {
  ROLE: assigneeTarget('ROLE', 'role'),
  JOB_POSITION: assigneeTarget('JOB_POSITION', 'job_position'),
  JOB_TITLE: assigneeTarget('JOB_TITLE', 'job_title'),
  USER: assigneeTarget('USER', 'user'),
};

/** ACTIVE message templates of channel NOTIFICATION: what a pending step's reminder says. */
export const notificationTemplateTarget: ReferenceTarget = {
  resource: 'email_template',
  apiPath: `${API}/notification-templates`,
  display: 'name',
};

const type = (permission: PermissionResource, vi: string, en: string) => ({ permission, vi, en });

/**
 * The kinds of record a template approves, each with the permission resource of its records
 * (catalogues §3.1, the approvable record types, and the leader work plan): the approval engine
 * finds the templates of a record kind by this list.
 */
export const WorkflowTemplateTypes = {
  LEAVE_REQUEST: type('leave_request', 'Đơn xin nghỉ phép', 'Leave request'),
  OVERTIME: type('overtime_registration', 'Đăng ký làm thêm giờ', 'Overtime registration'),
  BUSINESS_TRIP: type('business_trip_application', 'Đơn đi công tác', 'Business trip'),
  SHIFT_SWAP: type('swap_application', 'Đơn đổi ca', 'Shift swap'),
  TIMEKEEPING_CHANGE: type(
    'timekeeping_change_request',
    'Đề xuất cập nhật công',
    'Timekeeping change request',
  ),
  CONFERENCE: type('conference_application', 'Đăng ký hội họp', 'Conference application'),
  TIMESHEET: type('timesheet', 'Bảng chấm công', 'Timesheet'),
  WORK_CALENDAR: type('work_calendar', 'Lịch làm việc', 'Work calendar'),
  RESIGNATION: type('resignation', 'Nghỉ việc', 'Resignation'),
  CONTRACT: type('contract', 'Hợp đồng lao động', 'Employment contract'),
  DISPLACEMENT: type('displacement', 'Điều chuyển, bổ nhiệm', 'Position assignment'),
  REWARD: type('reward', 'Khen thưởng', 'Reward'),
  DISCIPLINE: type('discipline', 'Kỷ luật', 'Discipline'),
  BENEFIT: type('benefit', 'Phúc lợi', 'Benefit'),
  SALARY_REVIEW: type('compensation_revision', 'Xét điều chỉnh lương', 'Salary review'),
  PAYROLL: type('salary_period', 'Kỳ trả lương', 'Salary period'),
  PAY_PERIOD: type('pay_period', 'Bảng lương', 'Pay period'),
  PIECE_WAGE: type('piece_wage', 'Lương sản phẩm', 'Piece wage'),
  WORK_PLAN: type('work_plan', 'Kế hoạch công việc cá nhân', 'Personal work plan'),
  LEADER_WORK_PLAN: type('leader_work_plan', 'Kế hoạch công việc đơn vị', 'Organisation work plan'),
} as const;
export type WorkflowTemplateType = keyof typeof WorkflowTemplateTypes;

const typeLabels = Object.fromEntries(
  Object.entries(WorkflowTemplateTypes).map(([value, { vi, en }]) => [
    value,
    label(
      `setting.workflowTemplate.types.${value.toLowerCase().replace(/_([a-z])/g, (_, c: string) => c.toUpperCase())}`,
      vi,
      en,
    ),
  ]),
) as Record<WorkflowTemplateType, Label>;

/** A duration typed and shown in minutes (1 to 999), kept in milliseconds (core "slaTime"). */
const minutes = <R extends boolean>(key: string, vi: string, en: string, required: R, hint?: Label) =>
  f.integer({
    label: label(`setting.workflowTemplate.${key}`, vi, en),
    required,
    unit: Units.minutesAsMs,
    minimum: Units.minutesAsMs.factor,
    maximum: WorkflowLimits.maxMinutes * Units.minutesAsMs.factor,
    ...(hint ? { hint } : {}),
  });

const slaUnitLabels: Record<SlaUnit, Label> = {
  MINUTES: label('setting.workflowTemplate.slaUnits.minutes', 'Phút', 'Minutes'),
  HOURS: label('setting.workflowTemplate.slaUnits.hours', 'Giờ', 'Hours'),
  DAYS: label('setting.workflowTemplate.slaUnits.days', 'Ngày', 'Days'),
  WORKING_DAYS: label('setting.workflowTemplate.slaUnits.workingDays', 'Ngày làm việc', 'Working days'),
};

const assignmentTypeLabels: Record<AssignmentType, Label> = {
  ROLE: label('setting.workflowTemplate.assignment.role', 'Vai trò', 'Role'),
  JOB_POSITION: label('setting.workflowTemplate.assignment.jobPosition', 'Vị trí công việc', 'Job position'),
  JOB_TITLE: label('setting.workflowTemplate.assignment.jobTitle', 'Chức danh', 'Job title'),
  USER: label('setting.workflowTemplate.assignment.user', 'Người dùng', 'User'),
};

/**
 * Admin › workflow (SLA) templates (core "Workflow template", catalogues §2.2, §7.4): the steps
 * a record of the chosen kinds goes through for approval, in order. Each step names who acts on
 * it — a role's users, the employees of a job position or title, or one user of the tenant —
 * and how long it may take (its SLA: an amount of minutes, hours, days or working days, answered
 * also as calendar milliseconds in slaTime); a pending step's
 * reminder repeats every loopTime, with the chosen notification template. The approval engine
 * reads these records; the form picks the assignee with the look-up of the step's type.
 */
export const workflowTemplateContract = defineContract({
  service: 'system',
  level: 'tenant',
  path: 'workflow-templates',
  route: '/setting/template-work-flow',
  permission: 'workflow_template',
  title: ResourceTitles.workflow_template,
  singular: label('setting.workflowTemplate.singular', 'Mẫu quy trình', 'Workflow template'),
  fields: {
    code: f.code(),
    name: f.text({ label: CommonLabels.name, maxLength: FieldLimits.name, required: true }),
    workflowTemplateTypes: f.enumSet({
      label: label('setting.workflowTemplate.workflowTemplateTypes', 'Loại phê duyệt', 'Approval kinds'),
      valueLabels: typeLabels,
    }),
    loopTime: minutes(
      'loopTime',
      'Chu kỳ nhắc lại (phút)',
      'Reminder repeats every (minutes)',
      false,
      label(
        'setting.workflowTemplate.loopTimeHint',
        'Bước chờ xử lý được nhắc lại sau mỗi khoảng thời gian này.',
        'A pending step is reminded again after each such period.',
      ),
    ),
    notificationDuration: minutes(
      'notificationDuration',
      'Thời gian thông báo (phút)',
      'Notification lead time (minutes)',
      false,
      label(
        'setting.workflowTemplate.notificationDurationHint',
        'Thông báo trước khi hết hạn xử lý của bước bấy nhiêu phút.',
        'How long before a step is due its handler is notified.',
      ),
    ),
    notificationTemplateId: f.reference({
      label: label('setting.workflowTemplate.notificationTemplate', 'Mẫu thông báo', 'Notification template'),
      target: notificationTemplateTarget,
    }),
    steps: f.children({
      label: label('setting.workflowTemplate.steps', 'Các bước xử lý', 'Steps'),
      minItems: WorkflowLimits.minSteps,
      maxItems: WorkflowLimits.maxSteps,
      fields: {
        name: f.text({
          label: label('setting.workflowTemplate.stepName', 'Tên bước', 'Step name'),
          maxLength: FieldLimits.name,
          required: true,
        }),
        assignmentType: f.enumOf({
          label: label('setting.workflowTemplate.assignmentType', 'Loại phân công', 'Assignment type'),
          required: true,
          valueLabels: assignmentTypeLabels,
        }),
        assignmentId: {
          ...f.reference({
            label: label('setting.workflowTemplate.assignee', 'Đối tượng xử lý', 'Assignee'),
            required: true,
            target: AssigneeTargets.USER,
          }),
          targetBy: { field: 'assignmentType', targets: AssigneeTargets },
        },
        assignmentName: f.text({
          label: label('setting.workflowTemplate.assignmentName', 'Tên đối tượng xử lý', 'Assignee name'),
          maxLength: FieldLimits.name,
          readOnly: true,
        }),
        slaAmount: f.integer({
          label: label('setting.workflowTemplate.slaAmount', 'Thời hạn xử lý', 'Time allowed'),
          required: true,
          minimum: 1,
          // the largest of every unit's largest; each unit's own is checked with the unit
          maximum: SlaUnits.MINUTES.max,
          hint: label(
            'setting.workflowTemplate.slaAmountHint',
            'Tối đa 30 ngày: 43 200 phút, 720 giờ, 30 ngày hoặc 30 ngày làm việc.',
            'At most 30 days: 43,200 minutes, 720 hours, 30 days or 30 working days.',
          ),
        }),
        slaUnit: f.enumOf({
          label: label('setting.workflowTemplate.slaUnit', 'Đơn vị thời hạn', 'Time unit'),
          required: true,
          defaultValue: 'MINUTES',
          valueLabels: slaUnitLabels,
        }),
        // answered, never typed: the SLA on the calendar, for clients that preview deadlines
        slaTime: f.integer({
          label: label('setting.workflowTemplate.slaTime', 'Quy đổi (phút)', 'Equivalent (minutes)'),
          readOnly: true,
          unit: Units.minutesAsMs,
          minimum: Units.minutesAsMs.factor,
          maximum: WorkflowLimits.maxSlaDays * DAY_MS,
        }),
      },
      // a sheet's reader wants "Duyệt – Vai trò – Kế toán trưởng – 2 – Ngày làm việc": the
      // assignee by name, the time as typed (not its ids, nor the minutes it comes to)
      cellItems: ['name', 'assignmentType', 'assignmentName', 'slaAmount', 'slaUnit'],
      // a valid step needs a record of the caller's tenant: the caller as the USER assignee
      example: (n, context) =>
        context
          ? [
              {
                name: `Bước ${n}`,
                assignmentType: AssignmentType.user,
                assignmentId: context.userId,
                slaAmount: 60,
                slaUnit: 'MINUTES',
              },
            ]
          : [],
    }),
    status: f.status(),
  },
  columns: ['code', 'name', 'workflowTemplateTypes', 'steps', 'status', 'lastModifiedAt'],
  keyword: ['code', 'name'],
  filters: ['status', 'code'],
  sort: ['code', 'name', 'createdAt', 'lastModifiedAt'],
  defaultSort: { field: 'name', direction: 'asc' },
  sections: [
    { title: CommonLabels.general, fields: ['code', 'name', 'workflowTemplateTypes'] },
    {
      title: label(
        'setting.workflowTemplate.notifications',
        'Nhắc việc và thông báo',
        'Reminders and notifications',
      ),
      fields: ['loopTime', 'notificationDuration', 'notificationTemplateId'],
    },
    { title: label('setting.workflowTemplate.stepsSection', 'Các bước', 'Steps'), fields: ['steps'] },
  ],
  exportColumns: [
    'code',
    'name',
    'loopTime',
    'notificationDuration',
    'steps',
    'status',
    'createdAt',
    'lastModifiedAt',
  ],
  // a template without its steps is not a template: rows of a sheet cannot carry them
  without: ['import'],
});
export type WorkflowTemplateRecord = RecordOf<typeof workflowTemplateContract>;
export type WorkflowStepTemplate = WorkflowTemplateRecord['steps'][number];

/** The query of GET {api}/search-auto-complete beside the generic ones (catalogues §7.4). */
export const WORKFLOW_TEMPLATE_SEARCH_AUTO_COMPLETE = `${API}/search-auto-complete`;

/**
 * GET {api}/{id}/schedule?start=<ISO instant>: each step's start and end as the approval engine
 * would set them from `start` (working days by the tenant's week, time zone and holidays), each
 * step starting when the previous one is due. The assignment form's preview.
 */
export const workflowTemplateSchedulePath = (id: string) => `${API}/${encodeURIComponent(id)}/schedule`;

/** One step of the schedule: ISO 8601 instants. */
export interface ScheduledStep {
  start: string;
  end: string;
}
