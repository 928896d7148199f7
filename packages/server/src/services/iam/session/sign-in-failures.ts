import { isIPv6 } from 'node:net';
import { and, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { SignInProtectionConfig } from '../../../config.ts';
import type { Db } from '../../../db/database.ts';
import { signInFailures } from '../../../db/schema.ts';

/**
 * Failed proofs of a password are counted per (user name as typed, lower-cased; client address),
 * whether or not the user exists, so an unknown name is asked for a captcha and locked exactly
 * like a real one, and a stranger's failures lock only the stranger's address: the owner still
 * signs in from anywhere else. The counts live in the database (migrations/0004, 0008), shared
 * by every API node, and are reached through the owner connection only (the application role
 * has no access to the table).
 *
 * A window starts with the first failure and lasts `failureWindowSeconds`; the failures in it
 * are counted, and the one that reaches `maxFailures` locks the pair. The first lock lasts
 * `lockSeconds`, each further one of the same pair twice as long as the one before, up to
 * `lockMaxSeconds`. When the window or the lock is over, the next failure starts a new window
 * (the number of locks is kept). A success deletes the pair's row.
 */
export interface SignInState {
  /** failures in the current window (0 when it is over or a lock has ended) */
  failures: number;
  /** set while the pair is locked */
  lockedUntil: Date | null;
}

/** Who tries: the user name as typed and the client address (request.ip). */
export interface SignInAttempt {
  username: string;
  clientIp: string;
}

export const usernameKey = (username: string): string => username.toLowerCase();

/**
 * The address a count belongs to. An IPv6 client is counted by its /64, since one host or home
 * usually holds a whole /64 and could otherwise step through addresses; an IPv4 address written
 * as IPv6 (::ffff:a.b.c.d) is the IPv4 address.
 */
export function clientKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped?.[1]) return mapped[1];
  if (!isIPv6(ip)) return ip.slice(0, 64);
  const [head = '', tail = ''] = ip.toLowerCase().split('::');
  const left = head === '' ? [] : head.split(':');
  const right = tail === '' ? [] : tail.split(':');
  const groups = ip.includes('::')
    ? [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right]
    : left;
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

const NOTHING: SignInState = { failures: 0, lockedUntil: null };

type Row = typeof signInFailures.$inferSelect;

function stateOf(row: Row | undefined, config: SignInProtectionConfig, now: Date): SignInState {
  if (!row) return NOTHING;
  if (row.lockedUntil !== null)
    return row.lockedUntil > now ? { ...NOTHING, lockedUntil: row.lockedUntil } : NOTHING;
  const windowEnds = row.windowStartedAt.getTime() + config.failureWindowSeconds * 1000;
  return windowEnds > now.getTime() ? { failures: row.failureCount, lockedUntil: null } : NOTHING;
}

const pairIs = (attempt: SignInAttempt) =>
  and(
    eq(signInFailures.usernameKey, usernameKey(attempt.username)),
    eq(signInFailures.clientKey, clientKey(attempt.clientIp)),
  );

export async function readSignInState(
  db: Db,
  config: SignInProtectionConfig,
  attempt: SignInAttempt,
  now = new Date(),
): Promise<SignInState> {
  const [row] = await db.select().from(signInFailures).where(pairIs(attempt));
  return stateOf(row, config, now);
}

/**
 * Counts one failure in a single statement (an upsert), so that attempts racing on several
 * nodes are all counted. Returns the state after it: locked when this failure reached the limit.
 */
export async function recordSignInFailure(
  db: Db,
  config: SignInProtectionConfig,
  attempt: SignInAttempt,
  now = new Date(),
): Promise<SignInState> {
  const windowFloor = new Date(now.getTime() - config.failureWindowSeconds * 1000);
  const t = signInFailures;
  // A window that is over, or a lock that has ended, starts again at one failure.
  const restart = sql`(${t.windowStartedAt} <= ${windowFloor} OR (${t.lockedUntil} IS NOT NULL AND ${t.lockedUntil} <= ${now}))`;
  const count = sql`CASE WHEN ${restart} THEN 1 ELSE ${t.failureCount} + 1 END`;
  const locks = sql`CASE WHEN ${count} >= ${config.maxFailures} THEN ${t.lockCount} + 1 ELSE ${t.lockCount} END`;
  // lockSeconds · 2^(locks before this one), at most lockMaxSeconds (the exponent is capped so
  // that the product never overflows, whatever the count).
  const lockLasts = sql`LEAST(${config.lockSeconds}::double precision * power(2, LEAST(${t.lockCount}, 40)), ${config.lockMaxSeconds}::double precision)`;
  const firstLockAt = config.maxFailures <= 1;
  const [row] = await db
    .insert(t)
    .values({
      usernameKey: usernameKey(attempt.username),
      clientKey: clientKey(attempt.clientIp),
      failureCount: 1,
      windowStartedAt: now,
      lastFailedAt: now,
      lockedUntil: firstLockAt ? new Date(now.getTime() + config.lockSeconds * 1000) : null,
      lockCount: firstLockAt ? 1 : 0,
    })
    .onConflictDoUpdate({
      target: [t.usernameKey, t.clientKey],
      set: {
        failureCount: count,
        windowStartedAt: sql`CASE WHEN ${restart} THEN ${now}::timestamptz ELSE ${t.windowStartedAt} END`,
        lastFailedAt: now,
        // Only reached for a pair that is not locked now (a locked pair is refused before any
        // check and not counted), so an old lock is simply replaced.
        lockedUntil: sql`CASE WHEN ${count} >= ${config.maxFailures} THEN ${now}::timestamptz + make_interval(secs => ${lockLasts}) ELSE NULL END`,
        lockCount: locks,
      },
    })
    .returning();
  await sweepStaleFailures(db, config, now);
  return stateOf(row, config, now);
}

/** A success from this address: the pair starts from nothing (other addresses keep their counts). */
export async function clearSignInFailuresOf(db: Db, attempt: SignInAttempt): Promise<void> {
  await db.delete(signInFailures).where(pairIs(attempt));
}

/** An unlock or a new password set by an administrator: the names start from nothing everywhere. */
export async function clearSignInFailures(db: Db, usernames: readonly string[]): Promise<void> {
  if (usernames.length === 0) return;
  await db.delete(signInFailures).where(inArray(signInFailures.usernameKey, usernames.map(usernameKey)));
}

/**
 * Rows whose window and lock are both over and whose last failure is older than the longest
 * lock carry nothing worth keeping: deleted as failures come in, so that names sprayed by an
 * attacker do not pile up. Keeping them that long is what lets locks grow for a pair that
 * comes back. Uses the last_failed_at index; cheap when idle.
 */
async function sweepStaleFailures(db: Db, config: SignInProtectionConfig, now: Date): Promise<void> {
  const keep = Math.max(config.failureWindowSeconds, config.lockMaxSeconds);
  const horizon = new Date(now.getTime() - keep * 1000);
  const t = signInFailures;
  await db
    .delete(t)
    .where(and(lt(t.lastFailedAt, horizon), or(isNull(t.lockedUntil), lt(t.lockedUntil, now))));
}
