import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/database.ts';
import { captchaChallenges } from '../../../db/schema.ts';
import { captchaAnswerHash, parseCaptchaHeader, sameHash } from './captcha-answer.ts';

/**
 * Checks the `x-captcha` header of a sign-in. The challenge is deleted whatever the answer
 * (single use: one guess per picture), in one statement, so two nodes cannot both accept it.
 * True only for the right answer to an unexpired challenge.
 */
export async function consumeCaptcha(db: Db, header: string | undefined, now = new Date()): Promise<boolean> {
  const parsed = parseCaptchaHeader(header);
  if (!parsed) return false;
  const [challenge] = await db
    .delete(captchaChallenges)
    .where(eq(captchaChallenges.id, parsed.captchaId))
    .returning();
  if (!challenge || challenge.expiresAt <= now) return false;
  return sameHash(challenge.answerHash, captchaAnswerHash(parsed.captchaId, parsed.answer));
}
