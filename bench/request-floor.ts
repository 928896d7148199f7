// The per-request floor: what every authenticated request pays before its own work (token check,
// the authorization hook's actor load and live-session check), and the same plus one scope
// transaction of the route. Not part of the test run. See bench/README.md.
//
//   npx tsx bench/request-floor.ts [--engine postgresql|pglite|both] [--duration 5] [--connections 1,4]
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { REPO, startServer, summarise, type Timing } from './lib/measure.ts';
import { seed } from './lib/seed.ts';
import { pg } from './lib/server-deps.ts';

const { values: options } = parseArgs({
  options: {
    engine: { type: 'string', default: 'both' },
    duration: { type: 'string', default: '5' },
    connections: { type: 'string', default: '1,4' },
  },
});
const DURATION = Number(options.duration);
const CONNECTIONS = (options.connections ?? '1').split(',').map(Number);
const ADMIN_URL = process.env.TEST_DATABASE_URL_ADMIN ?? 'postgres://postgres@127.0.0.1:5432/postgres';
/** Its own bundle folder, so that it never races resource-search.ts for dist/.bench. */
const BUNDLE = join(REPO, 'packages', 'server', 'dist', '.bench-floor', 'main.mjs');

/** Authorization only (the handler reads request.actor), and authorization + one route transaction. */
const PATHS = { authorities: '/api/iam/me/authorities', profile: '/api/iam/me/profile' };

async function httpLoad(url: string, token: string, connections: number, path: string): Promise<Timing> {
  const latencies: number[] = [];
  let errors = 0;
  const instance = autocannon({
    url: `${url}${path}`,
    connections,
    duration: DURATION,
    headers: { authorization: `Bearer ${token}` },
  });
  instance.on('response', (_client, status, _bytes, ms) => {
    if (status === 200) latencies.push(ms);
    else errors++;
  });
  const result = await instance;
  return summarise(latencies, result.duration || DURATION, errors + result.errors);
}

interface Row {
  connections: number;
  authorities: Timing;
  profile: Timing;
}

async function measure(env: Record<string, string>, port: number, connections: number[]): Promise<Row[]> {
  const seeded = await seed(env, 1, 100);
  await seeded.db.close();
  const server = await startServer(BUNDLE, env, port);
  try {
    await httpLoad(server.url, seeded.token, Math.max(...connections), PATHS.profile); // warm-up
    const rows: Row[] = [];
    for (const c of connections)
      rows.push({
        connections: c,
        authorities: await httpLoad(server.url, seeded.token, c, PATHS.authorities),
        profile: await httpLoad(server.url, seeded.token, c, PATHS.profile),
      });
    return rows;
  } finally {
    await server.stop();
  }
}

const passwords = { HCM_ROOT_PASSWORD: 'Bench-Root#Pass1', HCM_DEMO_ADMIN_PASSWORD: 'Bench-Hr#Pass1' };

async function benchPostgres(): Promise<Row[]> {
  const name = `hcm_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  try {
    return await measure({ DATABASE_URL: url.toString(), ...passwords }, 18_083, CONNECTIONS);
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

async function benchPglite(): Promise<Row[]> {
  const dir = mkdtempSync(join(tmpdir(), 'hcm-bench-'));
  try {
    // PGlite runs one statement at a time: more connections only queue.
    return await measure({ DATA_DIR: dir, ...passwords }, 18_084, [1]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const cell = (t: Timing) =>
  `${t.perSecond.toFixed(0)}/s · ${t.p50.toFixed(1)} / ${t.p95.toFixed(1)} ms${t.errors ? ` (${t.errors} errors)` : ''}`;

async function main() {
  const { buildServer } = (await import(join(REPO, 'packages', 'server', 'build.mjs'))) as {
    buildServer(options: { outfile: string }): Promise<unknown>;
  };
  await buildServer({ outfile: BUNDLE });
  const machine = `${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}`;
  console.log(`# per-request floor, ${new Date().toISOString()}\n${machine}; ${DURATION} s per run`);
  const engines = options.engine === 'both' ? ['postgresql', 'pglite'] : [options.engine];
  for (const engine of engines) {
    const rows = engine === 'postgresql' ? await benchPostgres() : await benchPglite();
    console.log(`\n## ${engine}\n`);
    console.log('| connections | GET /api/iam/me/authorities | GET /api/iam/me/profile |');
    console.log('| --- | --- | --- |');
    for (const r of rows) console.log(`| ${r.connections} | ${cell(r.authorities)} | ${cell(r.profile)} |`);
  }
}

await main();
