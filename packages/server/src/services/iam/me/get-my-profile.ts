import type { ProfileResponse as Profile } from './schemas.ts';
import type { Db } from '../../../db/database.ts';
import { findMe } from './find-me.ts';
import { presentProfile } from './profile-presenter.ts';

/** `grantedPermissions`: the caller's codes (listMyAuthorities of the request's actor). */
export async function getMyProfile(db: Db, userId: string, grantedPermissions: string[]): Promise<Profile> {
  const me = await findMe(db, userId);
  return presentProfile(me, grantedPermissions);
}
