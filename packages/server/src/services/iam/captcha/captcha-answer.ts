import { timingSafeEqual } from 'node:crypto';
import { sha256 } from '../tokens/opaque-token.ts';

/** What is stored for an answer: bound to its challenge, case-insensitive. */
export const captchaAnswerHash = (captchaId: string, answer: string): string =>
  sha256(`${captchaId}:${answer.trim().toUpperCase()}`);

export const sameHash = (a: string, b: string): boolean =>
  a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** `x-captcha: <captchaId>:<answer>` → its parts, or null when it is not of that shape. */
export function parseCaptchaHeader(value: string | undefined): { captchaId: string; answer: string } | null {
  if (value === undefined) return null;
  const colon = value.indexOf(':');
  if (colon < 0) return null;
  const captchaId = value.slice(0, colon).trim();
  const answer = value.slice(colon + 1).trim();
  if (!UUID.test(captchaId) || answer.length === 0 || answer.length > 20) return null;
  return { captchaId: captchaId.toLowerCase(), answer };
}
