import * as argon2 from '@node-rs/argon2';
import type { Options } from '@node-rs/argon2';
import { randomToken } from '../tokens/opaque-token.ts';

/**
 * argon2id with OWASP's minimum profile (19 MiB, 2 passes, 1 lane). `algorithm: 2` is
 * Algorithm.Argon2id: the package declares it as a const enum, which isolatedModules cannot
 * import.
 */
const ARGON2ID_OPTIONS: Options = {
  algorithm: 2 as Options['algorithm'],
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
};

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  /**
   * Checks a password against a stored hash. With no hash (unknown user, password-less
   * account) it still verifies against a dummy hash, so the answer takes as long either way
   * and timing does not reveal which user names exist.
   */
  verify(passwordHash: string | null | undefined, password: string): Promise<boolean>;
}

/** The argon2 functions the hasher calls (tests watch them). */
export type Argon2 = Pick<typeof argon2, 'hash' | 'verify'>;

export async function createPasswordHasher({ hash, verify }: Argon2 = argon2): Promise<PasswordHasher> {
  const dummyHash = await hash(randomToken(), ARGON2ID_OPTIONS);
  return {
    hash: (password) => hash(password, ARGON2ID_OPTIONS),
    async verify(passwordHash, password) {
      if (!passwordHash) {
        await verify(dummyHash, password).catch(() => false);
        return false;
      }
      return verify(passwordHash, password).catch(() => false);
    },
  };
}
