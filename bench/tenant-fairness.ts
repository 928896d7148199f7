// Fairness between tenants on PGlite (issue 26): a quiet tenant's answers alone and while another
// tenant floods the server, with the turns off (first come, first served) and on, in one run.
// Not part of the test run. See bench/README.md.
//
//   npx tsx bench/tenant-fairness.ts [--rows 20000] [--duration 10] [--flood 40]
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { createPasswordHasher } from '../packages/server/src/services/iam/passwords/password-hasher.ts';
import { accessTokenFor, makeUser } from '../packages/server/src/testing/factories.ts';
import { REPO, startServer, summarise, type Timing } from './lib/measure.ts';
import { seed } from './lib/seed.ts';

const { values: options } = parseArgs({
  options: {
    rows: { type: 'string', default: '20000' },
    duration: { type: 'string', default: '10' },
    flood: { type: 'string', default: '40' },
  },
});
const ROWS = Number(options.rows);
const DURATION = Number(options.duration);
const FLOOD = Number(options.flood);
const BUNDLE = join(REPO, 'packages', 'server', 'dist', '.bench-fairness', 'main.mjs');
/** The first page of the tenant's job titles with its total: one list screen. */
const PATH = '/api/om/job-titles';

interface Load {
  timing: Timing;
  /** answers by status */
  statuses: Record<number, number>;
}

function load(url: string, token: string, connections: number, seconds: number): Promise<Load> {
  const latencies: number[] = [];
  const statuses: Record<number, number> = {};
  const instance = autocannon({
    url: `${url}${PATH}`,
    connections,
    duration: seconds,
    headers: { authorization: `Bearer ${token}` },
  });
  instance.on('response', (_client, status, _bytes, ms) => {
    statuses[status] = (statuses[status] ?? 0) + 1;
    if (status === 200) latencies.push(ms);
  });
  return Promise.resolve(instance).then((result) => ({
    timing: summarise(latencies, result.duration || seconds, result.errors),
    statuses,
  }));
}

interface Row {
  fairness: 'off' | 'on';
  quiet: Load;
  flooded: Load;
  flood: Load;
}

/** One server start: B alone, then B beside A's flood (A starts a second earlier, ends a second later). */
async function measure(
  dataDir: string,
  fairness: Row['fairness'],
  tokens: { flooding: string; quiet: string },
): Promise<Row> {
  const env = {
    DATA_DIR: dataDir,
    TENANT_FAIRNESS: fairness,
    HCM_ROOT_PASSWORD: 'Bench-Root#Pass1',
    HCM_DEMO_ADMIN_PASSWORD: 'Bench-Hr#Pass1',
  };
  const server = await startServer(BUNDLE, env, 18_090);
  try {
    await load(server.url, tokens.quiet, 4, 2); // warm-up: compiled routes, caches
    await load(server.url, tokens.flooding, 4, 2);
    const quiet = await load(server.url, tokens.quiet, 1, DURATION);
    const flood = load(server.url, tokens.flooding, FLOOD, DURATION + 2);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const flooded = await load(server.url, tokens.quiet, 1, DURATION);
    return { fairness, quiet, flooded, flood: await flood };
  } finally {
    await server.stop();
  }
}

const latency = (load: Load) => `${load.timing.p50.toFixed(1)} / ${load.timing.p95.toFixed(1)} ms`;
const others = (load: Load) =>
  Object.entries(load.statuses)
    .filter(([status]) => status !== '200')
    .map(([status, count]) => `${count} × ${status}`)
    .join(', ') || 'none';

async function main() {
  const { buildServer } = (await import(join(REPO, 'packages', 'server', 'build.mjs'))) as {
    buildServer(options: { outfile: string }): Promise<unknown>;
  };
  await buildServer({ outfile: BUNDLE });
  const dataDir = mkdtempSync(join(tmpdir(), 'hcm-bench-fairness-'));
  try {
    const env = {
      DATA_DIR: dataDir,
      HCM_ROOT_PASSWORD: 'Bench-Root#Pass1',
      HCM_DEMO_ADMIN_PASSWORD: 'Bench-Hr#Pass1',
    };
    // Two tenants of ROWS job titles; seed() makes a user of the first (the flooding one).
    const seeded = await seed(env, 2, ROWS);
    const passwords = await createPasswordHasher();
    const { user } = await makeUser(
      { db: seeded.db.orm, passwords },
      { tenantId: seeded.tenantIds[1], permissions: ['job_title.view'] },
    );
    const tokens = { flooding: seeded.token, quiet: await accessTokenFor(seeded.db.orm, user) };
    await seeded.db.close();

    const rows = [await measure(dataDir, 'off', tokens), await measure(dataDir, 'on', tokens)];
    const machine = `${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}`;
    console.log(`# fairness between tenants on PGlite, ${new Date().toISOString()}`);
    console.log(`${machine}; ${ROWS} job titles a tenant; GET ${PATH}; ${DURATION} s per run`);
    console.log(`tenant B: 1 connection; tenant A: ${FLOOD} connections\n`);
    console.log(
      '| TENANT_FAIRNESS | B alone p50 / p95 | B while A floods p50 / p95 | B answers alone / flooded | A answered 200 /s | A other answers |',
    );
    console.log('| --- | --- | --- | --- | --- | --- |');
    for (const r of rows)
      console.log(
        `| ${r.fairness} | ${latency(r.quiet)} | ${latency(r.flooded)} | ${r.quiet.timing.requests} / ${r.flooded.timing.requests} | ${r.flood.timing.perSecond.toFixed(0)} | ${others(r.flood)} |`,
      );
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
