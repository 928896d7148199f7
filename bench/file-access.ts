// What "files follow their record" costs (issue 26, docs/access-control.md): the file list and
// one file's record under the condition every file route now applies (readableFiles: the files
// held by records the reader may see, plus the unheld ones it uploaded), beside the condition
// before it (the tenant's live files), in the same run, on PostgreSQL. Not part of the test run.
//
//   npx tsx bench/file-access.ts [--workers 20000] [--runs 40]
import { cpus, totalmem } from 'node:os';
import { parseArgs } from 'node:util';
// the server's own copy of drizzle (the repository root has none: lib/server-deps.ts)
import { and, asc, desc, eq, sql, type SQL } from '../packages/server/node_modules/drizzle-orm/index.js';
import { permissionCodesForLevel } from '../shared/contracts/src/index.ts';
import { prepareDatabase } from '../packages/server/src/bootstrap/prepare-database.ts';
import { loadConfig } from '../packages/server/src/config.ts';
import { openDatabase } from '../packages/server/src/db/open-database.ts';
import { files } from '../packages/server/src/db/tables/files.ts';
import { inScope, type Scope } from '../packages/server/src/db/tenant-scope.ts';
import {
  fileHoldersOf,
  liveFilesOf,
  readableFiles,
} from '../packages/server/src/resources/files/readable-files.ts';
import { declaredResources } from '../packages/server/src/services/declared-resources.ts';
import { createPasswordHasher } from '../packages/server/src/services/iam/passwords/password-hasher.ts';
import { makeTenant, makeUser } from '../packages/server/src/testing/factories.ts';
import { timeRuns } from './lib/measure.ts';
import { withScratchDatabase } from './lib/scratch-database.ts';
import { rawClientOf } from './lib/server-deps.ts';

const { values: options } = parseArgs({
  options: { workers: { type: 'string', default: '20000' }, runs: { type: 'string', default: '40' } },
});
const WORKERS = Number(options.workers);
const RUNS = Number(options.runs);
const UNITS = 200;

await withScratchDatabase(async (env) => {
  const config = loadConfig(env);
  const db = await openDatabase(config.database);
  const passwords = await createPasswordHasher();
  await prepareDatabase({ config, db, passwords, print: () => undefined });
  const tenant = await makeTenant(db.orm, { code: 'bench_files' });
  const t = tenant.id;
  const client = rawClientOf(db.orm);
  const started = performance.now();
  await client.query(
    `INSERT INTO organization_units (tenant_id, id, code, name, type_code, parent_id, status)
     SELECT $1::uuid, md5($1::text || i)::uuid, 'DV' || lpad(i::text, 6, '0'), 'Đơn vị ' || i, 'PHONG',
            CASE WHEN i = 0 THEN NULL ELSE md5($1::text || ((i - 1) / 6))::uuid END, 'ACTIVE'
     FROM generate_series(0, $2::int - 1) AS i`,
    [t, UNITS],
  );
  await client.query(
    `INSERT INTO positions (tenant_id, id, code, name)
     VALUES ($1::uuid, md5('p' || $1::text)::uuid, 'TP_CHI_NHANH', 'Trưởng chi nhánh')`,
    [t],
  );
  await client.query(
    `INSERT INTO position_direct_units (tenant_id, position_id, organization_unit_id, ordinal)
     VALUES ($1::uuid, md5('p' || $1::text)::uuid, md5($1::text || 1)::uuid, 0)`,
    [t],
  );
  // every employee: a photo, two papers and a contract with its scan; 5,000 files no record holds
  await client.query(
    `INSERT INTO files (tenant_id, id, original_name, file_name, storage_key, hashed, owner_type, size, type, created_at)
     SELECT $1::uuid, md5(k || $1::text || j)::uuid, k || '-' || j || '.pdf', k || j || '.pdf', 'x/' || k || j,
            repeat('0', 64), 'WORKER_FILE', 1000, 'application/pdf', now() - (j || ' minutes')::interval
     FROM generate_series(0, $2::int - 1) AS j, unnest(array['anh', 'giay1', 'giay2', 'hopdong']) AS k`,
    [t, WORKERS],
  );
  await client.query(
    `INSERT INTO files (tenant_id, id, original_name, file_name, storage_key, hashed, owner_type, size, type, created_at)
     SELECT $1::uuid, md5('loose' || $1::text || j)::uuid, 'nhap-' || j || '.pdf', 'nhap' || j || '.pdf', 'x/nhap' || j,
            repeat('0', 64), 'GENERAL', 1000, 'application/pdf', now() - (j || ' seconds')::interval
     FROM generate_series(0, 4999) AS j`,
    [t],
  );
  await client.query(
    `INSERT INTO workers (tenant_id, id, code, full_name, gender, organization_unit_id, working_status, avatar_id)
     SELECT $1::uuid, md5('w' || $1::text || j)::uuid, 'NV' || lpad(j::text, 7, '0'), 'Nhân viên ' || j, 'FEMALE',
            md5($1::text || (j % $3::int))::uuid, 'WORKING', md5('anh' || $1::text || j)::uuid
     FROM generate_series(0, $2::int - 1) AS j`,
    [t, WORKERS, UNITS],
  );
  await client.query(
    `INSERT INTO worker_files (tenant_id, record_id, file_id, ordinal)
     SELECT $1::uuid, md5('w' || $1::text || j)::uuid, md5(k || $1::text || j)::uuid, n
     FROM generate_series(0, $2::int - 1) AS j, unnest(array['giay1', 'giay2'], array[0, 1]) AS x(k, n)`,
    [t, WORKERS],
  );
  await client.query(
    `INSERT INTO contract_types (tenant_id, id, code, name, salary_rate)
     VALUES ($1::uuid, md5('ct' || $1::text)::uuid, 'KXDTH', 'Không xác định thời hạn', 100)`,
    [t],
  );
  await client.query(
    `INSERT INTO labor_contracts (tenant_id, id, number, worker_id, contract_type_id, signing_date, effective_date, validity, salary)
     SELECT $1::uuid, md5('c' || $1::text || j)::uuid, lpad(j::text, 7, '0') || '/HĐLĐ', md5('w' || $1::text || j)::uuid,
            md5('ct' || $1::text)::uuid, date '2026-01-01', date '2026-01-01', 'EFFECTIVE', 10000000
     FROM generate_series(0, $2::int - 1) AS j`,
    [t, WORKERS],
  );
  await client.query(
    `INSERT INTO labor_contract_files (tenant_id, record_id, file_id, ordinal)
     SELECT $1::uuid, md5('c' || $1::text || j)::uuid, md5('hopdong' || $1::text || j)::uuid, 0
     FROM generate_series(0, $2::int - 1) AS j`,
    [t, WORKERS],
  );
  for (const table of [
    'files',
    'workers',
    'worker_files',
    'labor_contracts',
    'labor_contract_files',
    'organization_units',
  ])
    await client.query(`VACUUM ANALYZE ${table}`);
  console.log(`# file access benchmark, ${new Date().toISOString()}`);
  console.log(
    `${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}, PostgreSQL`,
  );
  console.log(
    `${WORKERS} employees, ${WORKERS * 4 + 5000} files (a photo, two papers, a contract scan each; 5,000 held by no record), seeded in ${((performance.now() - started) / 1000).toFixed(0)} s; ${RUNS} runs per figure\n`,
  );

  const holders = fileHoldersOf(declaredResources);
  const everything = permissionCodesForLevel('TENANT');
  const reading = ['worker.view', 'contract.view', 'file.view'];
  const make = async (permissions: readonly string[], dataScope: 'TENANT' | 'UNITS' | 'SELF') =>
    (await makeUser({ db: db.orm, passwords }, { tenantId: t, permissions, dataScope })).user.id;
  const readers = {
    'HR (every right)': { userId: await make(everything, 'TENANT'), permissions: everything },
    'a branch manager (UNITS)': { userId: await make(reading, 'UNITS'), permissions: reading },
    'an employee (SELF)': { userId: await make(reading, 'SELF'), permissions: reading },
  };
  // the manager leads unit 1 (and its 6 units below); the employee is employee 7
  await client.query(
    `UPDATE workers SET user_id = $2, job_position_id = md5('p' || $1::text)::uuid WHERE id = md5('w' || $1::text || 1)::uuid`,
    [t, readers['a branch manager (UNITS)'].userId],
  );
  await client.query(`UPDATE workers SET user_id = $2 WHERE id = md5('w' || $1::text || 7)::uuid`, [
    t,
    readers['an employee (SELF)'].userId,
  ]);
  const someFile = (await client.query(`SELECT md5('giay1' || $1::text || 4242)::uuid AS id`, [t]))
    .rows[0] as {
    id: string;
  };

  const list = (scope: Scope, condition: (tx: never) => Promise<SQL>) => () =>
    inScope(db.orm, scope, async (tx) => {
      const where = await condition(tx as never);
      const rows = await tx
        .select({ id: files.id })
        .from(files)
        .where(where)
        .orderBy(desc(files.createdAt), asc(files.id))
        .limit(25);
      const [total] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(files)
        .where(where);
      return rows.length + (total?.n ?? 0);
    });
  const one = (scope: Scope, condition: (tx: never) => Promise<SQL>) => () =>
    inScope(db.orm, scope, async (tx) =>
      tx
        .select({ id: files.id })
        .from(files)
        .where(and(eq(files.id, someFile.id), await condition(tx as never))),
    );

  console.log(
    '| reader | request | before: the tenant’s files (p50 / p95) | now: files follow their record (p50 / p95) | files seen now |',
  );
  console.log('| --- | --- | --- | --- | --- |');
  for (const [who, reader] of Object.entries(readers)) {
    const scope: Scope = { tenantId: t, userId: reader.userId };
    const before = async () => liveFilesOf(scope);
    const now = (tx: never) =>
      readableFiles(tx, holders, { scope, permissions: new Set(reader.permissions), isRoot: false });
    // one file's routes ask about that file alone (services/storage/routes.ts, findVisible)
    const nowOne = (tx: never) =>
      readableFiles(tx, holders, { scope, permissions: new Set(reader.permissions), isRoot: false }, [
        someFile.id,
      ]);
    const seen = await inScope(db.orm, scope, async (tx) => {
      const [row] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(files)
        .where(await now(tx as never));
      return row?.n ?? 0;
    });
    for (const [what, request, condition] of [
      ['the list: page 1 of 25, newest first, with its total', list, now],
      ['one file’s record', one, nowOne],
    ] as const) {
      const old = await timeRuns(RUNS, request(scope, before));
      const fresh = await timeRuns(RUNS, request(scope, condition));
      console.log(
        `| ${who} | ${what} | ${old.p50.toFixed(1)} / ${old.p95.toFixed(1)} ms | ${fresh.p50.toFixed(1)} / ${fresh.p95.toFixed(1)} ms | ${seen} |`,
      );
    }
  }
  await db.close();
});
