// The organisation chart's load: GET /api/om/organization-units/find-all-tree of a tenant with
// 5,000 units over HTTP, and the browser's work on the answer (tree, layout, windowing) timed in
// Node. Not part of the test run. See bench/README.md.
//
//   npx tsx bench/organization-chart.ts [--units 5000] [--workers 100000] [--runs 50] [--fan-out 6]
import { cpus, totalmem } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { OrganizationUnitNode } from '../shared/contracts/src/modules/organization-units.ts';
import { prepareDatabase } from '../packages/server/src/bootstrap/prepare-database.ts';
import { loadConfig } from '../packages/server/src/config.ts';
import { openDatabase } from '../packages/server/src/db/open-database.ts';
import { createPasswordHasher } from '../packages/server/src/services/iam/passwords/password-hasher.ts';
import { accessTokenFor, makeTenant, makeUser } from '../packages/server/src/testing/factories.ts';
import { layoutTree } from '../packages/organization/src/chart/layout.ts';
import {
  buildUnitTree,
  initiallyExpanded,
  searchUnits,
} from '../packages/organization/src/chart/unit-tree.ts';
import { centreOn, drawnFor } from '../packages/organization/src/chart/viewport.ts';
import { REPO, serverBundle, startServer, timeRuns } from './lib/measure.ts';
import { withScratchDatabase } from './lib/scratch-database.ts';
import { rawClientOf } from './lib/server-deps.ts';

const { values: options } = parseArgs({
  options: {
    units: { type: 'string', default: '5000' },
    runs: { type: 'string', default: '50' },
    'fan-out': { type: 'string', default: '6' },
    workers: { type: 'string', default: '100000' },
  },
});
const UNITS = Number(options.units);
const RUNS = Number(options.runs);
const FAN_OUT = Number(options['fan-out']);
const WORKERS = Number(options.workers);
const TYPES = ['CONG_TY', 'CHI_NHANH', 'KHOI', 'PHONG', 'TO'];

/**
 * A tenant of `UNITS` units in one statement: unit i under unit (i − 1) / FAN_OUT, breadth first
 * (a company, its branches, their divisions, departments and teams), ids from md5 so that a
 * row can name its parent's; its type by depth. A user holding organization_unit.view.
 */
async function seedUnits(env: Record<string, string>) {
  const config = loadConfig(env);
  const db = await openDatabase(config.database);
  const passwords = await createPasswordHasher();
  await prepareDatabase({ config, db, passwords, print: () => undefined });
  const tenant = await makeTenant(db.orm, { code: 'bench_org' });
  const client = rawClientOf(db.orm);
  await client.query(
    `INSERT INTO organization_units (tenant_id, id, code, name, type_code, parent_id, priority, status)
     SELECT $1::uuid, md5($1::text || i)::uuid, 'DV' || lpad(i::text, 6, '0'), 'Đơn vị ' || i,
            ($2::text[])[1 + least(4, floor(log($3::numeric, (($3::int - 1) * i + 1)::numeric))::int)],
            CASE WHEN i = 0 THEN NULL ELSE md5($1::text || ((i - 1) / $3::int))::uuid END,
            i % 100, 'ACTIVE'
     FROM generate_series(0, $4::int - 1) AS i`,
    [tenant.id, TYPES, FAN_OUT, UNITS],
  );
  // A head position per unit, leading it directly; workers spread over the units, the first of
  // each unit holding its head position (the chart's leaders), one in ten no longer working.
  await client.query(
    `INSERT INTO positions (tenant_id, id, code, name)
     SELECT $1::uuid, md5('p' || $1::text || i)::uuid, 'TP' || lpad(i::text, 6, '0'), 'Trưởng đơn vị ' || i
     FROM generate_series(0, $2::int - 1) AS i`,
    [tenant.id, UNITS],
  );
  await client.query(
    `INSERT INTO position_direct_units (tenant_id, position_id, organization_unit_id, ordinal)
     SELECT $1::uuid, md5('p' || $1::text || i)::uuid, md5($1::text || i)::uuid, 0
     FROM generate_series(0, $2::int - 1) AS i`,
    [tenant.id, UNITS],
  );
  await client.query(
    `INSERT INTO workers (tenant_id, code, full_name, gender, organization_unit_id, job_position_id, working_status)
     SELECT $1::uuid, 'NV' || lpad(j::text, 7, '0'), 'Nhân viên ' || j,
            CASE WHEN j % 2 = 0 THEN 'MALE' ELSE 'FEMALE' END, md5($1::text || (j % $2::int))::uuid,
            CASE WHEN j < $2::int THEN md5('p' || $1::text || j)::uuid END,
            CASE WHEN j % 10 = 9 THEN 'UNEMPLOYED' ELSE 'WORKING' END
     FROM generate_series(0, $3::int - 1) AS j`,
    [tenant.id, UNITS, WORKERS],
  );
  for (const table of ['organization_units', 'positions', 'position_direct_units', 'workers'])
    await client.query(`VACUUM ANALYZE ${table}`);
  const { user } = await makeUser(
    { db: db.orm, passwords },
    { tenantId: tenant.id, permissions: ['organization_unit.view'] },
  );
  const token = await accessTokenFor(db.orm, user);
  await db.close();
  return token;
}

const ms = (t: { p50: number; p95: number }) => `${t.p50.toFixed(1)} / ${t.p95.toFixed(1)} ms`;

async function main() {
  const { buildServer } = (await import(join(REPO, 'packages', 'server', 'build.mjs'))) as {
    buildServer(options: { outfile: string }): Promise<unknown>;
  };
  await buildServer({ outfile: serverBundle() });
  const machine = `${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}`;
  console.log(`# organisation chart benchmark, ${new Date().toISOString()}\n${machine}`);
  console.log(
    `${UNITS} units (fan-out ${FAN_OUT}), ${WORKERS} workers in one tenant; ${RUNS} runs per figure (p50 / p95)\n`,
  );

  let units: OrganizationUnitNode[] = [];
  await withScratchDatabase(async (env) => {
    const token = await seedUnits(env);
    const server = await startServer(serverBundle(), env, 18_083);
    try {
      let bytes = 0;
      const http = await timeRuns(RUNS, async () => {
        const response = await fetch(`${server.url}/api/om/organization-units/find-all-tree`, {
          headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'identity' },
        });
        if (response.status !== 200) throw new Error(`find-all-tree answered ${response.status}`);
        const body = await response.text();
        bytes = body.length;
        units = (JSON.parse(body) as { data: OrganizationUnitNode[] }).data;
      });
      if (units.length !== UNITS) throw new Error(`find-all-tree answered ${units.length} units`);
      console.log('| step (PostgreSQL server, Node) | p50 / p95 |');
      console.log('| --- | --- |');
      console.log(`| GET find-all-tree over HTTP (${(bytes / 1024).toFixed(0)} KiB JSON) | ${ms(http)} |`);
    } finally {
      await server.stop();
    }
  });

  // What the browser does with the answer, in Node's V8 (Chromium runs the same engine).
  const tree = buildUnitTree(units);
  const all = new Set(units.map((unit) => unit.id));
  const first = initiallyExpanded(tree);
  const frame = { width: 1440, height: 700 };
  const layoutAll = layoutTree(tree, all);
  const deepest = units[units.length - 1]?.id ?? '';
  const view = centreOn({ x: 0, y: 0, scale: 1 }, layoutAll, deepest, frame);
  const rows: [string, { p50: number; p95: number }][] = [
    ['build the tree (children, depths, counts)', await timeRuns(RUNS, () => buildUnitTree(units))],
    [
      `lay out the first view (${layoutTree(tree, first).units.length} units shown)`,
      await timeRuns(RUNS, () => layoutTree(tree, first)),
    ],
    [`lay out all ${UNITS} units, every one open`, await timeRuns(RUNS, () => layoutTree(tree, all))],
    [
      `choose what to draw for a 1440×700 frame (${drawnFor(layoutAll, view, frame).units.length} boxes)`,
      await timeRuns(RUNS, () => drawnFor(layoutAll, view, frame)),
    ],
    ['search "đơn vị 49" in the names and codes', await timeRuns(RUNS, () => searchUnits(tree, 'đơn vị 49'))],
  ];
  for (const [step, timing] of rows) console.log(`| ${step} | ${ms(timing)} |`);
}

await main();
