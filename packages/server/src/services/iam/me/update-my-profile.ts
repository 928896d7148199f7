import { FieldErrorKeys, type Language } from '@hcm/contracts';
import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/database.ts';
import { users } from '../../../db/schema.ts';
import { validationFailed } from '../../../http/errors.ts';
import { findMe } from './find-me.ts';
import { getMyProfile } from './get-my-profile.ts';
import type { ProfileResponse as Profile, UpdateProfileBody } from './schemas.ts';

/**
 * Changes the signed-in user's own name, e-mail or language. The schema has checked lengths and
 * formats; here text is tidied as the spec's forms do (trimmed, inner spaces collapsed) and the
 * language stored lower-case.
 */
export async function updateMyProfile(
  db: Db,
  userId: string,
  input: UpdateProfileBody,
  grantedPermissions: string[],
): Promise<Profile> {
  await findMe(db, userId);
  const changes: Partial<typeof users.$inferInsert> = {};

  if (input.fullName !== undefined) {
    const fullName = input.fullName.trim().replace(/\s+/g, ' ');
    if (fullName === '')
      throw validationFailed([{ field: 'fullName', code: FieldErrorKeys.required, message: 'is required' }]);
    changes.fullName = fullName;
  }
  if (input.email !== undefined) changes.email = input.email === null ? null : input.email.trim();
  if (input.language !== undefined) changes.language = input.language.toLowerCase() as Language;

  if (Object.keys(changes).length > 0) {
    await db
      .update(users)
      .set({ ...changes, lastModifiedAt: new Date(), lastModifiedBy: userId })
      .where(eq(users.id, userId));
  }
  return getMyProfile(db, userId, grantedPermissions);
}
