import * as argon2 from '@node-rs/argon2';
import { describe, expect, it } from 'vitest';
import { createPasswordHasher, type Argon2 } from './password-hasher.ts';

/** The real argon2, with the hashes it was asked to verify written down. */
function watchedArgon2(): Argon2 & { verified: string[] } {
  const verified: string[] = [];
  return {
    verified,
    hash: (password, options) => argon2.hash(password, options),
    verify: (hashed, password, options) => {
      verified.push(String(hashed));
      return argon2.verify(hashed, password, options);
    },
  };
}

describe('password hasher', () => {
  it('verifies a real hash and refuses a wrong password', async () => {
    const hasher = await createPasswordHasher();
    const stored = await hasher.hash('Right#Pass1');
    expect(await hasher.verify(stored, 'Right#Pass1')).toBe(true);
    expect(await hasher.verify(stored, 'Wrong#Pass1')).toBe(false);
  });

  // Sign-in of an unknown user name must cost the same argon2 work as a wrong password, so
  // that the answer's timing does not tell which names exist (authenticate-user.ts passes the
  // missing user's hash as undefined). Counted, not timed: timings are flaky on shared machines.
  it('runs one argon2id verification against a dummy hash when there is no hash', async () => {
    const watched = watchedArgon2();
    const hasher = await createPasswordHasher(watched);
    for (const missing of [undefined, null, '']) {
      watched.verified.length = 0;
      expect(await hasher.verify(missing, 'Wrong#Pass1')).toBe(false);
      expect(watched.verified).toHaveLength(1);
      expect(watched.verified[0]).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    }
  });
});
