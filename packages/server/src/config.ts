import { isAbsolute, resolve } from 'node:path';
import { FieldLimits, Patterns } from '@hcm/contracts';
import { isProcessRole, ProcessRoles, type ProcessRole } from './jobs/process-role.ts';
import { resolveServerPaths, type ServerPaths } from './paths.ts';
import { meetsPasswordPolicy, PASSWORD_POLICY_TEXT } from './services/iam/passwords/password-policy.ts';
import { readThemeConfig, type ThemeConfig } from './services/system/theme/theme-config.ts';
import { readFileStoreConfig, type FileStoreConfig } from './services/storage/config.ts';

export type DatabaseConfig =
  | { engine: 'postgresql'; url: string; limits?: PostgresLimits }
  /** dataDir undefined means an in-memory database (tests, DATA_DIR=memory://). */
  | {
      engine: 'pglite';
      dataDir: string | undefined;
      fairness?: TenantFairnessConfig;
      /** PostgreSQL's shared_buffers inside the embedded database (README, "Memory") */
      sharedBuffersMiB?: number;
    };

/**
 * How PGlite's one connection is shared between tenants (README, "Fairness between tenants"):
 * scope transactions take turns round-robin across tenants, and a request of a tenant with
 * `queueLimit` transactions already waiting is answered 429 with Retry-After. Off: first come,
 * first served, unbounded (as before issue 26; kept for the benchmark's comparison).
 */
export interface TenantFairnessConfig {
  enabled: boolean;
  queueLimit: number;
  retryAfterSeconds: number;
}

/**
 * PostgreSQL's own page cache inside the embedded database, in MiB (issue 29 part 6). PGlite's
 * default is PostgreSQL's, 128 MiB, held in the WebAssembly memory, which never shrinks: the
 * largest part of the portal's idle memory. The files are on disk, so a page that is not in
 * this cache is one read from the operating system's own (docs/performance.md "Memory").
 */
export const PGLITE_SHARED_BUFFERS_MIB = 16;

/** The turns on PGlite when nothing says otherwise (README "Fairness between tenants"). */
export const DEFAULT_FAIRNESS: TenantFairnessConfig = { enabled: true, queueLimit: 64, retryAfterSeconds: 1 };

/**
 * What keeps one slow request from holding the PostgreSQL pool (README, "Slow clients and exports"): the
 * pool's size and how long a request waits for a connection; per session statement_timeout and
 * idle_in_transaction_session_timeout (0: none). Migrations run on a connection without them.
 */
export interface PostgresLimits {
  poolSize: number;
  connectTimeoutMs: number;
  statementTimeoutMs: number;
  idleInTransactionTimeoutMs: number;
}

/** Streamed exports (resources/export): a client that reads nothing for this long is cut off. */
export interface ExportConfig {
  sendTimeoutSeconds: number;
}

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export interface BootstrapConfig {
  rootUsername: string;
  rootFullName: string;
  /** undefined: generate one on first start and print it once */
  rootPassword: string | undefined;
  demoTenantCode: string;
  demoTenantName: string;
  demoAdminUsername: string;
  demoAdminFullName: string;
  demoAdminPassword: string | undefined;
}

export interface TokenConfig {
  accessTtlSeconds: number;
  refreshTtlSeconds: number;
  rememberMeRefreshTtlSeconds: number;
  /** a sign-in's absolute lifetime, refreshes or not (README "Sessions") */
  sessionMaxAgeSeconds: number;
  rememberMeSessionMaxAgeSeconds: number;
  /** a rotated refresh token presented again within this answers with the same successor */
  refreshReuseGraceSeconds: number;
  /**
   * how long a process may authorize a session's requests from the caller it loaded, at most
   * (services/iam/authorization/actor-cache.ts; changes are signalled at once); 0: load always
   */
  actorCacheSeconds: number;
}

/**
 * Lockout and captcha (README, "Sign-in protection"). Counted per (user name as typed, known or
 * not; client address), so a stranger's failures lock only the stranger's address.
 */
export interface SignInProtectionConfig {
  /** failed sign-ins of a (name, address) within the window that lock that pair */
  maxFailures: number;
  failureWindowSeconds: number;
  /** the first lock of a pair; each further lock (before a success) lasts twice as long */
  lockSeconds: number;
  /** the longest a lock grows to */
  lockMaxSeconds: number;
  /** failed sign-ins within the window after which a captcha is required */
  captchaAfterFailures: number;
  captchaTtlSeconds: number;
  /** proof-of-work difficulty: leading zero bits of SHA-256(prefix || nonce) */
  captchaDifficultyBits: number;
}

/** Requests per window and client (0: no limit). One memory store per process. */
export interface RateLimitConfig {
  windowSeconds: number;
  signInPerIp: number;
  signInPerUsername: number;
  refreshPerIp: number;
  captchaPerIp: number;
}

export interface HttpConfig {
  /**
   * Fastify's trustProxy: false, true (any), a hop count, or addresses/CIDRs of the proxies
   * whose X-Forwarded-For is believed. The client address drives per-IP rate limits.
   */
  trustProxy: boolean | number | string[];
  /** the address users reach the portal at; https:// turns on HSTS */
  publicUrl: string | undefined;
  /** sent as Strict-Transport-Security (seconds) when publicUrl is https://; 0 never */
  hstsMaxAgeSeconds: number;
  /**
   * How long a client may take to send a whole request (headers and body); then the
   * connection is closed with 408. Fastify's default is no limit: a client sending one byte a
   * minute would hold its socket and request forever.
   */
  requestTimeoutSeconds: number;
  /**
   * Origins of intranet pages that embed the widgets' standalone bundle (WIDGET_ORIGINS,
   * comma-separated, e.g. https://intranet.example.vn): they may call the API across origins.
   */
  widgetOrigins: string[];
}

export interface MetricsConfig {
  /** GET /api/metrics wants `Authorization: Bearer <token>`; unset, it refuses every scrape */
  token: string | undefined;
  /** METRICS_PUBLIC=true: no token needed (a private network the operator vouches for) */
  public: boolean;
}

/** Everything the server reads from its environment, validated once and passed down. */
export interface Config {
  port: number;
  host: string;
  database: DatabaseConfig;
  staticDir: string;
  migrationsDir: string;
  logLevel: LogLevel;
  tokens: TokenConfig;
  bootstrap: BootstrapConfig;
  signIn: SignInProtectionConfig;
  rateLimits: RateLimitConfig;
  http: HttpConfig;
  metrics: MetricsConfig;
  exports: ExportConfig;
  /** THEME, THEME_LOGO_URL: the look every page takes (services/system/theme) */
  theme: ThemeConfig;
  /** FILE_STORE and friends: where uploaded files live (services/storage) */
  files: FileStoreConfig;
  /** background work the server does on a clock */
  jobs: JobsConfig;
  /** how the dashboard's workforce figures are kept (services/om/dashboard/workforce-cache.ts) */
  dashboard: DashboardConfig;
  /**
   * HCM_PROCESS_ROLE (or `--role=`): all (default: requests and jobs), api (requests only) or
   * worker (jobs and schedules only); api and worker need PostgreSQL (docs/jobs.md)
   */
  processRole: ProcessRole;
  /** SMTP_URL, MAIL_FROM: the mail server notifications are emailed through (services/notification/mail) */
  mail: MailConfig;
  /**
   * HCM_TEST_CLOCK_FILE (tests only, and only with NODE_ENV=test): a file whose whole number of
   * milliseconds moves the clock of sign-ins, tokens and sessions (clock.ts), for an
   * end-to-end story to pass a token's expiry without waiting for it
   */
  testClockFile: string | undefined;
}

export interface MailConfig {
  /** smtp://user:pass@host:port or smtps://…; unset: the portal sends no email (a send asking for one is refused) */
  smtpUrl: string | undefined;
  /** the From of every email */
  from: string;
  /** MAIL_RETRY_LIMIT (default 5): attempts after the first before an email is FAILED */
  retryLimit: number;
  /** MAIL_RETRY_DELAY_SECONDS (default 60): the wait before the first retry, doubling after each */
  retryDelaySeconds: number;
}

export interface JobsConfig {
  /**
   * CONTRACT_VALIDITY_SWEEP_MINUTES (default 60, 0 = off): how often labour contracts that came
   * into force or expired with the date get their validity rewritten (om/labor-contracts)
   */
  contractValiditySweepMinutes: number;
  /** JOB_POLL_SECONDS (default 2): how often the job queue's workers look for due jobs */
  pollSeconds: number;
}

export interface DashboardConfig {
  /**
   * DASHBOARD_CACHE_SECONDS (default 300, 0 = off): how long a process may answer the
   * dashboard's tenant- and scope-wide figures from what it counted before, at most (a change
   * of what they count is signalled at once)
   */
  cacheSeconds: number;
  /** DASHBOARD_CACHE_ENTRIES (default 2000): figures a process keeps at most */
  cacheEntries: number;
}

export const ROOT_FULL_NAME = 'Quản trị hệ thống';

export class ConfigError extends Error {
  readonly problems: readonly string[];
  constructor(problems: readonly string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
    this.problems = problems;
  }
}

type Env = Readonly<Record<string, string | undefined>>;

/**
 * Reads the environment into a Config, collecting every problem before failing so that one
 * start shows all of them. Empty values count as unset (compose files often write `VAR=`).
 */
export function loadConfig(env: Env, options: { cwd?: string; paths?: ServerPaths } = {}): Config {
  const cwd = options.cwd ?? process.cwd();
  const paths = options.paths ?? resolveServerPaths();
  const problems: string[] = [];
  const read = (name: string): string | undefined => {
    const value = env[name]?.trim();
    return value === undefined || value === '' ? undefined : value;
  };

  const integer = (name: string, fallback: number, min: number, max: number): number => {
    const raw = read(name);
    if (raw === undefined) return fallback;
    if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max) {
      problems.push(`${name} must be a whole number from ${min} to ${max}, got "${raw}"`);
      return fallback;
    }
    return Number(raw);
  };

  const text = (name: string, fallback: string, check?: { pattern: RegExp; rule: string }): string => {
    const raw = read(name) ?? fallback;
    if (check && !check.pattern.test(raw)) problems.push(`${name} ${check.rule}, got "${raw}"`);
    return raw;
  };

  const password = (name: string): string | undefined => {
    // The value itself is never echoed: it is a secret.
    const raw = env[name];
    if (raw === undefined || raw === '') return undefined;
    if (!meetsPasswordPolicy(raw)) problems.push(`${name} must be ${PASSWORD_POLICY_TEXT}`);
    return raw;
  };

  const usernameRule = {
    pattern: new RegExp(
      `^(?=.{${FieldLimits.usernameMin},${FieldLimits.usernameMax}}$)${Patterns.username.slice(1)}`,
    ),
    rule: `must be ${FieldLimits.usernameMin} to ${FieldLimits.usernameMax} letters, digits, _ @ or .`,
  };
  const nameRule = {
    pattern: new RegExp(`^.{1,${FieldLimits.name}}$`, 'u'),
    rule: `must be at most ${FieldLimits.name} characters`,
  };

  const port = integer('PORT', 8080, 0, 65535);
  const host = text('HOST', '0.0.0.0');

  let database: DatabaseConfig;
  const databaseUrl = read('DATABASE_URL');
  if (databaseUrl !== undefined) {
    if (!/^postgres(ql)?:\/\//.test(databaseUrl) || !URL.canParse(databaseUrl)) {
      // Not echoed: a connection string may carry a password.
      problems.push('DATABASE_URL must be a postgres:// or postgresql:// URL');
    }
    database = {
      engine: 'postgresql',
      url: databaseUrl,
      limits: {
        poolSize: integer('DATABASE_POOL_SIZE', 10, 1, 1000),
        connectTimeoutMs: integer('DATABASE_CONNECT_TIMEOUT_MS', 5000, 100, 600_000),
        statementTimeoutMs: integer('DATABASE_STATEMENT_TIMEOUT_MS', 30_000, 0, 3_600_000),
        idleInTransactionTimeoutMs: integer('DATABASE_IDLE_TX_TIMEOUT_MS', 60_000, 0, 3_600_000),
      },
    };
  } else {
    const dataDir = read('DATA_DIR') ?? './data';
    const fairnessRaw = read('TENANT_FAIRNESS')?.toLowerCase() ?? 'on';
    if (fairnessRaw !== 'on' && fairnessRaw !== 'off')
      problems.push(`TENANT_FAIRNESS must be on or off, got "${fairnessRaw}"`);
    database = {
      engine: 'pglite',
      dataDir: dataDir === 'memory://' ? undefined : resolve(cwd, dataDir, 'pglite'),
      fairness: {
        enabled: fairnessRaw !== 'off',
        queueLimit: integer('TENANT_QUEUE_LIMIT', DEFAULT_FAIRNESS.queueLimit, 1, 100_000),
        retryAfterSeconds: integer('TENANT_RETRY_AFTER_SECONDS', DEFAULT_FAIRNESS.retryAfterSeconds, 1, 3600),
      },
      sharedBuffersMiB: integer('PGLITE_SHARED_BUFFERS_MB', PGLITE_SHARED_BUFFERS_MIB, 1, 4096),
    };
  }

  const staticDirRaw = read('STATIC_DIR');
  const staticDir =
    staticDirRaw === undefined
      ? paths.defaultStaticDir
      : isAbsolute(staticDirRaw)
        ? staticDirRaw
        : resolve(cwd, staticDirRaw);

  const logLevelRaw = read('LOG_LEVEL')?.toLowerCase() ?? 'info';
  const logLevel = LOG_LEVELS.find((level) => level === logLevelRaw);
  if (logLevel === undefined)
    problems.push(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got "${logLevelRaw}"`);

  const oneYear = 366 * 24 * 3600;
  const tokens: TokenConfig = {
    accessTtlSeconds: integer('ACCESS_TOKEN_TTL_SECONDS', 900, 1, 24 * 3600),
    refreshTtlSeconds: integer('REFRESH_TOKEN_TTL_SECONDS', 86_400, 1, oneYear),
    rememberMeRefreshTtlSeconds: integer('REMEMBER_ME_REFRESH_TTL_SECONDS', 2_592_000, 1, oneYear),
    // Issue 8: a remembered sign-in lasts at most 30 days, however often it is refreshed.
    sessionMaxAgeSeconds: integer('SESSION_MAX_SECONDS', 86_400, 1, 2_592_000),
    rememberMeSessionMaxAgeSeconds: integer('REMEMBER_ME_SESSION_MAX_SECONDS', 2_592_000, 1, 2_592_000),
    refreshReuseGraceSeconds: integer('REFRESH_REUSE_GRACE_SECONDS', 30, 0, 300),
    actorCacheSeconds: integer('ACTOR_CACHE_SECONDS', 60, 0, 3600),
  };
  if (tokens.refreshTtlSeconds < tokens.accessTtlSeconds) {
    problems.push('REFRESH_TOKEN_TTL_SECONDS must not be shorter than ACCESS_TOKEN_TTL_SECONDS');
  }
  if (tokens.rememberMeRefreshTtlSeconds < tokens.refreshTtlSeconds) {
    problems.push('REMEMBER_ME_REFRESH_TTL_SECONDS must not be shorter than REFRESH_TOKEN_TTL_SECONDS');
  }

  const bootstrap: BootstrapConfig = {
    rootUsername: text('HCM_ROOT_USERNAME', 'root', usernameRule),
    rootFullName: ROOT_FULL_NAME,
    rootPassword: password('HCM_ROOT_PASSWORD'),
    demoTenantCode: text('HCM_DEMO_TENANT_CODE', 'demo', {
      pattern: new RegExp(Patterns.code),
      rule: 'must be 4 to 50 letters, digits, _ or .',
    }),
    demoTenantName: text('HCM_DEMO_TENANT_NAME', 'Công ty Demo', nameRule),
    demoAdminUsername: text('HCM_DEMO_ADMIN_USERNAME', 'hradmin', usernameRule),
    demoAdminFullName: text('HCM_DEMO_ADMIN_FULL_NAME', 'Quản trị Nhân sự', nameRule),
    demoAdminPassword: password('HCM_DEMO_ADMIN_PASSWORD'),
  };
  if (bootstrap.rootUsername.toLowerCase() === bootstrap.demoAdminUsername.toLowerCase()) {
    problems.push(
      'HCM_ROOT_USERNAME and HCM_DEMO_ADMIN_USERNAME must differ (user names are unique regardless of case)',
    );
  }

  const oneDay = 24 * 3600;
  const signIn: SignInProtectionConfig = {
    maxFailures: integer('LOGIN_MAX_FAILURES', 5, 1, 1000),
    failureWindowSeconds: integer('LOGIN_FAILURE_WINDOW_SECONDS', 900, 1, oneDay),
    lockSeconds: integer('LOGIN_LOCK_SECONDS', 900, 1, oneDay),
    lockMaxSeconds: integer('LOGIN_LOCK_MAX_SECONDS', oneDay, 1, 30 * oneDay),
    captchaAfterFailures: integer('CAPTCHA_AFTER_FAILURES', 3, 0, 1000),
    captchaTtlSeconds: integer('CAPTCHA_TTL_SECONDS', 120, 10, 3600),
    captchaDifficultyBits: integer('CAPTCHA_DIFFICULTY_BITS', 17, 1, 32),
  };
  if (signIn.lockMaxSeconds < signIn.lockSeconds)
    problems.push('LOGIN_LOCK_MAX_SECONDS must not be shorter than LOGIN_LOCK_SECONDS');

  const perWindow = (name: string, fallback: number) => integer(name, fallback, 0, 1_000_000);
  const rateLimits: RateLimitConfig = {
    windowSeconds: integer('RATE_LIMIT_WINDOW_SECONDS', 60, 1, oneDay),
    signInPerIp: perWindow('RATE_LIMIT_SIGN_IN_PER_IP', 60),
    signInPerUsername: perWindow('RATE_LIMIT_SIGN_IN_PER_USERNAME', 10),
    refreshPerIp: perWindow('RATE_LIMIT_REFRESH_PER_IP', 120),
    captchaPerIp: perWindow('RATE_LIMIT_CAPTCHA_PER_IP', 60),
  };

  const trustProxyRaw = read('TRUST_PROXY');
  const proxyAddress = /^[0-9A-Fa-f:.]+(\/\d{1,3})?$|^(loopback|linklocal|uniquelocal)$/;
  let trustProxy: HttpConfig['trustProxy'];
  if (trustProxyRaw === undefined || /^false$/i.test(trustProxyRaw)) trustProxy = false;
  else if (/^true$/i.test(trustProxyRaw)) trustProxy = true;
  else if (/^\d+$/.test(trustProxyRaw)) trustProxy = integer('TRUST_PROXY', 1, 1, 100);
  else {
    trustProxy = trustProxyRaw.split(',').map((part) => part.trim());
    if (!trustProxy.every((part) => proxyAddress.test(part)))
      problems.push(
        `TRUST_PROXY must be true, false, a hop count, or comma-separated proxy addresses/CIDRs, got "${trustProxyRaw}"`,
      );
  }

  const publicUrl = read('PUBLIC_URL');
  if (publicUrl !== undefined && (!/^https?:\/\//.test(publicUrl) || !URL.canParse(publicUrl)))
    problems.push(`PUBLIC_URL must be an http:// or https:// URL, got "${publicUrl}"`);
  const widgetOrigins = (read('WIDGET_ORIGINS') ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');
  for (const origin of widgetOrigins) {
    // an origin is scheme, host and port: exactly what URL.origin gives back for it
    if (!URL.canParse(origin) || new URL(origin).origin !== origin || !/^https?:/.test(origin))
      problems.push(
        `WIDGET_ORIGINS must be comma-separated origins like https://intranet.example.vn, got "${origin}"`,
      );
  }
  const http: HttpConfig = {
    trustProxy,
    widgetOrigins,
    publicUrl,
    hstsMaxAgeSeconds: integer('HSTS_MAX_AGE_SECONDS', 15_552_000, 0, 2 * oneYear),
    requestTimeoutSeconds: integer('HTTP_REQUEST_TIMEOUT_SECONDS', 120, 1, 3600),
  };

  // A secret: never echoed. Long enough not to be guessed, plain enough for a header.
  const metricsToken = env.METRICS_TOKEN === '' ? undefined : env.METRICS_TOKEN;
  if (metricsToken !== undefined && !/^[\x21-\x7e]{16,512}$/.test(metricsToken))
    problems.push('METRICS_TOKEN must be 16 to 512 visible ASCII characters without spaces');
  const metricsPublicRaw = read('METRICS_PUBLIC')?.toLowerCase() ?? 'false';
  if (metricsPublicRaw !== 'true' && metricsPublicRaw !== 'false')
    problems.push(`METRICS_PUBLIC must be true or false, got "${metricsPublicRaw}"`);
  const metrics: MetricsConfig = { token: metricsToken, public: metricsPublicRaw === 'true' };

  const theme = readThemeConfig(read, problems);
  const files = readFileStoreConfig(read, problems, cwd);
  const exports: ExportConfig = { sendTimeoutSeconds: integer('EXPORT_SEND_TIMEOUT_SECONDS', 30, 1, 3600) };
  const jobs: JobsConfig = {
    contractValiditySweepMinutes: integer('CONTRACT_VALIDITY_SWEEP_MINUTES', 60, 0, 1440),
    pollSeconds: integer('JOB_POLL_SECONDS', 2, 1, 600),
  };
  const dashboard: DashboardConfig = {
    cacheSeconds: integer('DASHBOARD_CACHE_SECONDS', 300, 0, 3600),
    cacheEntries: integer('DASHBOARD_CACHE_ENTRIES', 2000, 1, 1_000_000),
  };
  const roleRaw = read('HCM_PROCESS_ROLE') ?? 'all';
  const processRole: ProcessRole = isProcessRole(roleRaw) ? roleRaw : 'all';
  if (!isProcessRole(roleRaw))
    problems.push(`HCM_PROCESS_ROLE must be one of ${ProcessRoles.join(', ')}, got "${roleRaw}"`);
  else if (processRole !== 'all' && database.engine === 'pglite')
    problems.push(
      `HCM_PROCESS_ROLE=${processRole} needs DATABASE_URL: the embedded database opens in one process, which must be "all"`,
    );
  const smtpUrl = read('SMTP_URL');
  if (smtpUrl !== undefined && (!/^smtps?:\/\//.test(smtpUrl) || !URL.canParse(smtpUrl)))
    problems.push('SMTP_URL must be an smtp:// or smtps:// URL (smtp://user:password@host:port)');
  const from = read('MAIL_FROM') ?? 'HCM <no-reply@hcm.local>';
  if (!/^[^\r\n<>]*<[^\s@<>]+@[^\s@<>]+>$|^[^\s@<>]+@[^\s@<>]+$/.test(from))
    problems.push(`MAIL_FROM must be an address or "Name <address>", got "${from}"`);
  const mail: MailConfig = {
    smtpUrl,
    from,
    retryLimit: integer('MAIL_RETRY_LIMIT', 5, 0, 50),
    retryDelaySeconds: integer('MAIL_RETRY_DELAY_SECONDS', 60, 1, 86_400),
  };

  // Moving the server's clock is for tests only: an allow-list, not a deny-list, so that a
  // deployment which never sets NODE_ENV cannot have its tokens' clock moved by accident.
  const testClockRaw = read('HCM_TEST_CLOCK_FILE');
  if (testClockRaw !== undefined && env.NODE_ENV !== 'test')
    problems.push(
      `HCM_TEST_CLOCK_FILE is for tests only: it needs NODE_ENV=test, got "${env.NODE_ENV ?? ''}"`,
    );
  const testClockFile = testClockRaw === undefined ? undefined : resolve(cwd, testClockRaw);

  if (problems.length > 0 || logLevel === undefined) throw new ConfigError(problems);
  return {
    port,
    host,
    database,
    staticDir,
    migrationsDir: paths.migrationsDir,
    logLevel,
    tokens,
    bootstrap,
    signIn,
    rateLimits,
    http,
    metrics,
    exports,
    theme,
    files,
    jobs,
    dashboard,
    processRole,
    mail,
    testClockFile,
  };
}
