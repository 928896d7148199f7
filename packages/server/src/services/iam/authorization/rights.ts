import { permissionCodesForLevel, type UserLevel } from '@hcm/contracts';
import type { DataScopeValue } from '@hcm/contracts/users-roles';

/**
 * What someone may do, as the escalation rule compares it (docs/access-control.md): the
 * permission codes they hold and how far their data scope reaches. A user's rights are the
 * union of their active roles' codes and the widest of those roles' data scopes, exactly as
 * every request reads them (load-actor.ts, om's worker-reach.ts); a role's are its own codes
 * and data scope.
 */
export interface Rights {
  readonly isRoot: boolean;
  readonly level: UserLevel;
  readonly permissions: ReadonlySet<string>;
  readonly dataScope: DataScopeValue;
}

/** How far each data scope reaches: a wider one holds the narrower. */
export const SCOPE_WIDTH: Readonly<Record<DataScopeValue, number>> = { TENANT: 3, UNITS: 2, SELF: 1 };

/** The data scope of a width, the inverse of SCOPE_WIDTH (no role at all reaches as SELF). */
export function scopeOfWidth(width: number | null | undefined): DataScopeValue {
  if (width === SCOPE_WIDTH.TENANT) return 'TENANT';
  if (width === SCOPE_WIDTH.UNITS) return 'UNITS';
  return 'SELF';
}

/** What `target` holds that `actor` does not: empty when the target lies within the actor. */
export interface Excess {
  /** the target is a root user, whom only root touches */
  readonly root: boolean;
  /** codes the target holds and the actor does not, sorted */
  readonly permissions: readonly string[];
  /** the target's data scope when it reaches further than the actor's */
  readonly dataScope: DataScopeValue | null;
}

export const NO_EXCESS: Excess = { root: false, permissions: [], dataScope: null };

export const isWithin = (excess: Excess) =>
  !excess.root && excess.permissions.length === 0 && excess.dataScope === null;

/**
 * THE rule (issue 26): an actor may grant, assign or act on an account only within the rights
 * they hold themselves. Root holds everything. A system user acting on a tenant's user keeps the
 * system administrator's reach across tenants (the two levels hold different catalogues, so they
 * cannot be compared code by code). Otherwise every code the target holds must be the actor's,
 * and the target's data scope no wider than the actor's.
 */
export function excessOver(actor: Rights, target: Rights): Excess {
  if (actor.isRoot) return NO_EXCESS;
  if (target.isRoot) return { ...NO_EXCESS, root: true };
  if (actor.level === 'SYSTEM' && target.level === 'TENANT') return NO_EXCESS;
  const permissions = [...target.permissions].filter((code) => !actor.permissions.has(code)).sort();
  const dataScope = SCOPE_WIDTH[target.dataScope] > SCOPE_WIDTH[actor.dataScope] ? target.dataScope : null;
  return { root: false, permissions, dataScope };
}

/** The codes of `codes` the actor does not hold (root holds every one). */
export const codesBeyond = (actor: Rights, codes: Iterable<string>): string[] =>
  actor.isRoot ? [] : [...new Set(codes)].filter((code) => !actor.permissions.has(code)).sort();

const everyCode: Record<UserLevel, readonly string[]> = {
  SYSTEM: permissionCodesForLevel('SYSTEM'),
  TENANT: permissionCodesForLevel('TENANT'),
};

/**
 * Whether the actor already holds every right of its level (the tenant's built-in administrator
 * role, or root): the only actors who may change their own roles or the grants of a role they
 * hold, since nothing they could give themselves is new to them.
 */
export function holdsEveryRight(actor: Rights): boolean {
  if (actor.isRoot) return true;
  return actor.dataScope === 'TENANT' && everyCode[actor.level].every((code) => actor.permissions.has(code));
}

/** "worker.delete, salary_period.approve and 3 more": a readable list of codes for a message. */
export function listCodes(codes: readonly string[], shown = 5): string {
  const head = codes.slice(0, shown).join(', ');
  return codes.length > shown ? `${head} and ${codes.length - shown} more` : head;
}

/** Why `excess` is refused, in one phrase: "it holds worker.delete, which you do not hold". */
export function describeExcess(excess: Excess): string {
  if (excess.root) return 'it is a root user, whom only root may change';
  const parts: string[] = [];
  if (excess.permissions.length > 0)
    parts.push(`it holds ${listCodes(excess.permissions)}, which you do not hold`);
  if (excess.dataScope !== null)
    parts.push(`it reaches ${excess.dataScope} data, wider than your own data scope`);
  return parts.join('; and ');
}
