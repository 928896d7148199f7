// Health and sign-in latency while export clients stall (never read), for a server built from
// this tree and, with --before <dir>, one built from another checkout (the code before the
// change). Not part of the test run. See bench/README.md.
//
//   npx tsx bench/stalled-exports.ts [--engine postgresql|pglite|both] [--rows 20000]
//        [--stalled 3] [--samples 20] [--before /tmp/old-checkout]
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { connect, type Socket } from 'node:net';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { percentile, REPO, startServer } from './lib/measure.ts';
import { pg } from './lib/server-deps.ts';

const { values: options } = parseArgs({
  options: {
    engine: { type: 'string', default: 'both' },
    rows: { type: 'string', default: '20000' },
    stalled: { type: 'string', default: '3' },
    samples: { type: 'string', default: '20' },
    before: { type: 'string' },
  },
});
const ROWS = Number(options.rows);
const STALLED = (options.stalled ?? '3').split(',').map(Number);
const SAMPLES = Number(options.samples);
const ADMIN_URL = process.env.TEST_DATABASE_URL_ADMIN ?? 'postgres://postgres@127.0.0.1:5432/postgres';
/** A request not answered by then counts as failed (and as this long in the figures). */
const GIVE_UP_MS = 5000;
const HR = { username: 'hradmin', password: 'Bench-Hr#Pass1' };
const ENV = {
  HCM_ROOT_PASSWORD: 'Bench-Root#Pass1',
  HCM_DEMO_ADMIN_PASSWORD: HR.password,
  // The benchmark signs in many times from one address.
  RATE_LIMIT_SIGN_IN_PER_IP: '0',
  RATE_LIMIT_SIGN_IN_PER_USERNAME: '0',
};

/**
 * Job titles of the demo tenant with random names and descriptions (hex from md5, which
 * deflate halves at best): about 1 KB per row in the workbook, far more than socket buffers.
 */
const SEED_SQL = `
  INSERT INTO job_titles (tenant_id, code, name, description, priority)
  SELECT (SELECT id FROM tenants WHERE code = 'demo'), 'BJ_' || lpad(i::text, 7, '0'),
         (SELECT string_agg(md5(random()::text), '') FROM generate_series(1, 6) WHERE i > 0),
         (SELECT string_agg(md5(random()::text), '') FROM generate_series(1, 31) WHERE i > 0),
         i % 100
  FROM generate_series(1, $1::int) AS i`;

/** The part of PGlite the seeding uses (loaded from the server's own dependencies). */
interface RawPglite {
  query(text: string, params?: unknown[]): Promise<unknown>;
  close(): Promise<void>;
}

interface Engine {
  name: 'postgresql' | 'pglite';
  env: Record<string, string>;
  seed(): Promise<void>;
  dispose(): Promise<void>;
}

async function postgresEngine(): Promise<Engine> {
  const name = `hcm_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    name: 'postgresql',
    env: { DATABASE_URL: url.toString() },
    async seed() {
      const client = new pg.Client({ connectionString: url.toString() });
      await client.connect();
      await client.query(SEED_SQL, [ROWS]);
      await client.query('VACUUM ANALYZE job_titles');
      await client.end();
    },
    async dispose() {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

async function pgliteEngine(): Promise<Engine> {
  const dir = mkdtempSync(join(tmpdir(), 'hcm-bench-stalled-'));
  return {
    name: 'pglite',
    env: { DATA_DIR: dir },
    async seed() {
      // The server is stopped meanwhile: one process at a time may open a PGlite folder.
      const serverRequire = createRequire(join(REPO, 'packages', 'server', 'package.json'));
      const load = (path: string) => import(serverRequire.resolve(path));
      const { PGlite } = (await load('@electric-sql/pglite')) as {
        PGlite: { create(options: object): Promise<RawPglite> };
      };
      const { pg_trgm } = (await load('@electric-sql/pglite/contrib/pg_trgm')) as { pg_trgm: object };
      const { btree_gin } = (await load('@electric-sql/pglite/contrib/btree_gin')) as { btree_gin: object };
      const client = await PGlite.create({
        dataDir: join(dir, 'pglite'),
        extensions: { pg_trgm, btree_gin },
      });
      await client.query(SEED_SQL, [ROWS]);
      await client.query('VACUUM ANALYZE job_titles');
      await client.close();
    },
    async dispose() {
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** An export request whose client never reads (the socket paused at once). */
function stalledExport(url: string, token: string): Socket {
  const { hostname, port } = new URL(url);
  const socket = connect(Number(port), hostname);
  socket.write(
    `GET /api/om/job-titles/export HTTP/1.1\r\nHost: ${hostname}\r\nAuthorization: Bearer ${token}\r\n\r\n`,
  );
  socket.pause();
  socket.on('error', () => undefined);
  return socket;
}

const signIn = (url: string) =>
  fetch(`${url}/api/iam/authenticate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...HR, rememberMe: false }),
    signal: AbortSignal.timeout(GIVE_UP_MS),
  });

interface Latency {
  p50: number;
  p95: number;
  max: number;
  failed: number;
  samples: number;
}

/** `samples` sequential requests; stops after 3 failures in a row (each costs GIVE_UP_MS). */
async function latencies(request: () => Promise<Response>): Promise<Latency> {
  const times: number[] = [];
  let failed = 0;
  let inARow = 0;
  for (let i = 0; i < SAMPLES && inARow < 3; i++) {
    const started = performance.now();
    const ok = await request()
      .then(async (response) => {
        await response.arrayBuffer();
        return response.status === 200;
      })
      .catch(() => false);
    times.push(ok ? performance.now() - started : GIVE_UP_MS);
    if (ok) inARow = 0;
    else {
      failed++;
      inARow++;
    }
  }
  return {
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    max: Math.max(...times),
    failed,
    samples: times.length,
  };
}

async function measure(bundle: string, engine: Engine, port: number) {
  let server = await startServer(bundle, { ...ENV, ...engine.env }, port);
  await server.stop();
  await engine.seed();
  server = await startServer(bundle, { ...ENV, ...engine.env }, port);
  try {
    const signedIn = await signIn(server.url);
    const { accessToken } = ((await signedIn.json()) as { data: { accessToken: string } }).data;
    const health = () => fetch(`${server.url}/api/health`, { signal: AbortSignal.timeout(GIVE_UP_MS) });
    // A client that reads: the whole workbook, timed (the cost of paging against the cursor).
    const started = performance.now();
    const whole = await fetch(`${server.url}/api/om/job-titles/export`, {
      headers: { authorization: `Bearer ${accessToken}` },
    });
    const bytes = (await whole.arrayBuffer()).byteLength;
    const exported = { ms: performance.now() - started, bytes };
    const results = [
      { stalled: 0, health: await latencies(health), signIn: await latencies(() => signIn(server.url)) },
    ];
    for (const count of STALLED) {
      const sockets = Array.from({ length: count }, () => stalledExport(server.url, accessToken));
      // Until the buffers between server and clients are full.
      await new Promise((resolve) => setTimeout(resolve, 5000));
      results.push({
        stalled: count,
        health: await latencies(health),
        signIn: await latencies(() => signIn(server.url)),
      });
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
    return { results, exported };
  } finally {
    await server.stop();
  }
}

const cell = (l: Latency) =>
  `${l.p50.toFixed(1)} / ${l.p95.toFixed(1)} / ${l.max.toFixed(0)} ms${l.failed ? ` (${l.failed} of ${l.samples} failed)` : ''}`;

async function buildFrom(root: string, label: string): Promise<string> {
  const { buildServer } = (await import(join(root, 'packages', 'server', 'build.mjs'))) as {
    buildServer(options: { outfile: string }): Promise<unknown>;
  };
  const outfile = join(root, 'packages', 'server', 'dist', `.bench-${label}`, 'main.mjs');
  await buildServer({ outfile });
  return outfile;
}

async function main() {
  const builds = [{ label: 'after', bundle: await buildFrom(REPO, 'after') }];
  if (options.before) builds.unshift({ label: 'before', bundle: await buildFrom(options.before, 'before') });
  const machine = `${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}`;
  console.log(`# stalled exports, ${new Date().toISOString()}\n${machine}`);
  console.log(
    `${ROWS} job titles (~1 KB each); ${SAMPLES} sequential requests per cell; gave up after ${GIVE_UP_MS} ms`,
  );
  console.log('\n| engine | code | stalled exports | health p50 / p95 / max | sign-in p50 / p95 / max |');
  console.log('| --- | --- | --- | --- | --- |');
  const engines = options.engine === 'both' ? ['postgresql', 'pglite'] : [options.engine];
  let port = 18_090;
  const exports: string[] = [];
  for (const name of engines)
    for (const { label, bundle } of builds) {
      const engine = name === 'postgresql' ? await postgresEngine() : await pgliteEngine();
      try {
        const { results, exported } = await measure(bundle, engine, port++);
        for (const r of results)
          console.log(`| ${name} | ${label} | ${r.stalled} | ${cell(r.health)} | ${cell(r.signIn)} |`);
        exports.push(
          `| ${name} | ${label} | ${(exported.bytes / 2 ** 20).toFixed(1)} MiB | ${(exported.ms / 1000).toFixed(2)} s |`,
        );
      } finally {
        await engine.dispose();
      }
    }
  console.log('\n| engine | code | whole export, read at once | time |\n| --- | --- | --- | --- |');
  for (const line of exports) console.log(line);
}

await main();
