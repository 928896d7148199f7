import type { ErrorEnvelope, TokenSet } from '@hcm/contracts';
import {
  DEFAULT_DIRECTORY_SETTINGS,
  DirectoryPaths,
  type DirectorySettings,
  type DirectorySettingsBody,
  type DirectorySyncResult,
  type DirectoryTestResult,
} from '@hcm/contracts/directory';
import { permissionCodesForLevel } from '@hcm/contracts';
import { createServer, type AddressInfo, type Socket } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../../db/schema.ts';
import { directoryBindSecrets } from '../tables/directory.ts';
import { testEngines } from '../../../testing/engines.ts';
import { makeTenant, makeUser } from '../../../testing/factories.ts';
import { startTestDirectory, type TestDirectory } from '../../../testing/ldap-server.ts';
import { serveDuringSuite } from '../../../testing/serve-during-suite.ts';

type Answer<T> = { data: T } & ErrorEnvelope;

describe.each(await testEngines('both'))('users from the directory (LDAP) on $engine', ({ engine }) => {
  const suite = serveDuringSuite(engine);
  let directory: TestDirectory;
  let tenantId: string;
  let otherTenantId: string;
  let admin: string;
  let delegate: string;
  let reader: string;

  const signIn = (username: string, password: string) =>
    suite.http.post<Answer<TokenSet>>('/api/iam/authenticate', { username, password });
  const signedIn = async (tenant: string, permissions: string[]) => {
    const made = await makeUser(
      { db: suite.server.db.orm, passwords: suite.server.passwords },
      {
        tenantId: tenant,
        permissions,
      },
    );
    return (await signIn(made.user.username, made.password)).body.data.accessToken;
  };
  const put = <T>(path: string, body: unknown, token: string) =>
    suite.http.request<T>('PUT', path, { body, token });
  const settings = (token = admin) =>
    suite.http.get<Answer<DirectorySettings>>(DirectoryPaths.settings, token);
  const save = async (changes: Partial<DirectorySettingsBody>, token = admin) => {
    const { version, bindPasswordSet: _set, lastSync: _last, ...current } = (await settings()).body.data;
    return put<Answer<DirectorySettings>>(
      DirectoryPaths.settings,
      { ...current, version, ...changes },
      token,
    );
  };
  const sync = (token = admin) =>
    suite.http.post<Answer<DirectorySyncResult>>(DirectoryPaths.sync, undefined, token);
  const userNamed = async (username: string) =>
    (await suite.server.db.orm.select().from(users).where(eq(users.username, username)))[0];

  beforeAll(async () => {
    directory = await startTestDirectory();
    await directory.addPeople([
      {
        uid: 'lan.nguyen',
        cn: 'Nguyễn Thị Lan',
        mail: 'lan@example.vn',
        telephoneNumber: '0912345678',
        userPassword: 'Lan-Directory-1',
      },
      { uid: 'minh.tran', cn: 'Trần Văn Minh', mail: 'not-an-address' },
      { uid: 'x', cn: 'Too Short' },
      { uid: 'has space', cn: 'Spaced Name' },
      { uid: 'taken.local', cn: 'Someone Else' },
    ]);
    tenantId = (await makeTenant(suite.server.db.orm)).id;
    otherTenantId = (await makeTenant(suite.server.db.orm)).id;
    // the directory decides every directory user's password: its settings are for an
    // administrator who holds every right (authorization/escalation.ts)
    admin = await signedIn(tenantId, permissionCodesForLevel('TENANT'));
    delegate = await signedIn(tenantId, ['user.view', 'user.create', 'user.update']);
    reader = await signedIn(tenantId, ['user.view']);
    await makeUser(
      { db: suite.server.db.orm, passwords: suite.server.passwords },
      {
        tenantId,
        username: 'taken.local',
      },
    );
  }, 60_000);
  afterAll(() => directory?.stop());

  it('answers the defaults, sync off, until the tenant saves its own; never the bind password', async () => {
    const res = await settings();
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual(DEFAULT_DIRECTORY_SETTINGS);
    // nothing saved, nothing to test: the browser says to save first
    const untested = await suite.http.post<ErrorEnvelope>(DirectoryPaths.test, undefined, admin);
    expect(untested.status).toBe(409);
    expect(untested.body.params).toEqual({ reason: 'directoryNotSaved' });
    const saved = await save({
      enabled: true,
      url: directory.url,
      bindDn: directory.adminDn,
      bindPassword: directory.adminPassword,
      baseDn: `ou=people,${directory.baseDn}`,
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data).toMatchObject({
      enabled: true,
      version: 1,
      bindPasswordSet: true,
      url: directory.url,
    });
    expect(JSON.stringify(saved.body)).not.toContain(directory.adminPassword);
    const [secret] = await suite.server.db.orm
      .select()
      .from(directoryBindSecrets)
      .where(eq(directoryBindSecrets.tenantId, tenantId));
    expect(secret?.password).toBe(directory.adminPassword);
  });

  it('does not let a delegated user administrator point the directory elsewhere', async () => {
    const before = (await settings()).body.data;
    const elsewhere = await save({ url: 'ldap://directory.attacker.example' }, delegate);
    expect(elsewhere.status).toBe(403);
    expect(elsewhere.body.message).toContain('only an administrator who holds every right');
    expect((await settings()).body.data).toEqual(before);
  });

  it('refuses a stale version, a filter that is not LDAP, a control character in a DN and a non-LDAP URL, keeping the settings', async () => {
    const before = (await settings()).body.data;
    const staleVersion = await save({ version: 0 });
    expect(staleVersion.status).toBe(409);
    const filter = await save({ userFilter: '(objectClass=inetOrgPerson' });
    expect(filter.status).toBe(400);
    expect(filter.body.errors?.map((e) => e.field)).toEqual(['userFilter']);
    const injected = await save({ baseDn: 'ou=people\n,dc=example,dc=vn' });
    expect(injected.status).toBe(400);
    const http = await save({ url: 'http://169.254.169.254/' });
    expect(http.status).toBe(400);
    expect((await settings()).body.data).toEqual(before);
    expect((await save({ enabled: false }, reader)).status).toBe(403);
  });

  it('reads a sample of the directory without writing anything', async () => {
    const res = await suite.http.post<Answer<DirectoryTestResult>>(DirectoryPaths.test, undefined, admin);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.sample.map((person) => person.username).sort()).toEqual(
      ['has space', 'lan.nguyen', 'minh.tran', 'taken.local', 'x'].sort(),
    );
    expect(await userNamed('lan.nguyen')).toBeUndefined();
  });

  it('makes a user for each allowed person, skips the others with why, and lets them sign in with the directory password', async () => {
    const res = await sync();
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({
      found: 5,
      created: 2,
      updated: 0,
      deactivated: 0,
      skippedCount: 3,
      truncated: false,
    });
    expect(
      res.body.data.skipped
        .map((s) => [s.entry.split(',')[0], s.username, s.code, s.reason.slice(0, 22)])
        .sort(),
    ).toEqual([
      ['uid=has space', 'has space', 'USERNAME_NOT_ALLOWED', 'user name "has space" '],
      ['uid=taken.local', 'taken.local', 'LOCAL_ACCOUNT', 'a portal account (not '],
      ['uid=x', 'x', 'USERNAME_NOT_ALLOWED', 'user name "x" is not a'],
    ]);
    const lan = await userNamed('lan.nguyen');
    expect(lan).toMatchObject({
      tenantId,
      fullName: 'Nguyễn Thị Lan',
      email: 'lan@example.vn',
      phone: '0912345678',
      passwordHash: null,
      status: 'ACTIVE',
      directoryDn: `uid=lan.nguyen,ou=people,${directory.baseDn}`,
    });
    // an address the portal would refuse is left out, the person is kept
    expect(await userNamed('minh.tran')).toMatchObject({ email: null, fullName: 'Trần Văn Minh' });
    const good = await signIn('lan.nguyen', 'Lan-Directory-1');
    expect(good.status, JSON.stringify(good.body)).toBe(200);
    expect((await signIn('lan.nguyen', 'wrong-Password-1')).status).toBe(401);
    expect((await settings()).body.data.lastSync).toMatchObject({ created: 2 });
  });

  it('keeps no password of its own for a directory user: neither an administrator nor the user sets one', async () => {
    const lan = await userNamed('lan.nguyen');
    const byAdmin = await suite.http.post<ErrorEnvelope>(
      `/api/iam/users/${lan?.id}/change-password`,
      { newPassword: 'Portal-Pass#123' },
      admin,
    );
    expect(byAdmin.status).toBe(409);
    expect(byAdmin.body.message).toContain('directory');
    expect(byAdmin.body.params).toEqual({ reason: 'directoryPassword' });
    const session = (await signIn('lan.nguyen', 'Lan-Directory-1')).body.data;
    const own = await suite.http.post<ErrorEnvelope>(
      '/api/iam/reset-password',
      { oldPassword: 'Lan-Directory-1', newPassword: 'Portal-Pass#123', refreshToken: session.refreshToken },
      session.accessToken,
    );
    expect(own.status).toBe(409);
    expect(own.body.params).toEqual({ reason: 'directoryPassword' });
    expect((await userNamed('lan.nguyen'))?.passwordHash).toBeNull();
  });

  it('brings changed people up to date, deactivates the removed ones and ends their sessions', async () => {
    const lanSession = (await signIn('lan.nguyen', 'Lan-Directory-1')).body.data;
    await directory.removePerson('lan.nguyen');
    await directory.removePerson('minh.tran');
    await directory.addPeople([{ uid: 'minh.tran', cn: 'Trần Văn Minh Đức', mail: 'minh@example.vn' }]);
    const res = await sync();
    expect(res.body.data).toMatchObject({ created: 0, updated: 1, deactivated: 1 });
    expect(await userNamed('minh.tran')).toMatchObject({
      fullName: 'Trần Văn Minh Đức',
      email: 'minh@example.vn',
    });
    expect(await userNamed('lan.nguyen')).toMatchObject({ status: 'INACTIVE' });
    const refreshed = await suite.http.post('/api/iam/refresh-token', {
      refreshToken: lanSession.refreshToken,
    });
    expect(refreshed.status).toBe(401);
    const again = await sync();
    expect(again.body.data).toMatchObject({ created: 0, updated: 0, unchanged: 1, deactivated: 0 });
  });

  it('never takes a user name held in another tenant', async () => {
    const otherAdmin = await signedIn(otherTenantId, permissionCodesForLevel('TENANT'));
    const {
      version,
      bindPasswordSet: _s,
      lastSync: _l,
      ...defaults
    } = (await settings(otherAdmin)).body.data;
    const saved = await put(
      DirectoryPaths.settings,
      {
        ...defaults,
        version,
        enabled: true,
        url: directory.url,
        bindDn: directory.adminDn,
        bindPassword: directory.adminPassword,
        baseDn: directory.baseDn,
      },
      otherAdmin,
    );
    expect(saved.status).toBe(200);
    const res = await sync(otherAdmin);
    expect(res.body.data.created).toBe(0);
    expect(res.body.data.skipped.find((s) => s.entry.startsWith('uid=minh.tran'))?.reason).toBe(
      'the user name is taken',
    );
    expect((await userNamed('minh.tran'))?.tenantId).toBe(tenantId);
  });

  it('answers 502 DIRECTORY_UNAVAILABLE with why when the bind is refused or the directory hangs, changing nothing', async () => {
    expect((await save({ bindPassword: 'Not-The-Password-1' })).status).toBe(200);
    const refused = await sync();
    expect(refused.status).toBe(502);
    expect(refused.body.code).toBe('DIRECTORY_UNAVAILABLE');
    expect(refused.body.message).toContain('refused');
    expect((await save({ bindPassword: directory.adminPassword })).status).toBe(200);
    // A hung directory (it accepts the connection and never answers) costs the whole timeout
    // (15 s): proved on one engine, the code is the same.
    if (engine === 'postgresql') {
      const sockets: Socket[] = [];
      const tarpit = createServer((socket) => void sockets.push(socket));
      await new Promise<void>((resolve) => tarpit.listen(0, '127.0.0.1', resolve));
      const { port } = tarpit.address() as AddressInfo;
      try {
        expect((await save({ url: `ldap://127.0.0.1:${port}` })).status).toBe(200);
        const hung = await sync();
        expect(hung.status).toBe(502);
        expect(sockets.length).toBeGreaterThan(0);
      } finally {
        for (const socket of sockets) socket.destroy();
        tarpit.close();
        await save({ url: directory.url });
      }
    }
    expect(await userNamed('minh.tran')).toMatchObject({ status: 'ACTIVE' });
  }, 60_000);

  it('refuses sync when it is off, and to system users', async () => {
    expect((await save({ enabled: false })).status).toBe(200);
    const off = await sync();
    expect(off.status).toBe(409);
    expect(off.body.params).toEqual({ reason: 'directorySyncOff' });
    // a directory user cannot sign in while the tenant's sync is off
    expect((await signIn('minh.tran', 'anything-Password-1')).status).toBe(401);
  });
});
