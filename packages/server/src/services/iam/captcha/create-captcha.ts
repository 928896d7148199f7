import { randomUUID } from 'node:crypto';
import type { Captcha } from '@hcm/contracts';
import { lt } from 'drizzle-orm';
import svgCaptcha from 'svg-captcha';
import type { SignInProtectionConfig } from '../../../config.ts';
import type { Db } from '../../../db/database.ts';
import { captchaChallenges } from '../../../db/schema.ts';
import { captchaAnswerHash } from './captcha-answer.ts';

/** Upper-case letters and digits without look-alikes (0/O, 1/I/L...); answers are case-insensitive. */
const CHARACTERS = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/**
 * A new challenge: the picture goes to the caller, only a hash of the answer to the database
 * (one table for every API node), with an expiry. Expired challenges are swept on the way.
 */
export async function createCaptcha(
  deps: { db: Db; signIn: Pick<SignInProtectionConfig, 'captchaTtlSeconds'> },
  now = new Date(),
): Promise<Captcha> {
  const { text, data } = svgCaptcha.create({
    size: 5,
    charPreset: CHARACTERS,
    noise: 2,
    width: 150,
    height: 50,
    background: '#ffffff',
  });
  await deps.db.delete(captchaChallenges).where(lt(captchaChallenges.expiresAt, now));
  const captchaId = randomUUID();
  await deps.db.insert(captchaChallenges).values({
    id: captchaId,
    answerHash: captchaAnswerHash(captchaId, text),
    expiresAt: new Date(now.getTime() + deps.signIn.captchaTtlSeconds * 1000),
  });
  return { captchaId, image: `data:image/svg+xml;base64,${Buffer.from(data).toString('base64')}` };
}
