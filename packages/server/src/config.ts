import { isAbsolute, resolve } from 'node:path';
import { FieldLimits, Patterns } from '@hcm/contracts';
import { resolveServerPaths, type ServerPaths } from './paths.ts';
import { meetsPasswordPolicy, PASSWORD_POLICY_TEXT } from './services/iam/passwords/password-policy.ts';

export type DatabaseConfig =
  | { engine: 'postgresql'; url: string }
  /** dataDir undefined means an in-memory database (tests, DATA_DIR=memory://). */
  | { engine: 'pglite'; dataDir: string | undefined };

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
    database = { engine: 'postgresql', url: databaseUrl };
  } else {
    const dataDir = read('DATA_DIR') ?? './data';
    database = {
      engine: 'pglite',
      dataDir: dataDir === 'memory://' ? undefined : resolve(cwd, dataDir, 'pglite'),
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

  if (problems.length > 0 || logLevel === undefined) throw new ConfigError(problems);
  return { port, host, database, staticDir, migrationsDir: paths.migrationsDir, logLevel, tokens, bootstrap };
}
