import { randomUUID } from 'node:crypto';
import type { AuthenticateBody, TokenSet } from '@hcm/contracts';
import { eq } from 'drizzle-orm';
import { users } from '../../../db/schema.ts';
import { invalidCredentials } from '../../../http/errors.ts';
import type { IamDeps } from '../deps.ts';
import { findUserByUsername } from '../users/find-user.ts';
import { issueTokenSet } from './issue-token-set.ts';

/**
 * Sign-in by user name (any case) and password. Every failure, whether unknown user, wrong
 * password, inactive user or inactive tenant, gives the same 401 after the same argon2 work,
 * so the answer does not tell which user names exist.
 */
export async function authenticateUser(deps: IamDeps, input: AuthenticateBody): Promise<TokenSet> {
  const found = await findUserByUsername(deps.db, input.username);
  const passwordOk = await deps.passwords.verify(found?.user.passwordHash, input.password);
  if (!found || !passwordOk) throw invalidCredentials();
  if (found.user.status !== 'ACTIVE' || (found.tenant && found.tenant.status !== 'ACTIVE'))
    throw invalidCredentials();

  return deps.db.transaction(async (tx) => {
    await tx.update(users).set({ lastLoginAt: new Date() }).where(eq(users.id, found.user.id));
    const issued = await issueTokenSet(
      { ...deps, db: tx },
      { ...found, familyId: randomUUID(), rememberMe: input.rememberMe ?? false },
    );
    return issued.tokenSet;
  });
}
