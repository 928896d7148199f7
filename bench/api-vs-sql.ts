// The everyday reads over HTTP beside their honest raw SQL (issue 29 part 5): the employee list,
// a keyword search, a manager's list, an employee's detail page, the contract list and the
// dashboard, each first recorded from the real app (the statements it sends, lib/recorded-
// statements.ts), then measured both ways in the same run at each level of concurrency: the
// bundled server over HTTP (autocannon, a browser's Accept-Encoding), and the same statements
// replayed as the application runs them (role hcm_app, tenant and user set, row-level security,
// one transaction). Not part of the test run. See bench/README.md.
//
//   npx tsx bench/api-vs-sql.ts [--workers 100000] [--contracts-each 3] [--units 500]
//        [--duration 10] [--connections 1,4,10] [--only <label substring>]
import { get } from 'node:http';
import { cpus, totalmem } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { REPO, serverBundle, startServer, summarise, type Timing } from './lib/measure.ts';
import { seedPeople } from './lib/people.ts';
import {
  checkSameRows,
  recordRequests,
  replayLoop,
  type BenchRequest,
  type RecordedRequest,
} from './lib/recorded-statements.ts';
import { withScratchDatabase } from './lib/scratch-database.ts';
import { pg } from './lib/server-deps.ts';

const { values: options } = parseArgs({
  options: {
    workers: { type: 'string', default: '100000' },
    'contracts-each': { type: 'string', default: '3' },
    units: { type: 'string', default: '500' },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '1,4,10' },
    only: { type: 'string' },
  },
});
const DURATION = Number(options.duration);
const CONNECTIONS = (options.connections ?? '1,4,10').split(',').map(Number);
/** What Chromium sends: the API answers in brotli from 1 KiB (http/compression.ts). */
const ACCEPT_ENCODING = 'gzip, deflate, br, zstd';

async function httpLoad(url: string, token: string, path: string, connections: number): Promise<Timing> {
  const latencies: number[] = [];
  let failed = 0;
  const instance = autocannon({
    url,
    connections,
    duration: DURATION,
    headers: { authorization: `Bearer ${token}`, 'accept-encoding': ACCEPT_ENCODING },
    requests: [{ method: 'GET', path }],
  });
  instance.on('response', (_client, status, _bytes, ms) => {
    if (status === 200) latencies.push(ms);
    else failed++;
  });
  const result = await instance;
  return summarise(latencies, result.duration || DURATION, failed + result.errors);
}

/** Bytes of one answer's body as JSON and as sent to a browser (node:http does not inflate). */
async function sizes(url: string, token: string, path: string) {
  const bodyBytes = (encoding: string) =>
    new Promise<number>((resolve, reject) => {
      const request = get(
        `${url}${path}`,
        { headers: { authorization: `Bearer ${token}`, 'accept-encoding': encoding } },
        (response) => {
          let bytes = 0;
          response.on('data', (chunk: Buffer) => (bytes += chunk.length));
          response.on('end', () => resolve(bytes));
          response.on('error', reject);
        },
      );
      request.on('error', reject);
    });
  return { json: await bodyBytes('identity'), sent: await bodyBytes(ACCEPT_ENCODING) };
}

const cell = (t: Timing) =>
  `${t.p50.toFixed(1)} / ${t.p95.toFixed(1)} ms · ${t.perSecond.toFixed(0)}/s${t.errors ? ` (${t.errors} failed)` : ''}`;

async function main() {
  const { buildServer } = (await import(join(REPO, 'packages', 'server', 'build.mjs'))) as {
    buildServer(options: { outfile: string }): Promise<unknown>;
  };
  await buildServer({ outfile: serverBundle() });
  const machine = `${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}`;
  console.log(`# the API beside its honest raw SQL, ${new Date().toISOString()}\n${machine}`);
  const sizing = {
    WORKERS: Number(options.workers),
    CONTRACTS_EACH: Number(options['contracts-each']),
    UNITS: Number(options.units),
  };
  console.log(
    `${sizing.WORKERS} employees, ${sizing.WORKERS * sizing.CONTRACTS_EACH} contracts, ${sizing.UNITS} units; ${DURATION} s per figure\n`,
  );
  await withScratchDatabase(
    async (env) => {
      const seeded = await seedPeople(env, sizing);
      const hr = { token: seeded.hr, tenantId: seeded.tenantId, userId: seeded.hrUserId };
      const manager = { token: seeded.manager, tenantId: seeded.tenantId, userId: seeded.managerUserId };
      const requests: BenchRequest[] = [
        { label: 'HR: employee list, page 1', path: '/api/om/workers?pageSize=25', ...hr },
        {
          label: 'HR: keyword "Nguyễn Văn An"',
          path: `/api/om/workers?pageSize=25&keyword=${encodeURIComponent('Nguyễn Văn An')}`,
          ...hr,
        },
        { label: 'manager: employee list, page 1', path: '/api/om/workers?pageSize=25', ...manager },
        { label: 'HR: an employee (detail page)', path: `/api/om/workers/${seeded.workerId}`, ...hr },
        { label: 'HR: contract list, page 1', path: '/api/om/contracts?pageSize=25', ...hr },
        { label: 'HR: dashboard', path: '/api/om/dashboard', ...hr },
      ].filter((request) => !options.only || request.label.includes(options.only));
      const recorded = await recordRequests(env, requests);
      const pool = new pg.Pool({ connectionString: env.DATABASE_URL, max: Math.max(...CONNECTIONS) });
      const server = await startServer(serverBundle(), env, 18_085);
      try {
        await checkSameRows(pool, recorded);
        console.log('| request | statements (rows each) | JSON / sent |');
        console.log('| --- | --- | --- |');
        for (const request of recorded) {
          const size = await sizes(server.url, request.token, request.path);
          console.log(
            `| ${request.label} | ${request.statements.length} (${request.statements.map((s) => s.rows).join(', ')}) | ${size.json.toLocaleString('en')} / ${size.sent.toLocaleString('en')} B |`,
          );
        }
        console.log(
          '\n| request | connections | API over HTTP p50 / p95 | the same SQL as the app p50 / p95 | p95 API / SQL |',
        );
        console.log('| --- | --- | --- | --- | --- |');
        for (const request of recorded) await compare(server.url, pool, request);
      } finally {
        await server.stop();
        await pool.end();
      }
    },
    { CONTRACT_VALIDITY_SWEEP_MINUTES: '0' },
  );
}

async function compare(url: string, pool: InstanceType<typeof pg.Pool>, request: RecordedRequest) {
  // warm both sides: the server's caller kept, plans cached, pages in the buffer cache
  await httpLoad(url, request.token, request.path, Math.max(...CONNECTIONS));
  await replayLoop(pool, request, Math.max(...CONNECTIONS), Math.min(DURATION, 3));
  for (const connections of CONNECTIONS) {
    const api = await httpLoad(url, request.token, request.path, connections);
    const sql = await replayLoop(pool, request, connections, DURATION);
    console.log(
      `| ${request.label} | ${connections} | ${cell(api)} | ${cell(sql)} | ${(api.p95 / sql.p95).toFixed(2)} |`,
    );
  }
}

await main();
