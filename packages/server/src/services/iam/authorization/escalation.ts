import { ErrorCodes, ForbiddenReasons, type ErrorParams, type ForbiddenReason } from '@hcm/contracts';
import type { DataScopeValue } from '@hcm/contracts/users-roles';
import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/database.ts';
import type { Scope } from '../../../db/tenant-scope.ts';
import type { Actor } from '../../../http/caller-scope.ts';
import { AppError } from '../../../http/errors.ts';
import { accountRights, actorRights, roleRights, rolesHeldBy, type AccountRights } from './load-rights.ts';
import {
  codesBeyond,
  describeExcess,
  excessOver,
  holdsEveryRight,
  isWithin,
  listCodes,
  SCOPE_WIDTH,
  type Rights,
} from './rights.ts';

/**
 * Which of these accounts belong to an employee the caller reaches by its data scope ('all' when
 * it reaches the whole tenant). Given by the organisation module (om's worker-reach.ts), which
 * owns employees and units; IAM only asks.
 */
export type AccountsInReach = (
  tx: Db,
  caller: Scope,
  userIds: readonly string[],
) => Promise<'all' | ReadonlySet<string>>;

/** What was attempted on an account, as the action log and the messages name it. */
export type AccountAction =
  'UPDATE' | 'ASSIGN_ROLES' | 'LOCK' | 'UNLOCK' | 'CHANGE_PASSWORD' | 'UNLOCK_SIGN_IN';
/** What was attempted on a role. */
export type RoleAction = 'CREATE_ROLE' | 'UPDATE_ROLE' | 'UPDATE_PERMISSIONS' | 'DELETE_ROLE';
/** What reaches every account of the tenant at once: who signs in with which password. */
export type TenantAction = 'DIRECTORY_SETTINGS';

const VERB: Record<AccountAction | RoleAction | TenantAction, string> = {
  DIRECTORY_SETTINGS: 'change',
  UPDATE: 'edit',
  ASSIGN_ROLES: 'change the roles of',
  LOCK: 'lock',
  UNLOCK: 'unlock',
  CHANGE_PASSWORD: 'set the password of',
  UNLOCK_SIGN_IN: 'lift the sign-in lock of',
  CREATE_ROLE: 'create',
  UPDATE_ROLE: 'change',
  UPDATE_PERMISSIONS: 'change the permissions of',
  DELETE_ROLE: 'delete',
};

/** The refusal, with what the action log keeps of the attempt (written by the IAM's onError hook). */
export class EscalationRefused extends AppError {
  readonly attempt: {
    readonly resource: 'user' | 'role';
    readonly recordId: string | null;
    readonly action: AccountAction | RoleAction | TenantAction;
    /** the codes the actor lacked (empty when the refusal is about data scope or oneself) */
    readonly missing: readonly string[];
  };

  /** `reason`: what the browser says when no permission is lacked (ForbiddenReasons, data scope) */
  constructor(message: string, attempt: EscalationRefused['attempt'], reason?: ForbiddenReason) {
    // the codes lacked travel as params: the browser names them in the user's language
    const params: ErrorParams | undefined =
      attempt.missing.length > 0
        ? { permissions: [...attempt.missing] }
        : reason === undefined
          ? undefined
          : { reason };
    super(403, ErrorCodes.forbidden, message, undefined, undefined, params);
    this.name = 'EscalationRefused';
    this.attempt = attempt;
  }
}

const sameSet = async (held: Promise<ReadonlySet<string>>, given: readonly string[]) => {
  const now = await held;
  const next = new Set(given.map((id) => id.toLowerCase()));
  return now.size === next.size && [...now].every((id) => next.has(id.toLowerCase()));
};

/** A role's rights after a change, as given. */
export interface RoleChange {
  readonly permissions?: readonly string[];
  readonly dataScope?: DataScopeValue;
  /** a change of status switches the role's grants on or off for everyone holding it */
  readonly status?: 'ACTIVE' | 'INACTIVE';
}

/**
 * The one place the no-escalation rule (rights.ts `excessOver`, docs/access-control.md) is
 * enforced for users and roles. Built per request from its actor; each check runs in the
 * transaction of the change it guards and throws EscalationRefused (403) before anything is
 * written.
 */
export interface EscalationGuard {
  /** whose rights bound the checks */
  readonly actor: Actor;
  /** before acting on these accounts: each must lie within the actor's rights and data scope */
  accounts(tx: Db, targetIds: readonly string[], action: AccountAction): Promise<AccountRights[]>;
  /** before giving these roles (already known to be the actor's level's) to `to`, or to a new account (null) */
  rolesGiven(tx: Db, roleIds: readonly string[], to: string | null): Promise<void>;
  /** before creating a role with these rights */
  roleCreated(tx: Db, role: { permissions: readonly string[]; dataScope: DataScopeValue }): Promise<void>;
  /** before changing or deleting a role: the role now, and after, must lie within the actor */
  roleChanged(tx: Db, roleId: string, change: RoleChange, action: RoleAction): Promise<void>;
  /**
   * before changing what reaches every account at once (the directory the accounts sign in
   * with: whoever points it at a server of theirs signs in as any of its users): only an actor
   * who holds every right of the tenant
   */
  everyAccount(tx: Db, action: TenantAction): Promise<void>;
}

/**
 * On an owner transaction (locks and passwords: tables out of the application role's reach),
 * the tenant the forced row-level-security policies of roles and employees read is set here:
 * a tenant administrator's targets are its own tenant's.
 */
const readAsTenant = (tx: Db, tenantId: string | null) =>
  tenantId === null ? undefined : tx.execute(sql`select set_config('app.tenant_id', ${tenantId}, true)`);

export function escalationGuard(actor: Actor, accountsInReach: AccountsInReach): EscalationGuard {
  const caller: Scope = { tenantId: actor.tenantId, userId: actor.userId };
  // read once per transaction: one operation asks several questions of the same actor
  const known = new WeakMap<Db, Promise<Rights>>();
  const actorRightsIn = (tx: Db) => {
    const found = known.get(tx) ?? actorRights(tx, actor);
    known.set(tx, found);
    return found;
  };
  const refuse = (
    message: string,
    resource: 'user' | 'role',
    recordId: string | null,
    action: AccountAction | RoleAction | TenantAction,
    missing: readonly string[] = [],
    reason?: ForbiddenReason,
  ) => new EscalationRefused(message, { resource, recordId, action, missing }, reason);

  const withinOrRefuse = (
    mine: Rights,
    target: Rights,
    subject: string,
    resource: 'user' | 'role',
    recordId: string | null,
    action: AccountAction | RoleAction,
  ) => {
    const excess = excessOver(mine, target);
    if (isWithin(excess)) return;
    throw refuse(
      `You cannot ${VERB[action]} ${subject}: ${describeExcess(excess)}`,
      resource,
      recordId,
      action,
      excess.permissions,
    );
  };

  /** The codes and data scope a role is given must be the actor's own. */
  const refuseGrantBeyond = (
    mine: Rights,
    given: { permissions?: readonly string[] | undefined; dataScope?: DataScopeValue | undefined },
    roleId: string | null,
    action: RoleAction,
  ) => {
    const missing = codesBeyond(mine, given.permissions ?? []);
    if (missing.length > 0)
      throw refuse(
        `You cannot grant ${listCodes(missing)}: you do not hold ${missing.length > 1 ? 'them' : 'it'} yourself`,
        'role',
        roleId,
        action,
        missing,
      );
    if (
      !mine.isRoot &&
      given.dataScope !== undefined &&
      SCOPE_WIDTH[given.dataScope] > SCOPE_WIDTH[mine.dataScope]
    )
      throw refuse(
        `You cannot give a role the data scope ${given.dataScope}: it is wider than your own (${mine.dataScope})`,
        'role',
        roleId,
        action,
      );
  };

  return {
    actor,
    async accounts(tx, targetIds, action) {
      await readAsTenant(tx, actor.tenantId);
      const mine = await actorRightsIn(tx);
      const targets = await accountRights(tx, targetIds);
      const reached =
        actor.tenantId === null || actor.isRoot
          ? 'all'
          : await accountsInReach(tx, caller, [...targets.keys()]);
      for (const target of targets.values()) {
        const subject = `the account ${target.username}`;
        withinOrRefuse(mine, target, subject, 'user', target.id, action);
        if (reached !== 'all' && target.id !== actor.userId && !reached.has(target.id))
          throw refuse(
            `You cannot ${VERB[action]} ${subject}: it is outside the units your data scope reaches`,
            'user',
            target.id,
            action,
            [],
            ForbiddenReasons.outOfScope,
          );
      }
      return [...targets.values()];
    },

    async rolesGiven(tx, roleIds, to) {
      const mine = await actorRightsIn(tx);
      if (
        to === actor.userId &&
        !holdsEveryRight(mine) &&
        !(await sameSet(rolesHeldBy(tx, actor.userLevel, to), roleIds))
      )
        throw refuse(
          'You cannot change your own roles: only an administrator who already holds every right of the tenant may',
          'user',
          to,
          'ASSIGN_ROLES',
        );
      const roles = await roleRights(tx, actor.userLevel, actor.userId, roleIds);
      for (const role of roles.values())
        withinOrRefuse(mine, role, `the role ${role.code}`, 'user', to, 'ASSIGN_ROLES');
    },

    async roleCreated(tx, role) {
      refuseGrantBeyond(await actorRightsIn(tx), role, null, 'CREATE_ROLE');
    },

    async roleChanged(tx, roleId, change, action) {
      const mine = await actorRightsIn(tx);
      const role = (await roleRights(tx, actor.userLevel, actor.userId, [roleId])).get(roleId);
      if (!role) return; // unknown: the operation answers its own 404
      const subject = `the role ${role.code}`;
      withinOrRefuse(mine, role, subject, 'role', roleId, action);
      const changesRights =
        (change.permissions !== undefined &&
          JSON.stringify([...new Set(change.permissions)].sort()) !==
            JSON.stringify([...role.permissions].sort())) ||
        (change.dataScope !== undefined && change.dataScope !== role.dataScope) ||
        change.status !== undefined;
      if (role.heldByActor && changesRights && !holdsEveryRight(mine))
        throw refuse(
          `You cannot ${VERB[action]} ${subject}: you hold it yourself, and only an administrator who already holds every right of the tenant may change the rights of a role they hold`,
          'role',
          roleId,
          action,
        );
      refuseGrantBeyond(mine, change, roleId, action);
    },

    async everyAccount(tx, action) {
      if (holdsEveryRight(await actorRightsIn(tx))) return;
      throw refuse(
        'You cannot change the directory the accounts sign in with: it reaches every account of the tenant, so only an administrator who holds every right of the tenant may',
        'user',
        null,
        action,
      );
    },
  };
}
