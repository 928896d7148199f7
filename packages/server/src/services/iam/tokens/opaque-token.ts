import { createHash, randomBytes } from 'node:crypto';

/** 32 random bytes, base64url: unguessable, URL-safe, 43 characters. */
export const randomToken = (bytes = 32): string => randomBytes(bytes).toString('base64url');

/**
 * Opaque tokens are stored as SHA-256 hex. They carry 256 bits of randomness, so a fast hash
 * is enough (unlike passwords), and it allows lookup by hash.
 */
export const sha256 = (value: string): string => createHash('sha256').update(value).digest('hex');
