import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ApiPaths } from '@hcm/contracts';
import { ApiError } from './api-error.ts';
import { MemoryStorage } from './memory-storage.ts';
import { createSession } from './session.ts';
import { StorageKeys, writeStoredSession, type SessionStorages } from './session-storage.ts';
import { startFakeApiServer, type FakeApiServer } from './testing/fake-api-server.ts';
import { sampleProfile, sampleTokens } from './testing/fixtures.ts';
import { routeHealthyIam } from './testing/iam-routes.ts';

describe('session', () => {
  let server: FakeApiServer;
  let storages: SessionStorages;
  const newSession = () => createSession({ storages, baseURL: server.baseURL });

  beforeEach(async () => {
    server = await startFakeApiServer();
    routeHealthyIam(server);
    storages = { persistent: new MemoryStorage(), perTab: new MemoryStorage() };
  });
  afterEach(() => server.close());

  it('starts signed out in Vietnamese', () => {
    expect(newSession().session$.value).toMatchObject({
      status: 'signed-out',
      profile: null,
      tokens: null,
      language: 'vi',
    });
  });

  it('signs in with remember-me: persistent storage, profile loaded with the new bearer', async () => {
    const session = newSession();
    const profile = await session.signIn({ username: 'hradmin', password: 'right', rememberMe: true });
    expect(profile.fullName).toBe('Quản trị Nhân sự');
    expect(session.session$.value).toMatchObject({
      status: 'signed-in',
      rememberMe: true,
      tokens: sampleTokens('1'),
    });
    expect(server.requestsTo(ApiPaths.iam.authenticate)[0]?.body).toEqual({
      username: 'hradmin',
      password: 'right',
      rememberMe: true,
    });
    expect(server.requestsTo(ApiPaths.iam.meProfile)[0]?.headers.authorization).toBe('Bearer access-1');
    expect(storages.persistent.getItem(StorageKeys.rememberMe)).toBe('true');
    expect(storages.persistent.getItem(StorageKeys.secretKey)).toBe('secret-1');
    expect(storages.perTab.length).toBe(0);
  });

  it('signs in without remember-me into per-tab storage', async () => {
    const session = newSession();
    await session.signIn({ username: 'hradmin', password: 'right', rememberMe: false });
    expect(session.session$.value.status).toBe('signed-in');
    expect(storages.perTab.getItem(StorageKeys.tokens)).toContain('access-1');
    expect(storages.persistent.getItem(StorageKeys.tokens)).toBeNull();
    expect(storages.persistent.getItem(StorageKeys.rememberMe)).toBeNull();
  });

  it('rejects a wrong password with the server message and leaves nothing stored', async () => {
    writeStoredSession(storages, { tokens: sampleTokens('old'), profile: sampleProfile, rememberMe: true });
    const session = newSession();
    const failure = await session
      .signIn({ username: 'hradmin', password: 'wrong', rememberMe: true })
      .catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({
      status: 401,
      code: 'INVALID_CREDENTIALS',
      message: 'Sai tên đăng nhập hoặc mật khẩu',
    });
    expect(session.session$.value.status).toBe('signed-out');
    expect(storages.persistent.length + storages.perTab.length).toBe(0);
  });

  it('carries the field errors of a 400', async () => {
    server.route(`POST ${ApiPaths.iam.authenticate}`, () => ({
      status: 400,
      body: {
        code: 'VALIDATION_FAILED',
        message: 'invalid',
        errors: [{ field: 'username', code: 'error.required', message: 'Bắt buộc' }],
      },
    }));
    const failure = await newSession()
      .signIn({ username: '', password: 'x', rememberMe: false })
      .catch((e: unknown) => e);
    expect(failure).toMatchObject({
      status: 400,
      code: 'VALIDATION_FAILED',
      fieldErrors: [{ field: 'username', code: 'error.required' }],
    });
  });

  it('treats a sign-in answer without an access token as a failure', async () => {
    server.route(`POST ${ApiPaths.iam.authenticate}`, () => ({
      status: 200,
      body: { data: { refreshToken: 'r' } },
    }));
    const session = newSession();
    await expect(
      session.signIn({ username: 'a', password: 'right', rememberMe: false }),
    ).rejects.toBeInstanceOf(ApiError);
    expect(session.session$.value.status).toBe('signed-out');
    expect(server.requestsTo(ApiPaths.iam.meProfile)).toHaveLength(0);
  });

  it('signs out: tells the server, clears profile, tokens, secret key and remember flag', async () => {
    const session = newSession();
    await session.signIn({ username: 'hradmin', password: 'right', rememberMe: true });
    const seen: string[] = [];
    session.session$.subscribe((s) => seen.push(s.status));
    await session.signOut();
    expect(seen).toEqual(['signed-in', 'signed-out']);
    const [logout] = server.requestsTo(ApiPaths.iam.logout);
    expect(logout?.body).toEqual({ refreshToken: 'refresh-1' });
    expect(logout?.headers.authorization).toBe('Bearer access-1');
    expect(storages.persistent.length + storages.perTab.length).toBe(0);
  });

  it('signs out locally even when the server cannot be reached', async () => {
    const session = newSession();
    await session.signIn({ username: 'hradmin', password: 'right', rememberMe: false });
    await server.close();
    await session.signOut();
    expect(session.session$.value.status).toBe('signed-out');
    expect(storages.perTab.length).toBe(0);
  });

  it('restores a stored session on the next page, and drops a corrupt one', () => {
    writeStoredSession(storages, { tokens: sampleTokens(), profile: sampleProfile, rememberMe: false });
    expect(newSession().session$.value).toMatchObject({
      status: 'signed-in',
      profile: sampleProfile,
      rememberMe: false,
    });
    storages.perTab.setItem(StorageKeys.profile, '{"fullName":');
    expect(newSession().session$.value.status).toBe('signed-out');
    expect(storages.perTab.length).toBe(0);
  });

  it('reloads the profile into the session and the storage', async () => {
    const session = newSession();
    await session.signIn({ username: 'hradmin', password: 'right', rememberMe: true });
    server.route(`GET ${ApiPaths.iam.meProfile}`, () => ({
      status: 200,
      body: { data: { ...sampleProfile, fullName: 'Tên mới' } },
    }));
    await session.loadProfile();
    expect(session.session$.value.profile?.fullName).toBe('Tên mới');
    expect(storages.persistent.getItem(StorageKeys.profile)).toContain('Tên mới');
  });

  it('switches language, stores it lower-case and sends it from then on', async () => {
    const session = newSession();
    const languages: string[] = [];
    session.language$.subscribe((l) => languages.push(l));
    await session.signIn({ username: 'hradmin', password: 'right', rememberMe: true });
    session.setLanguage('EN' as 'en');
    await session.loadProfile();
    expect(languages).toEqual(['vi', 'en']);
    expect(storages.persistent.getItem(StorageKeys.language)).toBe('en');
    const lastProfileCall = server.requestsTo(ApiPaths.iam.meProfile).at(-1);
    expect(lastProfileCall?.headers.language).toBe('en');
    expect(lastProfileCall?.headers['accept-language']).toBe('en');
  });
});
