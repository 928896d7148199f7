import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { buildApp } from '../app.ts';
import type { Clock } from '../clock.ts';
import { prepareDatabase } from '../bootstrap/prepare-database.ts';
import { openTestDatabase } from './engines.ts';
import type { SeedResult } from '../bootstrap/seed-initial-data.ts';
import { loadConfig, type Config } from '../config.ts';
import type { Database } from '../db/database.ts';
import { closeGracefully } from '../http/close-gracefully.ts';
import { createLogger } from '../http/logger.ts';
import type { App } from '../http/types.ts';
import { createPasswordHasher, type PasswordHasher } from '../services/iam/passwords/password-hasher.ts';
import { NO_SEEDS } from '../services/tenant/seeds/tenant-seeds.ts';

/** Passwords the test servers are seeded with unless a test says otherwise. */
export const TEST_ROOT = { username: 'root', password: 'Root-Test#Pass1', fullName: 'Quản trị hệ thống' };
export const TEST_HR_ADMIN = { username: 'hradmin', password: 'Hr-Test#Pass1', fullName: 'Quản trị Nhân sự' };

export interface TestServer {
  url: string;
  app: App;
  db: Database;
  config: Config;
  passwords: PasswordHasher;
  seeded: SeedResult;
  /** everything written to stdout by the start-up (the credentials box) */
  printed: string;
  /** every log line so far */
  logs(): string;
  /** closes the HTTP server and the database (not the database's storage) */
  stop(): Promise<void>;
}

/**
 * Starts the real server the way main.ts does (config from env, migrate, seed, build,
 * listen on a random port), with logs and printed output captured for the test to read.
 */
export async function startTestServer(
  env: Record<string, string | undefined>,
  options: {
    /** routes of the test's own (e.g. tiny routes declaring a permission or module), added before listen */
    routes?: (app: App, db: Database) => void | Promise<void>;
    /**
     * the demo tenant gets the product's seed data (README, "Seed data") as main's does; off by
     * default, so that the suites do not pay for writing it at every start
     */
    productSeeds?: boolean;
    /** Vietnam's areas are loaded as main's start does; off by default (a fresh database pays ~1 s) */
    areas?: boolean;
    /** the clock of sign-ins, tokens and sessions (testing/movable-clock.ts); default the wall's */
    clock?: Clock;
  } = {},
): Promise<TestServer> {
  const config = loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'info',
    STATIC_DIR: join(tmpdir(), 'hcm-no-front-end-here'),
    HCM_ROOT_PASSWORD: TEST_ROOT.password,
    HCM_DEMO_ADMIN_PASSWORD: TEST_HR_ADMIN.password,
    // Every test request comes from 127.0.0.1: per-address limits off unless a test sets them.
    RATE_LIMIT_SIGN_IN_PER_IP: '0',
    RATE_LIMIT_SIGN_IN_PER_USERNAME: '0',
    RATE_LIMIT_REFRESH_PER_IP: '0',
    RATE_LIMIT_CAPTCHA_PER_IP: '0',
    // No clock-driven sweep racing a test's own writes; the suites call the sweep themselves.
    CONTRACT_VALIDITY_SWEEP_MINUTES: '0',
    ...env,
  });
  const lines: string[] = [];
  const logger = createLogger(config.logLevel, { write: (line: string) => void lines.push(line) });
  const db = await openTestDatabase(config.database);
  const passwords = await createPasswordHasher();
  let printed = '';
  const seeded = await prepareDatabase({
    config,
    db,
    passwords,
    print: (text) => (printed += text),
    ...(options.productSeeds ? {} : { seeds: NO_SEEDS }),
    areas: options.areas ?? false,
  });
  const app = await buildApp({ config, db, logger, clock: options.clock });
  await options.routes?.(app, db);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    app,
    db,
    config,
    passwords,
    seeded,
    printed,
    logs: () => lines.join(''),
    async stop() {
      await closeGracefully(app);
      await db.close();
    },
  };
}
