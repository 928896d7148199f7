import { ErrorCodes } from '@hcm/contracts';
import type { Db } from '../../../db/database.ts';
import { AppError } from '../../../http/errors.ts';
import { findUserById, type UserWithTenant } from '../users/find-user.ts';

/**
 * The signed-in user's row. A valid token can outlive its user (deleted since sign-in): that
 * is 404 USER_NOT_FOUND, which the portal shows as "user not found" (core §8).
 */
export async function findMe(db: Db, userId: string): Promise<UserWithTenant> {
  const found = await findUserById(db, userId);
  if (!found) throw new AppError(404, ErrorCodes.userNotFound, 'The signed-in user no longer exists');
  return found;
}
