// Search and export of a declared resource (job titles) over HTTP, against the same SQL as the
// application runs it (recorded from the app, replayed as its role with the tenant set and
// row-level security on, in one transaction: lib/recorded-statements.ts). Not part of the test
// run. See bench/README.md.
//
//   npx tsx bench/resource-search.ts [--engine postgresql|pglite|both] [--tenants 10]
//        [--rows 100000] [--duration 5] [--connections 1,4,10]
import { randomBytes } from 'node:crypto';
import { cpus, totalmem } from 'node:os';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { REPO, serverBundle, startServer, summarise, withRssSampling, type Timing } from './lib/measure.ts';
import {
  checkSameRows,
  recordRequests,
  replayOnce,
  type RecordedRequest,
} from './lib/recorded-statements.ts';
import { seed, type Seeded } from './lib/seed.ts';
import { ExcelJS, pg } from './lib/server-deps.ts';

const { values: options } = parseArgs({
  options: {
    engine: { type: 'string', default: 'both' },
    tenants: { type: 'string', default: '10' },
    rows: { type: 'string', default: '100000' },
    duration: { type: 'string', default: '5' },
    connections: { type: 'string', default: '1,4,10' },
  },
});
const TENANTS = Number(options.tenants);
const ROWS = Number(options.rows);
const DURATION = Number(options.duration);
const CONNECTIONS = (options.connections ?? '10').split(',').map(Number);
const ADMIN_URL = process.env.TEST_DATABASE_URL_ADMIN ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const BASE = '/api/om/job-titles';

/** The request mix: default sort, other sorts, keywords of few and of many matches, a filter. */
const MIX = [
  '',
  '?sortBy=name.asc',
  '?sortBy=code.desc&pageIndex=3',
  '?keyword=4240',
  `?keyword=${encodeURIComponent('Kỹ sư 777')}`,
  `?keyword=${encodeURIComponent('trưởng phòng 9')}&sortBy=code.asc`,
  '?status=INACTIVE&pageSize=50',
];

/** The mix's requests as the server answers them, recorded from the app (the first tenant's user). */
const recordMix = (env: Record<string, string>, seeded: Seeded) =>
  recordRequests(
    env,
    MIX.map((query) => ({
      label: query || '(default)',
      path: `${BASE}${query}`,
      token: seeded.token,
      tenantId: seeded.tenantIds[0] ?? '',
      userId: seeded.userId,
    })),
  );

/** Closed loop of `connections` clients replaying the mix's requests in turn for the duration. */
async function closedLoop(pool: PgPool, connections: number, recorded: readonly RecordedRequest[]) {
  const latencies: number[] = [];
  const until = performance.now() + DURATION * 1000;
  let next = 0;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < until) {
        const request = recorded[next++ % recorded.length] as RecordedRequest;
        const started = performance.now();
        await replayOnce(pool, request);
        latencies.push(performance.now() - started);
      }
    }),
  );
  return summarise(latencies, DURATION);
}

async function httpLoad(url: string, token: string, connections: number, paths: string[]): Promise<Timing> {
  const latencies: number[] = [];
  let errors = 0;
  const instance = autocannon({
    url,
    connections,
    duration: DURATION,
    headers: { authorization: `Bearer ${token}` },
    requests: paths.map((path) => ({
      method: 'GET',
      path: path.startsWith('/api') ? path : `${BASE}${path}`,
    })),
  });
  instance.on('response', (_client, status, _bytes, ms) => {
    if (status === 200) latencies.push(ms);
    else errors++;
  });
  const result = await instance;
  return summarise(latencies, result.duration || DURATION, errors + result.errors);
}

async function download(url: string, token: string, query: string) {
  const response = await fetch(`${url}${BASE}/export${query}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return { status: response.status, bytes: Buffer.from(await response.arrayBuffer()) };
}

/** Data rows of the first sheet (the header not counted): proof the export is a whole workbook. */
async function rowsIn(bytes: Buffer): Promise<number> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  return (workbook.worksheets[0]?.rowCount ?? 1) - 1;
}

/** Peak RSS of the server while it streams a 10,000-row and a 100,000-row export. */
async function measureExports(url: string, pid: number, token: string) {
  await download(url, token, '?keyword=JT_000000'); // warm: modules loaded, pools filled
  const results = [];
  for (const query of ['?status=INACTIVE', '']) {
    const run = await withRssSampling(pid, () => download(url, token, query));
    if (run.result.status !== 200) throw new Error(`export answered ${run.result.status}`);
    const rows = await rowsIn(run.result.bytes);
    results.push({
      query: query || '(all)',
      rows,
      bytes: run.result.bytes.length,
      ms: run.ms,
      before: run.before,
      peak: run.peak,
    });
  }
  return results;
}

/** `req/s · p50 / p95 ms` */
const cell = (t: Timing) =>
  `${t.perSecond.toFixed(0)}/s · ${t.p50.toFixed(1)} / ${t.p95.toFixed(1)} ms${t.errors ? ` (${t.errors} errors)` : ''}`;

type PgPool = InstanceType<typeof pg.Pool>;

interface Row {
  connections: number;
  http: Timing;
  authOnly: Timing;
  /** the same statements as the application runs them */
  sql: Timing;
}

async function benchPostgres(bundle: string) {
  const name = `hcm_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  const env = {
    DATABASE_URL: url.toString(),
    HCM_ROOT_PASSWORD: 'Bench-Root#Pass1',
    HCM_DEMO_ADMIN_PASSWORD: 'Bench-Hr#Pass1',
  };
  try {
    const started = performance.now();
    const seeded = await seed(env, TENANTS, ROWS);
    const seedSeconds = (performance.now() - started) / 1000;
    await seeded.db.close();
    const recorded = await recordMix(env, seeded);
    const server = await startServer(bundle, env, 18_081);
    const pool = new pg.Pool({ connectionString: env.DATABASE_URL, max: Math.max(...CONNECTIONS) });
    try {
      await checkSameRows(pool, recorded);
      const exports = await measureExports(server.url, server.pid, seeded.token);
      await httpLoad(server.url, seeded.token, Math.max(...CONNECTIONS), MIX); // warm-up
      await closedLoop(pool, Math.max(...CONNECTIONS), recorded);
      const rows: Row[] = [];
      for (const connections of CONNECTIONS)
        rows.push({
          connections,
          http: await httpLoad(server.url, seeded.token, connections, MIX),
          authOnly: await httpLoad(server.url, seeded.token, connections, ['/api/iam/me/authorities']),
          sql: await closedLoop(pool, connections, recorded),
        });
      return { engine: 'postgresql' as const, seedSeconds, rows, exports };
    } finally {
      await pool.end();
      await server.stop();
    }
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

async function benchPglite(bundle: string) {
  const dir = mkdtempSync(join(tmpdir(), 'hcm-bench-'));
  const env = {
    DATA_DIR: dir,
    HCM_ROOT_PASSWORD: 'Bench-Root#Pass1',
    HCM_DEMO_ADMIN_PASSWORD: 'Bench-Hr#Pass1',
  };
  try {
    const started = performance.now();
    const seeded = await seed(env, TENANTS, ROWS);
    const seedSeconds = (performance.now() - started) / 1000;
    await seeded.db.close();
    const server = await startServer(bundle, env, 18_082);
    try {
      const exports = await measureExports(server.url, server.pid, seeded.token);
      await httpLoad(server.url, seeded.token, 1, MIX);
      const http = await httpLoad(server.url, seeded.token, 1, MIX);
      const authOnly = await httpLoad(server.url, seeded.token, 1, ['/api/iam/me/authorities']);
      const loaded = Math.max(...CONNECTIONS);
      const httpLoaded = await httpLoad(server.url, seeded.token, loaded, MIX);
      return { engine: 'pglite' as const, seedSeconds, http, authOnly, loaded, httpLoaded, exports };
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function main() {
  const { buildServer } = (await import(join(REPO, 'packages', 'server', 'build.mjs'))) as {
    buildServer(options: { outfile: string }): Promise<unknown>;
  };
  await buildServer({ outfile: serverBundle() });
  const machine = `${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}`;
  console.log(`# resource search/export benchmark, ${new Date().toISOString()}\n${machine}`);
  console.log(
    `${TENANTS} tenants × ${ROWS} job titles; ${DURATION} s per run; mix of ${MIX.length} requests`,
  );
  const engines = options.engine === 'both' ? ['postgresql', 'pglite'] : [options.engine];
  for (const engine of engines) {
    const result =
      engine === 'postgresql' ? await benchPostgres(serverBundle()) : await benchPglite(serverBundle());
    console.log(`\n## ${engine} (seeded in ${result.seedSeconds.toFixed(1)} s)\n`);
    if (result.engine === 'postgresql') {
      console.log(
        '| connections | HTTP search | HTTP /me/authorities (auth only) | the same SQL as the app | p95 HTTP / SQL |',
      );
      console.log('| --- | --- | --- | --- | --- |');
      for (const r of result.rows)
        console.log(
          `| ${r.connections} | ${cell(r.http)} | ${cell(r.authOnly)} | ${cell(r.sql)} | ${(r.http.p95 / r.sql.p95).toFixed(2)} |`,
        );
    } else {
      // PGlite's SQL side is not replayed: its statements cannot be recorded as the pg driver's
      // are, and its one connection runs in the server's own thread (the PostgreSQL rows show it)
      console.log('| connections | HTTP search | HTTP /me/authorities (auth only) |');
      console.log('| --- | --- | --- |');
      console.log(`| 1 | ${cell(result.http)} | ${cell(result.authOnly)} |`);
      console.log(`| ${result.loaded} | ${cell(result.httpLoaded)} | |`);
    }
    console.log('\n| export | rows | xlsx | time | server RSS before → peak |');
    console.log('| --- | --- | --- | --- | --- |');
    for (const e of result.exports)
      console.log(
        `| ${e.query} | ${e.rows} | ${(e.bytes / 2 ** 20).toFixed(1)} MiB | ${(e.ms / 1000).toFixed(1)} s | ${e.before.toFixed(0)} → ${e.peak.toFixed(0)} MiB (+${(e.peak - e.before).toFixed(0)}) |`,
      );
  }
}

await main();
