import { ApplicationModules } from '@hcm/contracts';
import { count, eq, sql } from 'drizzle-orm';
import type { BootstrapConfig } from '../config.ts';
import { afterBulkWrites } from '../db/analyze.ts';
import type { Db } from '../db/database.ts';
import { servicePacks, tenants, users } from '../db/schema.ts';
import { generatePassword } from '../services/iam/passwords/generate-password.ts';
import type { PasswordHasher } from '../services/iam/passwords/password-hasher.ts';
import { assignRole } from '../services/iam/roles/assign-role.ts';
import { createUser } from '../services/iam/users/create-user.ts';
import { createServicePack } from '../services/tenant/service-packs/create-service-pack.ts';
import { subscribeTenant } from '../services/tenant/subscriptions/subscribe-tenant.ts';
import type { TenantSeeds } from '../services/tenant/seeds/tenant-seeds.ts';
import { createTenant } from '../services/tenant/tenants/create-tenant.ts';
import { tenantAdministratorRole } from '../services/tenant/seeds/starter-workflows.ts';

/** The service pack seeded on first start: every module, for a year. */
export const DEFAULT_SERVICE_PACK = {
  code: 'FULL',
  name: 'Gói đầy đủ',
  description: 'Mọi phân hệ, 12 tháng',
  duration: 12,
  modules: ApplicationModules,
} as const;

/**
 * The HR administrator's tenant role: every permission a tenant role may grant. Built in: never
 * deleted, its permissions never changed (services/iam/roles/manage-roles.ts).
 */
export const HR_ADMIN_ROLE = { code: 'HR_ADMIN', name: 'Quản trị nhân sự', builtIn: true } as const;

export interface GeneratedCredential {
  role: string;
  username: string;
  password: string;
}

export interface SeedResult {
  created: string[];
  /** passwords made up because the environment gave none: shown once, then only hashes exist */
  generated: GeneratedCredential[];
}

/**
 * First-start data, in one transaction: the root system administrator when no root user
 * exists, the default service pack (FULL) when there is no pack, and the demo tenant when
 * there is no tenant at all: subscribed to FULL from now for its duration, with its HR
 * administrator holding the tenant role HR_ADMIN (every tenant-level permission), and the
 * product's reference data (`seeds`, README "Seed data") like every tenant the product creates.
 * Afterwards it finds them and does nothing: a later start with other env passwords changes
 * no one, and a deleted demo tenant is not brought back while other tenants exist.
 */
export async function seedInitialData(
  deps: { db: Db; passwords: PasswordHasher; seeds?: TenantSeeds },
  config: BootstrapConfig,
): Promise<SeedResult> {
  let opened: Db | undefined;
  const seeded = await deps.db.transaction(async (tx) => {
    opened = tx;
    // Two API nodes starting together on one PostgreSQL: the second waits, then finds the data.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('hcm.seed'))`);
    const result: SeedResult = { created: [], generated: [] };
    const passwordFor = (role: string, username: string, given: string | undefined) => {
      if (given !== undefined) return given;
      const password = generatePassword();
      result.generated.push({ role, username, password });
      return password;
    };

    const [roots] = await tx.select({ n: count() }).from(users).where(eq(users.isRoot, true));
    if (roots?.n === 0) {
      await createUser(
        { db: tx, passwords: deps.passwords },
        {
          tenantId: null,
          username: config.rootUsername,
          fullName: config.rootFullName,
          password: passwordFor('System administrator (root)', config.rootUsername, config.rootPassword),
          isRoot: true,
          accountType: 'INTERNAL',
        },
      );
      result.created.push(`root user ${config.rootUsername}`);
    }

    const [packCount] = await tx.select({ n: count() }).from(servicePacks);
    const defaultPack =
      packCount?.n === 0 ? await createServicePack(tx, { ...DEFAULT_SERVICE_PACK, price: 0 }) : undefined;
    if (defaultPack) result.created.push(`service pack ${defaultPack.code}`);

    const [tenantCount] = await tx.select({ n: count() }).from(tenants);
    if (tenantCount?.n === 0) {
      const tenant = await createTenant(tx, {
        code: config.demoTenantCode,
        name: config.demoTenantName,
        ...(deps.seeds ? { seeds: deps.seeds } : {}),
      });
      const pack =
        defaultPack ??
        (
          await tx
            .select()
            .from(servicePacks)
            .where(sql`lower(${servicePacks.code}) = 'full'`)
        )[0];
      if (pack)
        await subscribeTenant(tx, {
          tenantId: tenant.id,
          servicePackId: pack.id,
          startsAt: new Date(),
          months: pack.duration,
        });
      const admin = await createUser(
        { db: tx, passwords: deps.passwords },
        {
          tenantId: tenant.id,
          username: config.demoAdminUsername,
          fullName: config.demoAdminFullName,
          password: passwordFor(
            `HR administrator of ${config.demoTenantName}`,
            config.demoAdminUsername,
            config.demoAdminPassword,
          ),
          accountType: 'TENANT',
        },
      );
      // Tenant-owned rows last, with the tenant set for row-level security (an owner that is not
      // a superuser is subject to FORCE ROW LEVEL SECURITY too), then unset.
      await tx.execute(sql`select set_config('app.tenant_id', ${tenant.id}, true)`);
      // the seeds' starters made it when there were seeds (their default workflows name it)
      const role = await tenantAdministratorRole(tx, tenant.id);
      await assignRole(tx, { tenantId: tenant.id, userId: admin.id, roleId: role.id });
      await tx.execute(sql`select set_config('app.tenant_id', '', true)`);
      result.created.push(
        `tenant ${config.demoTenantCode}`,
        `HR administrator ${config.demoAdminUsername}`,
        `role ${HR_ADMIN_ROLE.code}`,
      );
    }
    return result;
  });
  // the demo tenant's reference data went into tables that had no statistics: analysed now
  if (opened) await afterBulkWrites(deps.db, opened, true);
  return seeded;
}
