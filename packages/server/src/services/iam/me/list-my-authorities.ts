import type { Db } from '../../../db/database.ts';
import { findMe } from './find-me.ts';

/**
 * The permission codes (`resource.action`) granted to the signed-in user. Roles arrive with the
 * next issue; until then nobody holds any (a root user passes every check by isRoot instead).
 */
export async function listMyAuthorities(db: Db, userId: string): Promise<string[]> {
  await findMe(db, userId);
  return [];
}
