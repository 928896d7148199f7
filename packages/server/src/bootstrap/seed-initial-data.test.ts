import {
  ALL_PERMISSION_CODES,
  ApplicationModules,
  permissionCodesForLevel,
  type ErrorEnvelope,
  type Profile,
  type TokenSet,
} from '@hcm/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { servicePackPrivileges, servicePacks, tenantSubscriptions, tenants, users } from '../db/schema.ts';
import { createTestDatabase, testEngines, type TestDatabase } from '../testing/engines.ts';
import { httpClient, type HttpResult } from '../testing/http-client.ts';
import { startTestServer, TEST_HR_ADMIN, TEST_ROOT, type TestServer } from '../testing/test-server.ts';
import { formatCredentialsBox } from './credentials-box.ts';
import { allOf } from '../../../../scripts/testing/all-of.ts';

const NO_PASSWORDS = { HCM_ROOT_PASSWORD: undefined, HCM_DEMO_ADMIN_PASSWORD: undefined };

function signIn<T = { data: TokenSet }>(server: TestServer, username: string, password: string) {
  return httpClient(server.url).post<T>('/api/iam/authenticate', { username, password });
}

async function profileOf(server: TestServer, username: string, password: string): Promise<Profile> {
  const auth = await signIn(server, username, password);
  expect(auth.status).toBe(200);
  const res: HttpResult<{ data: Profile }> = await httpClient(server.url).get(
    '/api/iam/me/profile',
    auth.body.data.accessToken,
  );
  return res.body.data;
}

describe.each(await testEngines('both'))('first start on $engine', ({ engine }) => {
  describe('with generated passwords, then restarted on the same storage', () => {
    // PGlite keeps real files in a temp folder here, so the restart reads them back.
    let database: TestDatabase;
    let first: TestServer;
    let second: TestServer | undefined;

    beforeAll(async () => {
      database = await createTestDatabase(engine, { files: true });
      first = await startTestServer({ ...database.env, ...NO_PASSWORDS });
    });
    afterAll(async () => {
      await first?.stop().catch(() => undefined);
      await second?.stop();
      await database?.dispose();
    });

    it('creates the root user, the demo tenant and its HR administrator', async () => {
      const rows = await first.db.orm
        .select({ user: users, tenant: tenants })
        .from(users)
        .leftJoin(tenants, eq(tenants.id, users.tenantId))
        .orderBy(users.username);
      expect(
        rows.map(({ user, tenant }) => ({
          username: user.username,
          fullName: user.fullName,
          isRoot: user.isRoot,
          level: user.userLevel,
          tenant: tenant?.code ?? null,
        })),
      ).toEqual([
        { username: 'hradmin', fullName: 'Quản trị Nhân sự', isRoot: false, level: 'TENANT', tenant: 'demo' },
        { username: 'root', fullName: 'Quản trị hệ thống', isRoot: true, level: 'SYSTEM', tenant: null },
      ]);
      expect(rows.find((r) => r.tenant)?.tenant?.name).toBe('Công ty Demo');
      // argon2id hashes only, never the password itself.
      expect(allOf(rows, ({ user }) => user.passwordHash?.startsWith('$argon2id$') === true)).toBe(true);
    });

    it('prints each generated password once, in a box, and never logs it', async () => {
      expect(first.seeded.generated.map((g) => g.username)).toEqual(['root', 'hradmin']);
      expect(first.printed).toBe(formatCredentialsBox(first.seeded.generated));
      expect(first.printed).toMatch(/^╔═+╗\n/);
      for (const { username, password } of first.seeded.generated) {
        expect(first.printed).toContain(`username: ${username}`);
        expect(first.printed).toContain(`password: ${password}`);
        expect(password).toMatch(/^(?=.*[a-z])(?=.*[A-Z])(?=.*\d)(?=.*[^A-Za-z0-9\s])\S{8,50}$/);
        expect(first.logs()).not.toContain(password);
      }
      const [root, hr] = first.seeded.generated;
      expect(root?.password).not.toBe(hr?.password);
      const signedIn = await signIn(first, 'root', root?.password ?? '');
      expect(signedIn.status).toBe(200);
    });

    it('keeps the data across a restart, prints nothing and ignores new env passwords', async () => {
      const rootPassword = first.seeded.generated[0]?.password ?? '';
      await first.stop();
      second = await startTestServer({
        ...database.env,
        HCM_ROOT_PASSWORD: 'Another#Pass1',
        HCM_DEMO_ADMIN_PASSWORD: 'Another#Pass2',
      });
      expect(second.seeded).toEqual({ created: [], generated: [] });
      expect(second.printed).toBe('');
      const [{ n } = { n: 0 }] = await second.db.orm.select({ n: sql<number>`count(*)::int` }).from(users);
      expect(n).toBe(2);
      // The first start's generated password still works; the new env one does not.
      expect((await signIn(second, 'root', rootPassword)).status).toBe(200);
      const refused = await signIn<ErrorEnvelope>(second, 'root', 'Another#Pass1');
      expect(refused.status).toBe(401);
    });
  });

  describe('with passwords from the environment', () => {
    let database: TestDatabase;
    let server: TestServer;

    beforeAll(async () => {
      database = await createTestDatabase(engine);
      server = await startTestServer({
        ...database.env,
        HCM_DEMO_TENANT_CODE: 'acme',
        HCM_DEMO_TENANT_NAME: 'ACME Việt Nam',
        HCM_DEMO_ADMIN_FULL_NAME: 'Trần Thị Nhân Sự',
      });
    });
    afterAll(async () => {
      await server?.stop();
      await database?.dispose();
    });

    it('uses them, prints nothing, and names the tenant and admin from the environment', async () => {
      expect(server.printed).toBe('');
      expect(server.seeded.generated).toEqual([]);
      expect(server.seeded.created).toEqual([
        'root user root',
        'service pack FULL',
        'tenant acme',
        'HR administrator hradmin',
        'role HR_ADMIN',
      ]);
      const root = await profileOf(server, TEST_ROOT.username, TEST_ROOT.password);
      expect(root).toMatchObject({
        fullName: 'Quản trị hệ thống',
        tenantId: null,
        userPrimary: { isRoot: true, userLevel: 'SYSTEM' },
      });
      expect(root.userPrimary.grantedPermissions).toEqual([...ALL_PERMISSION_CODES].sort());
      const hr = await profileOf(server, TEST_HR_ADMIN.username, TEST_HR_ADMIN.password);
      expect(hr).toMatchObject({
        fullName: 'Trần Thị Nhân Sự',
        tenantName: 'ACME Việt Nam',
        userPrimary: { isRoot: false, userLevel: 'TENANT' },
      });
      // HR_ADMIN: every permission a tenant role may hold
      expect(hr.userPrimary.grantedPermissions).toEqual(permissionCodesForLevel('TENANT').sort());
    });

    it('subscribes the demo tenant to the FULL pack (every module) from now for 12 months', async () => {
      const [row] = await server.db.orm
        .select({ pack: servicePacks, sub: tenantSubscriptions })
        .from(tenantSubscriptions)
        .innerJoin(servicePacks, eq(servicePacks.id, tenantSubscriptions.servicePackId));
      expect(row?.pack).toMatchObject({ code: 'FULL', duration: 12, status: 'ACTIVE' });
      const modules = await server.db.orm
        .select({ module: servicePackPrivileges.module })
        .from(servicePackPrivileges)
        .where(eq(servicePackPrivileges.servicePackId, row?.pack.id ?? ''));
      expect(modules.map((m) => m.module).sort()).toEqual([...ApplicationModules].sort());
      const startsAt = row?.sub.startsAt.getTime() ?? 0;
      expect(Math.abs(Date.now() - startsAt)).toBeLessThan(600_000);
      const days = ((row?.sub.endsAt.getTime() ?? 0) - startsAt) / 86_400_000;
      expect(days).toBeGreaterThanOrEqual(365);
      expect(days).toBeLessThanOrEqual(366);
    });
  });
});
