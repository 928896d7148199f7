import { ErrorCodes, FieldErrorKeys, type FieldError } from '@hcm/contracts';
import {
  DEFAULT_DIRECTORY_SETTINGS,
  type DirectorySettings,
  type DirectorySettingsBody,
} from '@hcm/contracts/directory';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/database.ts';
import { inScope } from '../../../db/tenant-scope.ts';
import {
  directoryBindSecrets,
  directorySettings,
  type StoredDirectorySettings,
} from '../tables/directory.ts';
import { AppError, validationFailed } from '../../../http/errors.ts';
import {
  diffRecords,
  recordActions,
  type ActionContext,
} from '../../../resources/action-log/record-actions.ts';
import { isValidFilter } from './directory-client.ts';

/** The tenant's settings as the API answers them (the defaults, version 0, when none is saved). */
export async function readDirectorySettings(db: Db, tenantId: string): Promise<DirectorySettings> {
  const row = await inScope(db, { tenantId, userId: null }, async (tx) => {
    const [found] = await tx.select().from(directorySettings).where(eq(directorySettings.tenantId, tenantId));
    return found;
  });
  // The secret is the owner connection's: the application role cannot even see whether it exists.
  const [secret] = await db
    .select({ tenantId: directoryBindSecrets.tenantId })
    .from(directoryBindSecrets)
    .where(eq(directoryBindSecrets.tenantId, tenantId));
  if (!row) return { ...DEFAULT_DIRECTORY_SETTINGS, bindPasswordSet: secret !== undefined };
  return {
    ...row.settings,
    version: row.version,
    bindPasswordSet: secret !== undefined,
    lastSync: row.lastSync,
  };
}

/** The saved settings with the bind password, for a bind (owner connection); null: none saved. */
export async function loadDirectoryAccess(
  db: Db,
  tenantId: string,
): Promise<{ settings: StoredDirectorySettings; bindPassword: string | null } | null> {
  const saved = await readDirectorySettings(db, tenantId);
  if (saved.version === 0) return null;
  const [secret] = await db
    .select({ password: directoryBindSecrets.password })
    .from(directoryBindSecrets)
    .where(eq(directoryBindSecrets.tenantId, tenantId));
  const { version: _version, bindPasswordSet: _set, lastSync: _last, ...settings } = saved;
  return { settings, bindPassword: secret?.password ?? null };
}

/** What the schema cannot say: a filter the LDAP client can parse. */
function settingsErrors(body: DirectorySettingsBody): FieldError[] {
  return isValidFilter(body.userFilter)
    ? []
    : [{ field: 'userFilter', code: FieldErrorKeys.pattern, message: 'is not an LDAP filter (RFC 4515)' }];
}

/**
 * Saves the tenant's settings when `body.version` is the one stored (0: the first save), the
 * bind password beside them (kept when omitted, removed when ''), and logs what changed (the
 * password only as "changed").
 */
export async function saveDirectorySettings(
  db: Db,
  context: ActionContext,
  tenantId: string,
  body: DirectorySettingsBody,
): Promise<DirectorySettings> {
  const errors = settingsErrors(body);
  if (errors.length > 0) throw validationFailed(errors);
  const before = await readDirectorySettings(db, tenantId);
  const { version, bindPassword, ...settings } = body;
  const written = { settings, lastModifiedAt: new Date(), lastModifiedBy: context.scope.userId };
  // One owner transaction for the settings, the secret (out of the application role's reach)
  // and the log; the tenant is set so that the forced row-level security of both tenant tables
  // holds for the owner too.
  await db.transaction(async (owner) => {
    await owner.execute(sql`select set_config('app.tenant_id', ${tenantId}, true)`);
    const rows =
      version === 0
        ? await owner
            .insert(directorySettings)
            .values({ tenantId, ...written })
            .onConflictDoNothing()
            .returning()
        : await owner
            .update(directorySettings)
            .set({ ...written, version: version + 1 })
            .where(and(eq(directorySettings.tenantId, tenantId), eq(directorySettings.version, version)))
            .returning();
    if (rows.length === 0)
      throw new AppError(
        409,
        ErrorCodes.conflict,
        'The directory settings were changed by someone else since they were read: reload them',
      );
    if (bindPassword === '')
      await owner.delete(directoryBindSecrets).where(eq(directoryBindSecrets.tenantId, tenantId));
    else if (bindPassword !== undefined)
      await owner
        .insert(directoryBindSecrets)
        .values({ tenantId, password: bindPassword })
        .onConflictDoUpdate({
          target: directoryBindSecrets.tenantId,
          set: { password: bindPassword, updatedAt: new Date() },
        });
    await recordActions(owner, context, [
      {
        resource: 'user',
        recordId: 'directory-settings',
        action: version === 0 ? 'CREATE' : 'UPDATE',
        changes: {
          ...diffRecords(before, { ...before, ...settings }, Object.keys(settings)),
          ...(bindPassword === undefined
            ? {}
            : {
                bindPassword: {
                  before: before.bindPasswordSet ? '***' : null,
                  after: bindPassword === '' ? null : '***',
                },
              }),
        },
      },
    ]);
  });
  const after = await readDirectorySettings(db, tenantId);
  return after;
}
