import { ErrorCodes, FieldErrorKeys, type FieldError } from '@hcm/contracts';
import {
  isKnownTimeZone,
  LIFETIME_FIELDS,
  type Configuration,
  type ConfigurationBody,
} from '@hcm/contracts/system';
import { NUMBERING_KINDS, numberingPatternError } from '@hcm/contracts/resource';
import { and, eq } from 'drizzle-orm';
import type { TokenConfig } from '../../../config.ts';
import type { Db } from '../../../db/database.ts';
import {
  systemConfiguration,
  tenantConfigurations,
  type StoredSettings,
} from '../../../db/tables/system-configuration.ts';
import { AppError, validationFailed } from '../../../http/errors.ts';
import {
  diffRecords,
  recordActions,
  type ActionContext,
} from '../../../resources/action-log/record-actions.ts';
import { lifetimeLimitsOf, readConfiguration } from './read-configuration.ts';

const staleVersion = () =>
  new AppError(
    409,
    ErrorCodes.conflict,
    'The configuration was changed by someone else since it was read: reload it and try again',
  );

/**
 * The rules the schema cannot say: a zone Intl knows, a week with a working day (approval steps
 * in working days count them), lifetimes within the server's, idle ≤ absolute.
 */
export function configurationErrors(body: ConfigurationBody, tokens: TokenConfig): FieldError[] {
  const errors: FieldError[] = [];
  if (!isKnownTimeZone(body.timeZone))
    errors.push({
      field: 'timeZone',
      code: FieldErrorKeys.invalidValue,
      message: 'is not a known time zone',
    });
  if (Object.values(body.workingWeek).every((kind) => kind === 'OFF'))
    errors.push({
      field: 'workingWeek',
      code: FieldErrorKeys.invalidValue,
      message: 'needs at least one working day',
    });
  const limits = lifetimeLimitsOf(tokens);
  for (const field of LIFETIME_FIELDS)
    if (body[field] > limits[field])
      errors.push({
        field,
        code: FieldErrorKeys.max,
        message: `must not exceed the server's ${limits[field]} seconds`,
        params: { required: limits[field], actual: body[field] },
      });
  const pairs = [
    ['refreshTtlSeconds', 'sessionMaxAgeSeconds'],
    ['rememberMeRefreshTtlSeconds', 'rememberMeSessionMaxAgeSeconds'],
  ] as const;
  for (const [idle, absolute] of pairs)
    if (body[idle] > body[absolute])
      errors.push({
        field: idle,
        code: FieldErrorKeys.max,
        message: `must not exceed ${absolute}`,
        params: { required: body[absolute], actual: body[idle] },
      });
  errors.push(...numberingPatternErrors(body));
  return errors;
}

/** A numbering pattern that is not one, or whose numbers the field would refuse (numbering.ts). */
function numberingPatternErrors(body: ConfigurationBody): FieldError[] {
  const patterns = [
    ['employeeCodePattern', 'employeeCode'],
    ['contractNumberPattern', 'contractNumber'],
  ] as const;
  return patterns.flatMap(([field, kind]) => {
    const pattern = body[field];
    const error = pattern === undefined ? null : numberingPatternError(kind, pattern);
    return error === null
      ? []
      : [
          {
            field,
            code: FieldErrorKeys.pattern,
            message: `${error} (for example ${NUMBERING_KINDS[kind].defaultPattern})`,
          },
        ];
  });
}

/**
 * Saves the caller's configuration (its tenant's, or the system defaults for a system user) if
 * `body.version` is the version stored (0: nothing saved yet), and logs the changed fields as
 * resource `configuration` in the same transaction. `tx` is the caller's scope.
 */
export async function updateConfiguration(
  tx: Db,
  context: ActionContext,
  body: ConfigurationBody,
  tokens: TokenConfig,
): Promise<Configuration> {
  const errors = configurationErrors(body, tokens);
  if (errors.length > 0) throw validationFailed(errors);
  const { tenantId, userId } = context.scope;
  const before = await readConfiguration(tx, tenantId, tokens);
  const { version, ...settings } = body satisfies ConfigurationBody;
  // a body without the self-service fields (or the four-eyes setting) keeps those chosen
  // before: a client that predates them; repeats are dropped
  const stored: StoredSettings = {
    ...settings,
    workerSelfServiceFields: [...new Set(settings.workerSelfServiceFields ?? before.workerSelfServiceFields)],
    requesterMayApprove: settings.requesterMayApprove ?? before.requesterMayApprove,
    employeeCodePattern: settings.employeeCodePattern ?? before.employeeCodePattern,
    contractNumberPattern: settings.contractNumberPattern ?? before.contractNumberPattern,
    contractExpiryNoticeDays: settings.contractExpiryNoticeDays ?? before.contractExpiryNoticeDays,
    actionLogRetentionMonths: settings.actionLogRetentionMonths ?? before.actionLogRetentionMonths,
  };
  const now = new Date();
  const written = { settings: stored, lastModifiedAt: now, lastModifiedBy: userId };
  let rows: unknown[];
  if (version === 0) {
    // The first save: a concurrent first save makes the insert hit the key, also a stale read.
    rows =
      tenantId === null
        ? await tx
            .insert(systemConfiguration)
            .values({ id: 1, ...written })
            .onConflictDoNothing()
            .returning()
        : await tx
            .insert(tenantConfigurations)
            .values({ tenantId, ...written })
            .onConflictDoNothing()
            .returning();
  } else {
    rows =
      tenantId === null
        ? await tx
            .update(systemConfiguration)
            .set({ ...written, version: version + 1 })
            .where(and(eq(systemConfiguration.id, 1), eq(systemConfiguration.version, version)))
            .returning()
        : await tx
            .update(tenantConfigurations)
            .set({ ...written, version: version + 1 })
            .where(
              and(eq(tenantConfigurations.tenantId, tenantId), eq(tenantConfigurations.version, version)),
            )
            .returning();
  }
  if (rows.length === 0) throw staleVersion();
  const after = await readConfiguration(tx, tenantId, tokens);
  const fields = Object.keys(stored);
  await recordActions(tx, context, [
    {
      resource: 'configuration',
      recordId: tenantId ?? 'system',
      action: version === 0 ? 'CREATE' : 'UPDATE',
      changes: diffRecords(before, after, fields),
    },
  ]);
  return after;
}
