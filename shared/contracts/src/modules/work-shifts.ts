import { FieldLimits } from '../limits.ts';
import { describedPattern } from '../pattern-formats.ts';
import { defineContract, type RecordOf } from '../resource/contract.ts';
import { f, type DecimalField, type TextField } from '../resource/fields.ts';
import { CommonLabels, label, type Label } from '../resource/label.ts';
import { ResourceTitles } from '../resource/titles.ts';
import { CLOCK_PATTERN, type WorkShiftKind } from './work-shift-layout.ts';

export * from './work-shift-layout.ts';

const l = (key: string, vi: string, en: string) => label(`workShift.${key}`, vi, en);

/** A clock time of the tenant's zone, 'HH:mm'. */
const CLOCK = describedPattern(CLOCK_PATTERN, 'clockTime', '08:00');

/**
 * A clock time field. Its example is the time of one valid day shift (08:00–17:00, windows
 * 06:00–10:00 and 15:00–20:00), null for what that shift leaves empty, so that examples make a
 * shift the rules accept.
 */
function clock<R extends boolean>(
  text: Label,
  required: R,
  example: (n: number) => string | null = () => null,
  hint?: Label,
): TextField<R> {
  return {
    kind: 'text',
    label: text,
    required,
    unique: false,
    maxLength: 5,
    minLength: 5,
    pattern: CLOCK,
    example,
    ...(hint ? { hint } : {}),
  };
}

/** catalogues §5.2: working day / hour-day at most 99.999 (numeric(5, 3)) */
function dayFigure(text: Label, example: string, hint?: Label): DecimalField<true> {
  return {
    kind: 'decimal',
    label: text,
    required: true,
    unique: false,
    precision: 5,
    scale: 3,
    minimum: '0',
    example: () => example,
    ...(hint ? { hint } : {}),
  };
}

/** The limits of catalogues §5.2 the contract's types cannot say alone (checked by the server). */
export const WorkShiftLimits = {
  /** shift coefficient 1 to 100 */
  coefficientMin: 1,
  coefficientMax: 100,
  /** a late or early tolerance, minutes */
  toleranceMax: 240,
  /** breaks a shift may have */
  breaksMax: 4,
} as const;

export const WorkShiftKindLabels: Readonly<Record<WorkShiftKind, Label>> = {
  FIXED: l('kinds.fixed', 'Ca cố định', 'Fixed'),
  FLEXIBLE: l('kinds.flexible', 'Ca linh hoạt (giờ cốt lõi)', 'Flexible (core hours)'),
  SPLIT: l('kinds.split', 'Ca gãy (hai đoạn)', 'Split (two segments)'),
};

const breakFields = {
  startTime: clock(l('break.startTime', 'Nghỉ từ', 'Break from'), true, () => '12:00'),
  endTime: clock(l('break.endTime', 'Nghỉ đến', 'Break until'), true, () => '13:00'),
  paid: f.boolean({ label: l('break.paid', 'Được trả lương', 'Paid') }),
};

const segment = l('segment', 'Giờ làm việc', 'Working hours');
const windows = l('windows', 'Khoảng chấm công', 'Punch windows');

/**
 * Timekeeping › Work shift (Ca làm việc, catalogues §2.1 Shift, §4, §5.2; docs/work-shifts.md):
 * a day's plan of work — one segment (fixed), a band with core hours (flexible) or two segments
 * (split) — its breaks, the windows in which punches count, the tolerances, the coefficient and
 * what a day of it is worth. Clock times are 'HH:mm' of the tenant's zone; a time not after the
 * one before it is on the next day (an overnight shift belongs to the day it starts). The rules
 * between the times are layoutShift's (work-shift-layout.ts), the same in the form and on the
 * server; the night hours are derived by the server from the tenant's night window.
 */
export const workShiftContract = defineContract({
  service: 'tm',
  path: 'work-shifts',
  route: '/tm/work-shift',
  permission: 'shift',
  level: 'tenant',
  title: ResourceTitles.shift,
  singular: l('singular', 'Ca làm việc', 'Work shift'),
  fields: {
    code: f.code(),
    name: f.text({ label: CommonLabels.name, maxLength: FieldLimits.name, required: true }),
    kind: f.enumOf({
      label: l('kind', 'Loại ca', 'Kind'),
      valueLabels: WorkShiftKindLabels,
      defaultValue: 'FIXED',
    }),
    startTime: clock(l('startTime', 'Giờ bắt đầu', 'Starts at'), true, () => '08:00'),
    endTime: clock(
      l('endTime', 'Giờ kết thúc', 'Ends at'),
      true,
      () => '17:00',
      l('endTimeHint', 'Không sau giờ bắt đầu: sang ngày hôm sau', 'Not after the start: the next day'),
    ),
    secondStartTime: clock(l('secondStartTime', 'Đoạn 2 bắt đầu', 'Second segment starts'), false),
    secondEndTime: clock(l('secondEndTime', 'Đoạn 2 kết thúc', 'Second segment ends'), false),
    coreStartTime: clock(l('coreStartTime', 'Giờ cốt lõi từ', 'Core hours from'), false),
    coreEndTime: clock(l('coreEndTime', 'Giờ cốt lõi đến', 'Core hours until'), false),
    checkInFrom: clock(l('checkInFrom', 'Chấm vào từ', 'Check-in from'), false, () => '06:00'),
    checkInTo: clock(l('checkInTo', 'Chấm vào đến', 'Check-in until'), false, () => '10:00'),
    checkOutFrom: clock(l('checkOutFrom', 'Chấm ra từ', 'Check-out from'), false, () => '15:00'),
    checkOutTo: clock(l('checkOutTo', 'Chấm ra đến', 'Check-out until'), false, () => '20:00'),
    secondCheckInFrom: clock(l('secondCheckInFrom', 'Đoạn 2 chấm vào từ', 'Second check-in from'), false),
    secondCheckInTo: clock(l('secondCheckInTo', 'Đoạn 2 chấm vào đến', 'Second check-in until'), false),
    secondCheckOutFrom: clock(l('secondCheckOutFrom', 'Đoạn 2 chấm ra từ', 'Second check-out from'), false),
    secondCheckOutTo: clock(l('secondCheckOutTo', 'Đoạn 2 chấm ra đến', 'Second check-out until'), false),
    breaks: f.children({
      label: l('breaks', 'Giờ nghỉ giữa ca', 'Breaks'),
      fields: breakFields,
      maxItems: WorkShiftLimits.breaksMax,
    }),
    requiredHours: dayFigure(l('requiredHours', 'Số giờ yêu cầu', 'Required hours'), '8'),
    lateToleranceMinutes: f.integer({
      label: l('lateToleranceMinutes', 'Cho phép đi muộn (phút)', 'Late tolerance (minutes)'),
      maximum: WorkShiftLimits.toleranceMax,
    }),
    earlyToleranceMinutes: f.integer({
      label: l('earlyToleranceMinutes', 'Cho phép về sớm (phút)', 'Early-leave tolerance (minutes)'),
      maximum: WorkShiftLimits.toleranceMax,
    }),
    coefficient: {
      ...f.decimal({
        label: l('coefficient', 'Hệ số ca', 'Shift coefficient'),
        precision: 5,
        scale: 2,
        minimum: String(WorkShiftLimits.coefficientMin),
        hint: l('coefficientHint', 'Từ 1 đến 100', 'From 1 to 100'),
      }),
      example: () => '1',
    },
    workingDays: dayFigure(
      l('workingDays', 'Số công của ca', 'Working days'),
      '1',
      l('workingDaysHint', 'Ví dụ 1 hoặc 0,5 công', 'For example 1 or 0.5 day'),
    ),
    nightHours: {
      ...dayFigure(l('nightHours', 'Số giờ làm đêm', 'Night hours'), '0'),
      required: false,
      readOnly: true,
      hint: l(
        'nightHoursHint',
        'Tính từ khung giờ ban đêm của quy tắc chấm công',
        'From the night window of the timekeeping rules',
      ),
    },
    description: f.text({
      label: CommonLabels.description,
      maxLength: FieldLimits.description,
      multiline: true,
    }),
    status: f.status(),
  },
  // what fits beside the menu on a 1440-pixel screen; the rest by the column chooser
  columns: ['code', 'name', 'kind', 'startTime', 'endTime', 'workingDays', 'status'],
  optionalColumns: [
    'requiredHours',
    'coefficient',
    'nightHours',
    'lateToleranceMinutes',
    'earlyToleranceMinutes',
    'lastModifiedAt',
  ],
  keyword: ['code', 'name'],
  filters: ['kind', 'status'],
  sort: ['code', 'name', 'startTime', 'createdAt', 'lastModifiedAt'],
  defaultSort: { field: 'code', direction: 'asc' },
  sections: [
    { title: CommonLabels.general, fields: ['code', 'name', 'kind', 'description', 'status'] },
    {
      title: segment,
      fields: [
        'startTime',
        'endTime',
        'secondStartTime',
        'secondEndTime',
        'coreStartTime',
        'coreEndTime',
        'breaks',
      ],
    },
    {
      title: windows,
      fields: [
        'checkInFrom',
        'checkInTo',
        'checkOutFrom',
        'checkOutTo',
        'secondCheckInFrom',
        'secondCheckInTo',
        'secondCheckOutFrom',
        'secondCheckOutTo',
        'lateToleranceMinutes',
        'earlyToleranceMinutes',
      ],
    },
    {
      title: l('valueSection', 'Công và hệ số', 'Worth and coefficient'),
      fields: ['requiredHours', 'workingDays', 'coefficient'],
    },
  ],
  exportColumns: [
    'code',
    'name',
    'kind',
    'startTime',
    'endTime',
    'secondStartTime',
    'secondEndTime',
    'coreStartTime',
    'coreEndTime',
    'breaks',
    'checkInFrom',
    'checkInTo',
    'checkOutFrom',
    'checkOutTo',
    'secondCheckInFrom',
    'secondCheckInTo',
    'secondCheckOutFrom',
    'secondCheckOutTo',
    'requiredHours',
    'lateToleranceMinutes',
    'earlyToleranceMinutes',
    'coefficient',
    'workingDays',
    'nightHours',
    'description',
    'status',
    'lastModifiedAt',
  ],
  importColumns: [
    'code',
    'name',
    'kind',
    'startTime',
    'endTime',
    'secondStartTime',
    'secondEndTime',
    'coreStartTime',
    'coreEndTime',
    'checkInFrom',
    'checkInTo',
    'checkOutFrom',
    'checkOutTo',
    'secondCheckInFrom',
    'secondCheckInTo',
    'secondCheckOutFrom',
    'secondCheckOutTo',
    'requiredHours',
    'lateToleranceMinutes',
    'earlyToleranceMinutes',
    'coefficient',
    'workingDays',
    'description',
  ],
});
export type WorkShiftRecord = RecordOf<typeof workShiftContract>;

export const workShiftContracts = [workShiftContract] as const;
