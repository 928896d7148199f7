import { randomBytes, randomUUID } from 'node:crypto';
import type { Captcha } from '@hcm/contracts';
import { lt } from 'drizzle-orm';
import type { SignInProtectionConfig } from '../../../config.ts';
import type { Db } from '../../../db/database.ts';
import { captchaChallenges } from '../../../db/schema.ts';
import { prefixHash } from './proof-of-work.ts';

/**
 * A new proof-of-work challenge: a random prefix (the id, then 128 random bits) and the
 * difficulty go to the caller; only SHA-256 of the prefix goes to the database (one table for
 * every API node), with an expiry. Expired challenges are swept on the way. `db` is the owner
 * connection.
 */
export async function createCaptcha(
  deps: { db: Db; signIn: Pick<SignInProtectionConfig, 'captchaTtlSeconds' | 'captchaDifficultyBits'> },
  now = new Date(),
): Promise<Captcha> {
  await deps.db.delete(captchaChallenges).where(lt(captchaChallenges.expiresAt, now));
  const captchaId = randomUUID();
  const prefix = `${captchaId}.${randomBytes(16).toString('base64url')}`;
  const difficulty = deps.signIn.captchaDifficultyBits;
  const expiresAt = new Date(now.getTime() + deps.signIn.captchaTtlSeconds * 1000);
  await deps.db
    .insert(captchaChallenges)
    .values({ id: captchaId, prefixHash: prefixHash(prefix), difficulty, expiresAt });
  return { captchaId, prefix, difficulty, expiresAt: expiresAt.toISOString() };
}
