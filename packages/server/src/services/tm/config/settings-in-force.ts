import {
  TIMESHEET_SYMBOL_KEYS,
  storedVersionSymbols,
  type OvertimeMode,
  type TimekeepingConfigVersion,
} from '@hcm/contracts/timekeeping-config';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../../db/database.ts';
import { VIETNAM_OFFSET_MINUTES, type SettingsSource } from '../timesheet/inputs.ts';
import { DEFAULT_SETTINGS, withSymbols } from '../timesheet/symbols.ts';
import type { TimesheetSettings } from '../timesheet/types.ts';

/** A stored version as read (snake case, the columns of migration 0064). */
export interface VersionRow {
  effective_month: string;
  overtime_mode: OvertimeMode;
  overtime_minimum_minutes: number;
  repeat_punch_seconds: number;
  symbols: Record<string, string | null>;
  reason: string;
  version: number;
  changed_by: string | null;
  changed_by_name: string | null;
  changed_at: string | Date;
}

/** What the engine computes with, of a stored version. */
export type SettingsRow = Pick<
  VersionRow,
  'overtime_mode' | 'overtime_minimum_minutes' | 'repeat_punch_seconds' | 'symbols'
>;

const COLUMNS = sql`s.effective_month, s.overtime_mode, s.overtime_minimum_minutes, s.repeat_punch_seconds,
  s.symbols, s.reason, s.version, s.last_modified_by as changed_by, u.full_name as changed_by_name,
  s.last_modified_at as changed_at`;
const FROM = sql`tm_timekeeping_settings s left join users u on u.id = s.last_modified_by`;

/**
 * The engine's settings of a stored version. Only the keys the page sets (a key dropped later must
 * not reach the engine); a key added after the version was stored (PAID_PERSONAL, migration 0070)
 * writes its seeded symbol, or what its days wrote before when the version gives that symbol to a
 * key of another kind (storedVersionSymbols, @hcm/contracts/timekeeping-config).
 */
export function settingsOfRow(row: SettingsRow): TimesheetSettings {
  return {
    overtimeMode: row.overtime_mode,
    overtimeMinimumMinutes: row.overtime_minimum_minutes,
    repeatPunchSeconds: row.repeat_punch_seconds,
    symbols: withSymbols(storedVersionSymbols(row.symbols)),
  };
}

/** A stored version as the API answers it. */
export function versionOfRow(row: VersionRow): TimekeepingConfigVersion {
  const settings = settingsOfRow(row);
  const symbols = Object.fromEntries(
    TIMESHEET_SYMBOL_KEYS.map((key) => [key, settings.symbols[key] ?? null]),
  );
  return {
    effectiveMonth: row.effective_month,
    overtimeMode: settings.overtimeMode,
    overtimeMinimumMinutes: settings.overtimeMinimumMinutes,
    repeatPunchSeconds: settings.repeatPunchSeconds,
    symbols: symbols as TimekeepingConfigVersion['symbols'],
    reason: row.reason,
    version: row.version,
    changedBy: row.changed_by,
    changedByName: row.changed_by_name,
    changedAt: new Date(row.changed_at).toISOString(),
  };
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** The version in force in `month` ('YYYY-MM'): the latest from that month or before; none: undefined. */
export async function versionInForce(tx: Tx, month: string): Promise<VersionRow | undefined> {
  return rowsOf<VersionRow>(
    await tx.execute(sql`
      select ${COLUMNS} from ${FROM}
       where s.effective_month <= ${month} order by s.effective_month desc limit 1`),
  )[0];
}

/** Every stored version of the caller's tenant, newest month first. */
export async function allVersions(tx: Tx, limit: number): Promise<VersionRow[]> {
  return rowsOf<VersionRow>(
    await tx.execute(sql`select ${COLUMNS} from ${FROM} order by s.effective_month desc limit ${limit}`),
  );
}

/**
 * The engine's SettingsSource in the running product: the tenant's version in force in the
 * month (row-level security keeps it to the transaction's tenant), else the seeded settings.
 */
export const storedTimekeepingSettings: SettingsSource = {
  settings: async (tx, month) => {
    const row = await versionInForce(tx, month);
    return {
      settings: row ? settingsOfRow(row) : DEFAULT_SETTINGS,
      utcOffsetMinutes: VIETNAM_OFFSET_MINUTES,
    };
  },
};
