import { ErrorCodes, FieldErrorKeys, type FieldError } from '@hcm/contracts';
import {
  OVERTIME_MODES,
  TIMESHEET_SYMBOL_KEYS,
  TimekeepingConfigLimits as Limits,
  clashingSymbols,
  isConfigMonth,
  symbolProblem,
  type TimekeepingConfigBody,
  type TimekeepingConfigSaved,
  type TimesheetSymbolKey,
} from '@hcm/contracts/timekeeping-config';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../../db/database.ts';
import type { Scope } from '../../../db/tenant-scope.ts';
import { AppError, notFound, validationFailed } from '../../../http/errors.ts';
import type { JobQueue } from '../../../jobs/job-queue.ts';
import { recordActions, type ActionContext } from '../../../resources/action-log/record-actions.ts';
import { monthLocked } from '../timesheets/resource.ts';
import { CONFIG_RECOMPUTE_QUEUE, nextMonth, type ConfigRecomputeJob } from './recompute-months.ts';
import { DEFAULT_SETTINGS } from '../timesheet/symbols.ts';
import { settingsOfRow, versionInForce, type SettingsRow } from './settings-in-force.ts';

/** The action log's resource: the permission resource the page is guarded by. */
export const TIMEKEEPING_CONFIG_RESOURCE = 'timekeeping';

type Caller = Scope & { tenantId: string };
interface Deps {
  readonly queue: Pick<JobQueue, 'enqueue'>;
  readonly now: Date;
}
type Symbols = Record<TimesheetSymbolKey, string | null>;

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const bad = (field: string, code: string, message: string, params?: FieldError['params']): FieldError => ({
  field,
  code,
  message,
  ...(params ? { params } : {}),
});

/** 'YYYY-MM' to the page's "MM/yyyy". */
const shownMonth = (month: string) => `${month.slice(5)}/${month.slice(0, 4)}`;

function checkedMonth(month: string): string {
  if (!isConfigMonth(month))
    throw validationFailed(
      [bad('effectiveMonth', FieldErrorKeys.invalidValue, 'is not a month (YYYY-MM, 2000 to 2100)')],
      'Name the month the settings take effect from',
    );
  return month;
}

function checkedReason(reason: string): string {
  const trimmed = reason.trim();
  if (trimmed.length === 0)
    throw validationFailed([bad('reason', FieldErrorKeys.required, 'is required')], 'Say why');
  if (trimmed.length > Limits.reasonMaxLength)
    throw validationFailed(
      [
        bad('reason', FieldErrorKeys.maxlength, 'is too long', {
          required: Limits.reasonMaxLength,
          actual: trimmed.length,
        }),
      ],
      'The reason is too long',
    );
  return trimmed;
}

/**
 * The body's settings as stored, or 400 naming every field that is wrong: a symbol too long or
 * holding "/" (it joins two, "+/P"), a space or "=" first; one symbol written by keys that count
 * differently (work and leave, paid and unpaid); numbers out of range. A key the body leaves out
 * takes the seeded symbol.
 */
export function checkedSettings(body: TimekeepingConfigBody): {
  overtimeMode: TimekeepingConfigBody['overtimeMode'];
  overtimeMinimumMinutes: number;
  repeatPunchSeconds: number;
  symbols: Symbols;
} {
  const errors: FieldError[] = [];
  if (!OVERTIME_MODES.includes(body.overtimeMode))
    errors.push(bad('overtimeMode', FieldErrorKeys.invalidValue, `is one of ${OVERTIME_MODES.join(', ')}`));
  const whole = (field: string, value: number, max: number) => {
    if (!Number.isInteger(value) || value < 0)
      errors.push(
        bad(field, FieldErrorKeys.min, 'is a whole number, 0 or more', { required: 0, actual: value }),
      );
    else if (value > max)
      errors.push(bad(field, FieldErrorKeys.max, `is at most ${max}`, { required: max, actual: value }));
  };
  whole('overtimeMinimumMinutes', body.overtimeMinimumMinutes, Limits.overtimeMinimumMinutesMax);
  whole('repeatPunchSeconds', body.repeatPunchSeconds, Limits.repeatPunchSecondsMax);
  const symbols = {} as Symbols;
  for (const key of TIMESHEET_SYMBOL_KEYS) {
    const given = key in body.symbols ? (body.symbols[key] ?? null) : undefined;
    if (given === undefined) {
      symbols[key] = null;
      continue;
    }
    const problem = symbolProblem(given);
    if (problem === 'tooLong')
      errors.push(
        bad(`symbols.${key}`, FieldErrorKeys.maxlength, `is at most ${Limits.symbolMaxLength} characters`, {
          required: Limits.symbolMaxLength,
          actual: [...(given ?? '').trim()].length,
        }),
      );
    else if (problem === 'forbidden')
      errors.push(
        bad(`symbols.${key}`, FieldErrorKeys.invalidValue, 'may not hold "/", a space, or start with "="'),
      );
    const symbol = given === null ? null : given.trim().normalize('NFC');
    symbols[key] = symbol === '' ? null : symbol;
  }
  for (const clash of errors.length === 0 ? clashingSymbols(symbols) : [])
    for (const key of clash.keys)
      errors.push(
        bad(
          `symbols.${key}`,
          FieldErrorKeys.invalidValue,
          `"${clash.symbol}" is also written for ${clash.keys.filter((k) => k !== key).join(', ')}, which count differently`,
          { value: clash.symbol, keys: clash.keys.join(', ') },
        ),
      );
  if (errors.length > 0) throw validationFailed(errors, 'The settings are not valid');
  return {
    overtimeMode: body.overtimeMode,
    overtimeMinimumMinutes: body.overtimeMinimumMinutes,
    repeatPunchSeconds: body.repeatPunchSeconds,
    symbols,
  };
}

/**
 * The months a version effective from `month` governs end at the next version's month (null:
 * it governs every later month). 409 MONTH_LOCKED when any of them is locked for a unit (an
 * approved timesheet): the days of an approved month keep the symbols they were approved with;
 * reopen it, or let the settings take effect after it.
 */
async function governedMonths(tx: Tx, month: string): Promise<{ until: string | null }> {
  const [next] = rowsOf<{ effective_month: string }>(
    await tx.execute(sql`
      select effective_month from tm_timekeeping_settings
       where effective_month > ${month} order by effective_month limit 1`),
  );
  const until = next?.effective_month ?? null;
  const [locked] = rowsOf<{ month: string; code: string; unit: string }>(
    await tx.execute(sql`
      select t.month, t.code, u.name as unit
        from tm_timesheets t join organization_units u on u.id = t.organization_unit_id
       where t.approval_status = 'APPROVED' and t.month >= ${month}
         and (${until}::text is null or t.month < ${until}::text)
       order by t.month desc, t.code limit 1`),
  );
  if (locked)
    throw monthLocked(
      locked.month,
      `The timesheet ${locked.code} (${locked.unit}) of ${shownMonth(locked.month)} is approved and locks its month: reopen it, or let the settings take effect from ${shownMonth(nextMonth(locked.month))}`,
    );
  return { until };
}

/** What the engine computes with under a version (undefined: the seeded settings). */
const engineView = (row: SettingsRow | undefined) =>
  JSON.stringify(row ? settingsOfRow(row) : DEFAULT_SETTINGS);
/** Whether two versions compute every day alike: then no day is asked for again. */
const sameSettings = (a: SettingsRow | undefined, b: SettingsRow | undefined) =>
  engineView(a) === engineView(b);

async function askRecomputation(
  tx: Tx,
  deps: Deps,
  tenantId: string,
  from: string,
  until: string | null,
): Promise<void> {
  await deps.queue.enqueue<ConfigRecomputeJob>(tx, CONFIG_RECOMPUTE_QUEUE, [
    { data: { tenantId, from, until } },
  ]);
}

/** The version stored from `month`, locked until the change commits; undefined: none. */
async function storedForUpdate(
  tx: Tx,
  month: string,
): Promise<(SettingsRow & { version: number }) | undefined> {
  const [stored] = rowsOf<SettingsRow & { version: number }>(
    await tx.execute(sql`
      select overtime_mode, overtime_minimum_minutes, repeat_punch_seconds, symbols, version
        from tm_timekeeping_settings where effective_month = ${month} for update`),
  );
  return stored;
}

/**
 * Stores the version effective from `month` (a new month, or the one stored there replaced: its
 * `version` must be given and current, else 409), with its reason in the action log, and asks
 * the engine for the days of the months it governs again (a job: recompute-months.ts) when the
 * settings those days are computed with changed.
 */
export async function saveTimekeepingVersion(
  tx: Tx,
  caller: Caller,
  context: ActionContext,
  deps: Deps,
  monthAsked: string,
  body: TimekeepingConfigBody,
): Promise<TimekeepingConfigSaved> {
  const month = checkedMonth(monthAsked);
  const settings = checkedSettings(body);
  const reason = checkedReason(body.reason);
  const stored = await storedForUpdate(tx, month);
  if (stored && body.version !== stored.version)
    throw new AppError(
      409,
      ErrorCodes.conflict,
      body.version === undefined
        ? `Settings from ${shownMonth(month)} are stored already (version ${stored.version}): change those`
        : `The settings from ${shownMonth(month)} were changed by someone else (version ${stored.version}, not ${body.version}): reload them`,
    );
  if (!stored && body.version !== undefined)
    throw notFound(`No settings are stored from ${shownMonth(month)}`);
  const before = stored ?? (await versionInForce(tx, month));
  const { until } = await governedMonths(tx, month);
  const at = deps.now.toISOString();
  const symbols = JSON.stringify(settings.symbols);
  // a replacement updates the row read for update above; a new month inserts, and a second
  // request for the same new month at once finds the first's row: 409, never a silent overwrite
  const [saved] = rowsOf<{ version: number }>(
    stored
      ? await tx.execute(sql`
          update tm_timekeeping_settings
             set overtime_mode = ${settings.overtimeMode},
                 overtime_minimum_minutes = ${settings.overtimeMinimumMinutes},
                 repeat_punch_seconds = ${settings.repeatPunchSeconds}, symbols = ${symbols}::jsonb,
                 reason = ${reason}, version = version + 1,
                 last_modified_at = ${at}::timestamptz, last_modified_by = ${caller.userId}::uuid
           where effective_month = ${month}
          returning version`)
      : await tx.execute(sql`
          insert into tm_timekeeping_settings
            (tenant_id, effective_month, overtime_mode, overtime_minimum_minutes, repeat_punch_seconds, symbols,
             reason, created_at, created_by, last_modified_at, last_modified_by)
          values (${caller.tenantId}::uuid, ${month}, ${settings.overtimeMode}, ${settings.overtimeMinimumMinutes},
                  ${settings.repeatPunchSeconds}, ${symbols}::jsonb, ${reason}, ${at}::timestamptz,
                  ${caller.userId}::uuid, ${at}::timestamptz, ${caller.userId}::uuid)
          on conflict (tenant_id, effective_month) do nothing
          returning version`),
  );
  if (!saved)
    throw new AppError(
      409,
      ErrorCodes.conflict,
      `Settings from ${shownMonth(month)} were stored by someone else a moment ago: reload them`,
    );
  const after = {
    effective_month: month,
    overtime_mode: settings.overtimeMode,
    overtime_minimum_minutes: settings.overtimeMinimumMinutes,
    repeat_punch_seconds: settings.repeatPunchSeconds,
    symbols: settings.symbols,
  };
  await recordActions(tx, context, [
    {
      resource: TIMEKEEPING_CONFIG_RESOURCE,
      recordId: `config/${month}`,
      action: stored ? 'UPDATE' : 'CREATE',
      changes: changesOf(stored, after, reason),
    },
  ]);
  if (!sameSettings(before, after)) await askRecomputation(tx, deps, caller.tenantId, month, until);
  return { effectiveMonth: month, version: saved.version, recomputed: { from: month, until } };
}

/**
 * Removes the version effective from `month` (its `version` current, else 409): the months it
 * governed take the version before it (or the seeded settings) and are computed again.
 */
export async function removeTimekeepingVersion(
  tx: Tx,
  caller: Caller,
  context: ActionContext,
  deps: Deps,
  monthAsked: string,
  input: { reason: string; version: number },
): Promise<TimekeepingConfigSaved> {
  const month = checkedMonth(monthAsked);
  const reason = checkedReason(input.reason);
  const stored = await storedForUpdate(tx, month);
  if (!stored) throw notFound(`No settings are stored from ${shownMonth(month)}`);
  if (input.version !== stored.version)
    throw new AppError(
      409,
      ErrorCodes.conflict,
      `The settings from ${shownMonth(month)} were changed by someone else (version ${stored.version}, not ${input.version}): reload them`,
    );
  const { until } = await governedMonths(tx, month);
  await tx.execute(sql`delete from tm_timekeeping_settings where effective_month = ${month}`);
  const previous = await versionInForce(tx, month);
  await recordActions(tx, context, [
    {
      resource: TIMEKEEPING_CONFIG_RESOURCE,
      recordId: `config/${month}`,
      action: 'DELETE',
      changes: changesOf(stored, undefined, reason),
    },
  ]);
  if (!sameSettings(stored, previous)) await askRecomputation(tx, deps, caller.tenantId, month, until);
  return { effectiveMonth: month, version: null, recomputed: { from: month, until } };
}

/** The action log's changes: each setting that differs, and the reason. */
function changesOf(before: SettingsRow | undefined, after: SettingsRow | undefined, reason: string) {
  const fields = ['overtime_mode', 'overtime_minimum_minutes', 'repeat_punch_seconds'] as const;
  const names = {
    overtime_mode: 'overtimeMode',
    overtime_minimum_minutes: 'overtimeMinimumMinutes',
    repeat_punch_seconds: 'repeatPunchSeconds',
  };
  const changes: Record<string, { before: unknown; after: unknown }> = {};
  for (const field of fields)
    if ((before?.[field] ?? null) !== (after?.[field] ?? null))
      changes[names[field]] = { before: before?.[field] ?? null, after: after?.[field] ?? null };
  // as read (settingsOfRow): a version stored before a key existed gives it its seeded symbol
  const wasSymbols = before ? settingsOfRow(before).symbols : undefined;
  const isSymbols = after ? settingsOfRow(after).symbols : undefined;
  for (const key of TIMESHEET_SYMBOL_KEYS) {
    const was = wasSymbols?.[key] ?? null;
    const is = isSymbols?.[key] ?? null;
    if (was !== is) changes[`symbols.${key}`] = { before: was, after: is };
  }
  changes.reason = { before: null, after: reason };
  return changes;
}
