import Type from 'typebox';
import { FieldLimits } from '../limits.ts';
import { defineContract, type RecordOf } from '../resource/contract.ts';
import { f } from '../resource/fields.ts';
import { CommonLabels, label } from '../resource/label.ts';
import { ResourceTitles } from '../resource/titles.ts';

/*
 * The labour calendar (issue 30, docs/timekeeping-calendar.md): what kind of day a date is for a
 * tenant and a unit, and the statutory figures in force that day, all as effective-dated tenant
 * data. The holiday calendar itself is the holiday category (leave-categories.ts); its kinds are
 * declared here because the day types the resolver answers are built from them.
 */

/**
 * What a row of the holiday calendar is: a public holiday (Labour Code 2019 art. 112), the
 * compensatory day off of a holiday on a weekly rest day (art. 111(3)), a day the company gives
 * off, or one half of a swap the government's yearly schedule makes (a working day given off, and
 * the rest day worked in exchange: "nghỉ Thứ Sáu 02/01, làm bù Thứ Bảy 10/01").
 */
export const HOLIDAY_KINDS = [
  'PUBLIC_HOLIDAY',
  'COMPENSATORY_DAY_OFF',
  'COMPANY_DAY_OFF',
  'SWAPPED_DAY_OFF',
  'SWAPPED_WORKING_DAY',
] as const;
export type HolidayKind = (typeof HOLIDAY_KINDS)[number];

export const holidayKindField = f.enumOf({
  label: label('category.holiday.kind', 'Loại ngày', 'Kind of day'),
  defaultValue: 'PUBLIC_HOLIDAY' as HolidayKind,
  valueLabels: {
    PUBLIC_HOLIDAY: label('category.holiday.kindPublic', 'Nghỉ lễ, Tết', 'Public holiday'),
    COMPENSATORY_DAY_OFF: label('category.holiday.kindCompensatory', 'Nghỉ bù', 'Compensatory day off'),
    COMPANY_DAY_OFF: label('category.holiday.kindCompany', 'Nghỉ theo quy định công ty', 'Company day off'),
    SWAPPED_DAY_OFF: label('category.holiday.kindSwappedOff', 'Nghỉ hoán đổi', 'Day off in a swap'),
    SWAPPED_WORKING_DAY: label('category.holiday.kindSwappedWork', 'Làm bù', 'Rest day worked in a swap'),
  } satisfies Record<HolidayKind, unknown>,
  hint: label(
    'category.holiday.kindHint',
    'Làm bù: ngày nghỉ hằng tuần đi làm để đổi lấy một ngày nghỉ hoán đổi',
    'Rest day worked in a swap: a weekly rest day worked in exchange for a day off in a swap',
  ),
});

/** The first and last year the statutory days can be computed for (the lunar calendar on UTC+7). */
export const STATUTORY_YEARS = { min: 1968, max: 2199 } as const;

/** Which neighbour of 2 September is the second National Day holiday (art. 112(1)(đ)). */
export const NATIONAL_DAY_NEIGHBOURS = ['BEFORE', 'AFTER'] as const;
export type NationalDayNeighbour = (typeof NATIONAL_DAY_NEIGHBOURS)[number];

/** POST /api/om/holidays/generate-year: the statutory days of a year, computed. */
export const GenerateHolidayYearBody = Type.Object(
  {
    year: Type.Integer({ minimum: STATUTORY_YEARS.min, maximum: STATUTORY_YEARS.max }),
    /** 1 September (BEFORE, the default) or 3 September (AFTER) */
    nationalDayNeighbour: Type.Optional(Type.Enum(NATIONAL_DAY_NEIGHBOURS)),
  },
  { additionalProperties: false },
);
export type GenerateHolidayYearBody = Type.Static<typeof GenerateHolidayYearBody>;

/** Why a computed day was not written: the tenant has that code, or already a day there. */
export const GENERATE_SKIP_REASONS = ['CODE_EXISTS', 'DAY_TAKEN'] as const;
export const GeneratedHolidayYear = Type.Object({
  year: Type.Integer(),
  created: Type.Array(
    Type.Object({
      id: Type.String(),
      code: Type.String(),
      startDate: Type.String(),
      endDate: Type.String(),
      kind: Type.Enum(HOLIDAY_KINDS),
    }),
  ),
  skipped: Type.Array(
    Type.Object({
      code: Type.String(),
      startDate: Type.String(),
      endDate: Type.String(),
      reason: Type.Enum(GENERATE_SKIP_REASONS),
    }),
  ),
});
export type GeneratedHolidayYear = Type.Static<typeof GeneratedHolidayYear>;

/**
 * How a weekday is kept by a weekly-off rule: worked, off, off in the morning or the afternoon,
 * or off every other week (alternate Saturdays: off in the week of the rule's effective date, worked
 * the next, and so on).
 */
export const WEEKDAY_RULES = ['WORK', 'OFF', 'MORNING_OFF', 'AFTERNOON_OFF', 'ALTERNATE_OFF'] as const;
export type WeekdayRule = (typeof WEEKDAY_RULES)[number];

const weekdayRuleLabels = {
  WORK: label('weeklyOff.work', 'Làm việc', 'Worked'),
  OFF: label('weeklyOff.off', 'Nghỉ cả ngày', 'Off'),
  MORNING_OFF: label('weeklyOff.morningOff', 'Nghỉ buổi sáng', 'Morning off'),
  AFTERNOON_OFF: label('weeklyOff.afternoonOff', 'Nghỉ buổi chiều', 'Afternoon off'),
  ALTERNATE_OFF: label('weeklyOff.alternateOff', 'Nghỉ cách tuần', 'Off every other week'),
} satisfies Record<WeekdayRule, unknown>;

const weekday = (key: string, vi: string, en: string, defaultValue: WeekdayRule) =>
  f.enumOf({
    label: label(`weeklyOff.${key}`, vi, en),
    required: true,
    valueLabels: weekdayRuleLabels,
    defaultValue,
  });

const unitField = f.reference({
  label: label('labourCalendar.organizationUnit', 'Đơn vị áp dụng', 'Unit'),
  target: { resource: 'organization_unit', apiPath: '/api/om/organization-units', display: 'name' },
  hint: label(
    'labourCalendar.organizationUnitHint',
    'Để trống: toàn công ty; đơn vị cấp dưới theo quy định của đơn vị gần nhất',
    'Empty: the whole company; a unit follows the rule of its nearest unit that has one',
  ),
});

const effectiveDate = f.date({
  label: label('labourCalendar.effectiveDate', 'Ngày hiệu lực', 'Effective from'),
  required: true,
});

const note = f.text({
  label: label('labourCalendar.note', 'Ghi chú', 'Note'),
  maxLength: FieldLimits.note,
  multiline: true,
});

/**
 * Timekeeping › Config › Leave rules › Weekly days off (catalogues §2.1 week-off): which weekdays
 * are rest days, whole or half, from a date, for the company or a unit. The newest rule in force
 * of the nearest unit wins; with none, the tenant's working week (System › Configuration).
 */
export const weeklyOffRuleContract = defineContract({
  service: 'tm',
  path: 'weekly-off-rules',
  route: '/tm/week-off',
  permission: 'weekly_off',
  level: 'tenant',
  title: ResourceTitles.weekly_off,
  singular: label('weeklyOff.singular', 'Quy định ngày nghỉ hằng tuần', 'Weekly-off rule'),
  fields: {
    code: f.code(),
    name: f.text({ label: CommonLabels.name, maxLength: FieldLimits.name, required: true }),
    organizationUnitId: unitField,
    effectiveDate,
    monday: weekday('monday', 'Thứ Hai', 'Monday', 'WORK'),
    tuesday: weekday('tuesday', 'Thứ Ba', 'Tuesday', 'WORK'),
    wednesday: weekday('wednesday', 'Thứ Tư', 'Wednesday', 'WORK'),
    thursday: weekday('thursday', 'Thứ Năm', 'Thursday', 'WORK'),
    friday: weekday('friday', 'Thứ Sáu', 'Friday', 'WORK'),
    saturday: weekday('saturday', 'Thứ Bảy', 'Saturday', 'AFTERNOON_OFF'),
    sunday: weekday('sunday', 'Chủ nhật', 'Sunday', 'OFF'),
    note,
    status: f.status(),
  },
  columns: [
    'code',
    'name',
    'organizationUnitId',
    'effectiveDate',
    'saturday',
    'sunday',
    'status',
    'lastModifiedAt',
  ],
  keyword: ['code', 'name'],
  filters: ['status', 'code', 'organizationUnitId'],
  sort: ['code', 'name', 'effectiveDate', 'createdAt', 'lastModifiedAt'],
  defaultSort: { field: 'effectiveDate', direction: 'desc' },
  sections: [
    { title: CommonLabels.general, fields: ['code', 'name', 'organizationUnitId', 'effectiveDate', 'note'] },
    {
      title: label('weeklyOff.week', 'Các ngày trong tuần', 'The week'),
      fields: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'],
    },
  ],
  exportColumns: [
    'code',
    'name',
    'effectiveDate',
    'monday',
    'tuesday',
    'wednesday',
    'thursday',
    'friday',
    'saturday',
    'sunday',
    'note',
    'status',
    'createdAt',
    'lastModifiedAt',
  ],
  importColumns: [
    'code',
    'name',
    'effectiveDate',
    'monday',
    'tuesday',
    'wednesday',
    'thursday',
    'friday',
    'saturday',
    'sunday',
    'note',
  ],
});
export type WeeklyOffRuleRecord = RecordOf<typeof weeklyOffRuleContract>;

/** How a month's standard working days are found: a fixed number, or counted from the calendar. */
export const STANDARD_DAY_METHODS = ['FIXED', 'CALENDAR'] as const;
export type StandardDayMethod = (typeof STANDARD_DAY_METHODS)[number];

/** The most standard working days a month may be given (catalogues §5.2: working day max 99.999). */
export const MAX_STANDARD_DAYS = 31;

/**
 * Timekeeping › Config › Leave rules › Standard working days (catalogues §2.1 standard-working):
 * the working days of a full month's pay (ngày công chuẩn), from a date, for the company or a
 * unit: a fixed number (26 is common), or counted from the calendar (the month's days less its
 * weekly rest days, a half rest day counting half; public holidays and days off in lieu count as
 * worked, as they are paid).
 */
export const standardWorkingDayContract = defineContract({
  service: 'tm',
  path: 'standard-working-days',
  route: '/tm/standard-working',
  permission: 'standard_working_day',
  level: 'tenant',
  title: ResourceTitles.standard_working_day,
  singular: label('standardWorkingDay.singular', 'Quy định ngày công chuẩn', 'Standard working days rule'),
  fields: {
    code: f.code(),
    name: f.text({ label: CommonLabels.name, maxLength: FieldLimits.name, required: true }),
    organizationUnitId: unitField,
    effectiveDate,
    method: f.enumOf({
      label: label('standardWorkingDay.method', 'Cách tính', 'Method'),
      required: true,
      defaultValue: 'CALENDAR' as StandardDayMethod,
      valueLabels: {
        FIXED: label('standardWorkingDay.fixed', 'Số ngày cố định', 'A fixed number'),
        CALENDAR: label(
          'standardWorkingDay.calendar',
          'Theo lịch làm việc của tháng',
          "From the month's calendar",
        ),
      } satisfies Record<StandardDayMethod, unknown>,
    }),
    days: f.decimal({
      label: label('standardWorkingDay.days', 'Số ngày công chuẩn', 'Standard working days'),
      precision: 5,
      scale: 3,
      // the method's default is CALENDAR, which takes no number
      example: () => null,
      hint: label(
        'standardWorkingDay.daysHint',
        'Bắt buộc khi số ngày cố định: lớn hơn 0, tối đa 31',
        'Required for a fixed number: more than 0, at most 31',
      ),
    }),
    note,
    status: f.status(),
  },
  columns: [
    'code',
    'name',
    'organizationUnitId',
    'effectiveDate',
    'method',
    'days',
    'status',
    'lastModifiedAt',
  ],
  keyword: ['code', 'name'],
  filters: ['status', 'code', 'organizationUnitId', 'method'],
  sort: ['code', 'name', 'effectiveDate', 'createdAt', 'lastModifiedAt'],
  defaultSort: { field: 'effectiveDate', direction: 'desc' },
  sections: [
    {
      title: CommonLabels.general,
      fields: ['code', 'name', 'organizationUnitId', 'effectiveDate', 'method', 'days', 'note'],
    },
  ],
  exportColumns: [
    'code',
    'name',
    'effectiveDate',
    'method',
    'days',
    'note',
    'status',
    'createdAt',
    'lastModifiedAt',
  ],
  importColumns: ['code', 'name', 'effectiveDate', 'method', 'days', 'note'],
});
export type StandardWorkingDayRecord = RecordOf<typeof standardWorkingDayContract>;

/** The bounds of a rate in per cent: an overtime rate may be at most 10 times the day's. */
export const RATE_PERCENT = { min: 0, max: 1000 } as const;

const percent = (key: string, vi: string, en: string, hintVi: string, hintEn: string, lawful: number) =>
  f.integer({
    label: label(`labourRule.${key}`, vi, en),
    required: true,
    minimum: RATE_PERCENT.min,
    maximum: RATE_PERCENT.max,
    hint: label(`labourRule.${key}Hint`, hintVi, hintEn),
    example: (n: number) => lawful + (n % 10),
  });

const hours = (key: string, vi: string, en: string, hintVi: string, hintEn: string) =>
  f.decimal({
    label: label(`labourRule.${key}`, vi, en),
    required: true,
    precision: 5,
    scale: 3,
    example: () => '8',
    hint: label(`labourRule.${key}Hint`, hintVi, hintEn),
  });

/** An overtime cap in hours (numeric(6, 2)). */
const capHours = (key: string, vi: string, en: string, hintVi: string, hintEn: string, lawful: string) =>
  f.decimal({
    label: label(`labourRule.${key}`, vi, en),
    required: true,
    precision: 6,
    scale: 2,
    example: () => lawful,
    hint: label(`labourRule.${key}Hint`, hintVi, hintEn),
  });

const hourOfDay = (key: string, vi: string, en: string, lawful: number) =>
  f.integer({
    label: label(`labourRule.${key}`, vi, en),
    required: true,
    minimum: 0,
    maximum: 23,
    example: () => lawful,
  });

/**
 * Timekeeping › Config › Timekeeping rules: the statutory figures from a date (Labour Code 2019
 * art. 98, 105–106; Decree 145/2020 art. 57): normal hours a day and a week, the night window,
 * and the pay rates in whole per cent. Seeded per tenant with the law's minimums; a tenant may pay
 * more. The newest rule in force on a day applies to that day.
 */
export const labourRuleContract = defineContract({
  service: 'tm',
  path: 'labour-rules',
  route: '/tm/rules',
  permission: 'timekeeping',
  level: 'tenant',
  title: ResourceTitles.timekeeping,
  singular: label(
    'labourRule.singular',
    'Quy định giờ làm và tiền lương làm thêm',
    'Working-time and overtime rule',
  ),
  fields: {
    code: f.code(),
    name: f.text({ label: CommonLabels.name, maxLength: FieldLimits.name, required: true }),
    effectiveDate,
    normalHoursPerDay: hours(
      'normalHoursPerDay',
      'Giờ làm bình thường tối đa/ngày',
      'Normal hours a day, at most',
      'Điều 105: không quá 8 giờ',
      'Art. 105: at most 8',
    ),
    normalHoursPerWeek: hours(
      'normalHoursPerWeek',
      'Giờ làm bình thường tối đa/tuần',
      'Normal hours a week, at most',
      'Điều 105: không quá 48 giờ',
      'Art. 105: at most 48',
    ),
    nightStartHour: hourOfDay(
      'nightStartHour',
      'Giờ làm việc ban đêm từ (giờ)',
      'Night work from (hour)',
      22,
    ),
    nightEndHour: hourOfDay('nightEndHour', 'Giờ làm việc ban đêm đến (giờ)', 'Night work until (hour)', 6),
    overtimeWeekdayPercent: percent(
      'overtimeWeekdayPercent',
      'Làm thêm ngày thường (%)',
      'Overtime on a weekday (%)',
      'Ít nhất 150',
      'At least 150',
      150,
    ),
    overtimeRestDayPercent: percent(
      'overtimeRestDayPercent',
      'Làm thêm ngày nghỉ hằng tuần (%)',
      'Overtime on a weekly rest day (%)',
      'Ít nhất 200',
      'At least 200',
      200,
    ),
    overtimeHolidayPercent: percent(
      'overtimeHolidayPercent',
      'Làm thêm ngày lễ, Tết, ngày nghỉ có hưởng lương (%)',
      'Overtime on a public holiday or paid day off (%)',
      'Ít nhất 300, chưa kể tiền lương ngày lễ',
      "At least 300, besides the holiday's own pay",
      300,
    ),
    nightWorkPercent: percent(
      'nightWorkPercent',
      'Phụ cấp làm việc ban đêm (%)',
      'Night work supplement (%)',
      'Ít nhất 30',
      'At least 30',
      30,
    ),
    nightOvertimePercent: percent(
      'nightOvertimePercent',
      'Thêm khi làm thêm ban đêm (% tiền lương ban ngày)',
      'Night overtime extra (% of the daytime rate)',
      'Ít nhất 20',
      'At least 20',
      20,
    ),
    // the overtime caps (Labour Code 2019 art. 107(2); Decree 145/2020 art. 60, 62): overtime
    // registrations are refused past them (docs/overtime-registrations.md)
    overtimeDayPercent: f.integer({
      label: label(
        'labourRule.overtimeDayPercent',
        'Làm thêm tối đa/ngày (% giờ làm bình thường)',
        'Overtime a day, at most (% of normal hours)',
      ),
      required: true,
      minimum: 0,
      maximum: 100,
      hint: label(
        'labourRule.overtimeDayPercentHint',
        'Nghị định 145 Điều 60: không quá 50% số giờ làm việc bình thường của ngày',
        "Decree 145 art. 60: at most 50 % of the day's normal hours",
      ),
      example: () => 50,
    }),
    overtimeDayTotalHours: capHours(
      'overtimeDayTotalHours',
      'Tổng giờ làm bình thường và làm thêm tối đa/ngày',
      'Normal and overtime hours a day, at most',
      'Khi làm việc theo tuần, và ngày không có ca: không quá 12 giờ',
      'On a weekly schedule, and on a day without a shift: at most 12',
      '12',
    ),
    weeklySchedule: f.boolean({
      label: label(
        'labourRule.weeklySchedule',
        'Thời giờ làm việc bình thường theo tuần',
        'Normal hours set by the week',
      ),
      hint: label(
        'labourRule.weeklyScheduleHint',
        'Giới hạn ngày là tổng giờ trên, thay cho tỷ lệ %',
        "The day's cap is the total above instead of the share",
      ),
    }),
    overtimeMonthHours: capHours(
      'overtimeMonthHours',
      'Làm thêm tối đa/tháng (giờ)',
      'Overtime a month, at most (hours)',
      'Điều 107: không quá 40 giờ',
      'Art. 107: at most 40',
      '40',
    ),
    overtimeYearHours: capHours(
      'overtimeYearHours',
      'Làm thêm tối đa/năm (giờ)',
      'Overtime a year, at most (hours)',
      'Điều 107: không quá 200 giờ',
      'Art. 107: at most 200',
      '200',
    ),
    overtimeYearHoursListed: capHours(
      'overtimeYearHoursListed',
      'Làm thêm tối đa/năm của ngành, nghề được phép (giờ)',
      'Overtime a year in the listed sectors, at most (hours)',
      'Điều 107 khoản 3: không quá 300 giờ',
      'Art. 107(3): at most 300',
      '300',
    ),
    listedSector: f.boolean({
      label: label(
        'labourRule.listedSector',
        'Thuộc ngành, nghề được làm thêm đến 300 giờ/năm',
        'In a sector allowed up to 300 hours a year',
      ),
      hint: label(
        'labourRule.listedSectorHint',
        'Điều 107 khoản 3 Bộ luật Lao động, Điều 61 Nghị định 145',
        'Labour Code art. 107(3), Decree 145 art. 61',
      ),
    }),
    note,
    status: f.status(),
  },
  columns: [
    'code',
    'name',
    'effectiveDate',
    'overtimeWeekdayPercent',
    'overtimeRestDayPercent',
    'overtimeHolidayPercent',
    'status',
    'lastModifiedAt',
  ],
  keyword: ['code', 'name'],
  filters: ['status', 'code'],
  sort: ['code', 'name', 'effectiveDate', 'createdAt', 'lastModifiedAt'],
  defaultSort: { field: 'effectiveDate', direction: 'desc' },
  sections: [
    { title: CommonLabels.general, fields: ['code', 'name', 'effectiveDate', 'note'] },
    {
      title: label('labourRule.hoursSection', 'Thời giờ làm việc', 'Working time'),
      fields: ['normalHoursPerDay', 'normalHoursPerWeek', 'nightStartHour', 'nightEndHour'],
    },
    {
      title: label(
        'labourRule.ratesSection',
        'Tiền lương làm thêm giờ, làm việc ban đêm',
        'Overtime and night pay',
      ),
      fields: [
        'overtimeWeekdayPercent',
        'overtimeRestDayPercent',
        'overtimeHolidayPercent',
        'nightWorkPercent',
        'nightOvertimePercent',
      ],
    },
    {
      title: label('labourRule.overtimeCapsSection', 'Giới hạn làm thêm giờ', 'Overtime caps'),
      fields: [
        'overtimeDayPercent',
        'overtimeDayTotalHours',
        'weeklySchedule',
        'overtimeMonthHours',
        'overtimeYearHours',
        'overtimeYearHoursListed',
        'listedSector',
      ],
    },
  ],
  exportColumns: [
    'code',
    'name',
    'effectiveDate',
    'normalHoursPerDay',
    'normalHoursPerWeek',
    'nightStartHour',
    'nightEndHour',
    'overtimeWeekdayPercent',
    'overtimeRestDayPercent',
    'overtimeHolidayPercent',
    'nightWorkPercent',
    'nightOvertimePercent',
    'overtimeDayPercent',
    'overtimeDayTotalHours',
    'weeklySchedule',
    'overtimeMonthHours',
    'overtimeYearHours',
    'overtimeYearHoursListed',
    'listedSector',
    'note',
    'status',
    'createdAt',
    'lastModifiedAt',
  ],
  importColumns: [
    'code',
    'name',
    'effectiveDate',
    'normalHoursPerDay',
    'normalHoursPerWeek',
    'nightStartHour',
    'nightEndHour',
    'overtimeWeekdayPercent',
    'overtimeRestDayPercent',
    'overtimeHolidayPercent',
    'nightWorkPercent',
    'nightOvertimePercent',
    'overtimeDayPercent',
    'overtimeDayTotalHours',
    'weeklySchedule',
    'overtimeMonthHours',
    'overtimeYearHours',
    'overtimeYearHoursListed',
    'listedSector',
    'note',
  ],
});
export type LabourRuleRecord = RecordOf<typeof labourRuleContract>;

/** The resources of the labour calendar that the timekeeping micro-app draws. */
export const labourCalendarContracts = [
  weeklyOffRuleContract,
  standardWorkingDayContract,
  labourRuleContract,
] as const;

/**
 * What a day is, as the resolver answers it (services/tm/calendar): the holiday calendar's kinds
 * first, then the weekly-off rule's (a weekly rest day, a half rest day), else a working day.
 */
export const DAY_TYPES = [
  'WORKING_DAY',
  'WEEKLY_REST_DAY',
  'HALF_REST_DAY',
  'PUBLIC_HOLIDAY',
  'COMPENSATORY_DAY_OFF',
  'COMPANY_DAY_OFF',
  'SWAPPED_DAY_OFF',
  'SWAPPED_WORKING_DAY',
] as const;
export type DayType = (typeof DAY_TYPES)[number];

/**
 * Which overtime rate work on the day earns (Labour Code 2019 art. 98): a weekday's, a weekly rest
 * day's, or a public holiday's (also a paid day off: compensatory, or a company day off with pay).
 */
export const PAY_CLASSES = ['WEEKDAY', 'REST_DAY', 'HOLIDAY'] as const;
export type PayClass = (typeof PAY_CLASSES)[number];

/** Where a day's type comes from. */
export const DAY_SOURCES = ['HOLIDAY_CALENDAR', 'WEEKLY_OFF_RULE', 'CONFIGURATION', 'COMPENSATION'] as const;

const Day = Type.String({ format: 'date' });

/** GET /api/tm/calendar-days: the query. */
export const CalendarDaysQuery = Type.Object(
  {
    from: Day,
    to: Day,
    organizationUnitId: Type.Optional(Type.String({ format: 'uuid' })),
  },
  { additionalProperties: false },
);
export type CalendarDaysQuery = Type.Static<typeof CalendarDaysQuery>;

/** The most days one calendar read covers. */
export const MAX_CALENDAR_DAYS = 366;

export const CalendarDay = Type.Object({
  date: Day,
  type: Type.Enum(DAY_TYPES),
  payClass: Type.Enum(PAY_CLASSES),
  /** the half of a half rest day that is off */
  restHalf: Type.Union([Type.Enum(['MORNING', 'AFTERNOON'] as const), Type.Null()]),
  /** the day is paid without work (a public holiday, a paid day off) */
  paidOff: Type.Boolean(),
  source: Type.Enum(DAY_SOURCES),
  /** the holiday calendar's row, or the weekly-off rule, that decided it */
  sourceId: Type.Union([Type.String(), Type.Null()]),
  /** why, in words: the holiday's name, "Chủ nhật", "nghỉ bù Giỗ Tổ Hùng Vương (26/04/2026)" */
  reason: Type.String(),
  /** the same in English (a holiday's or a rule's name as the tenant wrote it) */
  reasonEn: Type.String(),
  /** the public holiday a compensatory day stands for */
  compensates: Type.Union([Day, Type.Null()]),
  labourRuleId: Type.Union([Type.String(), Type.Null()]),
  standardDays: Type.Union([Type.String(), Type.Null()]),
});
export type CalendarDay = Type.Static<typeof CalendarDay>;
