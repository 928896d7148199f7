import { count, eq, sql } from 'drizzle-orm';
import type { BootstrapConfig } from '../config.ts';
import type { Db } from '../db/database.ts';
import { tenants, users } from '../db/schema.ts';
import { generatePassword } from '../services/iam/passwords/generate-password.ts';
import type { PasswordHasher } from '../services/iam/passwords/password-hasher.ts';
import { createUser } from '../services/iam/users/create-user.ts';
import { createTenant } from '../services/tenant/tenants/create-tenant.ts';

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
 * exists, and the demo tenant with its HR administrator when there is no tenant at all.
 * Afterwards it finds them and does nothing: a later start with other env passwords changes
 * no one, and a deleted demo tenant is not brought back while other tenants exist.
 */
export async function seedInitialData(
  deps: { db: Db; passwords: PasswordHasher },
  config: BootstrapConfig,
): Promise<SeedResult> {
  return deps.db.transaction(async (tx) => {
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

    const [tenantCount] = await tx.select({ n: count() }).from(tenants);
    if (tenantCount?.n === 0) {
      const tenant = await createTenant(tx, { code: config.demoTenantCode, name: config.demoTenantName });
      await createUser(
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
      result.created.push(`tenant ${config.demoTenantCode}`, `HR administrator ${config.demoAdminUsername}`);
    }
    return result;
  });
}
