import { ALL_PERMISSION_CODES, permissionCodesForLevel, type Profile } from '@hcm/contracts';
import { eq, sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../../db/database.ts';
import { roles, users, type TenantRow, type UserRow } from '../../../db/schema.ts';
import type { App } from '../../../http/types.ts';
import { testEngines } from '../../../testing/engines.ts';
import { accessTokenFor, makeTenant, makeUser } from '../../../testing/factories.ts';
import { serveDuringSuite } from '../../../testing/serve-during-suite.ts';
import type { ErrorResult, HttpResult } from '../../../testing/http-client.ts';
import { TEST_HR_ADMIN, TEST_ROOT } from '../../../testing/test-server.ts';
import { registerAuthentication } from '../authentication/authentication.ts';
import { createTokenSigner } from '../tokens/token-signer.ts';
import { registerAuthorization } from './authorization.ts';
import { requireActor, runAsCaller } from '../../../http/caller-scope.ts';

const HOUR = 3_600_000;

/** Tiny routes that declare what they need, registered on the real app of the test suite.server. */
function testRoutes(app: App, db: Db): void {
  const ok = async () => ({ data: 'ok' });
  app.get('/api/test/one', { config: { auth: 'user', permission: 'job_title.view' } }, ok);
  app.get('/api/test/any', { config: { auth: 'user', permission: ['job_title.update', 'worker.view'] } }, ok);
  app.get('/api/test/anyone', { config: { auth: 'user', permission: [] } }, ok);
  app.get('/api/test/tenants', { config: { auth: 'user', permission: 'tenant.view' } }, ok);
  app.get('/api/test/om', { config: { auth: 'user', permission: 'job_title.view', module: 'OM' } }, ok);
  app.get('/api/test/pm', { config: { auth: 'user', permission: [], module: 'PM' } }, ok);
  // The actor and the caller's scope, as a route of developer B's framework would use them.
  app.get('/api/test/whoami', { config: { auth: 'user', permission: [] } }, async (request) => {
    const actor = requireActor(request);
    const roleTenants = await runAsCaller(db, request, async (tx) => {
      const rows = (await tx.execute(sql`select distinct tenant_id from roles`)) as unknown as {
        rows: { tenant_id: string }[];
      };
      return rows.rows.map((r) => r.tenant_id);
    });
    return {
      data: {
        userId: actor.userId,
        tenantId: actor.tenantId,
        isRoot: actor.isRoot,
        userLevel: actor.userLevel,
        permissions: [...actor.permissions].length,
        roleTenants,
      },
    };
  });
}

describe.each(await testEngines())('central authorization on $engine', ({ engine }) => {
  const suite = serveDuringSuite(engine, {}, { routes: (app, db) => testRoutes(app, db.orm) });

  const deps = () => ({ db: suite.server.db.orm, passwords: suite.server.passwords });
  const tokenOf = (user: Pick<UserRow, 'id' | 'tenantId'>) => accessTokenFor(suite.server.db.orm, user);
  async function tenantUser(permissions: string[], tenant?: TenantRow) {
    const t = tenant ?? (await makeTenant(suite.server.db.orm));
    const made = await makeUser(deps(), { tenantId: t.id, permissions });
    return { ...made, tenant: t, token: await tokenOf(made.user) };
  }
  async function seededUser(username: string) {
    const [user] = await suite.server.db.orm.select().from(users).where(eq(users.username, username));
    if (!user) throw new Error(`no ${username}`);
    return { user, token: await tokenOf(user) };
  }

  describe('permissions', () => {
    it('answers 401 without a token, before anything else', async () => {
      const res: ErrorResult = await suite.http.get('/api/test/one');
      expect(res.status).toBe(401);
      expect(res.body.code).toBe('UNAUTHORIZED');
    });

    it('answers 403 FORBIDDEN without the permission and 200 with it', async () => {
      const without = await tenantUser(['worker.view']);
      const denied: ErrorResult = await suite.http.get('/api/test/one', without.token);
      expect(denied.status).toBe(403);
      // the code needed travels as params too: the browser names it in the user's language (issue 27)
      expect(denied.body).toEqual({
        code: 'FORBIDDEN',
        message: 'This needs the permission job_title.view',
        params: { permissions: ['job_title.view'] },
      });

      const withIt = await tenantUser(['job_title.view']);
      const allowed = await suite.http.get('/api/test/one', withIt.token);
      expect(allowed.status).toBe(200);
      expect(allowed.body).toEqual({ data: 'ok' });
    });

    it('passes several codes when any one is granted, and [] for any signed-in user', async () => {
      const worker = await tenantUser(['worker.view']);
      expect((await suite.http.get('/api/test/any', worker.token)).status).toBe(200);
      const neither = await tenantUser(['job_title.view']);
      expect((await suite.http.get('/api/test/any', neither.token)).status).toBe(403);
      const nothing = await tenantUser([]);
      expect((await suite.http.get('/api/test/anyone', nothing.token)).status).toBe(200);
      expect((await suite.http.get('/api/test/anyone')).status).toBe(401);
    });

    it('unites the grants of all the user’s roles and ignores inactive roles', async () => {
      const { user, tenant, token } = await tenantUser(['worker.view']);
      expect((await suite.http.get('/api/test/one', token)).status).toBe(403);
      // a second role with the missing grant
      const second = await makeUser(deps(), { tenantId: tenant.id, permissions: ['job_title.view'] });
      await suite.server.db.orm.execute(
        sql`insert into user_roles (tenant_id, user_id, role_id) values (${tenant.id}, ${user.id}, ${second.role?.id})`,
      );
      expect((await suite.http.get('/api/test/one', token)).status).toBe(200);
      await suite.server.db.orm
        .update(roles)
        .set({ status: 'INACTIVE' })
        .where(eq(roles.id, second.role?.id ?? ''));
      expect((await suite.http.get('/api/test/one', token)).status).toBe(403);
    });

    it('lets root pass every check', async () => {
      const root = await seededUser(TEST_ROOT.username);
      for (const path of [
        '/api/test/one',
        '/api/test/any',
        '/api/test/tenants',
        '/api/test/om',
        '/api/test/pm',
      ])
        expect((await suite.http.get(path, root.token)).status, path).toBe(200);
    });

    it('gives system users the grants of their system roles, limited to system-level codes', async () => {
      const admin = await makeUser(deps(), {
        tenantId: null,
        permissions: ['tenant.view', 'job_title.view'],
      });
      const token = await tokenOf(admin.user);
      expect((await suite.http.get('/api/test/tenants', token)).status).toBe(200);
      // job_title is a tenant resource: a system role cannot give it
      expect((await suite.http.get('/api/test/one', token)).status).toBe(403);
      const bare = await makeUser(deps(), { tenantId: null });
      expect((await suite.http.get('/api/test/tenants', await tokenOf(bare.user))).status).toBe(403);
    });

    it('never lets a tenant role grant system administration', async () => {
      const { token } = await tenantUser(['tenant.view']);
      expect((await suite.http.get('/api/test/tenants', token)).status).toBe(403);
    });

    it('exposes request.actor and runs the caller’s work in its own tenant only', async () => {
      const other = await tenantUser(['worker.view']);
      const { user, tenant, token } = await tenantUser(['worker.view', 'job_title.view']);
      const res: HttpResult<{ data: Record<string, unknown> }> = await suite.http.get(
        '/api/test/whoami',
        token,
      );
      expect(res.body.data).toEqual({
        userId: user.id,
        tenantId: tenant.id,
        isRoot: false,
        userLevel: 'TENANT',
        permissions: 2,
        roleTenants: [tenant.id],
      });
      expect(res.body.data.roleTenants).not.toContain(other.tenant.id);
    });
  });

  describe('licences', () => {
    it('lets a tenant whose current pack unlocks the module in', async () => {
      const tenant = await makeTenant(suite.server.db.orm, { licence: { modules: ['OM'] } });
      const { token } = await tenantUser(['job_title.view'], tenant);
      expect((await suite.http.get('/api/test/om', token)).status).toBe(200);
    });

    it('answers 400 40000030 when the current pack lacks the module, or there is none', async () => {
      const omOnly = await makeTenant(suite.server.db.orm, { licence: { modules: ['OM'] } });
      const { token } = await tenantUser(['job_title.view'], omOnly);
      const res: ErrorResult = await suite.http.get('/api/test/pm', token);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        code: '40000030',
        message: "The tenant's service pack does not include the PM module",
      });
      const unlicensed = await makeTenant(suite.server.db.orm, { licence: null });
      const none = await tenantUser([], unlicensed);
      expect((await suite.http.get('/api/test/pm', none.token)).body).toMatchObject({ code: '40000030' });
      // a subscription that has not started yet is not current either
      const future = await makeTenant(suite.server.db.orm, {
        licence: { startsAt: new Date(Date.now() + HOUR), endsAt: new Date(Date.now() + 2 * HOUR) },
      });
      const early = await tenantUser([], future);
      expect((await suite.http.get('/api/test/pm', early.token)).body).toMatchObject({ code: '40000030' });
    });

    it('answers 400 40000029 when the subscription has ended and none is current', async () => {
      const ended = await makeTenant(suite.server.db.orm, {
        licence: { startsAt: new Date(Date.now() - 3 * HOUR), endsAt: new Date(Date.now() - HOUR) },
      });
      const { token } = await tenantUser(['job_title.view'], ended);
      const res: ErrorResult = await suite.http.get('/api/test/om', token);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ code: '40000029', message: "The tenant's service pack has expired" });
      // routes without a module still answer
      expect((await suite.http.get('/api/test/one', token)).status).toBe(200);
    });

    it('does not check system users', async () => {
      const admin = await makeUser(deps(), { tenantId: null, permissions: [] });
      expect((await suite.http.get('/api/test/pm', await tokenOf(admin.user))).status).toBe(200);
    });
  });

  describe('me', () => {
    it('lists the granted codes in me/authorities and the profile', async () => {
      const { token } = await tenantUser(['worker.view', 'job_title.view', 'leave_request.approve']);
      const authorities: HttpResult<{ data: string[] }> = await suite.http.get(
        '/api/iam/me/authorities',
        token,
      );
      expect(authorities.body).toEqual({ data: ['job_title.view', 'leave_request.approve', 'worker.view'] });
      const profile: HttpResult<{ data: Profile }> = await suite.http.get('/api/iam/me/profile', token);
      expect(profile.body.data.userPrimary).toEqual({
        isRoot: false,
        userLevel: 'TENANT',
        grantedPermissions: ['job_title.view', 'leave_request.approve', 'worker.view'],
      });
    });

    it('gives root every code', async () => {
      const root = await seededUser(TEST_ROOT.username);
      const res: HttpResult<{ data: string[] }> = await suite.http.get('/api/iam/me/authorities', root.token);
      expect(res.body.data).toEqual([...ALL_PERMISSION_CODES].sort());
    });

    it('seeds the demo HR administrator with HR_ADMIN: every tenant-level code, and a licence', async () => {
      const admin = await seededUser(TEST_HR_ADMIN.username);
      const res: HttpResult<{ data: string[] }> = await suite.http.get(
        '/api/iam/me/authorities',
        admin.token,
      );
      expect(res.body.data).toEqual(permissionCodesForLevel('TENANT').sort());
      expect((await suite.http.get('/api/test/om', admin.token)).status).toBe(200);
      expect((await suite.http.get('/api/test/pm', admin.token)).status).toBe(200);
      expect((await suite.http.get('/api/test/tenants', admin.token)).status).toBe(403);
    });

    it('updates the profile inside the caller’s scope', async () => {
      const { user, token } = await tenantUser(['worker.view']);
      const res: HttpResult<{ data: Profile }> = await suite.http.post(
        '/api/iam/me/profile',
        { fullName: 'Trần Thị Phạm Vi' },
        token,
      );
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ id: user.id, fullName: 'Trần Thị Phạm Vi' });
      expect(res.body.data.userPrimary.grantedPermissions).toEqual(['worker.view']);
    });
  });
});

describe('the onRoute rule', () => {
  const signer = createTokenSigner(new Uint8Array(32).fill(7), 60);
  const app = () => {
    const instance = Fastify();
    registerAuthentication(instance, signer);
    registerAuthorization(instance, {} as Db);
    return instance;
  };

  it('refuses a user route that does not declare its permission', () => {
    expect(() => app().get('/api/things', { config: { auth: 'user' } }, async () => 'x')).toThrow(
      "Route GET /api/things must declare config.permission: 'resource.action', a list of which any one suffices, or [] for any signed-in user",
    );
  });

  it('accepts a declared code, several, or [] explicitly', () => {
    const instance = app();
    expect(() =>
      instance.get('/api/a', { config: { auth: 'user', permission: 'worker.view' } }, async () => 'x'),
    ).not.toThrow();
    expect(() =>
      instance.get(
        '/api/b',
        { config: { auth: 'user', permission: ['worker.view', 'contract.approve'] } },
        async () => 'x',
      ),
    ).not.toThrow();
    expect(() =>
      instance.get('/api/c', { config: { auth: 'user', permission: [] } }, async () => 'x'),
    ).not.toThrow();
    expect(() => instance.get('/api/d', { config: { auth: 'public' } }, async () => 'x')).not.toThrow();
    expect(() => instance.get('/elsewhere', async () => 'x')).not.toThrow();
  });

  it('refuses codes the catalogue does not declare, unknown modules, and guarded public routes', () => {
    expect(() =>
      app().get('/api/x', { config: { auth: 'user', permission: 'job_title.approve' } }, async () => 'x'),
    ).toThrow(
      'Route GET /api/x requires job_title.approve, which @hcm/contracts permissions.ts does not declare',
    );
    expect(() =>
      app().get(
        '/api/x',
        // @ts-expect-error: not an application module
        { config: { auth: 'user', permission: [], module: 'HR' } },
        async () => 'x',
      ),
    ).toThrow('unknown application module HR');
    expect(() =>
      app().get('/api/x', { config: { auth: 'public', permission: 'worker.view' } }, async () => 'x'),
    ).toThrow('Route GET /api/x is public: it cannot require a permission or a module');
  });
});
