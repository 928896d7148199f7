import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';
import { resolveServerPaths } from './paths.ts';

const paths = resolveServerPaths();
const load = (env: Record<string, string>) => loadConfig(env, { cwd: '/srv/hcm', paths });

/** The problems a bad environment reports, or a failure if it loads. */
function problemsOf(env: Record<string, string>): readonly string[] {
  try {
    load(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error('expected a ConfigError');
}

describe('loadConfig', () => {
  it('gives the documented defaults for an empty environment', () => {
    const config = load({});
    expect(config.port).toBe(8080);
    expect(config.host).toBe('0.0.0.0');
    expect(config.database).toEqual({
      engine: 'pglite',
      dataDir: '/srv/hcm/data/pglite',
      fairness: { enabled: true, queueLimit: 64, retryAfterSeconds: 1 },
      sharedBuffersMiB: 16,
    });
    expect(config.staticDir).toBe(`${paths.repoRoot}/dist/public`);
    expect(config.migrationsDir).toBe(`${paths.serverRoot}/migrations`);
    expect(config.logLevel).toBe('info');
    expect(config.tokens).toEqual({
      accessTtlSeconds: 900,
      refreshTtlSeconds: 86_400,
      rememberMeRefreshTtlSeconds: 2_592_000,
      sessionMaxAgeSeconds: 86_400,
      rememberMeSessionMaxAgeSeconds: 2_592_000,
      refreshReuseGraceSeconds: 30,
      actorCacheSeconds: 60,
    });
    expect(config.bootstrap).toEqual({
      rootUsername: 'root',
      rootFullName: 'Quản trị hệ thống',
      rootPassword: undefined,
      demoTenantCode: 'demo',
      demoTenantName: 'Công ty Demo',
      demoAdminUsername: 'hradmin',
      demoAdminFullName: 'Quản trị Nhân sự',
      demoAdminPassword: undefined,
    });
  });

  it('gives the documented defaults of sign-in protection, rate limits, HTTP and metrics', () => {
    const config = load({});
    expect(config.signIn).toEqual({
      maxFailures: 5,
      failureWindowSeconds: 900,
      lockSeconds: 900,
      lockMaxSeconds: 86_400,
      captchaAfterFailures: 3,
      captchaTtlSeconds: 120,
      captchaDifficultyBits: 17,
    });
    expect(config.rateLimits).toEqual({
      windowSeconds: 60,
      signInPerIp: 60,
      signInPerUsername: 10,
      refreshPerIp: 120,
      captchaPerIp: 60,
    });
    expect(config.http).toEqual({
      trustProxy: false,
      publicUrl: undefined,
      hstsMaxAgeSeconds: 15_552_000,
      requestTimeoutSeconds: 120,
      widgetOrigins: [],
    });
    expect(config.metrics).toEqual({ token: undefined, public: false });
  });

  it('reads the variables of sign-in protection, rate limits, HTTP and metrics', () => {
    const config = load({
      LOGIN_MAX_FAILURES: '10',
      LOGIN_FAILURE_WINDOW_SECONDS: '600',
      LOGIN_LOCK_SECONDS: '1800',
      LOGIN_LOCK_MAX_SECONDS: '7200',
      CAPTCHA_AFTER_FAILURES: '0',
      CAPTCHA_TTL_SECONDS: '300',
      CAPTCHA_DIFFICULTY_BITS: '20',
      RATE_LIMIT_WINDOW_SECONDS: '30',
      RATE_LIMIT_SIGN_IN_PER_IP: '0',
      RATE_LIMIT_SIGN_IN_PER_USERNAME: '5',
      RATE_LIMIT_REFRESH_PER_IP: '500',
      RATE_LIMIT_CAPTCHA_PER_IP: '20',
      TRUST_PROXY: '10.0.0.0/8, 192.168.1.1',
      PUBLIC_URL: 'https://hcm.example.vn',
      HSTS_MAX_AGE_SECONDS: '0',
      METRICS_TOKEN: 'a-long-enough-metrics-token',
      METRICS_PUBLIC: 'true',
    });
    expect(config.signIn).toEqual({
      maxFailures: 10,
      failureWindowSeconds: 600,
      lockSeconds: 1800,
      lockMaxSeconds: 7200,
      captchaAfterFailures: 0,
      captchaTtlSeconds: 300,
      captchaDifficultyBits: 20,
    });
    expect(config.rateLimits).toEqual({
      windowSeconds: 30,
      signInPerIp: 0,
      signInPerUsername: 5,
      refreshPerIp: 500,
      captchaPerIp: 20,
    });
    expect(config.http).toEqual({
      trustProxy: ['10.0.0.0/8', '192.168.1.1'],
      publicUrl: 'https://hcm.example.vn',
      hstsMaxAgeSeconds: 0,
      requestTimeoutSeconds: 120,
      widgetOrigins: [],
    });
    expect(
      load({ WIDGET_ORIGINS: 'https://intranet.example.vn, http://127.0.0.1:8080' }).http.widgetOrigins,
    ).toEqual(['https://intranet.example.vn', 'http://127.0.0.1:8080']);
    expect(config.metrics).toEqual({ token: 'a-long-enough-metrics-token', public: true });
    expect(load({ TRUST_PROXY: 'true' }).http.trustProxy).toBe(true);
    expect(load({ TRUST_PROXY: 'FALSE' }).http.trustProxy).toBe(false);
    expect(load({ TRUST_PROXY: '2' }).http.trustProxy).toBe(2);
    expect(load({ TRUST_PROXY: 'loopback' }).http.trustProxy).toEqual(['loopback']);
  });

  it('bounds what a slow request may hold: the pool, session timeouts and the export send timeout', () => {
    expect(load({ DATABASE_URL: 'postgres://db/hcm' })).toMatchObject({
      database: {
        limits: {
          poolSize: 10,
          connectTimeoutMs: 5000,
          statementTimeoutMs: 30_000,
          idleInTransactionTimeoutMs: 60_000,
        },
      },
      exports: { sendTimeoutSeconds: 30 },
    });
    expect(
      load({
        DATABASE_URL: 'postgres://db/hcm',
        DATABASE_POOL_SIZE: '3',
        DATABASE_CONNECT_TIMEOUT_MS: '250',
        DATABASE_STATEMENT_TIMEOUT_MS: '0',
        DATABASE_IDLE_TX_TIMEOUT_MS: '1000',
        EXPORT_SEND_TIMEOUT_SECONDS: '5',
      }),
    ).toMatchObject({
      database: {
        limits: {
          poolSize: 3,
          connectTimeoutMs: 250,
          statementTimeoutMs: 0,
          idleInTransactionTimeoutMs: 1000,
        },
      },
      exports: { sendTimeoutSeconds: 5 },
    });
    expect(() =>
      load({ DATABASE_URL: 'postgres://db/hcm', DATABASE_POOL_SIZE: '0', EXPORT_SEND_TIMEOUT_SECONDS: '0' }),
    ).toThrow(/DATABASE_POOL_SIZE[\s\S]*EXPORT_SEND_TIMEOUT_SECONDS/);
  });

  it('finds the server package and the workspace from its own file, not from the cwd', () => {
    expect(paths.serverRoot.endsWith('/packages/server')).toBe(true);
    expect(`${paths.repoRoot}/packages/server`).toBe(paths.serverRoot);
  });

  it('reads every variable', () => {
    const config = load({
      PORT: '9000',
      HOST: '127.0.0.1',
      DATABASE_URL: 'postgres://app@db:5432/hcm',
      STATIC_DIR: 'public',
      ACCESS_TOKEN_TTL_SECONDS: '60',
      REFRESH_TOKEN_TTL_SECONDS: '3600',
      REMEMBER_ME_REFRESH_TTL_SECONDS: '7200',
      LOG_LEVEL: 'DEBUG',
      HCM_ROOT_USERNAME: 'admin',
      HCM_ROOT_PASSWORD: 'Str0ng#Pass',
      HCM_DEMO_TENANT_CODE: 'acme_vn',
      HCM_DEMO_TENANT_NAME: 'ACME Việt Nam',
      HCM_DEMO_ADMIN_USERNAME: 'hr.admin',
      HCM_DEMO_ADMIN_PASSWORD: 'An0ther#Pass',
      HCM_DEMO_ADMIN_FULL_NAME: 'Trần Thị B',
    });
    expect(config).toMatchObject({
      port: 9000,
      host: '127.0.0.1',
      database: { engine: 'postgresql', url: 'postgres://app@db:5432/hcm' },
      staticDir: '/srv/hcm/public',
      logLevel: 'debug',
      tokens: { accessTtlSeconds: 60, refreshTtlSeconds: 3600, rememberMeRefreshTtlSeconds: 7200 },
      bootstrap: {
        rootUsername: 'admin',
        rootPassword: 'Str0ng#Pass',
        demoTenantCode: 'acme_vn',
        demoAdminUsername: 'hr.admin',
        demoAdminFullName: 'Trần Thị B',
      },
    });
  });

  it('treats empty values as unset and keeps DATA_DIR=memory:// in memory', () => {
    expect(load({ PORT: '', DATA_DIR: 'memory://' })).toMatchObject({
      port: 8080,
      database: { engine: 'pglite', dataDir: undefined },
    });
    expect(load({ DATA_DIR: '/var/lib/hcm' }).database).toMatchObject({
      engine: 'pglite',
      dataDir: '/var/lib/hcm/pglite',
    });
  });

  it('takes a test clock file under NODE_ENV=test only, never by default', () => {
    expect(load({}).testClockFile).toBeUndefined();
    expect(load({ HCM_TEST_CLOCK_FILE: 'e2e/clock', NODE_ENV: 'test' }).testClockFile).toBe(
      '/srv/hcm/e2e/clock',
    );
    for (const NODE_ENV of ['production', 'development', ''])
      expect(problemsOf({ HCM_TEST_CLOCK_FILE: '/tmp/clock', NODE_ENV })).toEqual([
        `HCM_TEST_CLOCK_FILE is for tests only: it needs NODE_ENV=test, got "${NODE_ENV}"`,
      ]);
  });

  it('reads how tenants share the embedded database, and refuses what it cannot take', () => {
    expect(
      load({ TENANT_FAIRNESS: 'OFF', TENANT_QUEUE_LIMIT: '5', TENANT_RETRY_AFTER_SECONDS: '3' }).database,
    ).toMatchObject({ fairness: { enabled: false, queueLimit: 5, retryAfterSeconds: 3 } });
    expect(() => load({ TENANT_FAIRNESS: 'fair', TENANT_QUEUE_LIMIT: '0' })).toThrow(
      /TENANT_FAIRNESS must be on or off, got "fair"[\s\S]*TENANT_QUEUE_LIMIT must be a whole number from 1/,
    );
  });

  it('gives the embedded database a small page cache unless told otherwise (issue 29, memory)', () => {
    expect(load({}).database).toMatchObject({ engine: 'pglite', sharedBuffersMiB: 16 });
    expect(load({ PGLITE_SHARED_BUFFERS_MB: '64' }).database).toMatchObject({ sharedBuffersMiB: 64 });
    expect(problemsOf({ PGLITE_SHARED_BUFFERS_MB: '0' })).toEqual([
      'PGLITE_SHARED_BUFFERS_MB must be a whole number from 1 to 4096, got "0"',
    ]);
  });

  it.each([
    [{ PORT: 'abc' }, /^PORT must be a whole number from 0 to 65535, got "abc"$/],
    [{ PORT: '70000' }, /^PORT must be a whole number/],
    [{ PORT: '-1' }, /^PORT must be a whole number/],
    [{ ACCESS_TOKEN_TTL_SECONDS: '0' }, /^ACCESS_TOKEN_TTL_SECONDS must be a whole number from 1/],
    [{ REFRESH_TOKEN_TTL_SECONDS: '1.5' }, /^REFRESH_TOKEN_TTL_SECONDS must be a whole number/],
    [
      { REMEMBER_ME_REFRESH_TTL_SECONDS: '10' },
      /^REMEMBER_ME_REFRESH_TTL_SECONDS must not be shorter than REFRESH_TOKEN_TTL_SECONDS/,
    ],
    [{ DATABASE_URL: 'mysql://x' }, /^DATABASE_URL must be a postgres:\/\/ or postgresql:\/\/ URL$/],
    [
      { LOG_LEVEL: 'loud' },
      /^LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent, got "loud"$/,
    ],
    [{ HCM_ROOT_USERNAME: 'ro' }, /^HCM_ROOT_USERNAME must be 4 to 100 letters/],
    [{ HCM_DEMO_ADMIN_USERNAME: 'bad name' }, /^HCM_DEMO_ADMIN_USERNAME must be 4 to 100/],
    [{ HCM_DEMO_TENANT_CODE: 'x' }, /^HCM_DEMO_TENANT_CODE must be 4 to 50/],
    [{ HCM_DEMO_TENANT_NAME: 'x'.repeat(201) }, /^HCM_DEMO_TENANT_NAME must be at most 200 characters/],
    [
      { HCM_ROOT_PASSWORD: 'password' },
      /^HCM_ROOT_PASSWORD must be at least 8 and at most 50 characters with a lower-case/,
    ],
    [{ HCM_DEMO_ADMIN_PASSWORD: 'Sh0rt#' }, /^HCM_DEMO_ADMIN_PASSWORD must be/],
    [{ HCM_ROOT_USERNAME: 'Admin', HCM_DEMO_ADMIN_USERNAME: 'admin' }, /must differ/],
    [{ LOGIN_MAX_FAILURES: '0' }, /^LOGIN_MAX_FAILURES must be a whole number from 1 to 1000, got "0"$/],
    [{ LOGIN_FAILURE_WINDOW_SECONDS: 'soon' }, /^LOGIN_FAILURE_WINDOW_SECONDS must be a whole number/],
    [{ LOGIN_LOCK_SECONDS: '100000' }, /^LOGIN_LOCK_SECONDS must be a whole number from 1 to 86400/],
    [{ CAPTCHA_AFTER_FAILURES: '-1' }, /^CAPTCHA_AFTER_FAILURES must be a whole number from 0/],
    [{ CAPTCHA_TTL_SECONDS: '5' }, /^CAPTCHA_TTL_SECONDS must be a whole number from 10 to 3600/],
    [{ CAPTCHA_DIFFICULTY_BITS: '40' }, /^CAPTCHA_DIFFICULTY_BITS must be a whole number from 1 to 32/],
    [
      { LOGIN_LOCK_SECONDS: '600', LOGIN_LOCK_MAX_SECONDS: '300' },
      /^LOGIN_LOCK_MAX_SECONDS must not be shorter/,
    ],
    [{ RATE_LIMIT_WINDOW_SECONDS: '0' }, /^RATE_LIMIT_WINDOW_SECONDS must be a whole number from 1/],
    [{ RATE_LIMIT_SIGN_IN_PER_IP: 'many' }, /^RATE_LIMIT_SIGN_IN_PER_IP must be a whole number from 0/],
    [{ RATE_LIMIT_SIGN_IN_PER_USERNAME: '1.5' }, /^RATE_LIMIT_SIGN_IN_PER_USERNAME must be a whole number/],
    [{ RATE_LIMIT_REFRESH_PER_IP: '-3' }, /^RATE_LIMIT_REFRESH_PER_IP must be a whole number/],
    [{ RATE_LIMIT_CAPTCHA_PER_IP: 'x' }, /^RATE_LIMIT_CAPTCHA_PER_IP must be a whole number/],
    [{ TRUST_PROXY: 'the proxy' }, /^TRUST_PROXY must be true, false, a hop count, or comma-separated/],
    [{ TRUST_PROXY: '0' }, /^TRUST_PROXY must be a whole number from 1 to 100/],
    [{ PUBLIC_URL: 'hcm.example.vn' }, /^PUBLIC_URL must be an http:\/\/ or https:\/\/ URL/],
    [
      { WIDGET_ORIGINS: 'https://intranet.example.vn/portal' },
      /^WIDGET_ORIGINS must be comma-separated origins/,
    ],
    [{ WIDGET_ORIGINS: 'intranet.example.vn' }, /^WIDGET_ORIGINS must be comma-separated origins/],
    [{ HSTS_MAX_AGE_SECONDS: 'forever' }, /^HSTS_MAX_AGE_SECONDS must be a whole number/],
    [{ METRICS_TOKEN: 'short' }, /^METRICS_TOKEN must be 16 to 512 visible ASCII characters without spaces$/],
  ])('rejects %o with a message naming the variable', (env, message) => {
    const problems = problemsOf(env);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(message);
  });

  it('reports every problem at once and never echoes a secret', () => {
    const error = (() => {
      try {
        load({
          PORT: 'x',
          LOG_LEVEL: 'y',
          HCM_ROOT_PASSWORD: 'weak-secret',
          DATABASE_URL: 'http://user:hunter2@db',
          METRICS_TOKEN: 'has a space in-it',
        });
      } catch (e) {
        return e as ConfigError;
      }
      throw new Error('expected a ConfigError');
    })();
    expect(error.problems).toHaveLength(5);
    expect(error.message).toContain('Invalid configuration');
    expect(error.message).not.toContain('weak-secret');
    expect(error.message).not.toContain('hunter2');
    expect(error.message).not.toContain('has a space');
  });
});
