import { STATUTORY_NIGHT_WINDOW, type MinuteRange } from '@hcm/contracts/work-shifts';
import { and, desc, eq, lte, sql } from 'drizzle-orm';
import type { Tx } from '../../../db/database.ts';
import { labourRules } from '../calendar/tables.ts';

/**
 * The night window in force for the caller's tenant on a day, as clock minutes (22:00–06:00 is
 * 1320 → 360): the tenant's own is effective-dated data of the labour rules (Timekeeping › Config ›
 * Timekeeping rules, services/tm/calendar); the law's 22:00–06:00 (Labour Code 2019 art. 106) when
 * the tenant has no rule in force.
 */
export type NightWindowSource = (tx: Tx, day?: string) => Promise<MinuteRange>;

/**
 * The active labour rule with the latest effective date on or before `day` (default: the
 * database's today). Row-level security keeps the read to the caller's tenant.
 */
export const nightWindowInForce: NightWindowSource = async (tx, day) => {
  const [rule] = await tx
    .select({ start: labourRules.nightStartHour, end: labourRules.nightEndHour })
    .from(labourRules)
    .where(
      and(eq(labourRules.status, 'ACTIVE'), lte(labourRules.effectiveDate, day ?? sql<string>`current_date`)),
    )
    .orderBy(desc(labourRules.effectiveDate))
    .limit(1);
  return rule ? { start: rule.start * 60, end: rule.end * 60 } : STATUTORY_NIGHT_WINDOW;
};
