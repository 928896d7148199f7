import { ApiPaths, permissionCodesForLevel, type ErrorEnvelope } from '@hcm/contracts';
import type { DataScopeValue } from '@hcm/contracts/users-roles';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { actionLogs, rolePermissions, users } from '../../../db/schema.ts';
import { inScope } from '../../../db/tenant-scope.ts';
import { testEngines } from '../../../testing/engines.ts';
import { accessTokenFor, makeTenant, makeUser } from '../../../testing/factories.ts';
import { serveDuringSuite } from '../../../testing/serve-during-suite.ts';

type Answer = { status: number; body: ErrorEnvelope & { data?: unknown } };

/**
 * The no-escalation rule on the API (docs/access-control.md, "No escalation"): the table of
 * actor × target × action written out once more, so that a change of the rule or of one of
 * its enforcement points without the other fails here.
 */
describe.each(await testEngines())('no escalation on $engine', ({ engine }) => {
  const suite = serveDuringSuite(engine);
  const db = () => suite.server.db.orm;
  const deps = () => ({ db: db(), passwords: suite.server.passwords });
  const post = (path: string, body: unknown, token: string) =>
    suite.http.post(path, body, token) as Promise<Answer>;
  const get = <T>(path: string, token: string) =>
    suite.http.get(path, token) as Promise<{ status: number; body: { data: T } }>;

  const DELEGATE = [
    'user.view',
    'user.update',
    'user.create',
    'role.view',
    'role.create',
    'role.update',
    'role.delete',
    'worker.view',
  ];
  let tenantId = '';
  const who: Record<string, { id: string; token: string; roleId: string; username: string }> = {};
  const units: Record<string, string> = {};

  /** A user of the tenant with a role of its own holding `permissions` with `dataScope`. */
  const person = async (
    name: string,
    permissions: readonly string[],
    dataScope: DataScopeValue = 'TENANT',
  ) => {
    const made = await makeUser(deps(), {
      tenantId,
      permissions,
      dataScope,
      username: `${name}_${Math.random().toString(16).slice(2, 8)}`,
    });
    who[name] = {
      id: made.user.id,
      token: await accessTokenFor(db(), made.user),
      roleId: made.role?.id ?? '',
      username: made.user.username,
    };
  };
  const hrPost = async (path: string, body: Record<string, unknown>) => {
    const res = await post(path, body, who.hr?.token ?? '');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return (res.body.data as { id: string }).id;
  };
  /** An employee of `unit` whose sign-in account is `account`. */
  const employee = (code: string, unit: string, account: string, extra: Record<string, unknown> = {}) =>
    hrPost('/api/om/workers', {
      code,
      fullName: `Nhân viên ${code}`,
      gender: 'FEMALE',
      organizationUnitId: units[unit],
      userId: who[account]?.id,
      ...extra,
    });
  const versionOf = async (userId: string) =>
    (await get<{ version: number }>(`/api/iam/users/${userId}`, who.hr?.token ?? '')).body.data.version;
  const passwordHashOf = async (userId: string) =>
    (await db().select({ hash: users.passwordHash }).from(users).where(eq(users.id, userId)))[0]?.hash;

  beforeAll(async () => {
    tenantId = (await makeTenant(db())).id;
    await person('hr', permissionCodesForLevel('TENANT'));
    await person('delegate', DELEGATE);
    await person('branch', DELEGATE, 'UNITS');
    await person('peer', ['worker.view']);
    await person('powerful', ['worker.view', 'worker.delete', 'salary_period.approve']);
    await person('insider', ['worker.view'], 'SELF');
    await person('outsider', ['worker.view'], 'SELF');
    await person('wide', ['worker.view'], 'TENANT');
    units.sales = await hrPost('/api/om/organization-units', {
      code: 'KINH_DOANH',
      name: 'Kinh doanh',
      typeCode: 'PHONG',
    });
    units.finance = await hrPost('/api/om/organization-units', {
      code: 'TAI_CHINH',
      name: 'Tài chính',
      typeCode: 'PHONG',
    });
    const head = await hrPost('/api/om/positions', {
      code: 'TRUONG_KD',
      name: 'Trưởng phòng KD',
      directUnits: [units.sales],
    });
    await employee('NV01', 'sales', 'branch', { jobPositionId: head });
    await employee('NV02', 'sales', 'insider');
    await employee('NV03', 'finance', 'outsider');
    await employee('NV04', 'sales', 'wide');
  });

  /** Each account action, as the user administration pages call it. */
  const ACCOUNT_ACTIONS: Record<string, (actor: string, target: string) => Promise<Answer>> = {
    edit: async (actor, target) =>
      post(
        `/api/iam/users/${who[target]?.id}/update`,
        { fullName: 'Tên mới', version: await versionOf(who[target]?.id ?? '') },
        who[actor]?.token ?? '',
      ),
    lock: (actor, target) =>
      post(`/api/iam/users/${who[target]?.id}/lock`, undefined, who[actor]?.token ?? ''),
    unlock: (actor, target) =>
      post(`/api/iam/users/${who[target]?.id}/unlock`, undefined, who[actor]?.token ?? ''),
    'set the password of': (actor, target) =>
      post(
        ApiPaths.iam.changeUserPassword.replace(':id', who[target]?.id ?? ''),
        { generate: true },
        who[actor]?.token ?? '',
      ),
    'lift the sign-in lock of': (actor, target) =>
      post(ApiPaths.iam.unlockUsers, { usernames: [who[target]?.username] }, who[actor]?.token ?? ''),
    'change the roles of': async (actor, target) =>
      post(
        `/api/iam/users/${who[target]?.id}/assign-roles`,
        { roleIds: [who[target]?.roleId], version: await versionOf(who[target]?.id ?? '') },
        who[actor]?.token ?? '',
      ),
  };

  /** actor, target, expected answer (with what the message must say when refused) */
  const TABLE: [string, string, 200 | [403, string]][] = [
    ['delegate', 'peer', 200],
    ['delegate', 'powerful', [403, 'worker.delete']],
    ['delegate', 'hr', [403, 'which you do not hold']],
    ['branch', 'insider', 200],
    ['branch', 'outsider', [403, 'outside the units']],
    ['branch', 'wide', [403, 'wider than your own data scope']],
    ['branch', 'peer', [403, 'wider than your own data scope']],
    ['hr', 'powerful', 200],
  ];

  for (const [actor, target, expected] of TABLE)
    for (const [action, act] of Object.entries(ACCOUNT_ACTIONS))
      it(`${actor} may ${expected === 200 ? '' : 'not '}${action} ${target}`, async () => {
        const version = await versionOf(who[target]?.id ?? '');
        const hash = await passwordHashOf(who[target]?.id ?? '');
        const res = await act(actor, target);
        if (expected === 200) {
          expect(res.status, JSON.stringify(res.body)).toBe(200);
          // unlock after lock: leave the target able to sign in for the rows after
          if (action === 'lock')
            await post(`/api/iam/users/${who[target]?.id}/unlock`, undefined, who.hr?.token ?? '');
          return;
        }
        const [status, says] = expected;
        expect(res.status, JSON.stringify(res.body)).toBe(status);
        expect(res.body.code).toBe('FORBIDDEN');
        expect(res.body.message).toContain(says);
        // a target beyond the actor's data scope: the browser says so, no permission is named
        if (says === 'outside the units') expect(res.body.params).toEqual({ reason: 'outOfScope' });
        // nothing written: neither the account nor its password
        expect(await versionOf(who[target]?.id ?? '')).toBe(version);
        expect(await passwordHashOf(who[target]?.id ?? '')).toBe(hash);
      });

  it('keeps a refused takeover in the action log, naming what was missing', async () => {
    const res = await ACCOUNT_ACTIONS['set the password of']?.('delegate', 'hr');
    expect(res?.status).toBe(403);
    expect(res?.body.message).toMatch(
      /set the password of the account hr_\w+: it holds .*which you do not hold/,
    );
    const logged = await inScope(db(), { tenantId, userId: null }, (tx) =>
      tx
        .select()
        .from(actionLogs)
        .where(
          and(
            eq(actionLogs.action, 'DENIED'),
            eq(actionLogs.recordId, who.hr?.id ?? ''),
            eq(actionLogs.userId, who.delegate?.id ?? ''),
          ),
        ),
    );
    const attempts = logged.map((row) => row.changes.attempted?.after);
    expect(attempts).toEqual(expect.arrayContaining(['UPDATE', 'LOCK', 'CHANGE_PASSWORD', 'ASSIGN_ROLES']));
    const takeover = logged.find((row) => row.changes.attempted?.after === 'CHANGE_PASSWORD');
    expect(takeover?.changes.missing?.after).toContain('salary_period.approve');
  });

  it('refuses giving a role beyond the actor, and anyone changing their own roles unless they hold every right', async () => {
    const giving = await post(
      `/api/iam/users/${who.peer?.id}/assign-roles`,
      { roleIds: [who.hr?.roleId], version: await versionOf(who.peer?.id ?? '') },
      who.delegate?.token ?? '',
    );
    expect(giving.status).toBe(403);
    expect(giving.body.message).toContain('You cannot change the roles of');
    const selfPromotion = await post(
      `/api/iam/users/${who.delegate?.id}/assign-roles`,
      { roleIds: [who.delegate?.roleId, who.hr?.roleId], version: await versionOf(who.delegate?.id ?? '') },
      who.delegate?.token ?? '',
    );
    expect(selfPromotion.status).toBe(403);
    expect(selfPromotion.body.message).toContain('your own roles');
    // a modest role the delegate could give anyone: still not to itself
    const modest = await post(
      '/api/iam/roles',
      { code: 'XEM_NV', name: 'Xem nhân viên', permissions: ['worker.view'] },
      who.delegate?.token ?? '',
    );
    expect(modest.status).toBe(200);
    const modestId = (modest.body.data as { id: string }).id;
    const selfModest = await post(
      `/api/iam/users/${who.delegate?.id}/assign-roles`,
      { roleIds: [who.delegate?.roleId, modestId], version: await versionOf(who.delegate?.id ?? '') },
      who.delegate?.token ?? '',
    );
    expect(selfModest.status).toBe(403);
    // sending back the roles it has changes nothing, and is no escalation
    const resend = await post(
      `/api/iam/users/${who.delegate?.id}/assign-roles`,
      { roleIds: [who.delegate?.roleId], version: await versionOf(who.delegate?.id ?? '') },
      who.delegate?.token ?? '',
    );
    expect(resend.status, JSON.stringify(resend.body)).toBe(200);
    // the administrator who holds every right may
    const hrSelf = await post(
      `/api/iam/users/${who.hr?.id}/assign-roles`,
      { roleIds: [who.hr?.roleId, modestId], version: await versionOf(who.hr?.id ?? '') },
      who.hr?.token ?? '',
    );
    expect(hrSelf.status, JSON.stringify(hrSelf.body)).toBe(200);
    // a new account with a role beyond the actor, one by one or by import
    const creating = await post(
      '/api/iam/users',
      { username: `new_${Date.now()}`, fullName: 'Người mới', roleIds: [who.powerful?.roleId] },
      who.delegate?.token ?? '',
    );
    expect(creating.status).toBe(403);
    expect(creating.body.message).toContain('worker.delete');
  });

  it('refuses a role holder adding to its own role what it lacks, and anyone granting codes they do not hold', async () => {
    const grantsOf = async (roleId: string) =>
      (
        await inScope(db(), { tenantId, userId: null }, (tx) =>
          tx
            .select({ code: rolePermissions.permission })
            .from(rolePermissions)
            .where(eq(rolePermissions.roleId, roleId)),
        )
      )
        .map((row) => row.code)
        .sort();
    const roleOf = async (roleId: string, token: string) =>
      (await get<{ version: number; permissions: string[] }>(`/api/iam/roles/${roleId}`, token)).body.data;
    const own = who.delegate?.roleId ?? '';
    const before = await grantsOf(own);
    const reported = await post(
      `/api/iam/roles/${own}/update-permissions`,
      {
        permissions: [...before, 'worker.delete', 'salary_period.approve'],
        version: (await roleOf(own, who.hr?.token ?? '')).version,
      },
      who.delegate?.token ?? '',
    );
    expect(reported.status).toBe(403);
    expect(reported.body.message).toContain('you hold it yourself');
    // even narrowing a role one holds is for an administrator who holds every right
    const narrowing = await post(
      `/api/iam/roles/${own}/update-permissions`,
      {
        permissions: before.filter((code) => code !== 'worker.view'),
        version: (await roleOf(own, who.hr?.token ?? '')).version,
      },
      who.delegate?.token ?? '',
    );
    expect(narrowing.status).toBe(403);
    expect(await grantsOf(own)).toEqual(before);

    const created = await post(
      '/api/iam/roles',
      { code: 'ROLE_NHO', name: 'Nhỏ', permissions: ['worker.view'] },
      who.delegate?.token ?? '',
    );
    expect(created.status).toBe(200);
    const small = (created.body.data as { id: string }).id;
    const within = await post(
      `/api/iam/roles/${small}/update-permissions`,
      {
        permissions: ['worker.view', 'user.view'],
        version: (await roleOf(small, who.delegate?.token ?? '')).version,
      },
      who.delegate?.token ?? '',
    );
    expect(within.status, JSON.stringify(within.body)).toBe(200);
    const beyond = await post(
      `/api/iam/roles/${small}/update-permissions`,
      {
        permissions: ['worker.view', 'worker.delete'],
        version: (await roleOf(small, who.delegate?.token ?? '')).version,
      },
      who.delegate?.token ?? '',
    );
    expect(beyond.status).toBe(403);
    expect(beyond.body.message).toBe('You cannot grant worker.delete: you do not hold it yourself');
    // issue 27: the codes lacked travel as params, for the browser's Vietnamese notice
    expect(beyond.body.params).toEqual({ permissions: ['worker.delete'] });
    expect(await grantsOf(small)).toEqual(['user.view', 'worker.view']);
    const creatingBeyond = await post(
      '/api/iam/roles',
      { code: 'ROLE_TO', name: 'To', permissions: ['salary_period.approve'] },
      who.delegate?.token ?? '',
    );
    expect(creatingBeyond.status).toBe(403);
    expect(creatingBeyond.body.message).toContain('salary_period.approve');
    expect(creatingBeyond.body.params).toEqual({ permissions: ['salary_period.approve'] });

    // a role holding what the actor lacks is out of its hands: no rename, deactivation or deletion
    const powerful = who.powerful?.roleId ?? '';
    const version = (await roleOf(powerful, who.hr?.token ?? '')).version;
    for (const [path, body] of [
      ['update', { status: 'INACTIVE', version }],
      ['update', { name: 'Đổi tên', version }],
      ['update-permissions', { permissions: ['worker.view'], version }],
      ['delete', undefined],
    ] as const) {
      const res = await post(`/api/iam/roles/${powerful}/${path}`, body, who.delegate?.token ?? '');
      expect(res.status, `${path} ${JSON.stringify(res.body)}`).toBe(403);
    }
    expect(await grantsOf(powerful)).toEqual(['salary_period.approve', 'worker.delete', 'worker.view']);

    // data scope counts: a unit-limited administrator gives no role the whole tenant
    const wideRole = await post(
      '/api/iam/roles',
      { code: 'ROLE_RONG', name: 'Rộng', permissions: ['worker.view'], dataScope: 'TENANT' },
      who.branch?.token ?? '',
    );
    expect(wideRole.status).toBe(403);
    expect(wideRole.body.message).toContain('data scope TENANT');
    const unitRole = await post(
      '/api/iam/roles',
      { code: 'ROLE_HEP', name: 'Hẹp', permissions: ['worker.view'], dataScope: 'UNITS' },
      who.branch?.token ?? '',
    );
    expect(unitRole.status, JSON.stringify(unitRole.body)).toBe(200);

    // the administrator who holds every right may change the role it holds
    const hrRole = who.hr?.roleId ?? '';
    const hrChange = await post(
      `/api/iam/roles/${hrRole}/update-permissions`,
      {
        permissions: permissionCodesForLevel('TENANT'),
        version: (await roleOf(hrRole, who.hr?.token ?? '')).version,
      },
      who.hr?.token ?? '',
    );
    expect(hrChange.status, JSON.stringify(hrChange.body)).toBe(200);
  });

  it('keeps the system administrator’s reach across tenants: a system user administrator resets a tenant administrator’s password', async () => {
    const system = await makeUser(deps(), { permissions: ['user.view', 'user.update'] });
    const res = await post(
      ApiPaths.iam.changeUserPassword.replace(':id', who.hr?.id ?? ''),
      { generate: true },
      await accessTokenFor(db(), system.user),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  });
});
