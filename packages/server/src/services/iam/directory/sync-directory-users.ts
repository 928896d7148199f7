import { ConflictReasons, FieldLimits, Patterns } from '@hcm/contracts';
import { DirectoryLimits, type DirectorySkipCode, type DirectorySyncResult } from '@hcm/contracts/directory';
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../../db/database.ts';
import { users } from '../../../db/schema.ts';
import { directorySettings } from '../tables/directory.ts';
import { conflictBecause } from '../../../http/errors.ts';
import type { ActionContext } from '../../../resources/action-log/record-actions.ts';
import { revokeUserSessions } from '../session/revoke-user-sessions.ts';
import { recordUserAdministration } from '../users/record-user-administration.ts';
import { readPeople, withDirectory, type DirectoryPerson } from './directory-client.ts';
import { loadDirectoryAccess } from './directory-settings.ts';

// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\u0000-\u001f\u007f]/;
const USERNAME = new RegExp(Patterns.username);
const EMAIL = new RegExp(Patterns.email);
const PHONE = new RegExp(Patterns.phone);

/** A person the sync can keep as a user, with the values the users table takes. */
interface Candidate {
  readonly dn: string;
  readonly username: string;
  readonly fullName: string;
  readonly email: string | null;
  readonly phone: string | null;
}

/** A value the table takes, or null (an address or phone the portal would refuse is left out). */
const kept = (value: string | null, max: number, pattern: RegExp, min = 0) =>
  value !== null && value.length >= min && value.length <= max && pattern.test(value) && !CONTROL.test(value)
    ? value
    : null;

/** Why a person cannot be a user (null: they can), with the words the log and the API keep. */
function refusal(person: DirectoryPerson): { code: DirectorySkipCode; reason: string } | null {
  const { username, fullName } = person;
  if (username === null) return { code: 'NO_USERNAME', reason: 'no user name in the directory' };
  if (username.length < FieldLimits.usernameMin || !USERNAME.test(username))
    return {
      code: 'USERNAME_NOT_ALLOWED',
      reason: `user name "${username.slice(0, 100)}" is not allowed (4 to 100 letters, digits, _ @ .)`,
    };
  if (fullName === null) return { code: 'NO_FULL_NAME', reason: 'no full name in the directory' };
  if (fullName.length > FieldLimits.name || CONTROL.test(fullName))
    return { code: 'FULL_NAME_NOT_ALLOWED', reason: 'full name too long or with control characters' };
  return null;
}

type Skipped = DirectorySyncResult['skipped'][number];
const skip = (
  person: { dn: string; username: string | null },
  code: DirectorySkipCode,
  reason: string,
): Skipped => ({
  entry: person.dn,
  username: person.username?.slice(0, 100) ?? null,
  code,
  reason,
});

/**
 * Makes the tenant's users match its directory (catalogues §7.4 "POST sync from directory"):
 * a user for each person found who has none, names, addresses and phones brought up to date for
 * the users made by earlier syncs, and those the directory no longer has made inactive (their
 * sessions ended), unless the search stopped at the limit. A user name held by a portal account
 * or by another organisation is never taken over: that person is skipped and said so. New
 * users get no role: an administrator gives them what they may do.
 */
export async function syncDirectoryUsers(
  db: Db,
  context: ActionContext,
  tenantId: string,
): Promise<DirectorySyncResult> {
  const access = await loadDirectoryAccess(db, tenantId);
  if (!access?.settings.enabled)
    throw conflictBecause(
      ConflictReasons.directorySyncOff,
      'Directory sync is off: save the directory settings with sync on first',
    );
  const { people, truncated } = await withDirectory(access.settings, access.bindPassword, (client) =>
    readPeople(client, access.settings, DirectoryLimits.maxEntries),
  );

  const skipped: Skipped[] = [];
  const candidates = new Map<string, Candidate>();
  for (const person of people) {
    const why = refusal(person);
    const key = person.username?.toLowerCase() ?? '';
    if (why !== null) skipped.push(skip(person, why.code, why.reason));
    else if (candidates.has(key))
      skipped.push(skip(person, 'LISTED_TWICE', 'the directory has this user name twice'));
    else
      candidates.set(key, {
        dn: person.dn.slice(0, 1000),
        username: person.username as string,
        fullName: person.fullName as string,
        email: kept(person.email, FieldLimits.email, EMAIL),
        phone: kept(person.phone, FieldLimits.phoneMax, PHONE, FieldLimits.phoneMin),
      });
  }

  const counts = { created: 0, updated: 0, unchanged: 0, deactivated: 0 };
  const { userId } = context.scope;
  await db.transaction(async (tx) => {
    // The owner connection, with the tenant set for the forced policies of the tenant tables.
    await tx.execute(sql`select set_config('app.tenant_id', ${tenantId}, true)`);
    const names = [...candidates.keys()];
    const holders =
      names.length === 0
        ? []
        : await tx
            .select()
            .from(users)
            .where(inArray(sql`lower(${users.username})`, names))
            .for('update');
    const holderOf = new Map(holders.map((user) => [user.username.toLowerCase(), user]));
    for (const [key, person] of candidates) {
      const holder = holderOf.get(key);
      if (holder && holder.tenantId !== tenantId) {
        skipped.push(skip(person, 'USERNAME_TAKEN', 'the user name is taken'));
        continue;
      }
      if (holder && holder.directoryDn === null) {
        skipped.push(
          skip(person, 'LOCAL_ACCOUNT', 'a portal account (not from the directory) has this user name'),
        );
        continue;
      }
      const values = {
        fullName: person.fullName,
        email: person.email,
        phone: person.phone,
        directoryDn: person.dn,
      };
      if (!holder) {
        const [made] = await tx
          .insert(users)
          .values({
            tenantId,
            username: person.username,
            ...values,
            passwordHash: null,
            userLevel: 'TENANT',
            accountType: 'EMPLOYEE',
            createdBy: userId,
            lastModifiedBy: userId,
          })
          .returning();
        if (made)
          await recordUserAdministration(tx, context, 'IMPORT', [made], {
            source: { before: null, after: 'directory' },
          });
        counts.created += 1;
        continue;
      }
      const same =
        holder.fullName === values.fullName &&
        holder.email === values.email &&
        holder.phone === values.phone &&
        holder.directoryDn === values.directoryDn &&
        holder.status === 'ACTIVE';
      if (same) {
        counts.unchanged += 1;
        continue;
      }
      await tx
        .update(users)
        .set({
          ...values,
          status: 'ACTIVE',
          version: sql`${users.version} + 1`,
          lastModifiedAt: new Date(),
          lastModifiedBy: userId,
        })
        .where(eq(users.id, holder.id));
      await recordUserAdministration(tx, context, 'UPDATE', [holder], {
        source: { before: null, after: 'directory' },
      });
      counts.updated += 1;
    }
    if (!truncated) {
      const gone = (
        await tx
          .select()
          .from(users)
          .where(and(eq(users.tenantId, tenantId), isNotNull(users.directoryDn), eq(users.status, 'ACTIVE')))
      ).filter((user) => !candidates.has(user.username.toLowerCase()));
      for (const user of gone) {
        await tx
          .update(users)
          .set({
            status: 'INACTIVE',
            version: sql`${users.version} + 1`,
            lastModifiedAt: new Date(),
            lastModifiedBy: userId,
          })
          .where(eq(users.id, user.id));
        await revokeUserSessions(tx, user.id);
      }
      if (gone.length > 0)
        await recordUserAdministration(tx, context, 'INACTIVE', gone, {
          source: { before: null, after: 'directory' },
        });
      counts.deactivated = gone.length;
    }
  });

  const result: DirectorySyncResult = {
    found: people.length,
    ...counts,
    skippedCount: skipped.length,
    skipped: skipped.slice(0, DirectoryLimits.maxSkippedListed),
    truncated,
    finishedAt: new Date().toISOString(),
  };
  await db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('app.tenant_id', ${tenantId}, true)`);
    await tx
      .update(directorySettings)
      .set({ lastSync: result })
      .where(eq(directorySettings.tenantId, tenantId));
  });
  return result;
}
