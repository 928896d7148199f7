import type { WeekdayName } from './days.ts';
import type { WeekState } from './weekly.ts';

/*
 * Why a day is what it is, in the two languages of the product: a resolved day carries both
 * (`reason`, `reasonEn`). A holiday's and a rule's names are the tenant's own words, quoted as
 * they are.
 */

/** A text in Vietnamese and English. */
export interface Said {
  readonly vi: string;
  readonly en: string;
}

const WEEKDAYS: Record<WeekdayName, Said> = {
  monday: { vi: 'Thứ Hai', en: 'Monday' },
  tuesday: { vi: 'Thứ Ba', en: 'Tuesday' },
  wednesday: { vi: 'Thứ Tư', en: 'Wednesday' },
  thursday: { vi: 'Thứ Năm', en: 'Thursday' },
  friday: { vi: 'Thứ Sáu', en: 'Friday' },
  saturday: { vi: 'Thứ Bảy', en: 'Saturday' },
  sunday: { vi: 'Chủ nhật', en: 'Sunday' },
};

const STATES: Record<WeekState, Said> = {
  WORK: { vi: 'Ngày làm việc', en: 'Working day' },
  OFF: { vi: 'Nghỉ hằng tuần', en: 'Weekly rest day' },
  MORNING_OFF: { vi: 'Nghỉ buổi sáng', en: 'Morning off' },
  AFTERNOON_OFF: { vi: 'Nghỉ buổi chiều', en: 'Afternoon off' },
};

/** dd/MM/yyyy, as both languages write a day on these pages */
const shown = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;

/** A day of the weekly rules: "Nghỉ hằng tuần: Thứ Bảy (Cấu hình hệ thống)". `rule` null: the configuration. */
export function weeklyReason(state: WeekState, weekday: WeekdayName, rule: string | null): Said {
  const by: Said =
    rule === null ? { vi: 'Cấu hình hệ thống', en: 'System configuration' } : { vi: rule, en: rule };
  return {
    vi: `${STATES[state].vi}: ${WEEKDAYS[weekday].vi} (${by.vi})`,
    en: `${STATES[state].en}: ${WEEKDAYS[weekday].en} (${by.en})`,
  };
}

/** A row of the holiday calendar, and the holiday it stands for when it is a day off in lieu. */
export function calendarReason(name: string, compensates: { name: string; day: string } | null): Said {
  if (!compensates) return { vi: name, en: name };
  return {
    vi: `${name} (nghỉ bù ${compensates.name} ${shown(compensates.day)})`,
    en: `${name} (in lieu of ${compensates.name} ${shown(compensates.day)})`,
  };
}

/** A day off in lieu the resolver gives itself (no row of the calendar). */
export function compensationReason(holiday: string, day: string): Said {
  return {
    vi: `Nghỉ bù ${holiday} ${shown(day)} (trùng ngày nghỉ hằng tuần)`,
    en: `Day off in lieu of ${holiday} ${shown(day)} (on a weekly rest day)`,
  };
}
