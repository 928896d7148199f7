import { FieldErrorKeys } from '@hcm/contracts';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/database.ts';
import { passwordSetTokens, users } from '../../../db/schema.ts';
import { validationFailed } from '../../../http/errors.ts';
import type { PasswordHasher } from '../../iam/passwords/password-hasher.ts';
import { meetsPasswordPolicy, PASSWORD_POLICY_TEXT } from '../../iam/passwords/password-policy.ts';
import { randomToken, sha256 } from '../../iam/tokens/opaque-token.ts';

/** How long a set-password link works: three days, long enough to cross a weekend. */
export const PASSWORD_LINK_HOURS = 72;

/** The portal page a link opens: the token in the query, sent to POST /api/iam/set-password. */
export const SET_PASSWORD_PAGE = '/set-password';

export interface PasswordLink {
  /** `/set-password?token=…`: relative to the portal's origin */
  link: string;
  token: string;
  expiresAt: Date;
}

/**
 * A one-time link for a tenant user who has no password yet, written through the SECURITY
 * DEFINER function of migrations/0019 (the application role cannot touch the tokens table):
 * only the token's SHA-256 is kept. `tx` is the creating request's transaction.
 */
export async function issuePasswordLink(
  tx: Tx,
  input: { userId: string; issuedBy: string | null; now?: Date },
): Promise<PasswordLink> {
  const token = randomToken();
  const expiresAt = new Date((input.now ?? new Date()).getTime() + PASSWORD_LINK_HOURS * 3_600_000);
  await tx.execute(
    sql`select hcm_issue_password_link(${input.userId}::uuid, ${sha256(token)}, ${expiresAt.toISOString()}::timestamptz, ${input.issuedBy}::uuid)`,
  );
  return { link: `${SET_PASSWORD_PAGE}?token=${encodeURIComponent(token)}`, token, expiresAt };
}

const badToken = () =>
  validationFailed(
    [{ field: 'token', code: FieldErrorKeys.invalidValue, message: 'is unknown, used or expired' }],
    'The link is not valid any more: ask your system administrator for a new one',
  );

/**
 * Sets the password of the link's user and spends the link (and any other of that user's), in
 * one owner transaction: the same token never works twice. A password outside the policy → 400
 * on newPassword, and the link stays usable.
 */
export async function setPasswordWithLink(
  deps: { db: Db; passwords: PasswordHasher },
  input: { token: string; newPassword: string },
): Promise<void> {
  if (!meetsPasswordPolicy(input.newPassword))
    throw validationFailed(
      [{ field: 'newPassword', code: FieldErrorKeys.pattern, message: `must be ${PASSWORD_POLICY_TEXT}` }],
      `The password must be ${PASSWORD_POLICY_TEXT}`,
    );
  const passwordHash = await deps.passwords.hash(input.newPassword);
  await deps.db.transaction(async (tx) => {
    const [link] = await tx
      .update(passwordSetTokens)
      .set({ usedAt: sql`now()` })
      .where(
        and(
          eq(passwordSetTokens.tokenHash, sha256(input.token)),
          isNull(passwordSetTokens.usedAt),
          gt(passwordSetTokens.expiresAt, sql`now()`),
        ),
      )
      .returning({ userId: passwordSetTokens.userId });
    if (!link) throw badToken();
    await tx
      .update(passwordSetTokens)
      .set({ usedAt: sql`now()` })
      .where(and(eq(passwordSetTokens.userId, link.userId), isNull(passwordSetTokens.usedAt)));
    await tx
      .update(users)
      // Chosen by the user: nothing left to change at sign-in (migrations/0026).
      .set({
        passwordHash,
        passwordChangeRequired: false,
        lastModifiedAt: sql`now()`,
        lastModifiedBy: link.userId,
      })
      .where(eq(users.id, link.userId));
  });
}
