import type { DataScopeValue } from '@hcm/contracts/users-roles';
import { randomBytes, randomUUID } from 'node:crypto';
import type { AnyResourceContract, ExampleContext } from '@hcm/contracts/resource';
import type { Db } from '../db/database.ts';
import { ApplicationModules, type ApplicationModule } from '@hcm/contracts';
import {
  sessions,
  type RoleRow,
  type ServicePackRow,
  type SystemRoleRow,
  type TenantRow,
  type UserRow,
} from '../db/schema.ts';
import { inScope } from '../db/tenant-scope.ts';
import { assignRole } from '../services/iam/roles/assign-role.ts';
import { createRole } from '../services/iam/roles/create-role.ts';
import { assignSystemRole, createSystemRole } from '../services/iam/roles/system-roles.ts';
import type { PasswordHasher } from '../services/iam/passwords/password-hasher.ts';
import { ensureSigningKey } from '../services/iam/tokens/signing-key.ts';
import { createTokenSigner } from '../services/iam/tokens/token-signer.ts';
import { createUser, type CreateUserInput } from '../services/iam/users/create-user.ts';
import {
  createServicePack,
  type CreateServicePackInput,
} from '../services/tenant/service-packs/create-service-pack.ts';
import { addMonths, subscribeTenant } from '../services/tenant/subscriptions/subscribe-tenant.ts';
import { createTenant } from '../services/tenant/tenants/create-tenant.ts';
import type { HttpClient } from './http-client.ts';

const suffix = () => randomBytes(4).toString('hex');

export interface MakeTenantOverrides {
  code?: string;
  name?: string;
  /**
   * The tenant's licence: by default a current subscription (from a minute ago, for 12 months)
   * to a pack of its own unlocking every module, so routes with `config.module` let its users
   * in. Narrow the modules or move the period to test licences; null: no subscription at all.
   */
  licence?: { modules?: readonly ApplicationModule[]; startsAt?: Date; endsAt?: Date } | null;
}

/** A tenant with a unique code and, unless told otherwise, a licence for every module. */
export async function makeTenant(db: Db, overrides: MakeTenantOverrides = {}): Promise<TenantRow> {
  const tenant = await createTenant(db, {
    code: overrides.code ?? `t_${suffix()}`,
    name: overrides.name ?? 'Công ty Thử nghiệm',
  });
  if (overrides.licence === null) return tenant;
  const pack = await makeServicePack(db, { modules: overrides.licence?.modules ?? ApplicationModules });
  const startsAt = overrides.licence?.startsAt ?? new Date(Date.now() - 60_000);
  await subscribeTenant(db, {
    tenantId: tenant.id,
    servicePackId: pack.id,
    startsAt,
    endsAt: overrides.licence?.endsAt ?? addMonths(startsAt, 12),
  });
  return tenant;
}

/** A service pack with a unique code unlocking the given modules (all by default). */
export function makeServicePack(
  db: Db,
  overrides: Partial<CreateServicePackInput> = {},
): Promise<ServicePackRow> {
  return createServicePack(db, {
    code: `p_${suffix()}`,
    name: 'Gói thử nghiệm',
    duration: 12,
    modules: ApplicationModules,
    ...overrides,
  });
}

export interface MadeUser {
  user: UserRow;
  password: string;
  /** the user's own role holding `permissions` (when the option was given) */
  role?: RoleRow | SystemRoleRow;
}

export interface MakeUserOverrides extends Partial<CreateUserInput> {
  /**
   * Permission codes (`resource.action`) to grant the user through a role of its own: a tenant
   * role of its tenant for a tenant user, a system role for a system user. Given as `[]`, the
   * role exists with no grant.
   */
  permissions?: readonly string[];
  /** the data scope of that role (a tenant user's): TENANT unless said */
  dataScope?: DataScopeValue;
}

/** A user with a unique name and a known password (a tenant user when tenantId is given). */
export async function makeUser(
  deps: { db: Db; passwords: PasswordHasher },
  overrides: MakeUserOverrides = {},
): Promise<MadeUser> {
  const { permissions, dataScope, ...input } = overrides;
  const password = input.password ?? `Pw-${suffix()}#A1`;
  const user = await createUser(deps, {
    tenantId: null,
    username: `user_${suffix()}`,
    fullName: 'Nguyễn Văn Thử',
    ...input,
    password,
  });
  if (permissions === undefined) return { user, password };
  const code = `r_${suffix()}`;
  const name = `Vai trò của ${user.username}`;
  const tenantId = user.tenantId;
  // Through inScope, as a request would: row-level security checks the rows' tenant.
  const role = await inScope(deps.db, { tenantId, userId: null }, async (tx) => {
    if (tenantId === null) {
      const systemRole = await createSystemRole(tx, { code, name, permissions });
      await assignSystemRole(tx, { userId: user.id, roleId: systemRole.id });
      return systemRole;
    }
    const tenantRole = await createRole(tx, { tenantId, code, name, permissions, dataScope });
    await assignRole(tx, { tenantId, userId: user.id, roleId: tenantRole.id });
    return tenantRole;
  });
  return { user, password, role };
}

/**
 * A valid access token for a user, signed with the server's key, without going through sign-in
 * (for tests about what a signed-in caller may do, not about signing in). Its session is opened
 * too (a day long), since every request checks it (authorization/load-actor.ts).
 */
export async function accessTokenFor(db: Db, user: Pick<UserRow, 'id' | 'tenantId'>): Promise<string> {
  const signer = createTokenSigner(await ensureSigningKey(db), 900);
  const sessionId = randomUUID();
  await db.insert(sessions).values({
    id: sessionId,
    userId: user.id,
    tenantId: user.tenantId,
    expiresAt: new Date(Date.now() + 86_400_000),
  });
  return signer.signAccessToken({ userId: user.id, tenantId: user.tenantId, sessionId });
}

/**
 * A valid create body of any resource, built from its contract's field examples: `n` varies
 * them, and unique text gets a suffix of `n` so that bodies of different n never collide;
 * `context` names records of the caller's tenant an example may need (a step's USER assignee).
 */
export function recordBody(
  contract: AnyResourceContract,
  n: number,
  context?: ExampleContext,
): Record<string, unknown> {
  return Object.fromEntries(
    contract.create.flatMap((name) => {
      const field = contract.fields[name];
      if (!field) return [];
      const example = field.example(n, context);
      if (typeof example !== 'string' || !field.unique) return [[name, example]];
      // A patterned value (a tax code) that the suffix would break keeps its example, which n varies.
      const suffixed = `${example}_P${n}`;
      const pattern = 'pattern' in field ? field.pattern : undefined;
      return [[name, pattern && !new RegExp(pattern).test(suffixed) ? example : suffixed]];
    }),
  );
}

/** Who writes a factory's records through the API: the test server's client and a caller's token. */
export interface ApiWriter {
  readonly http: HttpClient;
  readonly token: string;
}

/** Creates a record with POST `path` as its page would, answering its id; a refusal throws with the answer. */
export async function createThroughApi(
  writer: ApiWriter,
  path: string,
  body: Record<string, unknown>,
): Promise<string> {
  const res = await writer.http.post<{ data: { id: string } }>(path, body, writer.token);
  if (res.status !== 200) throw new Error(`POST ${path}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data.id;
}

export interface ContractInput {
  number: string;
  workerId: string;
  contractTypeId: string;
  /** the signing and effective day */
  from: string;
  /** the expiry day; none: an open-ended contract */
  to?: string | null;
  salary?: string;
}

/** A labour contract (not an annex) signed on the day it takes effect, through the API. */
export function createContract(writer: ApiWriter, contract: ContractInput): Promise<string> {
  return createThroughApi(writer, '/api/om/contracts', {
    number: contract.number,
    workerId: contract.workerId,
    contractTypeId: contract.contractTypeId,
    signingDate: contract.from,
    effectiveDate: contract.from,
    ...(contract.to ? { expiryDate: contract.to } : {}),
    salary: contract.salary ?? '10000000',
  });
}

export interface WorkerInput {
  code: string;
  organizationUnitId: string;
  joinedDate: string;
  /** `Nguyễn Văn <code>` unless said */
  fullName?: string;
  gender?: 'MALE' | 'FEMALE';
  dateOfBirth?: string;
}

/** An employee, through the API. */
export function createWorker(writer: ApiWriter, worker: WorkerInput): Promise<string> {
  const { fullName, gender, ...rest } = worker;
  return createThroughApi(writer, '/api/om/workers', {
    ...rest,
    fullName: fullName ?? `Nguyễn Văn ${worker.code}`,
    gender: gender ?? 'MALE',
  });
}

/**
 * An employee and their labour contract, through the API as HR makes them (the employee list's
 * contract columns and the dashboard's contract cards read both).
 */
export async function createWorkerWithContract(
  writer: ApiWriter,
  worker: WorkerInput,
  contract: Omit<ContractInput, 'workerId'>,
): Promise<{ workerId: string; contractId: string }> {
  const workerId = await createWorker(writer, worker);
  return { workerId, contractId: await createContract(writer, { ...contract, workerId }) };
}
