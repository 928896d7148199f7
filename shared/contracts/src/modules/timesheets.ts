import { ApprovalStatusLabels } from '../approval/transitions.ts';
import { FieldLimits } from '../limits.ts';
import { describedPattern } from '../pattern-formats.ts';
import { defineContract, type RecordOf } from '../resource/contract.ts';
import { f, type ExampleContext, type TextField } from '../resource/fields.ts';
import { CommonLabels, label } from '../resource/label.ts';
import { ResourceTitles } from '../resource/titles.ts';

/*
 * Timekeeping › Timesheet (Bảng chấm công) (issue 30 item 8, catalogues §3.1 "approvable:
 * timesheet"; docs/timesheets.md): one organisation unit's month, approved through the approval
 * engine. Its days are the general timesheet of that unit and month (the timesheet engine's day
 * records); approving it LOCKS the month of the workers it covers — those of the unit and of the
 * units below it, except a sub-unit that has a timesheet of its own for the month —: their days
 * are no longer recomputed (later punches are held for review) nor corrected (409 MONTH_LOCKED).
 * Reopening it (…/{id}/reopen, with a reason) unlocks the month and recomputes the held days.
 */

const l = (key: string, vi: string, en: string) => label(`tm.timesheet.${key}`, vi, en);

/** YYYY-MM, months 01 to 12 (the database checks the same) */
export const TIMESHEET_MONTH_PATTERN = describedPattern('^[0-9]{4}-(0[1-9]|1[0-2])$', 'yearMonth', '2026-01');

export const TimesheetPaths = {
  /** POST { reason, version? }: an APPROVED timesheet opened again (CANCELED); the month unlocked */
  reopen: '/api/tm/timesheets/{id}/reopen',
  /** GET: the days of its month held for review (punches that arrived after it locked the month) */
  heldDays: '/api/tm/timesheets/{id}/held-days',
} as const;

export const TimesheetLimits = {
  reasonMaxLength: 500,
  /** held days one answer lists (the total is always given) */
  heldDaysListed: 200,
} as const;

/** A day of the timesheet's month held for review: its worker, and the symbol HR approved. */
export interface TimesheetHeldDay {
  readonly workerId: string;
  readonly code: string;
  readonly fullName: string;
  /** YYYY-MM-DD */
  readonly workDate: string;
  /** the symbol shown (a correction's, else the engine's): what was approved */
  readonly symbol: string | null;
  /** when the first punch that would change it was held */
  readonly heldAt: string;
}

export interface TimesheetHeldDays {
  /** every held day of the workers this timesheet decides, in its month */
  readonly total: number;
  /** the first TimesheetLimits.heldDaysListed, by worker code and day */
  readonly days: readonly TimesheetHeldDay[];
}

const month: TextField<true> = {
  ...f.text({
    label: l('month', 'Tháng', 'Month'),
    required: true,
    maxLength: 7,
    pattern: TIMESHEET_MONTH_PATTERN,
    shownAs: 'month',
  }),
  example: (n: number) => `${2026 + Math.floor(n / 12)}-${String((n % 12) + 1).padStart(2, '0')}`,
};

export const timesheetContract = defineContract({
  service: 'tm',
  level: 'tenant',
  path: 'timesheets',
  route: '/tm/timesheets',
  permission: 'timesheet',
  title: ResourceTitles.timesheet,
  singular: l('singular', 'Bảng chấm công', 'Timesheet'),
  fields: {
    code: f.code(),
    name: f.text({ label: CommonLabels.name, maxLength: FieldLimits.name, required: true }),
    organizationUnitId: {
      ...f.reference({
        label: l('organizationUnit', 'Đơn vị', 'Unit'),
        target: { resource: 'organization_unit', apiPath: '/api/om/organization-units', display: 'name' },
        required: true,
      }),
      example: (_n: number, context?: ExampleContext) => context?.references?.organization_unit ?? null,
    },
    month,
    note: f.text({
      label: l('note', 'Ghi chú', 'Note'),
      maxLength: FieldLimits.description,
      multiline: true,
    }),
    approvalStatus: f.enumOf({
      label: l('approvalStatus', 'Trạng thái duyệt', 'Approval status'),
      defaultValue: 'NEW',
      valueLabels: ApprovalStatusLabels,
    }),
    approvedAt: f.dateTime({
      label: l('approvedAt', 'Duyệt (khoá tháng) lúc', 'Approved (locked) at'),
      readOnly: true,
    }),
    reopenedAt: f.dateTime({ label: l('reopenedAt', 'Mở lại lúc', 'Reopened at'), readOnly: true }),
  },
  columns: ['code', 'name', 'organizationUnitId', 'month', 'approvalStatus', 'lastModifiedAt'],
  keyword: ['code', 'name'],
  filters: ['approvalStatus', 'organizationUnitId', 'month'],
  sort: ['code', 'name', 'month', 'createdAt', 'lastModifiedAt'],
  defaultSort: { field: 'month', direction: 'desc' },
  sections: [
    {
      title: CommonLabels.general,
      fields: [
        'code',
        'name',
        'organizationUnitId',
        'month',
        'note',
        'approvalStatus',
        'approvedAt',
        'reopenedAt',
      ],
    },
  ],
  create: ['code', 'name', 'organizationUnitId', 'month', 'note'],
  // the unit and month are what the timesheet is: another unit or month is another timesheet
  update: ['code', 'name', 'note'],
  // a month is approved as one record: no sheet of timesheets to import, no active/inactive
  without: ['status', 'import'],
  exportColumns: [
    'code',
    'name',
    'organizationUnitId',
    'month',
    'note',
    'approvalStatus',
    'approvedAt',
    'reopenedAt',
    'createdAt',
    'lastModifiedAt',
  ],
});
export type TimesheetRecord = RecordOf<typeof timesheetContract>;

export const timesheetContracts = [timesheetContract] as const;
