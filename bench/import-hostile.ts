// Hostile workbooks and one honest 10,000-row import against the bundled server: answer, time,
// server RSS, and how the rest of the server answers meanwhile. Not part of the test run.
// See bench/README.md.
//
//   npx tsx bench/import-hostile.ts [--engine postgresql|pglite|both] [--gigabyte]
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import {
  hostileWorkbooks,
  HEADER,
  type HostileWorkbook,
} from '../packages/server/src/resources/import/testing/hostile-corpus.ts';
import {
  rawXlsx,
  SHEET_END,
  SHEET_START,
  inlineCell,
} from '../packages/server/src/resources/import/testing/raw-xlsx.ts';
import { percentile, REPO, startServer, withRssSampling } from './lib/measure.ts';
import { seed } from './lib/seed.ts';
import { ExcelJS, pg } from './lib/server-deps.ts';

const { values: options } = parseArgs({
  options: { engine: { type: 'string', default: 'both' }, gigabyte: { type: 'boolean', default: false } },
});
const ADMIN_URL = process.env.TEST_DATABASE_URL_ADMIN ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const BASE = '/api/om/job-titles';
const BUNDLE = join(REPO, 'packages', 'server', 'dist', '.bench', 'import-hostile.mjs');
const MiB = 2 ** 20;
const BLANK_ROW = '<row spans="1:4" s="1" customFormat="1" ht="15"/>';
const GIGABYTE_ROWS = Math.ceil(2 ** 30 / BLANK_ROW.length);

interface Writer {
  addWorksheet(name: string): { addRow(values: unknown[]): unknown };
  xlsx: { writeBuffer(): Promise<ArrayBuffer> };
}

/** An honest import: 10,000 job titles with names and descriptions of ordinary length. */
async function honestWorkbook(prefix: string): Promise<Buffer> {
  const book = new (ExcelJS.Workbook as unknown as new () => Writer)();
  const sheet = book.addWorksheet('Data');
  sheet.addRow(HEADER);
  for (let i = 0; i < 10_000; i++)
    sheet.addRow([
      `${prefix}_${String(i).padStart(5, '0')}`,
      `Chức danh ${i}`,
      `Mô tả chức danh số ${i}`,
      i % 100,
    ]);
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** The incident's file: about 1 GB of blank rows behind a header (rows without a number: as compressible as the original). */
function* gigabyteOfBlankRows(): Generator<string> {
  yield `${SHEET_START}<row r="1">${HEADER.map((h, i) => inlineCell(`${'ABCD'[i]}1`, h)).join('')}</row>`;
  const chunk = BLANK_ROW.repeat(20_000);
  for (let rows = 0; rows < GIGABYTE_ROWS; rows += 20_000) yield chunk;
  yield SHEET_END;
}

async function upload(url: string, token: string, file: Buffer) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(file)]), 'data.xlsx');
  const response = await fetch(`${url}${BASE}/import`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const bytes = Buffer.from(await response.arrayBuffer());
  const json = (response.headers.get('content-type') ?? '').includes('json')
    ? (JSON.parse(bytes.toString('utf8')) as { message?: string })
    : undefined;
  return { status: response.status, answer: json?.message ?? `error workbook (${bytes.length} B)` };
}

/** Asks `path` in a closed loop (one at a time) until `until` settles: each latency in ms. */
async function askWhile(url: string, path: string, token: string, until: Promise<unknown>) {
  let settled = false;
  void until.finally(() => (settled = true));
  const latencies: number[] = [];
  let failures = 0;
  while (!settled) {
    const started = performance.now();
    const response = await fetch(`${url}${path}`, { headers: { authorization: `Bearer ${token}` } });
    await response.arrayBuffer();
    if (response.ok) latencies.push(performance.now() - started);
    else failures++;
  }
  return { latencies, failures };
}

const ms = (samples: number[]) =>
  samples.length
    ? `${percentile(samples, 50).toFixed(1)} / ${percentile(samples, 95).toFixed(1)} / ${Math.max(...samples).toFixed(0)} ms (${samples.length})`
    : 'none';

async function benchEngine(engine: 'postgresql' | 'pglite', corpus: HostileWorkbook[]) {
  let env: Record<string, string>;
  let drop: () => Promise<void>;
  if (engine === 'postgresql') {
    const name = `hcm_bench_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: ADMIN_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(ADMIN_URL);
    url.pathname = `/${name}`;
    env = { DATABASE_URL: url.toString() };
    drop = async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    };
  } else {
    const dir = mkdtempSync(join(tmpdir(), 'hcm-bench-'));
    env = { DATA_DIR: dir };
    drop = async () => rmSync(dir, { recursive: true, force: true });
  }
  env = { ...env, HCM_ROOT_PASSWORD: 'Bench-Root#Pass1', HCM_DEMO_ADMIN_PASSWORD: 'Bench-Hr#Pass1' };
  try {
    const seeded = await seed(env, 1, 1_000);
    await seeded.db.close();
    const server = await startServer(BUNDLE, env, engine === 'postgresql' ? 18_083 : 18_084);
    const { url, pid } = server;
    const token = seeded.token;
    try {
      await upload(url, token, await honestWorkbook('WARM')); // modules loaded, pools filled
      console.log(`\n## ${engine}\n`);
      console.log(
        '| workbook | file | unpacks to | answer | time | server RSS before → peak | /api/health meanwhile p50 / p95 / max (n) |',
      );
      console.log('| --- | --- | --- | --- | --- | --- | --- |');
      for (const hostile of corpus) {
        let health: Promise<{ latencies: number[] }> = Promise.resolve({ latencies: [] });
        const run = await withRssSampling(pid, () => {
          const sent = upload(url, token, hostile.file);
          health = askWhile(url, '/api/health', token, sent);
          return sent;
        });
        const unpacks = hostile.unpacksTo ? `${(hostile.unpacksTo / MiB).toFixed(0)} MiB` : '';
        console.log(
          `| ${hostile.name} | ${(hostile.file.length / 1024).toFixed(0)} KiB | ${unpacks} | ${run.result.status}: ${run.result.answer.slice(0, 90)} | ${run.ms.toFixed(0)} ms | ${run.before.toFixed(0)} → ${run.peak.toFixed(0)} MiB | ${ms((await health).latencies)} |`,
        );
      }
      console.log(
        '\n| honest import, 10,000 rows | time | RSS before → peak | /api/health p50 / p95 / max (n) | search p50 / p95 / max (n) |',
      );
      console.log('| --- | --- | --- | --- | --- |');
      const idle = new Promise((resolve) => setTimeout(resolve, 3_000));
      const [healthIdle, searchIdle] = await Promise.all([
        askWhile(url, '/api/health', token, idle),
        askWhile(url, `${BASE}?keyword=JT_00004`, token, idle),
      ]);
      console.log(`| none (3 s idle) | | | ${ms(healthIdle.latencies)} | ${ms(searchIdle.latencies)} |`);
      for (let round = 1; round <= 3; round++) {
        const file = await honestWorkbook(`HONEST${round}`);
        let asked: Promise<[{ latencies: number[] }, { latencies: number[] }]> = Promise.resolve([
          { latencies: [] },
          { latencies: [] },
        ]);
        const run = await withRssSampling(pid, () => {
          const sent = upload(url, token, file);
          asked = Promise.all([
            askWhile(url, '/api/health', token, sent),
            askWhile(url, `${BASE}?keyword=JT_00004`, token, sent),
          ]);
          return sent;
        });
        const [health, search] = await asked;
        if (run.result.status !== 200) throw new Error(`the honest import answered ${run.result.status}`);
        console.log(
          `| round ${round} (${(file.length / 1024).toFixed(0)} KiB) | ${run.ms.toFixed(0)} ms | ${run.before.toFixed(0)} → ${run.peak.toFixed(0)} MiB | ${ms(health.latencies)} | ${ms(search.latencies)} |`,
        );
      }
    } finally {
      await server.stop();
    }
  } finally {
    await drop();
  }
}

async function main() {
  const { buildServer } = (await import(join(REPO, 'packages', 'server', 'build.mjs'))) as {
    buildServer(options: { outfile: string }): Promise<unknown>;
  };
  await buildServer({ outfile: BUNDLE });
  const corpus = await hostileWorkbooks();
  if (options.gigabyte)
    corpus.push({
      name: "the incident's 1 GB blank-row bomb",
      file: await rawXlsx(gigabyteOfBlankRows()),
      unpacksTo: GIGABYTE_ROWS * BLANK_ROW.length,
      answer: { status: 400, envelope: /rows/ },
    });
  const machine = `${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}`;
  console.log(`# import benchmark, ${new Date().toISOString()}\n${machine}`);
  const engines =
    options.engine === 'both' ? (['postgresql', 'pglite'] as const) : [options.engine as 'pglite'];
  for (const engine of engines) await benchEngine(engine, corpus);
}

await main();
