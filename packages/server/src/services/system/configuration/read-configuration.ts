import {
  DEFAULT_TIME_ZONE,
  DEFAULT_WORKING_WEEK,
  ACTION_LOG_RETENTION_MONTHS,
  EXPIRY_NOTICE_DAYS,
  LIFETIME_FIELDS,
  type Configuration,
  type LifetimeLimits,
} from '@hcm/contracts/system';
import { NUMBERING_KINDS } from '@hcm/contracts/resource';
import { WORKER_SELF_SERVICE_FIELDS, type WorkerSelfServiceField } from '@hcm/contracts/workers';
import { eq } from 'drizzle-orm';
import type { TokenConfig } from '../../../config.ts';
import type { Db } from '../../../db/database.ts';
import {
  systemConfiguration,
  tenantConfigurations,
  type StoredSettings,
} from '../../../db/tables/system-configuration.ts';

/** The server's own lifetimes (config.ts): the most a tenant may choose. */
export function lifetimeLimitsOf(tokens: TokenConfig): LifetimeLimits {
  return {
    refreshTtlSeconds: tokens.refreshTtlSeconds,
    sessionMaxAgeSeconds: tokens.sessionMaxAgeSeconds,
    rememberMeRefreshTtlSeconds: tokens.rememberMeRefreshTtlSeconds,
    rememberMeSessionMaxAgeSeconds: tokens.rememberMeSessionMaxAgeSeconds,
  };
}

/** What a portal nobody has configured uses: Vietnam's zone, Monday to Friday, the server's lifetimes. */
export function builtInSettings(tokens: TokenConfig): StoredSettings {
  return {
    timeZone: DEFAULT_TIME_ZONE,
    workingWeek: DEFAULT_WORKING_WEEK,
    ...lifetimeLimitsOf(tokens),
    // A server may let refresh tokens live longer than sessions (they end with the session);
    // the settings say idle ≤ absolute, so the defaults pass their own check.
    refreshTtlSeconds: Math.min(tokens.refreshTtlSeconds, tokens.sessionMaxAgeSeconds),
    rememberMeRefreshTtlSeconds: Math.min(
      tokens.rememberMeRefreshTtlSeconds,
      tokens.rememberMeSessionMaxAgeSeconds,
    ),
    language: 'vi',
    dateFormat: 'DD/MM/YYYY',
    workerSelfServiceFields: [...WORKER_SELF_SERVICE_FIELDS],
    // four eyes by default: a very small team may switch it off (docs/approvals.md)
    requesterMayApprove: false,
    employeeCodePattern: NUMBERING_KINDS.employeeCode.defaultPattern,
    contractNumberPattern: NUMBERING_KINDS.contractNumber.defaultPattern,
    contractExpiryNoticeDays: EXPIRY_NOTICE_DAYS.default,
    actionLogRetentionMonths: ACTION_LOG_RETENTION_MONTHS.default,
  };
}

/**
 * Settings saved when the server allowed longer lifetimes than it does now are held to today's
 * limits: the server's configuration always has the last word.
 */
function withinLimits(settings: StoredSettings, tokens: TokenConfig): StoredSettings {
  const limits = lifetimeLimitsOf(tokens);
  const held = { ...settings };
  for (const field of LIFETIME_FIELDS) held[field] = Math.min(settings[field], limits[field]);
  return held;
}

interface StoredRow {
  settings: StoredSettings;
  version: number;
  lastModifiedAt: Date;
}

const systemRow = async (db: Db): Promise<StoredRow | undefined> =>
  (await db.select().from(systemConfiguration).where(eq(systemConfiguration.id, 1)))[0];

/**
 * The configuration a caller edits: its tenant's (or, with none saved, the system defaults it
 * inherits, version 0), or for a system user (tenantId null) the system defaults. `db` must
 * see the tenant's row: the caller's scope, or the owner with app.tenant_id set.
 */
export async function readConfiguration(
  db: Db,
  tenantId: string | null,
  tokens: TokenConfig,
): Promise<Configuration> {
  const own =
    tenantId === null
      ? await systemRow(db)
      : (await db.select().from(tenantConfigurations).where(eq(tenantConfigurations.tenantId, tenantId)))[0];
  const inherited = tenantId !== null && !own;
  const source = own ?? (tenantId !== null ? await systemRow(db) : undefined);
  // Stored settings may lack a field added later: the built-in value fills it.
  const settings = withinLimits({ ...builtInSettings(tokens), ...source?.settings }, tokens);
  return {
    ...settings,
    workerSelfServiceFields: settings.workerSelfServiceFields ?? [...WORKER_SELF_SERVICE_FIELDS],
    requesterMayApprove: settings.requesterMayApprove ?? false,
    employeeCodePattern: settings.employeeCodePattern ?? NUMBERING_KINDS.employeeCode.defaultPattern,
    contractNumberPattern: settings.contractNumberPattern ?? NUMBERING_KINDS.contractNumber.defaultPattern,
    contractExpiryNoticeDays: settings.contractExpiryNoticeDays ?? EXPIRY_NOTICE_DAYS.default,
    actionLogRetentionMonths: settings.actionLogRetentionMonths ?? ACTION_LOG_RETENTION_MONTHS.default,
    version: own?.version ?? 0,
    scope: tenantId === null ? 'system' : 'tenant',
    inherited,
    limits: lifetimeLimitsOf(tokens),
    updatedAt: own ? own.lastModifiedAt.toISOString() : null,
  };
}

/**
 * The fields of their own record the tenant's employees may change (Configuration, "Employee
 * self-service"): the tenant's choice, else the system defaults', else the built-in ones. Read
 * in the caller's transaction (`db` sees the tenant's row under its scope).
 */
export async function readSelfServiceFields(
  db: Db,
  tenantId: string | null,
): Promise<readonly WorkerSelfServiceField[]> {
  const own =
    tenantId === null
      ? undefined
      : (await db.select().from(tenantConfigurations).where(eq(tenantConfigurations.tenantId, tenantId)))[0];
  const source = own ?? (await systemRow(db));
  return source?.settings.workerSelfServiceFields ?? WORKER_SELF_SERVICE_FIELDS;
}
