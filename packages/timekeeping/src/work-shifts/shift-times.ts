import { WORK_SHIFT_KINDS, type ShiftTimes, type WorkShiftKind } from '@hcm/contracts/work-shifts';

/** The fields of a second segment, core hours and second windows, by the kind that has them. */
export const KIND_FIELDS: Readonly<Record<WorkShiftKind, readonly string[]>> = {
  FIXED: [],
  FLEXIBLE: ['coreStartTime', 'coreEndTime'],
  SPLIT: [
    'secondStartTime',
    'secondEndTime',
    'secondCheckInFrom',
    'secondCheckInTo',
    'secondCheckOutFrom',
    'secondCheckOutTo',
  ],
};

/** The fields only some kinds have. */
export const KIND_ONLY_FIELDS: readonly string[] = Object.values(KIND_FIELDS).flat();

export const kindOf = (value: unknown): WorkShiftKind =>
  WORK_SHIFT_KINDS.includes(value as WorkShiftKind) ? (value as WorkShiftKind) : 'FIXED';

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

/** A form's or a record's values as the times layoutShift reads. */
export function shiftTimesOf(values: Readonly<Record<string, unknown>>): ShiftTimes {
  const rows = Array.isArray(values.breaks) ? (values.breaks as Record<string, unknown>[]) : [];
  const clock = (name: string) => text(values[name]);
  return {
    kind: kindOf(values.kind),
    startTime: clock('startTime') ?? '',
    endTime: clock('endTime') ?? '',
    secondStartTime: clock('secondStartTime'),
    secondEndTime: clock('secondEndTime'),
    coreStartTime: clock('coreStartTime'),
    coreEndTime: clock('coreEndTime'),
    checkInFrom: clock('checkInFrom'),
    checkInTo: clock('checkInTo'),
    checkOutFrom: clock('checkOutFrom'),
    checkOutTo: clock('checkOutTo'),
    secondCheckInFrom: clock('secondCheckInFrom'),
    secondCheckInTo: clock('secondCheckInTo'),
    secondCheckOutFrom: clock('secondCheckOutFrom'),
    secondCheckOutTo: clock('secondCheckOutTo'),
    breaks: rows.map((row) => ({
      startTime: text(row.startTime) ?? '',
      endTime: text(row.endTime) ?? '',
      paid: row.paid === true,
    })),
    requiredHours:
      typeof values.requiredHours === 'string' || typeof values.requiredHours === 'number'
        ? values.requiredHours
        : null,
  };
}

/**
 * A typed time as HH:mm when it reads as one ("8" → "08:00", "830" → "08:30", "8:30" → "08:30",
 * "2230" → "22:30"); anything else as typed, for the field's pattern to refuse.
 */
export function normaliseClock(typed: string): string {
  const text = typed.trim();
  const match = /^(\d{1,2})(?::?(\d{2}))?$/.exec(text);
  if (!match) return text;
  const hours = Number(match[1]);
  const minutes = Number(match[2] ?? '0');
  if (hours > 23 || minutes > 59) return text;
  return `${String(hours).padStart(2, '0')}:${String(minutes).padStart(2, '0')}`;
}
