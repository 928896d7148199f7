import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error build.mjs is plain JavaScript without type declarations
import { buildServer } from '../build.mjs';
import { resolveServerPaths } from './paths.ts';
import { readJournal } from './db/migrations.ts';

/**
 * The bundle as it is deployed: built by build.mjs, started with node, stopped with SIGTERM.
 * Built into dist/.test-bundle/ so the e2e suite's dist/main.mjs is left alone (and lint and
 * git ignore it like every dist folder).
 */
const outfile = join(resolveServerPaths().serverRoot, 'dist', '.test-bundle', 'main.mjs');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

function start(env: Record<string, string>) {
  const child = spawn(process.execPath, [outfile], {
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, stdout: () => stdout, stderr: () => stderr };
}

describe('the bundled server (dist/main.mjs)', () => {
  let dataDir: string;

  beforeAll(async () => {
    await buildServer({ outfile });
    dataDir = mkdtempSync(join(tmpdir(), 'hcm-bundle-'));
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('starts on PGlite files, finds its migrations, prints the generated passwords, stops on SIGTERM', async () => {
    const port = await freePort();
    const server = start({ PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'info' });
    let health: { data?: { migration?: { version: number } } } = {};
    // until it answers or stops: a first start migrates and seeds the demo tenant (starter
    // catalogues, workflows and documents), which takes long on a loaded machine
    while (server.child.exitCode === null) {
      try {
        health = (await (await fetch(`http://127.0.0.1:${port}/api/health`)).json()) as typeof health;
        break;
      } catch {
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    }
    expect(health.data?.migration?.version, server.stderr()).toBe(
      readJournal(resolveServerPaths().migrationsDir).at(-1)?.version,
    );
    expect(server.stdout()).toMatch(/username: root\s+║\n║\s+password: \S+/);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(server.stdout()).toContain('"msg":"stopped"');
  }, 180_000);

  it('refuses to start with a bad environment, naming each variable', async () => {
    const server = start({ PORT: 'eighty', LOG_LEVEL: 'chatty', DATA_DIR: dataDir });
    expect(await server.exited).toBe(1);
    expect(server.stderr()).toContain('PORT must be a whole number from 0 to 65535, got "eighty"');
    expect(server.stderr()).toContain('LOG_LEVEL must be one of');
  });
});
