import type { FieldError } from '@hcm/contracts';
import { OvertimeCapErrorKeys, type OvertimeCap } from '@hcm/contracts/overtime-registrations';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../../db/database.ts';

/*
 * The overtime caps of a registration (docs/overtime-registrations.md, "The caps"): the labour
 * rule in force on its day gives them (labour_rules, effective-dated: Labour Code 2019 art. 107,
 * Decree 145/2020 art. 60–61), the work calendars give the day's normal hours, and the worker's
 * other registrations still standing (NEW, WAIT_APPROVE, IN_APPROVE, APPROVED) what is used.
 */

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** The caps of the labour rule in force on a day, in minutes. */
export interface OvertimeCaps {
  /** overtime a day at most, as a share of the day's normal minutes (per cent) */
  readonly dayPercent: number;
  /** normal and overtime minutes a day at most (a weekly schedule, a day without a shift) */
  readonly dayTotalMinutes: number;
  readonly weeklySchedule: boolean;
  readonly monthMinutes: number;
  /** the year's cap that applies: the listed sectors' when the tenant says it is in one */
  readonly yearMinutes: number;
}

/** The statuses whose registrations count against the caps: every one not refused or canceled. */
export const STANDING_STATUSES = ['NEW', 'WAIT_APPROVE', 'IN_APPROVE', 'APPROVED'] as const;

const minutesOf = (hours: string | number) => Math.round(Number(hours) * 60);

/** The newest ACTIVE labour rule in force on `day`, or null when the tenant has none. */
export async function capsOn(tx: Tx, day: string): Promise<OvertimeCaps | null> {
  const [rule] = rowsOf<{
    day_percent: number;
    day_total: string;
    weekly: boolean;
    month: string;
    year: string;
    year_listed: string;
    listed: boolean;
  }>(
    await tx.execute(sql`
      select overtime_day_percent as day_percent, overtime_day_total_hours as day_total,
             weekly_schedule as weekly, overtime_month_hours as month, overtime_year_hours as year,
             overtime_year_hours_listed as year_listed, listed_sector as listed
        from labour_rules
       where status = 'ACTIVE' and effective_date <= ${day}::date
       order by effective_date desc
       limit 1`),
  );
  if (!rule) return null;
  return {
    dayPercent: Number(rule.day_percent),
    dayTotalMinutes: minutesOf(rule.day_total),
    weeklySchedule: rule.weekly,
    monthMinutes: minutesOf(rule.month),
    yearMinutes: minutesOf(rule.listed ? rule.year_listed : rule.year),
  };
}

/**
 * The day's cap for a worker whose shift that day has `normalMinutes` of work: a day without a
 * shift (a rest day, a holiday) the day's total alone; on a weekly schedule the total less the
 * normal hours; otherwise the share of the normal hours, and never past the total either.
 */
export function dayCapMinutes(caps: OvertimeCaps, normalMinutes: number): number {
  const left = Math.max(0, caps.dayTotalMinutes - normalMinutes);
  if (normalMinutes <= 0 || caps.weeklySchedule) return left;
  return Math.min(Math.floor((caps.dayPercent * normalMinutes) / 100), left);
}

/** Minutes already registered in the day, its month and its calendar year. */
export interface UsedMinutes {
  readonly day: number;
  readonly month: number;
  readonly year: number;
}

/**
 * The worker's standing registrations' minutes in the day, month and calendar year of `day`, one
 * statement on the (tenant, worker, date) index; `except` (the registration being changed or
 * approved) left out.
 */
export async function usedMinutes(
  tx: Tx,
  workerId: string,
  day: string,
  except: string | null,
): Promise<UsedMinutes> {
  const year = day.slice(0, 4);
  const month = day.slice(0, 7);
  const [row] = rowsOf<{ day: number | null; month: number | null; year: number | null }>(
    await tx.execute(sql`
      select sum(minutes) filter (where work_date = ${day}::date)::integer as day,
             sum(minutes) filter (where to_char(work_date, 'YYYY-MM') = ${month})::integer as month,
             sum(minutes)::integer as year
        from tm_overtime_registrations
       where worker_id = ${workerId}::uuid
         and work_date between ${`${year}-01-01`}::date and ${`${year}-12-31`}::date
         and approval_status in (${sql.join(
           STANDING_STATUSES.map((status) => sql`${status}`),
           sql`, `,
         )})
         and (${except}::uuid is null or id <> ${except}::uuid)`),
  );
  return { day: row?.day ?? 0, month: row?.month ?? 0, year: row?.year ?? 0 };
}

/** Minutes as hours the way a person reads them: 150 → 2.5, 120 → 2, 20 → 0.33. */
export function hoursOf(minutes: number): number {
  return Math.round((minutes / 60) * 100) / 100;
}

const CAP_WORDS: Readonly<Record<OvertimeCap, [string, string]>> = {
  DAY: ['daily', 'that day'],
  MONTH: ['monthly', 'this month'],
  YEAR: ['yearly', 'this year'],
};

/**
 * The first cap `asked` more minutes would pass (the day's, the month's, then the year's), as
 * the field error of `field`: its key names the cap and its values the cap's hours, the hours
 * already registered and those asked for ("exceeds the monthly cap of 40 h: 38 h already
 * registered this month"). Exactly at a cap passes.
 */
export function capError(
  field: string,
  asked: number,
  used: UsedMinutes,
  caps: OvertimeCaps,
  normalMinutes: number,
): FieldError | null {
  const limits: [OvertimeCap, number, number][] = [
    ['DAY', dayCapMinutes(caps, normalMinutes), used.day],
    ['MONTH', caps.monthMinutes, used.month],
    ['YEAR', caps.yearMinutes, used.year],
  ];
  for (const [cap, limit, already] of limits) {
    if (already + asked <= limit) continue;
    const [adjective, period] = CAP_WORDS[cap];
    return {
      field,
      code: OvertimeCapErrorKeys[cap],
      message: `exceeds the ${adjective} cap of ${hoursOf(limit)} h: ${hoursOf(already)} h already registered ${period}, ${hoursOf(asked)} h asked`,
      params: { limit: hoursOf(limit), used: hoursOf(already), asked: hoursOf(asked) },
    };
  }
  return null;
}
