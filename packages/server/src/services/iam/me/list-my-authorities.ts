import { grantedCodes, type Actor } from '../authorization/load-actor.ts';

/**
 * The permission codes (`resource.action`) the signed-in user holds, sorted: every declared
 * code for root, else the union of its roles' grants (authorization/load-actor.ts).
 */
export function listMyAuthorities(actor: Actor): string[] {
  return grantedCodes(actor);
}
