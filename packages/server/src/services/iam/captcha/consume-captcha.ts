import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/database.ts';
import { captchaChallenges } from '../../../db/schema.ts';
import { parseCaptchaHeader, prefixHash, sameHash, solves } from './proof-of-work.ts';

/**
 * Checks the `x-captcha` header of a sign-in or a password change: one SHA-256. The challenge
 * is deleted whatever the answer (single use), in one statement, so two nodes cannot both
 * accept it. True only for a nonce that solves an unexpired challenge handed out by this server
 * (the prefix must hash to the stored one, so a made-up prefix solves nothing). `db` is the
 * owner connection: the application role has no access to the table.
 */
export async function consumeCaptcha(db: Db, header: string | undefined, now = new Date()): Promise<boolean> {
  const parsed = parseCaptchaHeader(header);
  if (!parsed) return false;
  const [challenge] = await db
    .delete(captchaChallenges)
    .where(eq(captchaChallenges.id, parsed.captchaId))
    .returning();
  if (!challenge || challenge.expiresAt <= now) return false;
  if (!sameHash(challenge.prefixHash, prefixHash(parsed.prefix))) return false;
  return solves(parsed.prefix, parsed.nonce, challenge.difficulty);
}
