import type { WeekdayRule } from '@hcm/contracts/labour-calendar';
import type { WorkingWeek } from '@hcm/contracts/system';
import { daysBetween, mondayOf, weekdayOf, type WeekdayName } from './days.ts';

/** A weekly-off rule as the resolver reads it, with how far its unit is from the asked one. */
export interface WeeklyRule {
  readonly id: string;
  readonly name: string;
  readonly effectiveDate: string;
  /** 0: the unit itself, 1: its parent…; null: the whole tenant */
  readonly depth: number | null;
  readonly week: Readonly<Record<WeekdayName, WeekdayRule>>;
}

/** What a day is by the weekly rules: worked, a whole rest day, or half of one. */
export type WeekState = 'WORK' | 'OFF' | 'MORNING_OFF' | 'AFTERNOON_OFF';

export interface WeekDay {
  readonly state: WeekState;
  /** the rule that decided, or null: the tenant's working week (System › Configuration) */
  readonly rule: WeeklyRule | null;
}

const FROM_CONFIGURATION: Record<WorkingWeek[WeekdayName], WeekState> = {
  FULL: 'WORK',
  HALF: 'AFTERNOON_OFF',
  OFF: 'OFF',
};

/**
 * The rule that applies on a day: the nearest unit's (the unit itself, then its parent, and so
 * on, then the tenant's), and of that unit's rules the newest in force on the day. A unit's own
 * rule thus stays until that unit's next rule, whatever the tenant changes later.
 */
export function ruleOn(rules: readonly WeeklyRule[], day: string): WeeklyRule | null {
  let best: WeeklyRule | null = null;
  const rank = (rule: WeeklyRule) => rule.depth ?? Number.MAX_SAFE_INTEGER;
  for (const rule of rules) {
    if (rule.effectiveDate > day) continue;
    if (
      !best ||
      rank(rule) < rank(best) ||
      (rank(rule) === rank(best) && rule.effectiveDate > best.effectiveDate)
    )
      best = rule;
  }
  return best;
}

/**
 * What the weekly rules make of a day; with no rule in force, the tenant's working week (a HALF
 * day there is a Saturday morning worked: its afternoon is off). Alternate weeks count from the
 * week of the rule's effective date, which is a week off.
 */
export function weekDayOf(rules: readonly WeeklyRule[], workingWeek: WorkingWeek, day: string): WeekDay {
  const weekday = weekdayOf(day);
  const rule = ruleOn(rules, day);
  if (!rule) return { state: FROM_CONFIGURATION[workingWeek[weekday]], rule: null };
  const kept = rule.week[weekday];
  if (kept !== 'ALTERNATE_OFF') return { state: kept, rule };
  const weeks = daysBetween(mondayOf(rule.effectiveDate), mondayOf(day)) / 7;
  return { state: weeks % 2 === 0 ? 'OFF' : 'WORK', rule };
}

/** How much of a day the weekly rules have worked: 1, ½ or 0 (standard working days). */
export const workedShare = (state: WeekState): number => (state === 'WORK' ? 1 : state === 'OFF' ? 0 : 0.5);
