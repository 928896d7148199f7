import { createHash, timingSafeEqual } from 'node:crypto';
import { sha256 } from '../tokens/opaque-token.ts';

/** How many zero bits `digest` starts with. */
export function leadingZeroBits(digest: Uint8Array): number {
  let bits = 0;
  for (const byte of digest) {
    if (byte === 0) {
      bits += 8;
      continue;
    }
    return bits + Math.clz32(byte) - 24;
  }
  return bits;
}

/** One hash: whether SHA-256(prefix + nonce) starts with `difficulty` zero bits. */
export const solves = (prefix: string, nonce: string, difficulty: number): boolean =>
  leadingZeroBits(createHash('sha256').update(`${prefix}${nonce}`, 'utf8').digest()) >= difficulty;

/** What is stored for a challenge: SHA-256 of its prefix (a leaked table solves nothing in advance). */
export const prefixHash = (prefix: string): string => sha256(prefix);

export const sameHash = (a: string, b: string): boolean =>
  a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/** `<uuid>.<22 base64url characters>`: the challenge id, then 128 random bits. */
const PREFIX = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.[A-Za-z0-9_-]{22}$/;
const NONCE = /^\d{1,20}$/;

/** `x-captcha: <prefix>:<nonce>` → its parts, or null when it is not of that shape. */
export function parseCaptchaHeader(
  value: string | undefined,
): { captchaId: string; prefix: string; nonce: string } | null {
  if (value === undefined) return null;
  const colon = value.lastIndexOf(':');
  if (colon < 0) return null;
  const prefix = value.slice(0, colon).trim();
  const nonce = value.slice(colon + 1).trim();
  const match = PREFIX.exec(prefix);
  if (!match?.[1] || !NONCE.test(nonce)) return null;
  return { captchaId: match[1], prefix, nonce };
}

/**
 * What a client does with a challenge: counts up from 0 until SHA-256(prefix + nonce) has the
 * zero bits (2^difficulty hashes on average). The browser's copy is @hcm/session's
 * solveProofOfWork; this one serves tests and bench/proof-of-work.
 */
export function solveChallenge(prefix: string, difficulty: number): string {
  for (let nonce = 0; ; nonce++) {
    if (solves(prefix, String(nonce), difficulty)) return String(nonce);
  }
}
