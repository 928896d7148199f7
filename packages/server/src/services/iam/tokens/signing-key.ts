import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/database.ts';
import { serverSecrets } from '../../../db/schema.ts';
import { randomToken } from './opaque-token.ts';

const SIGNING_KEY_NAME = 'jwt.hs256.signing-key';

/**
 * The HS256 key for access and id tokens: generated on first start and kept in the database,
 * so tokens survive restarts and every API node shares it. Insert-if-absent then read makes
 * two nodes starting together agree on one key.
 */
export async function ensureSigningKey(db: Db): Promise<Uint8Array> {
  await db
    .insert(serverSecrets)
    .values({ name: SIGNING_KEY_NAME, value: randomToken(64) })
    .onConflictDoNothing({ target: serverSecrets.name });
  const [row] = await db
    .select({ value: serverSecrets.value })
    .from(serverSecrets)
    .where(eq(serverSecrets.name, SIGNING_KEY_NAME));
  if (!row) throw new Error('The JWT signing key could not be stored');
  return new Uint8Array(Buffer.from(row.value, 'base64url'));
}
