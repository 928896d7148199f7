import { createHash, randomUUID } from 'node:crypto';
import type { Captcha, ErrorEnvelope, TokenSet } from '@hcm/contracts';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { captchaChallenges, signInFailures } from '../../../db/schema.ts';
import { testEngines } from '../../../testing/engines.ts';
import { makeUser } from '../../../testing/factories.ts';
import { serveDuringSuite } from '../../../testing/serve-during-suite.ts';
import type { HttpResult } from '../../../testing/http-client.ts';
import { TEST_ROOT } from '../../../testing/test-server.ts';
import { leadingZeroBits, prefixHash, solveChallenge } from '../captcha/proof-of-work.ts';
import { clientKey } from './sign-in-failures.ts';

const WRONG = 'Wrong#Pass1';
/** Low, so that the test solves its challenges at once; the browser's default is measured in docs. */
const DIFFICULTY = 8;

const solve = solveChallenge;

/** A nonce that does NOT solve the challenge (the test checks it with the same hash). */
function unsolved(prefix: string, difficulty: number): string {
  for (let nonce = 0; ; nonce++) {
    const digest = createHash('sha256').update(`${prefix}${nonce}`).digest();
    if (leadingZeroBits(digest) < difficulty) return String(nonce);
  }
}

/** A documentation address (RFC 5737) of its own for each test, so tests never share a pair. */
let addresses = 0;
const newAddress = () => `203.0.113.${++addresses}`;

describe('clientKey', () => {
  it.each([
    ['198.51.100.7', '198.51.100.7'],
    ['::ffff:198.51.100.7', '198.51.100.7'],
    ['2001:db8:1:2:3:4:5:6', '2001:db8:1:2::/64'],
    ['2001:0db8:0001:0002:aaaa::1', '2001:db8:1:2::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
  ])('counts %s as %s (IPv6 by its /64)', (ip, key) => {
    expect(clientKey(ip)).toBe(key);
  });
});

describe.each(await testEngines('both'))('sign-in protection on $engine', ({ engine }) => {
  const suite = serveDuringSuite(engine, {
    LOGIN_MAX_FAILURES: '5',
    LOGIN_FAILURE_WINDOW_SECONDS: '900',
    LOGIN_LOCK_SECONDS: '900',
    LOGIN_LOCK_MAX_SECONDS: '3000',
    CAPTCHA_AFTER_FAILURES: '3',
    CAPTCHA_DIFFICULTY_BITS: String(DIFFICULTY),
    // The test client is on loopback and plays a proxy telling the client's address.
    TRUST_PROXY: 'loopback',
  });

  const signIn = (username: string, password: string, from: string, captcha?: string) =>
    suite.http.post<{ data: TokenSet } & ErrorEnvelope>(
      '/api/iam/authenticate',
      { username, password },
      undefined,
      { 'x-forwarded-for': from, ...(captcha === undefined ? {} : { 'x-captcha': captcha }) },
    );
  const newUser = () => makeUser({ db: suite.server.db.orm, passwords: suite.server.passwords });
  const challenge = async () =>
    (await suite.http.get<{ data: Captcha }>('/api/iam/public/captcha')).body.data;
  /** A challenge from the API, solved as the browser would: the x-captcha value. */
  const solved = async () => {
    const { prefix, difficulty } = await challenge();
    return `${prefix}:${solve(prefix, difficulty)}`;
  };
  const failures = async (username: string, from: string) => {
    const [row] = await suite.server.db.orm
      .select()
      .from(signInFailures)
      .where(and(eq(signInFailures.usernameKey, username.toLowerCase()), eq(signInFailures.clientKey, from)));
    return row;
  };
  /** A user with 3 failures from `from`: the next attempt from there needs a captcha. */
  const userNeedingCaptcha = async (from: string) => {
    const made = await newUser();
    for (let i = 0; i < 3; i++) await signIn(made.user.username, WRONG, from);
    return made;
  };
  const codes = (results: HttpResult<ErrorEnvelope>[]) => results.map((r) => `${r.status} ${r.body.code}`);

  describe('lockout per user name and client address', () => {
    it('five wrong passwords for root from one address do not stop root from another', async () => {
      const stranger = newAddress();
      const owner = '198.51.100.20';
      const seen = [];
      for (let i = 0; i < 3; i++) seen.push(await signIn(TEST_ROOT.username, WRONG, stranger));
      for (let i = 0; i < 2; i++)
        seen.push(await signIn(TEST_ROOT.username, WRONG, stranger, await solved()));
      expect(codes(seen).at(-1)).toBe('401 ACCOUNT_LOCKED');
      // The stranger's address is locked, even with root's right password...
      expect((await signIn(TEST_ROOT.username, TEST_ROOT.password, stranger)).body.code).toBe(
        'ACCOUNT_LOCKED',
      );
      // ...but root signs in from its own address, with no captcha asked.
      const home = await signIn(TEST_ROOT.username, TEST_ROOT.password, owner);
      expect(home.status).toBe(200);
      expect(home.body.data.accessToken).toBeTruthy();
      // Root's success does not lift the stranger's lock.
      expect((await signIn(TEST_ROOT.username, TEST_ROOT.password, stranger)).body.code).toBe(
        'ACCOUNT_LOCKED',
      );
    });

    it('asks the pair for a captcha after 3 failures and locks it at the 5th, even to the right password', async () => {
      const from = newAddress();
      const { user, password } = await newUser();
      const results = [];
      for (let i = 0; i < 3; i++) results.push(await signIn(user.username, WRONG, from));
      // From the 3rd failure on, the answer says the next attempt needs a captcha.
      expect(results.map((r) => r.headers.get('x-captcha-required'))).toEqual([null, null, 'true']);
      results.push(await signIn(user.username, WRONG, from, await solved()));
      const before = Date.now();
      results.push(await signIn(user.username, WRONG, from, await solved()));
      expect(codes(results)).toEqual([
        '401 INVALID_CREDENTIALS',
        '401 INVALID_CREDENTIALS',
        '401 INVALID_CREDENTIALS',
        '401 INVALID_CREDENTIALS',
        '401 ACCOUNT_LOCKED',
      ]);

      const row = await failures(user.username, from);
      expect(row?.failureCount).toBe(5);
      expect(row?.lockCount).toBe(1);
      const lockedUntil = row?.lockedUntil?.getTime() ?? 0;
      expect(lockedUntil).toBeGreaterThanOrEqual(before + 900_000 - 1000);
      expect(lockedUntil).toBeLessThanOrEqual(Date.now() + 900_000);
      const until = new Date(lockedUntil).toISOString();

      // The right password, with or without a captcha: still locked, and not counted.
      for (const captcha of [undefined, await solved()]) {
        const locked = await signIn(user.username, password, from, captcha);
        expect(locked.status).toBe(401);
        expect(locked.body).toEqual({
          code: 'ACCOUNT_LOCKED',
          message: `Too many failed sign-ins: the account is locked until ${until}`,
          // the lock's end for the browser to say in the user's own clock time
          params: { until },
        });
      }
      // Any case of the name is the same name.
      expect((await signIn(user.username.toUpperCase(), password, from)).body.code).toBe('ACCOUNT_LOCKED');
      expect((await failures(user.username, from))?.failureCount).toBe(5);
      // Another address has its own count: no captcha, and the right password works.
      expect((await signIn(user.username, password, newAddress())).status).toBe(200);
    });

    it('makes each further lock of the pair twice as long, up to LOGIN_LOCK_MAX_SECONDS', async () => {
      const from = newAddress();
      const { user } = await newUser();
      const lockAgain = async (lockCount: number) => {
        const past = new Date(Date.now() - 1000);
        await suite.server.db.orm
          .insert(signInFailures)
          .values({
            usernameKey: user.username.toLowerCase(),
            clientKey: from,
            failureCount: 5,
            windowStartedAt: past,
            lastFailedAt: past,
            lockedUntil: past,
            lockCount,
          })
          .onConflictDoUpdate({
            target: [signInFailures.usernameKey, signInFailures.clientKey],
            set: { failureCount: 5, lockedUntil: past, lockCount },
          });
        // The lock is over: the count starts again, captcha after 3, lock at 5.
        for (let i = 0; i < 3; i++) await signIn(user.username, WRONG, from);
        await signIn(user.username, WRONG, from, await solved());
        const started = Date.now();
        const res = await signIn(user.username, WRONG, from, await solved());
        expect(res.body.code).toBe('ACCOUNT_LOCKED');
        const row = await failures(user.username, from);
        return { lockCount: row?.lockCount, seconds: ((row?.lockedUntil?.getTime() ?? 0) - started) / 1000 };
      };
      const second = await lockAgain(1);
      expect(second.lockCount).toBe(2);
      expect(second.seconds).toBeGreaterThan(1800 - 2);
      expect(second.seconds).toBeLessThanOrEqual(1800 + 2);
      // 900 · 2³ = 7200 s, cut to the maximum of 3000 s.
      const fourth = await lockAgain(3);
      expect(fourth.lockCount).toBe(4);
      expect(fourth.seconds).toBeGreaterThan(3000 - 2);
      expect(fourth.seconds).toBeLessThanOrEqual(3000 + 2);
    });

    it('ends the lock by itself, and then starts from nothing', async () => {
      const from = newAddress();
      const { user, password } = await newUser();
      await suite.server.db.orm.insert(signInFailures).values({
        usernameKey: user.username,
        clientKey: from,
        failureCount: 5,
        windowStartedAt: new Date(Date.now() - 1_000_000),
        lastFailedAt: new Date(Date.now() - 1_000_000),
        lockedUntil: new Date(Date.now() - 1000),
        lockCount: 1,
      });
      // No captcha either: the count ended with the lock.
      const res = await signIn(user.username, password, from);
      expect(res.status).toBe(200);
      expect(await failures(user.username, from)).toBeUndefined();
    });

    it('resets the pair’s count on a success, and only that pair’s', async () => {
      const from = newAddress();
      const elsewhere = newAddress();
      const { user, password } = await newUser();
      await signIn(user.username, WRONG, from);
      await signIn(user.username, WRONG, from);
      await signIn(user.username, WRONG, elsewhere);
      expect((await failures(user.username, from))?.failureCount).toBe(2);
      expect((await signIn(user.username, password, from)).status).toBe(200);
      expect(await failures(user.username, from)).toBeUndefined();
      expect((await failures(user.username, elsewhere))?.failureCount).toBe(1);
      // Two more failures: still no captcha needed (it would be from the 3rd in a row).
      const again = [await signIn(user.username, WRONG, from), await signIn(user.username, WRONG, from)];
      expect(codes(again)).toEqual(['401 INVALID_CREDENTIALS', '401 INVALID_CREDENTIALS']);
      expect(again[1]?.headers.get('x-captcha-required')).toBeNull();
      expect((await signIn(user.username, password, from)).status).toBe(200);
    });

    it('starts a new count when the window of the first failure is over', async () => {
      const from = newAddress();
      const { user } = await newUser();
      await signIn(user.username, WRONG, from);
      await signIn(user.username, WRONG, from);
      const old = new Date(Date.now() - 901_000);
      await suite.server.db.orm
        .update(signInFailures)
        .set({ windowStartedAt: old, lastFailedAt: old })
        .where(eq(signInFailures.usernameKey, user.username.toLowerCase()));
      const next = await signIn(user.username, WRONG, from);
      expect(next.body.code).toBe('INVALID_CREDENTIALS');
      expect((await failures(user.username, from))?.failureCount).toBe(1);
    });

    it('treats an unknown user name exactly like a known one: captcha, then lock', async () => {
      const { user } = await newUser();
      const unknown = `nobody_${randomUUID().slice(0, 8)}`;
      const run = async (username: string) => {
        const from = newAddress();
        const seen = [];
        for (let i = 0; i < 3; i++) seen.push(await signIn(username, WRONG, from));
        seen.push(await signIn(username, WRONG, from));
        seen.push(await signIn(username, WRONG, from, await solved()));
        seen.push(await signIn(username, WRONG, from, await solved()));
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

  describe('proof-of-work captcha', () => {
    it('GET /api/iam/public/captcha gives a prefix and a difficulty, and keeps only a hash of the prefix', async () => {
      const before = Date.now();
      const res = await suite.http.get<{ data: Captcha }>('/api/iam/public/captcha');
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('no-store');
      const { captchaId, prefix, difficulty, expiresAt } = res.body.data;
      expect(captchaId).toMatch(/^[0-9a-f-]{36}$/);
      expect(prefix).toMatch(new RegExp(`^${captchaId}\\.[A-Za-z0-9_-]{22}$`));
      expect(difficulty).toBe(DIFFICULTY);
      const [row] = await suite.server.db.orm
        .select()
        .from(captchaChallenges)
        .where(eq(captchaChallenges.id, captchaId));
      expect(row?.prefixHash).toBe(prefixHash(prefix));
      expect(JSON.stringify(row)).not.toContain(prefix.split('.')[1]);
      expect(row?.difficulty).toBe(DIFFICULTY);
      expect(row?.expiresAt.toISOString()).toBe(expiresAt);
      expect(row?.expiresAt.getTime()).toBeGreaterThanOrEqual(before + 120_000 - 1000);
      expect(row?.expiresAt.getTime()).toBeLessThanOrEqual(Date.now() + 120_000);
      // A new prefix every time.
      expect((await challenge()).prefix).not.toBe(prefix);
    });

    it('requires x-captcha after CAPTCHA_AFTER_FAILURES failures: missing → 400 CAPTCHA_REQUIRED, counted', async () => {
      const from = newAddress();
      const { user, password } = await userNeedingCaptcha(from);
      const missing = await signIn(user.username, password, from);
      expect(missing.status).toBe(400);
      expect(missing.body).toEqual({
        code: 'CAPTCHA_REQUIRED',
        message: 'This attempt needs a solved verification challenge',
        errors: [{ field: 'captcha', code: 'error.required', message: 'is required' }],
      });
      expect(missing.headers.get('x-captcha-required')).toBe('true');
      expect((await failures(user.username, from))?.failureCount).toBe(4);
      // The 5th failure, again without a captcha, locks.
      expect((await signIn(user.username, password, from)).body.code).toBe('ACCOUNT_LOCKED');
    });

    it('signs in with a solved challenge and the right password, and resets the count', async () => {
      const from = newAddress();
      const { user, password } = await userNeedingCaptcha(from);
      const res = await signIn(user.username, password, from, await solved());
      expect(res.status).toBe(200);
      expect(res.body.data.accessToken).toBeTruthy();
      expect(await failures(user.username, from)).toBeUndefined();
    });

    it('refuses a nonce that does not solve it with 400 CAPTCHA_INVALID, counted, and spends the challenge', async () => {
      const from = newAddress();
      const { user, password } = await userNeedingCaptcha(from);
      const { prefix, difficulty } = await challenge();
      const wrong = await signIn(user.username, password, from, `${prefix}:${unsolved(prefix, difficulty)}`);
      expect(wrong.status).toBe(400);
      expect(wrong.body.code).toBe('CAPTCHA_INVALID');
      expect(wrong.body.errors).toEqual([
        { field: 'captcha', code: 'error.invalidValue', message: 'is wrong or has expired' },
      ]);
      expect((await failures(user.username, from))?.failureCount).toBe(4);
      // Single use: the right nonce for the same challenge no longer works (5th failure: locked).
      const late = await signIn(user.username, password, from, `${prefix}:${solve(prefix, difficulty)}`);
      expect(late.body.code).toBe('ACCOUNT_LOCKED');
    });

    it('spends a challenge on success too: reusing a solved one is CAPTCHA_INVALID', async () => {
      const from = newAddress();
      const { user, password } = await userNeedingCaptcha(from);
      const captcha = await solved();
      expect((await signIn(user.username, password, from, captcha)).status).toBe(200);
      for (let i = 0; i < 3; i++) await signIn(user.username, WRONG, from);
      expect((await signIn(user.username, password, from, captcha)).body.code).toBe('CAPTCHA_INVALID');
    });

    it.each([
      [
        'an expired challenge',
        async (make: () => Promise<Captcha>) => {
          const { captchaId, prefix, difficulty } = await make();
          return { header: `${prefix}:${solve(prefix, difficulty)}`, expire: captchaId };
        },
      ],
      [
        'a made-up prefix on a real challenge id',
        async (make: () => Promise<Captcha>) => {
          const { captchaId, difficulty } = await make();
          const forged = `${captchaId}.${'A'.repeat(22)}`;
          return { header: `${forged}:${solve(forged, difficulty)}` };
        },
      ],
      [
        'an unknown challenge',
        async () => {
          const prefix = `${randomUUID()}.${'B'.repeat(22)}`;
          return { header: `${prefix}:${solve(prefix, DIFFICULTY)}` };
        },
      ],
      ['a header of another shape', async () => ({ header: '12345' })],
      ['a nonce that is not digits', async () => ({ header: `${randomUUID()}.${'C'.repeat(22)}:1e9` })],
      ['an id that is not a uuid', async () => ({ header: "1' or '1'='1.CCCCCCCCCCCCCCCCCCCCCC:1" })],
    ])('refuses %s with CAPTCHA_INVALID', async (_, make) => {
      const from = newAddress();
      const { user, password } = await userNeedingCaptcha(from);
      const { header, expire }: { header: string; expire?: string } = await make(challenge);
      if (expire)
        await suite.server.db.orm
          .update(captchaChallenges)
          .set({ expiresAt: new Date(Date.now() - 1000) })
          .where(eq(captchaChallenges.id, expire));
      const res = await signIn(user.username, password, from, header);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('CAPTCHA_INVALID');
    });

    it('sweeps expired challenges when making a new one', async () => {
      const { captchaId } = await challenge();
      await suite.server.db.orm
        .update(captchaChallenges)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(captchaChallenges.id, captchaId));
      await challenge();
      const rows = await suite.server.db.orm
        .select()
        .from(captchaChallenges)
        .where(eq(captchaChallenges.id, captchaId));
      expect(rows).toEqual([]);
    });
  });

  it('logs the signed-in user on the sign-in line, and never the password or the captcha', async () => {
    const from = newAddress();
    const { user, password } = await userNeedingCaptcha(from);
    const captcha = await solved();
    const res = await signIn(user.username, password, from, captcha);
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
    expect(logs).not.toContain(captcha);
  });
});
