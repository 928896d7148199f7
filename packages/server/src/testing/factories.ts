import { randomBytes } from 'node:crypto';
import type { Db } from '../db/database.ts';
import type { TenantRow, UserRow } from '../db/schema.ts';
import type { PasswordHasher } from '../services/iam/passwords/password-hasher.ts';
import { createUser, type CreateUserInput } from '../services/iam/users/create-user.ts';
import { createTenant } from '../services/tenant/tenants/create-tenant.ts';

const suffix = () => randomBytes(4).toString('hex');

/** A tenant with a unique code; any field can be overridden. */
export function makeTenant(db: Db, overrides: { code?: string; name?: string } = {}): Promise<TenantRow> {
  return createTenant(db, {
    code: overrides.code ?? `t_${suffix()}`,
    name: overrides.name ?? 'Công ty Thử nghiệm',
  });
}

export interface MadeUser {
  user: UserRow;
  password: string;
}

export interface MakeUserOverrides extends Partial<CreateUserInput> {
  /**
   * Permission codes (`resource.action`) to grant the user through a role of its own in its
   * tenant. Roles and grants arrive with migration 0002 (tenancy and access).
   */
  permissions?: readonly string[];
}

/** A user with a unique name and a known password (a tenant user when tenantId is given). */
export async function makeUser(
  deps: { db: Db; passwords: PasswordHasher },
  overrides: MakeUserOverrides = {},
): Promise<MadeUser> {
  const { permissions: _permissions, ...input } = overrides;
  const password = input.password ?? `Pw-${suffix()}#A1`;
  const user = await createUser(deps, {
    tenantId: null,
    username: `user_${suffix()}`,
    fullName: 'Nguyễn Văn Thử',
    ...input,
    password,
  });
  return { user, password };
}
