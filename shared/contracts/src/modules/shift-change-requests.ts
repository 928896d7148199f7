import { ApprovalStatusLabels } from '../approval/transitions.ts';
import { FieldLimits } from '../limits.ts';
import { defineContract, type RecordOf } from '../resource/contract.ts';
import { f, type ExampleContext } from '../resource/fields.ts';
import { label, type Label } from '../resource/label.ts';
import { ResourceTitles } from '../resource/titles.ts';

/*
 * Timekeeping › Documents › Change shift (Đơn đổi ca; catalogues §2.1 change-shifts, §3.1
 * "approvable: swap application", workflow template type SHIFT_SWAP): a worker's day moved to
 * another work shift (or to none: a day off), or two named workers' shifts exchanged. Once
 * APPROVED the timesheet engine computes the days with the new shifts (a SHIFT_CHANGE
 * adjustment per affected worker and day); canceled after approval, with the work calendars'
 * shifts again (docs/shift-change-requests.md).
 */

export const SHIFT_CHANGE_KINDS = ['MOVE', 'SWAP'] as const;
export type ShiftChangeKind = (typeof SHIFT_CHANGE_KINDS)[number];

const l = (key: string, vi: string, en: string) => label(`shiftChangeRequest.${key}`, vi, en);

export const ShiftChangeKindLabels: Readonly<Record<ShiftChangeKind, Label>> = {
  MOVE: l('kinds.move', 'Chuyển sang ca khác', 'Move to another shift'),
  SWAP: l('kinds.swap', 'Đổi ca với nhân viên khác', 'Swap with another employee'),
};

export const SHIFT_CHANGE_TARGETS = {
  worker: { resource: 'worker', apiPath: '/api/om/workers', display: 'fullName' },
  workShift: { resource: 'shift', apiPath: '/api/tm/work-shifts', display: 'name' },
} as const;

const worker = (key: string, vi: string, en: string, required: boolean) => ({
  ...f.reference({ label: l(key, vi, en), required, target: SHIFT_CHANGE_TARGETS.worker }),
  example: (_n: number, context?: ExampleContext) =>
    required ? (context?.references?.worker ?? null) : null,
});

/** The shift the server found a worker has that day (the work calendars): shown, never typed. */
const foundShift = (key: string, vi: string, en: string) =>
  f.reference({ label: l(key, vi, en), target: SHIFT_CHANGE_TARGETS.workShift, readOnly: true });

export const shiftChangeRequestContract = defineContract({
  service: 'tm',
  level: 'tenant',
  path: 'shift-change-requests',
  route: '/tm/change-shifts',
  permission: 'swap_application',
  title: ResourceTitles.swap_application,
  singular: l('singular', 'Đơn đổi ca', 'Shift change'),
  fields: {
    // the server's, over the row (a list column): what the list and its approval dialogs name it by
    name: f.text({ label: l('name', 'Đơn', 'Request'), maxLength: FieldLimits.name, readOnly: true }),
    workerId: worker('worker', 'Nhân viên', 'Employee', true),
    workDate: {
      ...f.date({ label: l('workDate', 'Ngày đổi ca', 'Day'), required: true }),
      example: (n: number) => `2026-${String((n % 12) + 1).padStart(2, '0')}-10`,
    },
    kind: f.enumOf({
      label: l('kind', 'Hình thức', 'Kind'),
      required: true,
      defaultValue: 'MOVE',
      valueLabels: ShiftChangeKindLabels,
    }),
    workShiftId: f.reference({
      label: l('workShift', 'Ca mới (trống: nghỉ)', 'New shift (empty: day off)'),
      target: SHIFT_CHANGE_TARGETS.workShift,
      hint: l(
        'workShiftHint',
        'Chuyển sang ca: chọn ca; để trống là nghỉ ngày này',
        'Move: the shift to work; empty makes the day a day off',
      ),
    }),
    otherWorkerId: {
      ...worker('otherWorker', 'Đổi với nhân viên', 'Swap with', false),
      hint: l('otherWorkerHint', 'Chỉ khi đổi ca với nhân viên khác', 'Only for a swap'),
    },
    otherWorkDate: {
      ...f.date({ label: l('otherWorkDate', 'Ngày của người đổi', 'Their day') }),
      hint: l('otherWorkDateHint', 'Trống: cùng ngày', 'Empty: the same day'),
      example: () => null,
    },
    currentShiftId: foundShift('currentShift', 'Ca hiện tại', 'Shift now'),
    otherShiftId: foundShift('otherShift', 'Ca hiện tại của người đổi', 'Their shift now'),
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
  columns: ['name', 'workDate', 'kind', 'otherWorkerId', 'reason', 'approvalStatus', 'lastModifiedAt'],
  keyword: ['reason'],
  filters: ['approvalStatus', 'kind', 'workerId', 'workDate'],
  sort: ['workDate', 'createdAt', 'lastModifiedAt'],
  defaultSort: { field: 'workDate', direction: 'desc' },
  // the shifts are worked out by the server against the work calendars: made in the form
  without: ['status', 'import'],
  sections: [
    {
      title: l('section.change', 'Thông tin đổi ca', 'The change'),
      fields: ['workerId', 'workDate', 'kind', 'workShiftId', 'otherWorkerId', 'otherWorkDate', 'reason'],
    },
    {
      title: l('section.shifts', 'Ca theo lịch làm việc', 'Shifts by the work calendars'),
      fields: ['currentShiftId', 'otherShiftId'],
    },
    { title: l('section.approval', 'Phê duyệt', 'Approval'), fields: ['approvalStatus', 'approvedAt'] },
  ],
  create: ['workerId', 'workDate', 'kind', 'workShiftId', 'otherWorkerId', 'otherWorkDate', 'reason'],
  exportColumns: [
    'workerId',
    'workDate',
    'kind',
    'workShiftId',
    'otherWorkerId',
    'otherWorkDate',
    'currentShiftId',
    'otherShiftId',
    'reason',
    'approvalStatus',
    'approvedAt',
    'createdAt',
  ],
});
export type ShiftChangeRequestRecord = RecordOf<typeof shiftChangeRequestContract>;

/** The fields a kind uses; a MOVE leaves the swap's empty and a SWAP the new shift. */
export const SHIFT_CHANGE_KIND_FIELDS: Readonly<Record<ShiftChangeKind, readonly string[]>> = {
  MOVE: ['workShiftId'],
  SWAP: ['otherWorkerId', 'otherWorkDate'],
};

/** A work shift as the form names it. */
export interface ShiftOnDay {
  readonly workerId: string;
  readonly date: string;
  /** the shift the approved work calendars give the worker that day (null: none, or a day off) */
  readonly workShift: { readonly id: string; readonly code: string; readonly name: string } | null;
}

/**
 * The request documents' own step beyond the approval engine's (cancel after approval), and the
 * form's question: which shift a named worker has on a day (GET, query workerId and date).
 */
export const ShiftChangeRequestPaths = {
  cancelApproved: `${shiftChangeRequestContract.apiPath}/:id/cancel-approved`,
  shiftOnDay: `${shiftChangeRequestContract.apiPath}/shift-on-day`,
} as const;
