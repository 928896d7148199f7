// Lists at volume (issue 28): a page of 300,000 labour contracts by OFFSET with an exact count
// (what every list did before), beside the capped count and keyset paging (what it does now),
// as HR (the whole tenant) and as a manager whose data scope is one branch. Not part of the
// test run. See bench/README.md; figures in docs/performance.md, "Lists: capped totals and keyset pages".
//
//   npx tsx bench/list-paging.ts [--workers 100000] [--contracts-each 3] [--units 500] [--runs 40]
import { cpus, totalmem } from 'node:os';
import { parseArgs } from 'node:util';
import { loadConfig } from '../packages/server/src/config.ts';
import { openDatabase } from '../packages/server/src/db/open-database.ts';
import type { Db, Tx } from '../packages/server/src/db/database.ts';
import { inResourceScope, type ResourceScope } from '../packages/server/src/resources/caller.ts';
import { listQueryOf, type PageRequest } from '../packages/server/src/resources/search/list-query.ts';
import {
  countRecords,
  pageStatement,
  searchRecords,
} from '../packages/server/src/resources/search/search-records.ts';
import type { ResourceDefinition } from '../packages/server/src/resources/types.ts';
import { laborContractResource } from '../packages/server/src/services/om/labor-contracts/resources.ts';
import { timeRuns } from './lib/measure.ts';
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
const PAGE_SIZE = 25;
/** the deep page: 100,000 rows in at 25 a page */
const DEEP = 4_001;

const definition: ResourceDefinition = laborContractResource;

/** Before issue 28: the page by OFFSET, then count(*) of every match (as the route did after a full page). */
async function offsetWithExactCount(tx: Tx, scope: ResourceScope, page: PageRequest) {
  const query = listQueryOf(definition, {});
  const rows = await pageStatement(tx, definition, scope, query, page);
  return { rows: rows.length, total: await countRecords(tx, definition, scope, query) };
}

/** Now: what the route runs (searchRecords): the page by OFFSET or after a cursor, and the capped count. */
async function asTheRouteDoes(tx: Tx, scope: ResourceScope, page: PageRequest) {
  const found = await searchRecords(tx, definition, scope, listQueryOf(definition, {}), page);
  return { rows: found.rows.length, total: found.total, capped: found.totalCapped, next: found.nextCursor };
}

/** The cursor that ends page `pageIndex - 1`: the keyset equivalent of asking for page `pageIndex`. */
async function cursorBefore(db: Db, scope: ResourceScope, pageIndex: number): Promise<string> {
  return inResourceScope(db, definition, scope, async (tx, reach) => {
    const found = await searchRecords(tx, definition, reach, listQueryOf(definition, {}), {
      pageIndex: pageIndex - 1,
      pageSize: PAGE_SIZE,
      keyset: true,
    });
    if (!found.nextCursor) throw new Error(`no page ${pageIndex}`);
    return found.nextCursor;
  });
}

async function main() {
  const machine = `${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}`;
  console.log(`# list paging benchmark, ${new Date().toISOString()}\n${machine}`);
  console.log(
    `${WORKERS * CONTRACTS_EACH} contracts of ${WORKERS} workers in one tenant, on PostgreSQL; ${RUNS} runs per figure (p50 / p95), each in the request's scope transaction (hcm_app, row-level security, data scope)\n`,
  );
  // seeding 300,000 contracts on a loaded machine can pass the pool's 30 s statement timeout
  await withScratchDatabase(
    async (env) => {
      const started = performance.now();
      const seeded = await seedPeople(env, { WORKERS, CONTRACTS_EACH, UNITS });
      console.log(`seeded in ${((performance.now() - started) / 1000).toFixed(0)} s\n`);
      const db = await openDatabase(loadConfig(env).database);
      try {
        console.log('| who | page | how | rows / total | p50 / p95 |');
        console.log('| --- | --- | --- | --- | --- |');
        for (const [who, userId] of [
          ['HR', seeded.hrUserId],
          ['manager (UNITS)', seeded.managerUserId],
        ] as const) {
          const scope: ResourceScope = { tenantId: seeded.tenantId, userId };
          const deepCursor = await cursorBefore(db.orm, scope, DEEP);
          const cases: [
            string,
            string,
            (tx: Tx, reach: ResourceScope) => Promise<Record<string, unknown>>,
          ][] = [
            [
              '1',
              'OFFSET + exact count (before)',
              (tx, reach) => offsetWithExactCount(tx, reach, { pageIndex: 1, pageSize: PAGE_SIZE }),
            ],
            [
              '1',
              'OFFSET + capped count (now)',
              (tx, reach) => asTheRouteDoes(tx, reach, { pageIndex: 1, pageSize: PAGE_SIZE }),
            ],
            [
              '1',
              'keyset=true + capped count (now)',
              (tx, reach) => asTheRouteDoes(tx, reach, { pageIndex: 1, pageSize: PAGE_SIZE, keyset: true }),
            ],
            [
              `${DEEP}`,
              'OFFSET + exact count (before)',
              (tx, reach) => offsetWithExactCount(tx, reach, { pageIndex: DEEP, pageSize: PAGE_SIZE }),
            ],
            [
              `${DEEP}`,
              'OFFSET + capped count (now)',
              (tx, reach) => asTheRouteDoes(tx, reach, { pageIndex: DEEP, pageSize: PAGE_SIZE }),
            ],
            [
              `${DEEP}`,
              'cursor + capped count (now)',
              (tx, reach) =>
                asTheRouteDoes(tx, reach, {
                  pageIndex: DEEP,
                  pageSize: PAGE_SIZE,
                  cursor: deepCursor,
                  keyset: true,
                }),
            ],
          ];
          for (const [page, how, run] of cases) {
            const once = () => inResourceScope(db.orm, definition, scope, run);
            const answer = await once();
            const timing = await timeRuns(RUNS, once);
            const total = `${String(answer.total)}${answer.capped ? ' (capped)' : ''}`;
            console.log(
              `| ${who} | ${page} | ${how} | ${String(answer.rows)} / ${total} | ${timing.p50.toFixed(1)} / ${timing.p95.toFixed(1)} ms |`,
            );
          }
        }
      } finally {
        await db.close();
      }
    },
    { DATABASE_STATEMENT_TIMEOUT_MS: '0' },
  );
}

await main();
