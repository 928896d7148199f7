// The employee list and its neighbours at scale (issue 11 item 9): a tenant of 100,000 workers
// with 300,000 contracts, searched over HTTP as HR (the whole tenant) and as a manager whose
// role reaches one branch (data scope UNITS). Not part of the test run. See bench/README.md.
//
//   npx tsx bench/employee-search.ts [--workers 100000] [--contracts-each 3] [--units 500] [--runs 40]
import { cpus, totalmem } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { REPO, serverBundle, startServer, timeRuns } from './lib/measure.ts';
import { seedPeople } from './lib/people.ts';
import { withScratchDatabase } from './lib/scratch-database.ts';

const { values: options } = parseArgs({
  options: {
    workers: { type: 'string', default: '100000' },
    'contracts-each': { type: 'string', default: '3' },
    units: { type: 'string', default: '500' },
    runs: { type: 'string', default: '40' },
  },
});
const WORKERS = Number(options.workers);
const CONTRACTS_EACH = Number(options['contracts-each']);
const UNITS = Number(options.units);
const RUNS = Number(options.runs);

async function main() {
  const { buildServer } = (await import(join(REPO, 'packages', 'server', 'build.mjs'))) as {
    buildServer(options: { outfile: string }): Promise<unknown>;
  };
  await buildServer({ outfile: serverBundle() });
  const machine = `${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}`;
  console.log(`# employee search benchmark, ${new Date().toISOString()}\n${machine}`);
  console.log(
    `${WORKERS} workers, ${WORKERS * CONTRACTS_EACH} contracts, ${UNITS} units in one tenant; ${RUNS} runs per figure (p50 / p95)\n`,
  );
  await withScratchDatabase(
    async (env) => {
      const started = performance.now();
      const seeded = await seedPeople(env, { WORKERS, CONTRACTS_EACH, UNITS });
      console.log(`seeded in ${((performance.now() - started) / 1000).toFixed(0)} s\n`);
      const server = await startServer(serverBundle(), env, 18_084);
      try {
        const get = (path: string, token: string) => async () => {
          const response = await fetch(`${server.url}${path}`, {
            headers: { authorization: `Bearer ${token}` },
          });
          if (response.status !== 200) throw new Error(`${path} answered ${response.status}`);
          const body = (await response.json()) as { page?: { total: number }; data: unknown[] };
          return body.page?.total ?? body.data.length;
        };
        const cases: [string, string, string][] = [
          ['HR', 'employee list, page 1 (25, by code)', '/api/om/workers?pageSize=25'],
          [
            'HR',
            'keyword "Nguyễn Văn An"',
            `/api/om/workers?pageSize=25&keyword=${encodeURIComponent('Nguyễn Văn An')}`,
          ],
          ['HR', 'keyword "NV00424" (a code)', '/api/om/workers?pageSize=25&keyword=NV00424'],
          ['HR', 'keyword "xyz" (no match)', '/api/om/workers?pageSize=25&keyword=xyz'],
          [
            'HR',
            'one unit, working only',
            `/api/om/workers?pageSize=25&organizationUnitId=${seeded.branchId}&workingStatus=WORKING`,
          ],
          ['HR', 'page 2,000 (by code)', '/api/om/workers?pageSize=25&pageIndex=2000'],
          ['HR', 'contracts of one employee', `/api/om/contracts?pageSize=25&workerId=${seeded.workerId}`],
          ['HR', 'contract list, page 1 (by effective date)', '/api/om/contracts?pageSize=25'],
          ['HR', 'an employee’s history', `/api/om/workers/${seeded.workerId}/history`],
          ['manager', 'employee list, page 1 (his branch and below)', '/api/om/workers?pageSize=25'],
          [
            'manager',
            'keyword "Nguyễn Văn An"',
            `/api/om/workers?pageSize=25&keyword=${encodeURIComponent('Nguyễn Văn An')}`,
          ],
          ['manager', 'contract list, page 1', '/api/om/contracts?pageSize=25'],
          [
            'HR',
            'dashboard: head count by unit',
            '/api/om/worker-statistics/head-count?dimension=organization',
          ],
          [
            'HR',
            'dashboard: head count by contract type (in force today)',
            '/api/om/worker-statistics/head-count?dimension=contractType',
          ],
          ['HR', 'dashboard: head count by gender', '/api/om/worker-statistics/head-count?dimension=gender'],
          [
            'HR',
            'dashboard: head count by gender, one branch',
            `/api/om/worker-statistics/head-count?dimension=gender&organizationUnitId=${seeded.branchId}`,
          ],
          [
            'HR',
            'dashboard: joiners and leavers by month',
            '/api/om/worker-statistics/fluctuation?year=2020',
          ],
          [
            'manager',
            'dashboard: head count by unit (his branch and below)',
            '/api/om/worker-statistics/head-count?dimension=organization',
          ],
        ];
        console.log('| who | request | rows matched | p50 / p95 |');
        console.log('| --- | --- | --- | --- |');
        for (const [who, what, path] of cases) {
          const token = who === 'HR' ? seeded.hr : seeded.manager;
          const total = await get(path, token)();
          const timing = await timeRuns(RUNS, get(path, token));
          console.log(
            `| ${who} | ${what} | ${total} | ${timing.p50.toFixed(1)} / ${timing.p95.toFixed(1)} ms |`,
          );
        }
      } finally {
        await server.stop();
      }
    },
    { CONTRACT_VALIDITY_SWEEP_MINUTES: '0' },
  );
}

await main();
