import { ApprovalStatusLabels } from '../approval/transitions.ts';
import { FieldLimits } from '../limits.ts';
import { describedPattern } from '../pattern-formats.ts';
import { defineContract, type RecordOf } from '../resource/contract.ts';
import { f, type ExampleContext, type TextField } from '../resource/fields.ts';
import { CommonLabels, label, type Label } from '../resource/label.ts';
import { ResourceTitles } from '../resource/titles.ts';
import { CLOCK_PATTERN } from './work-shift-layout.ts';

/*
 * Timekeeping › Documents › Work update suggestion (Đề nghị cập nhật công; catalogues §2.1
 * work-update-suggestive, §3.1 "approvable: timekeeping change request"): a worker, or HR on
 * their behalf, asks to correct a missing or wrong punch of one work day. Once APPROVED the
 * timesheet engine computes that day again with the punches asked for (docs/work-update-requests.md);
 * canceled after approval, the day is computed again without them. The first of issue 31's
 * request documents: the others follow its shape (a worker, a day or a period, a reason,
 * approvable, folded into the day as a DayAdjustment).
 */

export const WORK_UPDATE_MODES = ['ADD', 'REPLACE'] as const;
export type WorkUpdateMode = (typeof WORK_UPDATE_MODES)[number];
export const WORK_UPDATE_DIRECTIONS = ['IN', 'OUT'] as const;
export type WorkUpdateDirection = (typeof WORK_UPDATE_DIRECTIONS)[number];

export const WorkUpdateLimits = {
  /** punches one request asks for (a day has at most 8 pairs on its record) */
  punches: 10,
} as const;

const l = (key: string, vi: string, en: string) => label(`workUpdateRequest.${key}`, vi, en);

export const WorkUpdateModeLabels: Readonly<Record<WorkUpdateMode, Label>> = {
  ADD: l('modes.add', 'Bổ sung vào các lần chấm của ngày', "Add to the day's punches"),
  REPLACE: l('modes.replace', 'Thay thế các lần chấm của ngày', "Replace the day's punches"),
};

export const WorkUpdateDirectionLabels: Readonly<Record<WorkUpdateDirection, Label>> = {
  IN: l('directions.in', 'Vào', 'In'),
  OUT: l('directions.out', 'Ra', 'Out'),
};

/** 'HH:mm' of the tenant's zone, as the work shifts write their times. */
const CLOCK = describedPattern(CLOCK_PATTERN, 'clockTime', '08:00');
const time: TextField<true> = {
  kind: 'text',
  label: l('punch.time', 'Giờ chấm (HH:mm)', 'Time (HH:mm)'),
  required: true,
  unique: false,
  maxLength: 5,
  minLength: 5,
  pattern: CLOCK,
  example: (n: number) => (n % 2 === 0 ? '08:00' : '17:00'),
};

export const WORK_UPDATE_TARGETS = {
  worker: { resource: 'worker', apiPath: '/api/om/workers', display: 'fullName' },
} as const;

export const workUpdateRequestContract = defineContract({
  service: 'tm',
  level: 'tenant',
  path: 'work-update-requests',
  route: '/tm/work-update-suggestive',
  permission: 'timekeeping_change_request',
  title: ResourceTitles.timekeeping_change_request,
  singular: l('singular', 'Đề nghị cập nhật công', 'Work update request'),
  fields: {
    // the server's, over the row (a list column: find-by-id leaves derived fields out): what the
    // list and its approval dialogs name a request by
    name: f.text({
      label: l('name', 'Đề nghị', 'Request'),
      maxLength: FieldLimits.name,
      readOnly: true,
    }),
    workerId: {
      ...f.reference({
        label: l('worker', 'Nhân viên', 'Employee'),
        required: true,
        target: WORK_UPDATE_TARGETS.worker,
      }),
      example: (_n: number, context?: ExampleContext) => context?.references?.worker ?? null,
    },
    workDate: {
      ...f.date({ label: l('workDate', 'Ngày công', 'Work date'), required: true }),
      // the date may not be in the future: examples are days long past
      example: (n: number) => `2025-${String((n % 12) + 1).padStart(2, '0')}-10`,
    },
    mode: f.enumOf({
      label: l('mode', 'Cách cập nhật', 'How'),
      required: true,
      defaultValue: 'ADD',
      valueLabels: WorkUpdateModeLabels,
    }),
    punches: f.children({
      label: l('punches', 'Các lần chấm đề nghị', 'Punches asked for'),
      minItems: 1,
      maxItems: WorkUpdateLimits.punches,
      hint: l(
        'punchesHint',
        'Giờ trong ngày công; "Hôm sau" cho giờ ra của ca đêm sau 00:00',
        'Times of the work day; "Next day" for a night shift\'s checkout after midnight',
      ),
      example: () => [{ time: '08:00', direction: 'IN', nextDay: false }],
      fields: {
        time,
        direction: f.enumOf({
          label: l('punch.direction', 'Vào / Ra', 'In / Out'),
          valueLabels: WorkUpdateDirectionLabels,
        }),
        nextDay: f.boolean({ label: l('punch.nextDay', 'Hôm sau', 'Next day') }),
      },
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
  columns: ['name', 'workDate', 'mode', 'reason', 'approvalStatus', 'lastModifiedAt'],
  keyword: ['reason'],
  filters: ['approvalStatus', 'workerId', 'workDate'],
  sort: ['workDate', 'createdAt', 'lastModifiedAt'],
  defaultSort: { field: 'workDate', direction: 'desc' },
  // a request's punches are a list a sheet row cannot carry: made in the form
  without: ['status', 'import'],
  sections: [
    {
      title: CommonLabels.general,
      fields: ['workerId', 'workDate', 'mode', 'reason', 'approvalStatus', 'approvedAt'],
    },
    { title: l('section.punches', 'Giờ chấm đề nghị', 'Punches asked for'), fields: ['punches'] },
  ],
  create: ['workerId', 'workDate', 'mode', 'punches', 'reason'],
  exportColumns: ['workerId', 'workDate', 'mode', 'reason', 'approvalStatus', 'approvedAt', 'createdAt'],
});
export type WorkUpdateRequestRecord = RecordOf<typeof workUpdateRequestContract>;

/** The request documents' own step beyond the approval engine's: cancel after approval. */
export const WorkUpdateRequestPaths = {
  cancelApproved: `${workUpdateRequestContract.apiPath}/:id/cancel-approved`,
} as const;
