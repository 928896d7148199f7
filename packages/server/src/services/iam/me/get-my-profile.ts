import type { ProfileResponse as Profile } from './schemas.ts';
import type { Db } from '../../../db/database.ts';
import { findMe } from './find-me.ts';
import { listMyAuthorities } from './list-my-authorities.ts';
import { presentProfile } from './profile-presenter.ts';

export async function getMyProfile(db: Db, userId: string): Promise<Profile> {
  const me = await findMe(db, userId);
  return presentProfile(me, await listMyAuthorities(db, userId));
}
