import { label, type Label } from '../resource/label.ts';

/*
 * Timekeeping › Configuration › General config (/tm/config; docs/timekeeping-config.md): the
 * tenant's timesheet settings — the symbols the timesheet writes, how overtime is counted, the
 * window within which punches of a worker are one — as versions effective from a month. The
 * timesheet engine computes each work day with the version in force in its month; a month keeps
 * the symbols it was computed and approved with when a later version changes them.
 */

const l = (key: string, vi: string, en: string) => label(`tm.config.${key}`, vi, en);

export const TimekeepingConfigPaths = {
  /** GET ?month=YYYY-MM: the version in force that month, the seeded values and every version */
  config: '/api/tm/config',
  /** PUT: store the version effective from {month} (created or replaced); DELETE ?reason=: remove it */
  version: '/api/tm/config/versions/:month',
} as const;

export const TimekeepingConfigLimits = {
  /** tm_day_records.day_symbol and the correction's symbol */
  symbolMaxLength: 8,
  reasonMaxLength: 500,
  /** PUNCHED overtime: less than this in a day counts as none */
  overtimeMinimumMinutesMax: 240,
  /** punches of one worker this close together are one: at most ten minutes */
  repeatPunchSecondsMax: 600,
  /** versions a tenant keeps (one a month for ten years) */
  versionsMax: 120,
  /** the months a version may be effective from */
  yearMin: 2000,
  yearMax: 2100,
} as const;

/** How overtime is counted (docs/timesheet-engine.md, "Overtime"). */
export const OVERTIME_MODES = ['REGISTERED', 'PUNCHED'] as const;
export type OvertimeMode = (typeof OVERTIME_MODES)[number];

/**
 * What a symbol is chosen by, in the order the page lists them: work, then absences with a
 * document, then days with no document. LEAVE (a whole-day absence) always writes its document's
 * symbol, so it has none of its own.
 */
export const TIMESHEET_SYMBOL_KEYS = [
  'WORKED',
  'PRODUCT',
  'BUSINESS_TRIP',
  'CONFERENCE',
  'MEETING_STUDY',
  'ANNUAL_LEAVE',
  'COMPENSATORY',
  'PAID_PERSONAL',
  'SICK',
  'CHILD_SICK',
  'MATERNITY',
  'WORK_ACCIDENT',
  'STOPPED_WORK',
  'LABOUR_DUTY',
  'UNPAID_LEAVE',
  'HOLIDAY',
  'ABSENT',
  'INCOMPLETE',
  'UNSCHEDULED',
  'REST',
] as const;
export type TimesheetSymbolKey = (typeof TIMESHEET_SYMBOL_KEYS)[number];

/**
 * How a day written with a symbol counts when HR writes it by hand (a correction, an Excel
 * import) and in the troop report: work, paid leave, unpaid leave, or nothing. One symbol may be
 * written by several keys only of the same kind, so that a hand-written symbol counts one way.
 */
export type SymbolKind = 'WORK' | 'PAID_LEAVE' | 'UNPAID_LEAVE' | 'NONE';
export const SYMBOL_KINDS: Readonly<Record<TimesheetSymbolKey, SymbolKind>> = {
  WORKED: 'WORK',
  PRODUCT: 'WORK',
  BUSINESS_TRIP: 'WORK',
  CONFERENCE: 'PAID_LEAVE',
  MEETING_STUDY: 'PAID_LEAVE',
  ANNUAL_LEAVE: 'PAID_LEAVE',
  COMPENSATORY: 'PAID_LEAVE',
  PAID_PERSONAL: 'PAID_LEAVE',
  SICK: 'PAID_LEAVE',
  CHILD_SICK: 'PAID_LEAVE',
  MATERNITY: 'PAID_LEAVE',
  WORK_ACCIDENT: 'PAID_LEAVE',
  STOPPED_WORK: 'PAID_LEAVE',
  LABOUR_DUTY: 'PAID_LEAVE',
  HOLIDAY: 'PAID_LEAVE',
  UNPAID_LEAVE: 'UNPAID_LEAVE',
  ABSENT: 'NONE',
  INCOMPLETE: 'NONE',
  UNSCHEDULED: 'NONE',
  REST: 'NONE',
};

/**
 * The seeded symbols: those of the official timesheet form 01a-LĐTL (Circular 200/2014) — +
 * time-paid work, SP product-paid, Ô sick, Cô child sick, TS maternity, T work accident, P paid
 * leave, H meeting/study, NB compensatory leave, KL unpaid leave, N stopped work, LĐ labour duty.
 * The form has none for a public holiday: L is the common addition; nor for paid personal leave
 * (Labour Code 2019 art. 115(1): one's own marriage, a child's, a death in the family): R, "nghỉ
 * việc riêng có lương", is the common addition. Null leaves the cell blank, as the form does for
 * a day not worked.
 */
export const SEEDED_SYMBOLS: Readonly<Record<TimesheetSymbolKey, string | null>> = {
  WORKED: '+',
  PRODUCT: 'SP',
  BUSINESS_TRIP: '+',
  CONFERENCE: 'H',
  MEETING_STUDY: 'H',
  ANNUAL_LEAVE: 'P',
  COMPENSATORY: 'NB',
  PAID_PERSONAL: 'R',
  SICK: 'Ô',
  CHILD_SICK: 'Cô',
  MATERNITY: 'TS',
  WORK_ACCIDENT: 'T',
  STOPPED_WORK: 'N',
  LABOUR_DUTY: 'LĐ',
  UNPAID_LEAVE: 'KL',
  HOLIDAY: 'L',
  ABSENT: null,
  INCOMPLETE: null,
  UNSCHEDULED: null,
  REST: null,
};

/**
 * Keys added after tenants stored versions, each with the key whose symbol its days wrote before
 * it existed: PAID_PERSONAL (migration 0070) — the seeded marriage and bereavement leave types
 * were written as ANNUAL_LEAVE (P) until then.
 */
export const SYMBOL_KEYS_ADDED: Readonly<Partial<Record<TimesheetSymbolKey, TimesheetSymbolKey>>> = {
  PAID_PERSONAL: 'ANNUAL_LEAVE',
};

/**
 * The symbols of a stored version, which may predate some keys (its map lacks them; keys no
 * longer known are dropped). A missing key writes its seeded symbol (R for PAID_PERSONAL) —
 * unless the version writes that symbol for a key of another kind (a tenant's R for an absence,
 * say), which would count one hand-written symbol two ways: then it writes what its days wrote
 * before the key existed (SYMBOL_KEYS_ADDED: the version's P), else blank.
 */
export function storedVersionSymbols(
  stored: Readonly<Record<string, string | null | undefined>>,
): Record<TimesheetSymbolKey, string | null> {
  const has = (key: TimesheetSymbolKey) => Object.prototype.hasOwnProperty.call(stored, key);
  const symbols = {} as Record<TimesheetSymbolKey, string | null>;
  for (const key of TIMESHEET_SYMBOL_KEYS) if (has(key)) symbols[key] = stored[key] ?? null;
  for (const key of TIMESHEET_SYMBOL_KEYS) {
    if (has(key)) continue;
    const seeded = SEEDED_SYMBOLS[key];
    const taken =
      seeded !== null &&
      TIMESHEET_SYMBOL_KEYS.some(
        (other) =>
          has(other) &&
          SYMBOL_KINDS[other] !== SYMBOL_KINDS[key] &&
          stored[other]?.trim().normalize('NFC') === seeded,
      );
    const before = SYMBOL_KEYS_ADDED[key];
    // the keys are filled in order, and a key's predecessor comes before it
    symbols[key] = !taken ? seeded : before && before in symbols ? symbols[before] : null;
  }
  return symbols;
}

/** The settings of a month: stored by the tenant, or the seeded ones. */
export interface TimekeepingSettings {
  readonly overtimeMode: OvertimeMode;
  readonly overtimeMinimumMinutes: number;
  readonly repeatPunchSeconds: number;
  readonly symbols: Readonly<Record<TimesheetSymbolKey, string | null>>;
}

export const SEEDED_TIMEKEEPING_SETTINGS: TimekeepingSettings = {
  overtimeMode: 'REGISTERED',
  overtimeMinimumMinutes: 0,
  repeatPunchSeconds: 60,
  symbols: SEEDED_SYMBOLS,
};

/** A stored version: the settings from `effectiveMonth` until the next version's month. */
export interface TimekeepingConfigVersion extends TimekeepingSettings {
  /** YYYY-MM */
  readonly effectiveMonth: string;
  /** why it was set (kept, and in the action log) */
  readonly reason: string;
  readonly version: number;
  readonly changedBy: string | null;
  readonly changedByName: string | null;
  readonly changedAt: string;
}

/** GET config?month=: what that month is computed with, and the history. */
export interface TimekeepingConfig {
  readonly month: string;
  /** the version in force that month; null: the seeded settings */
  readonly inForce: TimekeepingConfigVersion | null;
  readonly seeded: TimekeepingSettings;
  /** newest month first */
  readonly versions: readonly TimekeepingConfigVersion[];
}

/** PUT versions/{month}. */
export interface TimekeepingConfigBody extends TimekeepingSettings {
  readonly reason: string;
  /** the stored version's, when it replaces one (absent: a new month) */
  readonly version?: number;
}

/** What a save or a removal did. */
export interface TimekeepingConfigSaved {
  readonly effectiveMonth: string;
  readonly version: number | null;
  /** the months whose days are computed again (YYYY-MM, from … to; to null: every later month) */
  readonly recomputed: { readonly from: string; readonly until: string | null };
}

export const TimekeepingConfigLabels = {
  overtimeMode: l('overtimeMode', 'Cách tính giờ làm thêm', 'How overtime is counted'),
  overtimeModes: {
    REGISTERED: l(
      'overtimeModes.registered',
      'Theo phiếu đăng ký làm thêm đã duyệt',
      'By approved overtime registrations',
    ),
    PUNCHED: l('overtimeModes.punched', 'Theo giờ chấm công thực tế', 'By the punches'),
  } as Record<OvertimeMode, Label>,
  overtimeMinimumMinutes: l(
    'overtimeMinimumMinutes',
    'Số phút làm thêm tối thiểu được tính',
    'Least overtime counted (minutes)',
  ),
  repeatPunchSeconds: l(
    'repeatPunchSeconds',
    'Các lần chấm cách nhau dưới (giây) tính là một',
    'Punches closer than (seconds) count once',
  ),
  symbols: {
    WORKED: l('symbols.worked', 'Lương thời gian', 'Time-paid work'),
    PRODUCT: l('symbols.product', 'Lương sản phẩm', 'Product-paid work'),
    BUSINESS_TRIP: l('symbols.businessTrip', 'Công tác', 'Business trip'),
    CONFERENCE: l('symbols.conference', 'Hội nghị', 'Conference'),
    MEETING_STUDY: l('symbols.meetingStudy', 'Hội nghị, học tập', 'Meeting, study'),
    ANNUAL_LEAVE: l('symbols.annualLeave', 'Nghỉ phép', 'Paid leave'),
    COMPENSATORY: l('symbols.compensatory', 'Nghỉ bù', 'Compensatory leave'),
    PAID_PERSONAL: l(
      'symbols.paidPersonal',
      'Nghỉ việc riêng có hưởng lương (kết hôn, tang)',
      'Paid personal leave (marriage, bereavement)',
    ),
    SICK: l('symbols.sick', 'Ốm, điều dưỡng', 'Sick'),
    CHILD_SICK: l('symbols.childSick', 'Con ốm', 'Child sick'),
    MATERNITY: l('symbols.maternity', 'Thai sản', 'Maternity'),
    WORK_ACCIDENT: l('symbols.workAccident', 'Tai nạn', 'Work accident'),
    STOPPED_WORK: l('symbols.stoppedWork', 'Ngừng việc', 'Work stopped'),
    LABOUR_DUTY: l('symbols.labourDuty', 'Lao động nghĩa vụ', 'Labour duty'),
    UNPAID_LEAVE: l('symbols.unpaidLeave', 'Nghỉ không lương', 'Unpaid leave'),
    HOLIDAY: l('symbols.holiday', 'Nghỉ lễ, tết', 'Public holiday'),
    ABSENT: l('symbols.absent', 'Vắng mặt không có đơn', 'Absent without a document'),
    INCOMPLETE: l('symbols.incomplete', 'Thiếu giờ vào hoặc ra', 'A punch missing'),
    UNSCHEDULED: l('symbols.unscheduled', 'Có mặt ngoài lịch làm việc', 'Present with no shift'),
    REST: l('symbols.rest', 'Ngày nghỉ không làm', 'Rest day not worked'),
  } as Record<TimesheetSymbolKey, Label>,
  kinds: {
    WORK: l('kinds.work', 'Tính là công làm', 'Counts as work'),
    PAID_LEAVE: l('kinds.paidLeave', 'Nghỉ hưởng lương', 'Paid leave'),
    UNPAID_LEAVE: l('kinds.unpaidLeave', 'Nghỉ không lương', 'Unpaid leave'),
    NONE: l('kinds.none', 'Không tính công', 'Not counted'),
  } as Record<SymbolKind, Label>,
} as const;

/** Characters a symbol may not hold: "/" joins two ("+/P"); spaces and controls are not seen. */
const FORBIDDEN = /[/\s\p{C}]/u;

/**
 * A symbol as stored (trimmed, NFC; '' or null: blank) or why it cannot be one. A leading "=" would
 * be a formula in the Excel sheet.
 */
export function symbolProblem(value: string | null): 'tooLong' | 'forbidden' | null {
  if (value === null) return null;
  const symbol = value.trim().normalize('NFC');
  if ([...symbol].length > TimekeepingConfigLimits.symbolMaxLength) return 'tooLong';
  if (FORBIDDEN.test(symbol) || symbol.startsWith('=')) return 'forbidden';
  return null;
}

/**
 * The symbols written by keys of different kinds ("P" for paid and unpaid leave, say): a symbol
 * HR writes by hand would count two ways. Answers each clashing symbol with its keys.
 */
export function clashingSymbols(
  symbols: Readonly<Record<TimesheetSymbolKey, string | null>>,
): { symbol: string; keys: TimesheetSymbolKey[] }[] {
  const bySymbol = new Map<string, TimesheetSymbolKey[]>();
  for (const key of TIMESHEET_SYMBOL_KEYS) {
    const symbol = symbols[key]?.trim().normalize('NFC');
    if (!symbol) continue;
    bySymbol.set(symbol, [...(bySymbol.get(symbol) ?? []), key]);
  }
  return [...bySymbol]
    .filter(([, keys]) => new Set(keys.map((key) => SYMBOL_KINDS[key])).size > 1)
    .map(([symbol, keys]) => ({ symbol, keys }));
}

/** 'YYYY-MM' within the years a version may name. */
export function isConfigMonth(month: string): boolean {
  const match = /^(\d{4})-(0[1-9]|1[0-2])$/.exec(month);
  if (!match) return false;
  const year = Number(match[1]);
  return year >= TimekeepingConfigLimits.yearMin && year <= TimekeepingConfigLimits.yearMax;
}
