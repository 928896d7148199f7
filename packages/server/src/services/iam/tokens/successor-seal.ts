import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import type { TokenSet } from '@hcm/contracts';

const INFO = 'hcm refresh-token successor v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * The key that seals the successor of a rotated refresh token: derived from the rotated token
 * itself (HKDF-SHA256 with an info string of its own, so it is unrelated to the SHA-256 the
 * database keeps of the same token). Only whoever presents that token again can open the seal.
 */
const keyOf = (refreshToken: string): Buffer =>
  Buffer.from(hkdfSync('sha256', refreshToken, Buffer.alloc(0), INFO, 32));

/** AES-256-GCM of the token set as JSON: `iv.ciphertext.tag`, base64url. */
export function sealSuccessor(refreshToken: string, successor: TokenSet): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', keyOf(refreshToken), iv);
  const body = Buffer.concat([cipher.update(JSON.stringify(successor), 'utf8'), cipher.final()]);
  return [iv, body, cipher.getAuthTag()].map((part) => part.toString('base64url')).join('.');
}

/** The sealed token set, or null when the seal is malformed or not for this token. */
export function openSuccessor(refreshToken: string, sealed: string): TokenSet | null {
  const parts = sealed.split('.');
  if (parts.length !== 3) return null;
  const [iv, body, tag] = parts.map((part) => Buffer.from(part, 'base64url'));
  if (!iv || !body || !tag || iv.length !== IV_BYTES || tag.length !== TAG_BYTES) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', keyOf(refreshToken), iv);
    decipher.setAuthTag(tag);
    const json = Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
    return JSON.parse(json) as TokenSet;
  } catch {
    return null;
  }
}
