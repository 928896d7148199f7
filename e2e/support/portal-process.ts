import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { mkdtempSync, renameSync, rmSync, existsSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const repoRoot = new URL('../../', import.meta.url).pathname;
export const serverEntry = join(repoRoot, 'packages/server/dist/main.mjs');
export const staticDir = join(repoRoot, 'dist/public');

/** The accounts the e2e portals are seeded with on first start (through the documented env vars). */
export const e2eAccounts = {
  root: { username: 'root', password: 'E2e-Root-Pass#1', fullName: 'Quản trị hệ thống' },
  hrAdmin: { username: 'hradmin', password: 'E2e-Hr-Pass#1', fullName: 'Quản trị Nhân sự' },
} as const;

export interface RunningPortal {
  engine: 'pglite' | 'postgresql';
  baseUrl: string;
  /** the PostgreSQL database the portal runs on (absent on PGlite, whose files the server holds) */
  databaseUrl?: string;
  stop(): Promise<void>;
  output(): string;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

const HEALTH_WAIT_MS = 180_000;

/**
 * Where a portal's embedded database keeps its files: in memory-backed /dev/shm when the machine
 * has it. CI runs these stories beside the server suites, whose CREATE and DROP DATABASE flush
 * the disk over and over; PGlite writes its files from the portal's one thread, so on /tmp a
 * flush could hold every answer of the PGlite portal for half a minute (stories timed out on
 * PGlite only, never alone). The files still survive a portal restart, which some stories need.
 */
export function scratchRoot(): string {
  return existsSync('/dev/shm') ? '/dev/shm' : tmpdir();
}

async function waitForHealth(baseUrl: string, child: ChildProcess, log: () => string): Promise<void> {
  // Generous: in CI the portals start while the server suites run beside them on 2 cores.
  const deadline = Date.now() + HEALTH_WAIT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`portal exited with ${child.exitCode}:\n${log()}`);
    try {
      const response = await fetch(`${baseUrl}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`portal did not answer /api/health within ${HEALTH_WAIT_MS / 1000} s:\n${log()}`);
}

/** Starts the built portal (server bundle + built front end) as a newcomer would, on its own data. */
export async function startPortal(
  options: {
    databaseUrl?: string;
    staticDir?: string;
    /** extra server settings (README "Environment"); a story's clock: startPortalOnTestClock */
    env?: Readonly<Record<string, string>>;
    /** PGlite: keep the data here (kept after stop, for a restart) instead of a throw-away folder */
    dataDir?: string;
  } = {},
): Promise<RunningPortal> {
  const frontEnd = options.staticDir ?? staticDir;
  for (const required of [serverEntry, join(frontEnd, 'importmap.json')]) {
    if (!existsSync(required)) throw new Error(`${required} is missing: build first (pnpm build)`);
  }
  const port = await freePort();
  const dataDir = options.dataDir ?? mkdtempSync(join(scratchRoot(), 'hcm-e2e-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    STATIC_DIR: frontEnd,
    LOG_LEVEL: 'warn',
    HCM_ROOT_USERNAME: e2eAccounts.root.username,
    HCM_ROOT_PASSWORD: e2eAccounts.root.password,
    HCM_DEMO_ADMIN_USERNAME: e2eAccounts.hrAdmin.username,
    HCM_DEMO_ADMIN_PASSWORD: e2eAccounts.hrAdmin.password,
  };
  delete env.DATABASE_URL;
  if (options.databaseUrl) env.DATABASE_URL = options.databaseUrl;
  Object.assign(env, options.env);
  let output = '';
  const child = spawn(process.execPath, [serverEntry], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitForHealth(baseUrl, child, () => output);
  return {
    engine: options.databaseUrl ? 'postgresql' : 'pglite',
    baseUrl,
    databaseUrl: options.databaseUrl,
    output: () => output,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      if (options.dataDir === undefined) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The clock of a portal's sign-ins, tokens and sessions (the server's HCM_TEST_CLOCK_FILE): a
 * story moves it on instead of waiting for a token to expire. Never an HTTP route: the file is
 * this process's, and the server refuses the variable outside NODE_ENV=test.
 */
export interface PortalClock {
  /** the portal's time now (ms since the epoch): the wall's, moved on by every advance so far */
  now(): number;
  /** moves the portal's clock on by `ms`, from its next look on (no restart) */
  advance(ms: number): void;
}

/** startPortal, with the portal's clock in the story's hands (PortalClock). */
export async function startPortalOnTestClock(
  options: Parameters<typeof startPortal>[0] = {},
): Promise<RunningPortal & { clock: PortalClock }> {
  const folder = mkdtempSync(join(scratchRoot(), 'hcm-e2e-clock-'));
  const file = join(folder, 'offset-ms');
  let offset = 0;
  let portal: RunningPortal;
  try {
    portal = await startPortal({
      ...options,
      env: { ...options.env, NODE_ENV: 'test', HCM_TEST_CLOCK_FILE: file },
    });
  } catch (error) {
    rmSync(folder, { recursive: true, force: true });
    throw error;
  }
  return {
    ...portal,
    clock: {
      now: () => Date.now() + offset,
      advance(ms) {
        offset += ms;
        // written aside and renamed over: the server never reads a half-written file
        writeFileSync(`${file}.next`, String(offset));
        renameSync(`${file}.next`, file);
      },
    },
    async stop() {
      await portal.stop();
      rmSync(folder, { recursive: true, force: true });
    },
  };
}
