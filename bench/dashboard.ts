// The dashboard at scale (issue 29 part 4): a tenant of 100,000 employees (bench/lib/people.ts:
// 500 units, 300,000 contracts), given birthdays, approved contracts of which some end within the
// tenant's notice days (some of them probations) and this year's applied resignations. Measures:
//
// 1. each card cold: its query alone, in the application's transaction as the application runs
//    it (inScope: role hcm_app, the tenant's row-level security, the caller's data scope), with no
//    kept figure: the honest raw SQL of each card, side by side; and the contract-type card as it
//    was before (the per-dimension query, without migration 0054's indexes);
// 2. the one dashboard call over HTTP, warm (its figures kept) and cold (DASHBOARD_CACHE_SECONDS=0),
//    at 1, 4 and 10 concurrent connections, as HR (the whole tenant) and as a manager (a branch).
//
// Not part of the test run. See bench/README.md.
//
//   packages/server/node_modules/.bin/tsx bench/dashboard.ts [--workers 100000] [--contracts-each 3]
//     [--units 500] [--runs 40] [--seconds 10] [--parts cold,http]
import { get as httpGet } from 'node:http';
import { createServer, type AddressInfo } from 'node:net';
import { cpus, totalmem } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { HEAD_COUNT_DIMENSIONS } from '../shared/contracts/src/modules/worker-statistics.ts';
import { loadConfig } from '../packages/server/src/config.ts';
import type { Database, Tx } from '../packages/server/src/db/database.ts';
import { openDatabase } from '../packages/server/src/db/open-database.ts';
import { inScope } from '../packages/server/src/db/tenant-scope.ts';
import { inResourceScope, ownRows } from '../packages/server/src/resources/caller.ts';
import { todayInVietnam } from '../packages/server/src/resources/documents/vietnamese-format.ts';
import { omResources } from '../packages/server/src/services/om/index.ts';
import { dashboardDates } from '../packages/server/src/services/om/dashboard/dashboard-dates.ts';
import {
  monthsPeople,
  summarizeTenant,
} from '../packages/server/src/services/om/dashboard/summarize-tenant.ts';
import {
  countFluctuation,
  countHeads,
  countHeadsBy,
} from '../packages/server/src/services/om/worker-statistics/count-workers.ts';
import { workerResource } from '../packages/server/src/services/om/workers/resources.ts';
import { REPO, percentile, startServer, timeRuns } from './lib/measure.ts';
import { seedPeople, type Seeded } from './lib/people.ts';
import { rawClientOf } from './lib/server-deps.ts';
import { withScratchDatabase } from './lib/scratch-database.ts';

const { values: options } = parseArgs({
  options: {
    workers: { type: 'string', default: '100000' },
    'contracts-each': { type: 'string', default: '3' },
    units: { type: 'string', default: '500' },
    runs: { type: 'string', default: '40' },
    seconds: { type: 'string', default: '10' },
    parts: { type: 'string', default: 'cold,http' },
  },
});
const WORKERS = Number(options.workers);
const CONTRACTS_EACH = Number(options['contracts-each']);
const UNITS = Number(options.units);
const RUNS = Number(options.runs);
const SECONDS = Number(options.seconds);
const PARTS = new Set(options.parts.split(','));
const CONCURRENCY = [1, 4, 10];
const PERMISSIONS = ['worker.view', 'contract.view', 'resignation.view'];

/**
 * What people.ts leaves out and the cards count: birthdays, contracts signed (APPROVED) of which
 * one in fifty ends within 45 days (one in four of those a probation), and an applied
 * resignation of this year for each employee no longer at work. Analysed afterwards.
 */
async function enrich(db: Database, tenantId: string): Promise<void> {
  const client = rawClientOf(db.orm);
  const year = Number(todayInVietnam().slice(0, 4));
  await client.query(
    `UPDATE workers SET date_of_birth = date '1965-01-01' + (abs(hashtext(id::text)) % 14000)
     WHERE tenant_id = $1`,
    [tenantId],
  );
  await client.query(
    `INSERT INTO contract_types (tenant_id, id, code, name, salary_rate)
     VALUES ($1::uuid, md5('ctp' || $1::text)::uuid, 'PROBATION', 'Hợp đồng thử việc', 85)`,
    [tenantId],
  );
  await client.query(`UPDATE labor_contracts SET approval_status = 'APPROVED' WHERE tenant_id = $1`, [
    tenantId,
  ]);
  await client.query(
    `UPDATE labor_contracts
        SET expiry_date = current_date + (substring(number from 1 for 7)::int % 45),
            contract_type_id = CASE WHEN substring(number from 1 for 7)::int % 200 = 0
                                    THEN md5('ctp' || $1::text)::uuid ELSE contract_type_id END
      WHERE tenant_id = $1 AND expiry_date IS NULL AND substring(number from 1 for 7)::int % 50 = 0`,
    [tenantId],
  );
  await client.query(
    `INSERT INTO resignations (tenant_id, worker_id, decision_number, effective_date, approval_status, applied_at)
     SELECT $1::uuid, id, 'QD-' || code, make_date($2::int, 1 + abs(hashtext(code)) % 12, 1 + abs(hashtext(code)) % 28),
            'APPROVED', now()
     FROM workers WHERE tenant_id = $1 AND working_status = 'UNEMPLOYED'`,
    [tenantId, year],
  );
  for (const table of ['workers', 'labor_contracts', 'contract_types', 'resignations'])
    await client.query(`VACUUM ANALYZE ${table}`);
}

type Row = [who: string, card: string, result: string, p50: number, p95: number];

/** The tenant enriched, with no cold figure (`--parts http`). */
async function enriched(env: Record<string, string>, seeded: Seeded): Promise<Row[]> {
  const db = await openDatabase(loadConfig(env).database);
  try {
    await enrich(db, seeded.tenantId);
    return [];
  } finally {
    await db.close();
  }
}

/** Each card's query alone, in the application's transaction, with nothing kept. */
async function cold(env: Record<string, string>, seeded: Seeded): Promise<Row[]> {
  const db = await openDatabase(loadConfig(env).database);
  try {
    await enrich(db, seeded.tenantId);
    const today = todayInVietnam();
    const year = Number(today.slice(0, 4));
    const dates = dashboardDates(today, 30);
    const rows: Row[] = [];
    const callers = [
      ['HR', seeded.hrUserId],
      ['manager', seeded.managerUserId],
    ] as const;
    const measure = async (who: string, card: string, work: () => Promise<string>) => {
      const result = await work();
      const timing = await timeRuns(RUNS, work);
      rows.push([who, card, result, timing.p50, timing.p95]);
      console.error(`  ${who}: ${card} ${timing.p50.toFixed(1)} / ${timing.p95.toFixed(1)} ms`);
    };
    for (const [who, userId] of callers) {
      const caller = { tenantId: seeded.tenantId, userId };
      /** `work` with the employees the caller reaches, in the caller's transaction */
      const reaching = <T>(work: (tx: Tx, reach: ReturnType<typeof ownRows>) => Promise<T>) =>
        inResourceScope(db.orm, workerResource, caller, (tx, scope) =>
          work(tx, ownRows(workerResource, scope)),
        );
      const groups = (counted: Record<string, unknown[] | undefined>) =>
        `${Object.values(counted).reduce((sum, rows) => sum + (rows?.length ?? 0), 0)} groups`;
      await measure(who, 'head counts, all seven (one statement)', async () =>
        groups(await reaching((tx, reach) => countHeadsBy(tx, HEAD_COUNT_DIMENSIONS, { reach }, today))),
      );
      for (const dimension of HEAD_COUNT_DIMENSIONS)
        await measure(who, `head count by ${dimension} alone`, async () => {
          const found = await reaching((tx, reach) =>
            countHeads(tx, dimension, { reach, language: 'vi' }, today),
          );
          return `${found.length} groups`;
        });
      await measure(who, `joiners and leavers by month (${year})`, async () => {
        const months = await reaching((tx, reach) => countFluctuation(tx, year, { reach }));
        return `${months.reduce((sum, m) => sum + m.joined + m.left, 0)} people`;
      });
      await measure(who, 'joiners, birthdays, anniversaries of the month', async () => {
        const people = await reaching((tx, reach) => monthsPeople(tx, reach, dates));
        return `${people.joiners} / ${people.birthdays.total} / ${people.anniversaries.total}`;
      });
      // the sections the summary counts itself, each alone: the caller's transaction with only
      // that section's right (what awaits them and their requests are always counted)
      const summary = (permissions: readonly string[]) => () =>
        inScope(db.orm, caller, (tx) =>
          summarizeTenant(tx, {
            actor: {
              userId,
              tenantId: seeded.tenantId,
              isRoot: false,
              userLevel: 'TENANT',
              permissions: new Set(permissions),
            },
            language: 'vi',
            today,
            approvable: omResources.filter((definition) => definition.approval),
          }),
        );
      await measure(who, 'what awaits them, their requests (per user, never kept)', async () => {
        const data = await summary([])();
        return `${data.awaitingMe.length + data.myRequests.length} kinds`;
      });
      await measure(who, 'contracts and probations ending (with the above)', async () => {
        const data = await summary(['contract.view'])();
        return `${data.contracts?.expiring} / ${data.contracts?.probationEnding}`;
      });
      await measure(who, 'leavers of the month (with the above)', async () => {
        const data = await summary(['resignation.view'])();
        return `${data.leavers}`;
      });
      await measure(who, 'the whole dashboard, nothing kept (one transaction)', async () => {
        const data = await summary(PERMISSIONS)();
        return `${data.workforce?.headCount} at work`;
      });
    }
    // Two cards as they were (issue 29 part 3), as HR: the contract-type card's own statement
    // (the contracts in force sorted and hashed) and the contracts ending, each without the
    // indexes of migration 0054 (dropped in a transaction rolled back after each run).
    const client = rawClientOf(db.orm) as unknown as {
      connect(): Promise<{
        query(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
        release(): void;
      }>;
    };
    const asBefore = async (text: string, values: unknown[]) => {
      const connection = await client.connect();
      try {
        await connection.query('BEGIN');
        await connection.query(
          'DROP INDEX workers_at_work_idx, labor_contracts_main_idx, labor_contracts_expiry_idx',
        );
        await connection.query(
          `select set_config('app.tenant_id', $1, true), set_config('app.user_id', $2, true), set_config('role', 'hcm_app', true)`,
          [seeded.tenantId, seeded.hrUserId],
        );
        const started = performance.now();
        const result = await connection.query(text, values);
        return { ms: performance.now() - started, rows: result.rows };
      } finally {
        await connection.query('ROLLBACK');
        connection.release();
      }
    };
    const before = async (
      card: string,
      text: string,
      values: unknown[],
      said: (rows: unknown[]) => string,
    ) => {
      const samples: number[] = [];
      let result = '';
      for (let i = 0; i < RUNS + 2; i++) {
        const run = await asBefore(text, values);
        result = said(run.rows);
        if (i >= 2) samples.push(run.ms);
      }
      rows.push(['HR', card, result, percentile(samples, 50), percentile(samples, 95)]);
      console.error(
        `  HR: ${card} ${percentile(samples, 50).toFixed(1)} / ${percentile(samples, 95).toFixed(1)} ms`,
      );
    };
    await before(
      'head count by contract type, as before (its own statement, no 0054 indexes)',
      `select c.contract_type_id as key, min(g.name) as name, count(*)::int as count
       from workers left join (
         select distinct on (lc.worker_id) lc.worker_id, lc.contract_type_id from labor_contracts lc
         where lc.parent_contract_id is null and lc.effective_date <= $1::date
           and (lc.expiry_date is null or lc.expiry_date >= $1::date)
         order by lc.worker_id, lc.effective_date desc
       ) c on c.worker_id = workers.id
       left join contract_types g on g.id = c.contract_type_id
       where workers.working_status = 'WORKING' and true
       group by c.contract_type_id`,
      [today],
      (found) => `${found.length} groups`,
    );
    await before(
      'contracts ending (their count alone), as before (no 0054 indexes)',
      `select count(*)::int as n from labor_contracts
       where labor_contracts.parent_contract_id is null and labor_contracts.approval_status = 'APPROVED'
         and labor_contracts.expiry_date is not null
         and not exists (select 1 from labor_contracts later
           where later.tenant_id = labor_contracts.tenant_id and later.worker_id = labor_contracts.worker_id
             and later.parent_contract_id is null and later.id <> labor_contracts.id
             and later.effective_date > labor_contracts.effective_date
             and later.approval_status not in ('REJECTED', 'CANCELED'))
         and labor_contracts.expiry_date >= $1::date and labor_contracts.expiry_date <= $2::date`,
      [today, dates.horizon],
      (found) => String((found[0] as { n: number } | undefined)?.n ?? 0),
    );
    return rows;
  } finally {
    await db.close();
  }
}

/** This benchmark's own server bundle: other benchmarks, running meanwhile, rebuild theirs. */
const serverBundle = () => join(REPO, 'packages', 'server', 'dist', '.bench-dashboard', 'main.mjs');

/** A port nothing listens on now (other benchmarks may be running on this machine). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** The answer's size as sent to a browser that accepts brotli (fetch would decompress it). */
function sentBytes(url: string, token: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = httpGet(
      `${url}/api/om/dashboard`,
      { headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'br, gzip' } },
      (response) => {
        let bytes = 0;
        response.on('data', (chunk: Buffer) => (bytes += chunk.length));
        response.on('end', () => resolve(bytes));
        response.on('error', reject);
      },
    );
    request.on('error', reject);
  });
}

interface Load {
  requests: number;
  perSecond: number;
  p50: number;
  p95: number;
  /** the answer's JSON, and as sent (brotli) */
  bytes: number;
  sent: number;
}

/** `concurrency` connections asking GET /api/om/dashboard one after another for SECONDS. */
async function load(url: string, token: string, concurrency: number): Promise<Load> {
  const latencies: number[] = [];
  let bytes = 0;
  const ask = async () => {
    const started = performance.now();
    const response = await fetch(`${url}/api/om/dashboard`, {
      headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'br, gzip' },
    });
    const body = await response.arrayBuffer();
    if (response.status !== 200)
      throw new Error(`the dashboard answered ${response.status}: ${Buffer.from(body).toString()}`);
    latencies.push(performance.now() - started);
    bytes = body.byteLength;
  };
  // warm: the kept figures (and the server's JIT) before measuring
  for (let i = 0; i < 3; i++) await ask();
  latencies.length = 0;
  const started = performance.now();
  const until = started + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < until) await ask();
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  return {
    requests: latencies.length,
    perSecond: latencies.length / seconds,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    bytes,
    sent: await sentBytes(url, token),
  };
}

async function overHttp(env: Record<string, string>, seeded: Seeded) {
  const lines: string[] = [];
  for (const [kept, extra] of [
    ['warm (kept figures)', {}],
    ['cold (DASHBOARD_CACHE_SECONDS=0)', { DASHBOARD_CACHE_SECONDS: '0' }],
  ] as const) {
    const server = await startServer(serverBundle(), { ...env, ...extra }, await freePort());
    try {
      for (const [who, token] of [
        ['HR', seeded.hr],
        ['manager', seeded.manager],
      ] as const)
        for (const concurrency of CONCURRENCY) {
          const result = await load(server.url, token, concurrency);
          const line = `| ${kept} | ${who} | ${concurrency} | ${result.p50.toFixed(1)} / ${result.p95.toFixed(1)} ms | ${result.perSecond.toFixed(0)} | ${result.requests} | ${result.bytes} / ${result.sent} |`;
          console.error(`  ${line}`);
          lines.push(line);
        }
    } finally {
      await server.stop();
    }
  }
  return lines;
}

async function main() {
  const { buildServer } = (await import(join(REPO, 'packages', 'server', 'build.mjs'))) as {
    buildServer(options: { outfile: string }): Promise<unknown>;
  };
  await buildServer({ outfile: serverBundle() });
  const machine = `${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}`;
  console.log(`# dashboard benchmark, ${new Date().toISOString()}\n${machine}`);
  console.log(
    `${WORKERS} workers, ${WORKERS * CONTRACTS_EACH} contracts, ${UNITS} units in one tenant, PostgreSQL; ` +
      `${RUNS} runs per cold figure, ${SECONDS} s per HTTP level (p50 / p95)\n`,
  );
  await withScratchDatabase(
    async (env) => {
      const started = performance.now();
      const seeded = await seedPeople(env, { WORKERS, CONTRACTS_EACH, UNITS });
      console.error(`seeded in ${((performance.now() - started) / 1000).toFixed(0)} s`);
      const cards = PARTS.has('cold') ? await cold(env, seeded) : await enriched(env, seeded);
      console.log('## Each card cold: its query alone, in the application’s transaction (RLS, data scope)\n');
      console.log('| who | card | result | p50 / p95 |');
      console.log('| --- | --- | --- | --- |');
      for (const [who, card, result, p50, p95] of cards)
        console.log(`| ${who} | ${card} | ${result} | ${p50.toFixed(1)} / ${p95.toFixed(1)} ms |`);
      const lines = PARTS.has('http') ? await overHttp(env, seeded) : [];
      console.log('\n## GET /api/om/dashboard over HTTP (the whole page in one call)\n');
      console.log(
        '| figures | who | connections | p50 / p95 | requests/s | requests | answer: JSON / sent (br) bytes |',
      );
      console.log('| --- | --- | --- | --- | --- | --- | --- |');
      for (const line of lines) console.log(line);
    },
    { CONTRACT_VALIDITY_SWEEP_MINUTES: '0' },
  );
}

await main();
