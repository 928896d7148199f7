import { and, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { SignInProtectionConfig } from '../../../config.ts';
import type { Db } from '../../../db/database.ts';
import { signInFailures } from '../../../db/schema.ts';

/**
 * Failed sign-ins are counted per user name as typed (lower-cased), whether or not the user
 * exists, so an unknown name is asked for a captcha and locked exactly like a real one. The
 * counts live in the database (migrations/0004), shared by every API node.
 *
 * A window starts with the first failure and lasts `failureWindowSeconds`; the failures in it
 * are counted, and the one that reaches `maxFailures` locks the name for `lockSeconds`. When the
 * window or the lock is over, the next failure starts a new window. A success deletes the row.
 */
export interface SignInState {
  /** failures in the current window (0 when it is over or a lock has ended) */
  failures: number;
  /** set while the name is locked */
  lockedUntil: Date | null;
}

export const usernameKey = (username: string): string => username.toLowerCase();

const NOTHING: SignInState = { failures: 0, lockedUntil: null };

type Row = typeof signInFailures.$inferSelect;

function stateOf(row: Row | undefined, config: SignInProtectionConfig, now: Date): SignInState {
  if (!row) return NOTHING;
  if (row.lockedUntil !== null)
    return row.lockedUntil > now ? { ...NOTHING, lockedUntil: row.lockedUntil } : NOTHING;
  const windowEnds = row.windowStartedAt.getTime() + config.failureWindowSeconds * 1000;
  return windowEnds > now.getTime() ? { failures: row.failureCount, lockedUntil: null } : NOTHING;
}

export async function readSignInState(
  db: Db,
  config: SignInProtectionConfig,
  username: string,
  now = new Date(),
): Promise<SignInState> {
  const [row] = await db
    .select()
    .from(signInFailures)
    .where(eq(signInFailures.usernameKey, usernameKey(username)));
  return stateOf(row, config, now);
}

/**
 * Counts one failure in a single statement (an upsert), so that attempts racing on several
 * nodes are all counted. Returns the state after it: locked when this failure reached the limit.
 */
export async function recordSignInFailure(
  db: Db,
  config: SignInProtectionConfig,
  username: string,
  now = new Date(),
): Promise<SignInState> {
  const windowFloor = new Date(now.getTime() - config.failureWindowSeconds * 1000);
  const lockEnds = new Date(now.getTime() + config.lockSeconds * 1000);
  const t = signInFailures;
  // A window that is over, or a lock that has ended, starts again at one failure.
  const restart = sql`(${t.windowStartedAt} <= ${windowFloor} OR (${t.lockedUntil} IS NOT NULL AND ${t.lockedUntil} <= ${now}))`;
  const count = sql`CASE WHEN ${restart} THEN 1 ELSE ${t.failureCount} + 1 END`;
  const [row] = await db
    .insert(t)
    .values({
      usernameKey: usernameKey(username),
      failureCount: 1,
      windowStartedAt: now,
      lastFailedAt: now,
      lockedUntil: config.maxFailures <= 1 ? lockEnds : null,
    })
    .onConflictDoUpdate({
      target: t.usernameKey,
      set: {
        failureCount: count,
        windowStartedAt: sql`CASE WHEN ${restart} THEN ${now}::timestamptz ELSE ${t.windowStartedAt} END`,
        lastFailedAt: now,
        // Only reached for a name that is not locked now (a locked name is refused before any
        // check and not counted), so an old lock is simply replaced.
        lockedUntil: sql`CASE WHEN ${count} >= ${config.maxFailures} THEN ${lockEnds}::timestamptz ELSE NULL END`,
      },
    })
    .returning();
  await sweepStaleFailures(db, config, now);
  return stateOf(row, config, now);
}

/** A success, an unlock or a new password: the name starts from nothing. */
export async function clearSignInFailures(db: Db, usernames: readonly string[]): Promise<void> {
  if (usernames.length === 0) return;
  await db.delete(signInFailures).where(inArray(signInFailures.usernameKey, usernames.map(usernameKey)));
}

/**
 * Rows whose window and lock are both over carry nothing: deleted as failures come in, so that
 * names sprayed by an attacker do not pile up. Uses the last_failed_at index; cheap when idle.
 */
async function sweepStaleFailures(db: Db, config: SignInProtectionConfig, now: Date): Promise<void> {
  const horizon = new Date(now.getTime() - Math.max(config.failureWindowSeconds, config.lockSeconds) * 1000);
  const t = signInFailures;
  await db
    .delete(t)
    .where(and(lt(t.lastFailedAt, horizon), or(isNull(t.lockedUntil), lt(t.lockedUntil, now))));
}
