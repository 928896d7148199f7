import type { Captcha, ErrorEnvelope, TokenSet } from '@hcm/contracts';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { signInFailures } from '../../../db/schema.ts';
import { testEngines } from '../../../testing/engines.ts';
import { makeTenant, makeUser } from '../../../testing/factories.ts';
import { serveDuringSuite } from '../../../testing/serve-during-suite.ts';
import { solveChallenge } from '../captcha/proof-of-work.ts';

const NEW_PASSWORD = 'Brand-New#Pass9';

describe.each(await testEngines('both'))('POST /api/iam/reset-password on $engine', ({ engine }) => {
  const suite = serveDuringSuite(engine, {
    LOGIN_MAX_FAILURES: '5',
    LOGIN_LOCK_SECONDS: '900',
    CAPTCHA_AFTER_FAILURES: '3',
    CAPTCHA_DIFFICULTY_BITS: '8',
    // The test client is on loopback and plays a proxy telling the client's address.
    TRUST_PROXY: 'loopback',
  });

  const signIn = (username: string, password: string) =>
    suite.http.post<{ data: TokenSet } & ErrorEnvelope>('/api/iam/authenticate', { username, password });
  const refresh = (refreshToken: string) => suite.http.post('/api/iam/refresh-token', { refreshToken });
  const reset = (token: string, body: unknown, headers?: Record<string, string>) =>
    suite.http.post<{ data: null } & ErrorEnvelope>('/api/iam/reset-password', body, token, headers);
  const solved = async () => {
    const { prefix, difficulty } = (await suite.http.get<{ data: Captcha }>('/api/iam/public/captcha')).body
      .data;
    return `${prefix}:${solveChallenge(prefix, difficulty)}`;
  };

  /** A tenant user (no permission at all) signed in twice: two sessions. */
  async function userWithTwoSessions() {
    const tenant = await makeTenant(suite.server.db.orm);
    const made = await makeUser(
      { db: suite.server.db.orm, passwords: suite.server.passwords },
      { tenantId: tenant.id, permissions: [] },
    );
    const current = (await signIn(made.user.username, made.password)).body.data;
    const other = (await signIn(made.user.username, made.password)).body.data;
    return { ...made, current, other };
  }

  it('changes the password, keeps the current session and ends every other one', async () => {
    const { user, password, current, other } = await userWithTwoSessions();
    const res = await reset(current.accessToken, {
      oldPassword: password,
      newPassword: NEW_PASSWORD,
      refreshToken: current.refreshToken,
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: null });

    expect((await refresh(current.refreshToken)).status).toBe(200);
    expect((await refresh(other.refreshToken)).status).toBe(401);
    expect((await signIn(user.username, password)).body.code).toBe('INVALID_CREDENTIALS');
    expect((await signIn(user.username, NEW_PASSWORD)).status).toBe(200);
  });

  it('refuses a wrong old password with a field error (400, not 401) and changes nothing', async () => {
    const { user, password, current, other } = await userWithTwoSessions();
    const res = await reset(current.accessToken, {
      oldPassword: 'Not-Mine#Pass1',
      newPassword: NEW_PASSWORD,
      refreshToken: current.refreshToken,
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      code: 'VALIDATION_FAILED',
      message: 'The current password is wrong',
      errors: [{ field: 'oldPassword', code: 'error.invalidValue', message: 'is not your current password' }],
    });
    expect((await refresh(other.refreshToken)).status).toBe(200);
    expect((await signIn(user.username, password)).status).toBe(200);
  });

  it('counts wrong old passwords as failed sign-ins of the name from that address: captcha after 3, locked at 5', async () => {
    const { user, password, current } = await userWithTwoSessions();
    const from = '198.51.100.77';
    const attempt = (oldPassword: string, captcha?: string) =>
      reset(
        current.accessToken,
        { oldPassword, newPassword: NEW_PASSWORD, refreshToken: current.refreshToken },
        { 'x-forwarded-for': from, ...(captcha ? { 'x-captcha': captcha } : {}) },
      );
    const seen = [];
    for (let i = 0; i < 3; i++) seen.push(await attempt('Not-Mine#Pass1'));
    seen.push(await attempt('Not-Mine#Pass1'));
    seen.push(await attempt('Not-Mine#Pass1', await solved()));
    expect(seen.map((r) => [r.status, r.body.code, r.headers.get('x-captcha-required')])).toEqual([
      [400, 'VALIDATION_FAILED', null],
      [400, 'VALIDATION_FAILED', null],
      [400, 'VALIDATION_FAILED', 'true'],
      [400, 'CAPTCHA_REQUIRED', 'true'],
      [429, 'ACCOUNT_LOCKED', null],
    ]);
    // Locked: the right old password is refused too, without being checked or counted.
    const locked = await attempt(password, await solved());
    expect(locked.status).toBe(429);
    expect(locked.body.message).toMatch(/^Too many wrong passwords: password checks are locked until /);
    const [row] = await suite.server.db.orm
      .select()
      .from(signInFailures)
      .where(
        and(eq(signInFailures.usernameKey, user.username.toLowerCase()), eq(signInFailures.clientKey, from)),
      );
    expect(row?.failureCount).toBe(5);
    // The same count guards sign-in from that address; the password is unchanged.
    const signInThere = await suite.http.post<ErrorEnvelope>(
      '/api/iam/authenticate',
      { username: user.username, password },
      undefined,
      { 'x-forwarded-for': from },
    );
    expect(signInThere.body.code).toBe('ACCOUNT_LOCKED');
    expect((await signIn(user.username, password)).status).toBe(200);
  });

  it('accepts the right old password with a solved challenge once one is asked, and clears the count', async () => {
    const { user, password, current } = await userWithTwoSessions();
    const from = '198.51.100.78';
    const body = (oldPassword: string) => ({
      oldPassword,
      newPassword: NEW_PASSWORD,
      refreshToken: current.refreshToken,
    });
    for (let i = 0; i < 3; i++)
      await reset(current.accessToken, body('Not-Mine#Pass1'), { 'x-forwarded-for': from });
    const res = await reset(current.accessToken, body(password), {
      'x-forwarded-for': from,
      'x-captcha': await solved(),
    });
    expect(res.status).toBe(200);
    const rows = await suite.server.db.orm
      .select()
      .from(signInFailures)
      .where(eq(signInFailures.usernameKey, user.username.toLowerCase()));
    expect(rows).toEqual([]);
  });

  it('refuses the same password again', async () => {
    const { password, current } = await userWithTwoSessions();
    const res = await reset(current.accessToken, {
      oldPassword: password,
      newPassword: password,
      refreshToken: current.refreshToken,
    });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([
      {
        field: 'newPassword',
        code: 'error.invalidValue',
        message: 'must differ from the current password',
      },
    ]);
  });

  it.each([
    ['too short', 'Sh0rt#', 'error.pattern'],
    ['no lower case', 'UPPER-CASE#1', 'error.pattern'],
    ['no digit', 'No-Digits#Here', 'error.pattern'],
    ['no special character', 'NoSpecial12', 'error.pattern'],
    ['a space', 'Has Space#1', 'error.pattern'],
    ['more than 50 characters', `Aa1#${'x'.repeat(47)}`, 'error.maxlength'],
    ['empty', '', 'error.required'],
  ])('enforces the password policy: %s', async (_, newPassword, code) => {
    const { password, current } = await userWithTwoSessions();
    const res = await reset(current.accessToken, {
      oldPassword: password,
      newPassword,
      refreshToken: current.refreshToken,
    });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_FAILED');
    expect(res.body.errors).toEqual([expect.objectContaining({ field: 'newPassword', code })]);
  });

  it('wants all three fields and no others', async () => {
    const { current } = await userWithTwoSessions();
    const res = await reset(current.accessToken, { newPassword: NEW_PASSWORD, extra: 1 });
    expect(res.status).toBe(400);
    expect(res.body.errors?.map((e) => [e.field, e.code]).sort()).toEqual([
      ['extra', 'error.invalidValue'],
      ['oldPassword', 'error.required'],
      ['refreshToken', 'error.required'],
    ]);
  });

  it('refuses a refresh token that is not a live one of the caller', async () => {
    const mine = await userWithTwoSessions();
    const theirs = await userWithTwoSessions();
    await suite.http.post(
      '/api/iam/logout',
      { refreshToken: mine.other.refreshToken },
      mine.other.accessToken,
    );
    for (const refreshToken of [theirs.current.refreshToken, mine.other.refreshToken, 'made-up']) {
      const res = await reset(mine.current.accessToken, {
        oldPassword: mine.password,
        newPassword: NEW_PASSWORD,
        refreshToken,
      });
      expect(res.status).toBe(400);
      expect(res.body.errors?.[0]?.field).toBe('refreshToken');
    }
    expect((await signIn(mine.user.username, mine.password)).status).toBe(200);
  });

  it('needs a signed-in caller', async () => {
    const res = await suite.http.post<ErrorEnvelope>('/api/iam/reset-password', {
      oldPassword: 'x',
      newPassword: NEW_PASSWORD,
      refreshToken: 'x',
    });
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('UNAUTHORIZED');
  });

  it('logs the user on the request’s lines and never the old or new password', async () => {
    const { user, password, current } = await userWithTwoSessions();
    const res = await reset(current.accessToken, {
      oldPassword: password,
      newPassword: NEW_PASSWORD,
      refreshToken: current.refreshToken,
    });
    const requestId = res.headers.get('x-request-id');
    const lines = suite.server
      .logs()
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    const completed = lines.find((l) => l.requestId === requestId && l.msg === 'request completed');
    expect(completed).toMatchObject({ userId: user.id, tenantId: user.tenantId, res: { statusCode: 200 } });
    // Lines before authentication ("incoming request") cannot know the user yet.
    const incoming = lines.find((l) => l.requestId === requestId && l.msg === 'incoming request');
    expect(incoming).toBeDefined();
    expect(incoming?.userId).toBeUndefined();
    const logs = suite.server.logs();
    expect(logs).not.toContain(password);
    expect(logs).not.toContain(NEW_PASSWORD);
  });
});
