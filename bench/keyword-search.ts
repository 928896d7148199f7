// Keyword search under row-level security, three ways, on the PostgreSQL server: the
// framework's statements (hcm_keyword_matches, migration 0006), a plain ILIKE as the
// application role (what a keyword costs without help), and the same ILIKE with texticlike
// marked LEAKPROOF (what migration 0003 used to do). Not part of the test run. See bench/README.md.
//
//   npx tsx bench/keyword-search.ts [--tenants 10] [--rows 100000] [--runs 40]
import { randomBytes } from 'node:crypto';
import { cpus, totalmem } from 'node:os';
import { parseArgs } from 'node:util';
import type { Tx } from '../packages/server/src/db/database.ts';
import { listQueryOf, pageOf } from '../packages/server/src/resources/search/list-query.ts';
import { countStatement, pageStatement } from '../packages/server/src/resources/search/search-records.ts';
import { jobTitleResource } from '../packages/server/src/services/om/categories/category-resources.ts';
import { percentile } from './lib/measure.ts';
import { seed } from './lib/seed.ts';
import { pg, rawClientOf } from './lib/server-deps.ts';

const { values: options } = parseArgs({
  options: {
    tenants: { type: 'string', default: '10' },
    rows: { type: 'string', default: '100000' },
    runs: { type: 'string', default: '40' },
  },
});
const RUNS = Number(options.runs);
const ADMIN_URL = process.env.TEST_DATABASE_URL_ADMIN ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** The keywords of bench/resource-search.ts: few matches in code and name, a name, many matches. */
const KEYWORDS: [string, string][] = [
  ['4240', '?keyword=4240'],
  ['Kỹ sư 777', `?keyword=${encodeURIComponent('Kỹ sư 777')}`],
  ['trưởng phòng 9 (2,222 matches)', `?keyword=${encodeURIComponent('trưởng phòng 9')}&sortBy=code.asc`],
];

type Statement = { sql: string; params: unknown[] };

async function main() {
  const name = `hcm_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  console.log(`# keyword search benchmark, ${new Date().toISOString()}`);
  console.log(
    `${cpus().length} × ${cpus()[0]?.model}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}`,
  );
  console.log(`${options.tenants} tenants × ${options.rows} job titles; ${RUNS} runs of page + count each\n`);
  const seeded = await seed({ DATABASE_URL: url.toString() }, Number(options.tenants), Number(options.rows));
  const client = rawClientOf(seeded.db.orm);
  const tenantId = seeded.tenantIds[0] ?? '';
  const scope = { tenantId, userId: seeded.userId };
  const tx = seeded.db.orm as unknown as Tx;

  /**
   * BEGIN, the request's scope (as inScope: the application's role, the tenant and user set, so
   * row-level security applies), the statements, COMMIT; milliseconds each run, and the count the
   * last statement answered (the same for every way, or the comparison is void).
   */
  async function time(statements: Statement[]): Promise<{ samples: number[]; matched: number }> {
    const samples: number[] = [];
    let matched = -1;
    for (let run = 0; run < RUNS + 3; run++) {
      const started = performance.now();
      await client.query('BEGIN');
      await client.query(
        `select set_config('app.tenant_id', $1, true), set_config('app.user_id', $2, true), set_config('role', 'hcm_app', true)`,
        [tenantId, seeded.userId],
      );
      let last: { rows: unknown[] } = { rows: [] };
      for (const s of statements) last = await client.query(s.sql, s.params);
      await client.query('COMMIT');
      matched = Number(Object.values((last.rows[0] ?? {}) as Record<string, unknown>)[0] ?? -1);
      if (run >= 3) samples.push(performance.now() - started);
    }
    return { samples, matched };
  }
  const cell = ({ samples }: { samples: number[] }) =>
    `${percentile(samples, 50).toFixed(1)} / ${percentile(samples, 95).toFixed(1)} ms`;

  const rows: string[] = [];
  for (const [label, query] of KEYWORDS) {
    const parsed = Object.fromEntries(new URLSearchParams(query));
    const list = listQueryOf(jobTitleResource, parsed);
    const framework = [
      pageStatement(tx, jobTitleResource, scope, list, pageOf(parsed)).toSQL(),
      countStatement(tx, jobTitleResource, scope, list).toSQL(),
    ];
    const order = list.sortBy === 'code.asc' ? 'code, id' : 'priority, id';
    const pattern = `%${list.keyword ?? ''}%`;
    const plain: Statement[] = [
      {
        sql: `select * from job_titles where tenant_id = $1 and (code ilike $2 or name ilike $2) order by ${order} limit 25`,
        params: [tenantId, pattern],
      },
      {
        sql: `select count(*) from job_titles where tenant_id = $1 and (code ilike $2 or name ilike $2)`,
        params: [tenantId, pattern],
      },
    ];
    const viaFunction = await time(framework);
    const ilike = await time(plain);
    await client.query('ALTER FUNCTION pg_catalog.texticlike(text, text) LEAKPROOF');
    const leakproof = await time(plain);
    await client.query('ALTER FUNCTION pg_catalog.texticlike(text, text) NOT LEAKPROOF');
    const counts = [viaFunction.matched, ilike.matched, leakproof.matched];
    if (counts.some((count) => count !== counts[0] || count <= 0))
      throw new Error(`${label}: the ways matched ${counts.join(', ')} rows, not the same rows`);
    rows.push(
      `| ${label} | ${viaFunction.matched} | **${cell(viaFunction)}** | ${cell(ilike)} | ${cell(leakproof)} |`,
    );
  }
  console.log(
    '| keyword | rows matched | hcm_keyword_matches (now) | plain ILIKE as hcm_app | ILIKE with LEAKPROOF (before) |',
  );
  console.log('| --- | --- | --- | --- | --- |');
  for (const row of rows) console.log(row);

  await seeded.db.close();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
}

await main();
