// The employee list and its neighbours at scale (issue 11 item 9): a tenant of 100,000 workers
// with 300,000 contracts, searched over HTTP as HR (the whole tenant) and as a manager whose
// role reaches one branch (data scope UNITS). Not part of the test run. See bench/README.md.
//
//   npx tsx bench/employee-search.ts [--workers 100000] [--contracts-each 3] [--units 500] [--runs 40]
import { cpus, totalmem } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { prepareDatabase } from '../packages/server/src/bootstrap/prepare-database.ts';
import { loadConfig } from '../packages/server/src/config.ts';
import { openDatabase } from '../packages/server/src/db/open-database.ts';
import { createPasswordHasher } from '../packages/server/src/services/iam/passwords/password-hasher.ts';
import { accessTokenFor, makeTenant, makeUser } from '../packages/server/src/testing/factories.ts';
import { REPO, serverBundle, startServer, timeRuns } from './lib/measure.ts';
import { withScratchDatabase } from './lib/scratch-database.ts';
import { rawClientOf } from './lib/server-deps.ts';

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
const FAN_OUT = 6;

const SURNAMES = ['Nguyễn', 'Trần', 'Lê', 'Phạm', 'Hoàng', 'Huỳnh', 'Phan', 'Vũ', 'Võ', 'Đặng', 'Bùi', 'Đỗ'];
const MIDDLE = ['Văn', 'Thị', 'Minh', 'Thu', 'Hữu', 'Ngọc', 'Đức', 'Thanh'];
const GIVEN = [
  'An',
  'Bình',
  'Châu',
  'Dũng',
  'Giang',
  'Hà',
  'Hải',
  'Hoa',
  'Khánh',
  'Lan',
  'Long',
  'Mai',
  'Nam',
  'Phúc',
  'Quân',
  'Thảo',
  'Trang',
  'Tuấn',
  'Vy',
  'Yến',
];

interface Seeded {
  hr: string;
  manager: string;
  branchId: string;
  workerId: string;
}

/**
 * A tenant of UNITS units (fan-out 6), a head position per unit leading it, WORKERS workers
 * with Vietnamese names spread over the units, CONTRACTS_EACH contracts each; an HR user (whole
 * tenant) and a manager holding the head position of the first branch (UNITS).
 */
async function seed(env: Record<string, string>): Promise<Seeded> {
  const config = loadConfig(env);
  const db = await openDatabase(config.database);
  const passwords = await createPasswordHasher();
  await prepareDatabase({ config, db, passwords, print: () => undefined });
  const tenant = await makeTenant(db.orm, { code: 'bench_people' });
  const client = rawClientOf(db.orm);
  const t = tenant.id;
  await client.query(
    `INSERT INTO organization_units (tenant_id, id, code, name, type_code, parent_id, priority, status)
     SELECT $1::uuid, md5($1::text || i)::uuid, 'DV' || lpad(i::text, 6, '0'), 'Đơn vị ' || i, 'PHONG',
            CASE WHEN i = 0 THEN NULL ELSE md5($1::text || ((i - 1) / $2::int))::uuid END, i % 100, 'ACTIVE'
     FROM generate_series(0, $3::int - 1) AS i`,
    [t, FAN_OUT, UNITS],
  );
  await client.query(
    `INSERT INTO positions (tenant_id, id, code, name)
     SELECT $1::uuid, md5('p' || $1::text || i)::uuid, 'TP' || lpad(i::text, 6, '0'), 'Trưởng đơn vị ' || i
     FROM generate_series(0, $2::int - 1) AS i`,
    [t, UNITS],
  );
  await client.query(
    `INSERT INTO position_direct_units (tenant_id, position_id, organization_unit_id, ordinal)
     SELECT $1::uuid, md5('p' || $1::text || i)::uuid, md5($1::text || i)::uuid, 0
     FROM generate_series(0, $2::int - 1) AS i`,
    [t, UNITS],
  );
  await client.query(
    `INSERT INTO workers (tenant_id, id, code, full_name, gender, organization_unit_id, job_position_id,
                          working_status, email, phone, joined_date)
     SELECT $1::uuid, md5('w' || $1::text || j)::uuid, 'NV' || lpad(j::text, 7, '0'),
            ($3::text[])[1 + j % array_length($3::text[], 1)] || ' ' ||
            ($4::text[])[1 + (j / 7) % array_length($4::text[], 1)] || ' ' ||
            ($5::text[])[1 + (j / 13) % array_length($5::text[], 1)],
            CASE WHEN j % 2 = 0 THEN 'MALE' ELSE 'FEMALE' END, md5($1::text || (j % $2::int))::uuid,
            CASE WHEN j < $2::int THEN md5('p' || $1::text || j)::uuid END,
            CASE WHEN j % 10 = 9 THEN 'UNEMPLOYED' ELSE 'WORKING' END,
            'nv' || j || '@example.vn', '09' || lpad(j::text, 8, '0'),
            date '2016-01-01' + (j % 3650)
     FROM generate_series(0, $6::int - 1) AS j`,
    [t, UNITS, SURNAMES, MIDDLE, GIVEN, WORKERS],
  );
  await client.query(
    `INSERT INTO contract_types (tenant_id, id, code, name, salary_rate)
     VALUES ($1::uuid, md5('ct' || $1::text)::uuid, 'KXDTH', 'Không xác định thời hạn', 100)`,
    [t],
  );
  await client.query(
    `INSERT INTO labor_contracts (tenant_id, number, worker_id, contract_type_id, signing_date, effective_date,
                                  expiry_date, validity, salary)
     SELECT $1::uuid, lpad(j::text, 7, '0') || '-' || k || '/HĐLĐ', md5('w' || $1::text || j)::uuid,
            md5('ct' || $1::text)::uuid, date '2020-01-01' + (k * 365), date '2020-01-01' + (k * 365),
            CASE WHEN k < $3::int - 1 THEN date '2020-12-31' + (k * 365) END,
            CASE WHEN k < $3::int - 1 THEN 'EXPIRE' ELSE 'EFFECTIVE' END, 10000000 + k * 1000000
     FROM generate_series(0, $2::int - 1) AS j, generate_series(0, $3::int - 1) AS k`,
    [t, WORKERS, CONTRACTS_EACH],
  );
  for (const table of [
    'organization_units',
    'positions',
    'position_direct_units',
    'workers',
    'labor_contracts',
  ])
    await client.query(`VACUUM ANALYZE ${table}`);
  const permissions = ['worker.view', 'contract.view', 'reward.view', 'displacement.view'];
  const hr = await makeUser({ db: db.orm, passwords }, { tenantId: t, permissions });
  const manager = await makeUser({ db: db.orm, passwords }, { tenantId: t, permissions, dataScope: 'UNITS' });
  // the manager is worker 1, holding the head position of unit 1 (a branch under the company)
  await client.query(`UPDATE workers SET user_id = $2 WHERE id = md5('w' || $1::text || 1)::uuid`, [
    t,
    manager.user.id,
  ]);
  const idOf = async (query: string) => ((await client.query(query, [t])).rows[0] as { id: string }).id;
  const seeded = {
    hr: await accessTokenFor(db.orm, hr.user),
    manager: await accessTokenFor(db.orm, manager.user),
    branchId: await idOf(`SELECT md5($1::text || 1)::uuid AS id`),
    workerId: await idOf(`SELECT md5('w' || $1::text || ${Math.min(4242, WORKERS - 1)})::uuid AS id`),
  };
  await db.close();
  return seeded;
}

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
      const seeded = await seed(env);
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
