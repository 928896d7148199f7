import { randomUUID } from 'node:crypto';
import type { Captcha, ErrorEnvelope, TokenSet } from '@hcm/contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { captchaChallenges, signInFailures } from '../../../db/schema.ts';
import { testEngines } from '../../../testing/engines.ts';
import { makeUser } from '../../../testing/factories.ts';
import { serveDuringSuite } from '../../../testing/serve-during-suite.ts';
import type { HttpResult } from '../../../testing/http-client.ts';
import { captchaAnswerHash } from '../captcha/captcha-answer.ts';

const WRONG = 'Wrong#Pass1';

describe.each(await testEngines())('sign-in protection on $engine', ({ engine, available }) => {
  if (!available) {
    it.skip('PostgreSQL at TEST_DATABASE_URL_ADMIN does not answer', () => undefined);
    return;
  }
  const suite = serveDuringSuite(engine, {
    LOGIN_MAX_FAILURES: '5',
    LOGIN_FAILURE_WINDOW_SECONDS: '900',
    LOGIN_LOCK_SECONDS: '900',
    CAPTCHA_AFTER_FAILURES: '3',
  });

  const signIn = (username: string, password: string, captcha?: string) =>
    suite.http.post<{ data: TokenSet } & ErrorEnvelope>(
      '/api/iam/authenticate',
      { username, password },
      undefined,
      captcha === undefined ? undefined : { 'x-captcha': captcha },
    );
  const newUser = () => makeUser({ db: suite.server.db.orm, passwords: suite.server.passwords });
  /** A challenge whose answer the test knows (the API only ever shows it as a picture). */
  const knownCaptcha = async (answer = 'K7MPX', expiresInMs = 60_000): Promise<string> => {
    const id = randomUUID();
    await suite.server.db.orm.insert(captchaChallenges).values({
      id,
      answerHash: captchaAnswerHash(id, answer),
      expiresAt: new Date(Date.now() + expiresInMs),
    });
    return `${id}:${answer}`;
  };
  const failures = async (username: string) => {
    const [row] = await suite.server.db.orm
      .select()
      .from(signInFailures)
      .where(eq(signInFailures.usernameKey, username.toLowerCase()));
    return row;
  };
  /** A user with 3 failures: the next attempt needs a captcha. */
  const userNeedingCaptcha = async () => {
    const made = await newUser();
    for (let i = 0; i < 3; i++) await signIn(made.user.username, WRONG);
    return made;
  };
  const codes = (results: HttpResult<ErrorEnvelope>[]) => results.map((r) => `${r.status} ${r.body.code}`);

  describe('lockout', () => {
    it('locks the account at the 5th failure, answering ACCOUNT_LOCKED with the time, even to the right password', async () => {
      const { user, password } = await newUser();
      const results = [];
      for (let i = 0; i < 3; i++) results.push(await signIn(user.username, WRONG));
      // From the 3rd failure on, the answer says the next attempt needs a captcha.
      expect(results.map((r) => r.headers.get('x-captcha-required'))).toEqual([null, null, 'true']);
      results.push(await signIn(user.username, WRONG, await knownCaptcha()));
      const before = Date.now();
      results.push(await signIn(user.username, WRONG, await knownCaptcha()));
      expect(codes(results)).toEqual([
        '401 INVALID_CREDENTIALS',
        '401 INVALID_CREDENTIALS',
        '401 INVALID_CREDENTIALS',
        '401 INVALID_CREDENTIALS',
        '401 ACCOUNT_LOCKED',
      ]);

      const row = await failures(user.username);
      expect(row?.failureCount).toBe(5);
      const lockedUntil = row?.lockedUntil?.getTime() ?? 0;
      expect(lockedUntil).toBeGreaterThanOrEqual(before + 900_000 - 1000);
      expect(lockedUntil).toBeLessThanOrEqual(Date.now() + 900_000);
      const until = new Date(lockedUntil).toISOString();

      // The right password, with or without a captcha: still locked, and not counted.
      for (const captcha of [undefined, await knownCaptcha()]) {
        const locked = await signIn(user.username, password, captcha);
        expect(locked.status).toBe(401);
        expect(locked.body).toEqual({
          code: 'ACCOUNT_LOCKED',
          message: `Too many failed sign-ins: the account is locked until ${until}`,
        });
      }
      // Any case of the name is the same name.
      expect((await signIn(user.username.toUpperCase(), password)).body.code).toBe('ACCOUNT_LOCKED');
      expect((await failures(user.username))?.failureCount).toBe(5);
    });

    it('ends the lock by itself after LOGIN_LOCK_SECONDS, and then starts from nothing', async () => {
      const { user, password } = await newUser();
      await suite.server.db.orm.insert(signInFailures).values({
        usernameKey: user.username,
        failureCount: 5,
        windowStartedAt: new Date(Date.now() - 1_000_000),
        lastFailedAt: new Date(Date.now() - 1_000_000),
        lockedUntil: new Date(Date.now() - 1000),
      });
      // No captcha either: the count ended with the lock.
      const res = await signIn(user.username, password);
      expect(res.status).toBe(200);
      expect(await failures(user.username)).toBeUndefined();
    });

    it('resets the count on a success', async () => {
      const { user, password } = await newUser();
      await signIn(user.username, WRONG);
      await signIn(user.username, WRONG);
      expect((await failures(user.username))?.failureCount).toBe(2);
      expect((await signIn(user.username, password)).status).toBe(200);
      expect(await failures(user.username)).toBeUndefined();
      // Two more failures: still no captcha needed (it would be from the 3rd in a row).
      const again = [await signIn(user.username, WRONG), await signIn(user.username, WRONG)];
      expect(codes(again)).toEqual(['401 INVALID_CREDENTIALS', '401 INVALID_CREDENTIALS']);
      expect(again[1]?.headers.get('x-captcha-required')).toBeNull();
      expect((await signIn(user.username, password)).status).toBe(200);
    });

    it('starts a new count when the window of the first failure is over', async () => {
      const { user } = await newUser();
      await signIn(user.username, WRONG);
      await signIn(user.username, WRONG);
      const old = new Date(Date.now() - 901_000);
      await suite.server.db.orm
        .update(signInFailures)
        .set({ windowStartedAt: old, lastFailedAt: old })
        .where(eq(signInFailures.usernameKey, user.username.toLowerCase()));
      const next = await signIn(user.username, WRONG);
      expect(next.body.code).toBe('INVALID_CREDENTIALS');
      expect((await failures(user.username))?.failureCount).toBe(1);
    });

    it('treats an unknown user name exactly like a known one: captcha, then lock', async () => {
      const { user } = await newUser();
      const unknown = `nobody_${randomUUID().slice(0, 8)}`;
      const run = async (username: string) => {
        const seen = [];
        for (let i = 0; i < 3; i++) seen.push(await signIn(username, WRONG));
        seen.push(await signIn(username, WRONG));
        seen.push(await signIn(username, WRONG, await knownCaptcha()));
        seen.push(await signIn(username, WRONG, await knownCaptcha()));
        return seen.map((r) => [r.status, r.body.code, r.headers.get('x-captcha-required')]);
      };
      const known = await run(user.username);
      expect(known).toEqual([
        [401, 'INVALID_CREDENTIALS', null],
        [401, 'INVALID_CREDENTIALS', null],
        [401, 'INVALID_CREDENTIALS', 'true'],
        [400, 'CAPTCHA_REQUIRED', 'true'],
        [401, 'ACCOUNT_LOCKED', null],
        [401, 'ACCOUNT_LOCKED', null],
      ]);
      expect(await run(unknown)).toEqual(known);
    });
  });

  describe('captcha', () => {
    it('GET /api/iam/public/captcha gives an SVG data URL and keeps only a hash, with an expiry', async () => {
      const before = Date.now();
      const res = await suite.http.get<{ data: Captcha }>('/api/iam/public/captcha');
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('no-store');
      const { captchaId, image } = res.body.data;
      expect(captchaId).toMatch(/^[0-9a-f-]{36}$/);
      expect(image).toMatch(/^data:image\/svg\+xml;base64,/);
      expect(Buffer.from(image.split(',')[1] ?? '', 'base64').toString()).toContain('<svg');
      const [row] = await suite.server.db.orm
        .select()
        .from(captchaChallenges)
        .where(eq(captchaChallenges.id, captchaId));
      expect(row?.answerHash).toMatch(/^[0-9a-f]{64}$/);
      expect(row?.expiresAt.getTime()).toBeGreaterThanOrEqual(before + 120_000 - 1000);
      expect(row?.expiresAt.getTime()).toBeLessThanOrEqual(Date.now() + 120_000);
    });

    it('requires x-captcha after CAPTCHA_AFTER_FAILURES failures: missing → 400 CAPTCHA_REQUIRED, counted', async () => {
      const { user, password } = await userNeedingCaptcha();
      const missing = await signIn(user.username, password);
      expect(missing.status).toBe(400);
      expect(missing.body).toEqual({
        code: 'CAPTCHA_REQUIRED',
        message: 'Enter the characters of the captcha picture',
        errors: [{ field: 'captcha', code: 'error.required', message: 'is required' }],
      });
      expect(missing.headers.get('x-captcha-required')).toBe('true');
      expect((await failures(user.username))?.failureCount).toBe(4);
      // The 5th failure, again without a captcha, locks.
      expect((await signIn(user.username, password)).body.code).toBe('ACCOUNT_LOCKED');
    });

    it('signs in with the right answer (any case) and the right password, and resets the count', async () => {
      const { user, password } = await userNeedingCaptcha();
      const captcha = await knownCaptcha('K7MPX');
      const res = await signIn(user.username, password, captcha.replace('K7MPX', 'k7mpx'));
      expect(res.status).toBe(200);
      expect(res.body.data.accessToken).toBeTruthy();
      expect(await failures(user.username)).toBeUndefined();
    });

    it('refuses a wrong answer with 400 CAPTCHA_INVALID, counted, and spends the challenge', async () => {
      const { user, password } = await userNeedingCaptcha();
      const captcha = await knownCaptcha('K7MPX');
      const [id] = captcha.split(':');
      const wrong = await signIn(user.username, password, `${id}:AAAAA`);
      expect(wrong.status).toBe(400);
      expect(wrong.body.code).toBe('CAPTCHA_INVALID');
      expect(wrong.body.errors).toEqual([
        { field: 'captcha', code: 'error.invalidValue', message: 'is wrong or has expired' },
      ]);
      expect((await failures(user.username))?.failureCount).toBe(4);
      // Single use: the right answer to the same picture no longer works (5th failure: locked).
      const reused = await signIn(user.username, password, captcha);
      expect(reused.body.code).toBe('ACCOUNT_LOCKED');
      expect((await failures(user.username))?.failureCount).toBe(5);
    });

    it('spends a challenge on success too: reusing a right answer is CAPTCHA_INVALID', async () => {
      const { user, password } = await userNeedingCaptcha();
      const captcha = await knownCaptcha();
      expect((await signIn(user.username, password, captcha)).status).toBe(200);
      for (let i = 0; i < 3; i++) await signIn(user.username, WRONG);
      expect((await signIn(user.username, password, captcha)).body.code).toBe('CAPTCHA_INVALID');
    });

    it.each([
      ['an expired challenge', async (make: typeof knownCaptcha) => make('K7MPX', -1000)],
      ['an unknown challenge', async () => `${randomUUID()}:K7MPX`],
      ['a header of another shape', async () => 'K7MPX'],
      ['an id that is not a uuid', async () => "1' or '1'='1:K7MPX"],
    ])('refuses %s with CAPTCHA_INVALID', async (_, header) => {
      const { user, password } = await userNeedingCaptcha();
      const res = await signIn(user.username, password, await header(knownCaptcha));
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('CAPTCHA_INVALID');
    });

    it('a challenge from the API is stored for the sign-in to check', async () => {
      const { user, password } = await userNeedingCaptcha();
      const { captchaId } = (await suite.http.get<{ data: Captcha }>('/api/iam/public/captcha')).body.data;
      // The test cannot read the picture: a wrong guess is refused and spends it.
      expect((await signIn(user.username, password, `${captchaId}:ZZZZZ`)).body.code).toBe('CAPTCHA_INVALID');
      const left = await suite.server.db.orm
        .select()
        .from(captchaChallenges)
        .where(eq(captchaChallenges.id, captchaId));
      expect(left).toEqual([]);
    });

    it('sweeps expired challenges when making a new one', async () => {
      const expired = await knownCaptcha('K7MPX', -1000);
      await suite.http.get('/api/iam/public/captcha');
      const rows = await suite.server.db.orm
        .select()
        .from(captchaChallenges)
        .where(eq(captchaChallenges.id, expired.split(':')[0] as string));
      expect(rows).toEqual([]);
    });
  });

  it('logs the signed-in user on the sign-in line, and never the password or the captcha answer', async () => {
    const { user, password } = await userNeedingCaptcha();
    const captcha = await knownCaptcha('Q9RST');
    const res = await signIn(user.username, password, captcha);
    expect(res.status).toBe(200);
    const requestId = res.headers.get('x-request-id');
    const lines = suite.server
      .logs()
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    const completed = lines.find((l) => l.requestId === requestId && l.msg === 'request completed');
    expect(completed).toMatchObject({ userId: user.id, tenantId: null });
    // A handler that logs headers or a body by mistake is still redacted.
    suite.server.app.log.info(
      { headers: { 'x-captcha': captcha }, body: { captcha, newPassword: password, oldPassword: password } },
      'careless line',
    );
    const logs = suite.server.logs();
    expect(logs).toContain('careless line');
    expect(logs).not.toContain(password);
    expect(logs).not.toContain('Q9RST');
    expect(logs).not.toContain(captcha);
  });
});
