#!/usr/bin/env node
// The two commands of the README, doing their own set-up on a fresh machine (Node 20 and npm):
//   npm start   install dependencies if needed, build what is stale, start the portal
//               (npm start -- --dev: the development build, with import-map-overrides)
//   npm test    install, make sure Chromium is there, then lint, typecheck, build (with size
//               budgets) and every test suite; ends with the line "N passed, N failed"
import { spawnSync, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  appendFileSync,
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { availableParallelism } from 'node:os';
import { join, relative } from 'node:path';
import { withServerProcessEnv } from './server/process-env.mjs';

const root = new URL('../', import.meta.url).pathname;
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const pnpm = ['npx', '-y', pkg.packageManager];
const env = { ...process.env, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1', PUPPETEER_SKIP_DOWNLOAD: '1' };
const cache = join(root, '.cache');

function run(command, args, options = {}) {
  console.log(`\n$ ${[command, ...args].join(' ')}`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env, ...options });
  if (result.error) console.error(result.error.message);
  return result.status === 0;
}

/** As run, without blocking: for steps that run side by side. `log`: append the output there. */
function runAsync(command, args, { log, ...options } = {}) {
  const line = `\n$ ${[command, ...args].join(' ')}\n`;
  if (log) appendFileSync(log, line);
  else console.log(line.trimEnd());
  return new Promise((resolve) => {
    const out = log ? openSync(log, 'a') : 'inherit';
    const child = spawn(command, args, { cwd: root, stdio: ['ignore', out, out], env, ...options });
    child.on('error', (error) => {
      console.error(error.message);
      resolve(false);
    });
    child.on('close', (code) => {
      if (log) closeSync(out);
      resolve(code === 0);
    });
  });
}

function must(ok, what) {
  if (!ok) {
    console.error(`\n${what} failed`);
    process.exit(1);
  }
}

/** pnpm keeps a copy of the lockfile it installed; a different one means install again. */
function ensureDependencies() {
  const installed = join(root, 'node_modules/.pnpm/lock.yaml');
  const wanted = readFileSync(join(root, 'pnpm-lock.yaml'), 'utf8');
  if (existsSync(installed) && readFileSync(installed, 'utf8') === wanted) return;
  must(run(pnpm[0], [...pnpm.slice(1), 'install', '--frozen-lockfile']), 'installing dependencies with pnpm');
}

/**
 * The Debian packages the tests run: Chromium (browser tests), OpenLDAP's slapd (directory sync)
 * and LibreOffice without its desktop (printed documents as PDF; about 80 MB to download, 15 s to
 * unpack; packages/server README "Printed documents as PDF").
 */
function ensureTestPackages() {
  const chromium =
    process.env.CHROME_PATH ??
    JSON.parse(readFileSync(join(root, 'scripts/chromium.json'), 'utf8')).executablePath;
  const missing = [
    ...(existsSync(chromium) ? [] : ['chromium']),
    ...(existsSync('/usr/sbin/slapd') ? [] : ['slapd']),
    ...(existsSync('/usr/bin/soffice') ? [] : ['libreoffice-writer-nogui']),
    // a font with every Vietnamese letter for the PDFs (LibreOffice does not depend on one)
    ...(existsSync('/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf') ? [] : ['fonts-dejavu-core']),
  ];
  if (missing.length === 0) return;
  const asRoot = process.getuid?.() === 0;
  const sudo = asRoot ? [] : ['sudo'];
  console.log(`Missing for the tests: ${missing.join(', ')}: installing Debian's packages`);
  const apt = (args) =>
    run(sudo[0] ?? 'apt-get', [...(asRoot ? [] : ['apt-get']), ...args], {
      env: { ...env, DEBIAN_FRONTEND: 'noninteractive' },
    });
  must(apt(['update']) && apt(['install', '-y', ...missing]), `installing ${missing.join(', ')}`);
}

/** A fingerprint of the files a build reads: paths, sizes and modification times. */
function fingerprint(patterns) {
  const listed = spawnSync('git', ['ls-files', '-co', '--exclude-standard', ...patterns], {
    cwd: root,
    encoding: 'utf8',
  });
  const files = listed.status === 0 ? listed.stdout.split('\n').filter(Boolean).sort() : [];
  const hash = createHash('sha256');
  for (const file of files) {
    if (!existsSync(join(root, file))) continue;
    const s = statSync(join(root, file));
    hash.update(`${file}:${s.size}:${s.mtimeMs}\n`);
  }
  return files.length ? hash.digest('hex') : String(Date.now());
}

function buildIfStale(name, stampFile, patterns, build, variant = '') {
  const print = `${variant}${fingerprint(patterns)}`;
  if (existsSync(stampFile) && readFileSync(stampFile, 'utf8') === print) {
    console.log(`${name}: up to date`);
    return;
  }
  must(build(), `building ${name}`);
  writeFileSync(stampFile, print);
}

const frontEndSources = [
  'root-config',
  'shared',
  'packages/*/src',
  'packages/*/i18n',
  'packages/*/package.json',
  'scripts/build',
  'pnpm-lock.yaml',
];
const serverSources = ['packages/server', 'shared/contracts', 'pnpm-lock.yaml'];

function buildFrontEnd(dev = false) {
  return run(process.execPath, ['scripts/build/build.mjs', ...(dev ? ['--dev'] : [])]);
}
function buildServer() {
  return run(process.execPath, ['packages/server/build.mjs']);
}

/** --dev serves the development build, whose page carries import-map-overrides. */
function start(dev) {
  ensureDependencies();
  mkdirSync(join(root, 'dist'), { recursive: true });
  const variant = dev ? 'development:' : 'production:';
  buildIfStale(
    'front end',
    join(root, 'dist/.front-end-stamp'),
    frontEndSources,
    () => buildFrontEnd(dev),
    variant,
  );
  buildIfStale('server', join(root, 'dist/.server-stamp'), serverSources, buildServer);
  const server = spawn(process.execPath, [join(root, 'packages/server/dist/main.mjs')], {
    cwd: root,
    stdio: 'inherit',
    env: withServerProcessEnv(env),
  });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
  server.on('exit', (code) => process.exit(code ?? 0));
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

/** How many of the slowest vitest files the end of `npm test` names (all of them: SLOWEST_FILE). */
const SLOWEST_SHOWN = 10;
const SLOWEST_FILE = join(cache, 'vitest-slowest-files.txt');

/** Each step's time, then the slowest vitest files: where CI's minutes go. */
function printTimes(steps, fileTimes) {
  const seconds = (s) => `${s.toFixed(1).padStart(7)} s`;
  console.log('\nTimes');
  for (const step of steps) console.log(`  ${seconds(step.seconds)}  ${step.label}`);
  const files = (fileTimes ?? [])
    .map((f) => ({ name: relative(root, f.file), seconds: f.seconds }))
    .sort((a, b) => b.seconds - a.seconds);
  if (files.length === 0) return;
  const lines = files.map((file) => `  ${seconds(file.seconds)}  ${file.name}`);
  writeFileSync(SLOWEST_FILE, `${lines.join('\n')}\n`);
  console.log(
    `\nThe ${Math.min(SLOWEST_SHOWN, files.length)} slowest of ${files.length} vitest files ` +
      `(imports, set-up and tests; projects run side by side; all of them in ${relative(root, SLOWEST_FILE)})`,
  );
  for (const line of lines.slice(0, SLOWEST_SHOWN)) console.log(line);
}

/** The failed tests of the vitest results, named after the times so that the tail of CI's output,
 *  which is often all that is kept, says what failed and why. */
function failedTests(...results) {
  const lines = [];
  for (const result of results)
    for (const file of result?.testResults ?? []) {
      const name = relative(root, file.name);
      const failed = (file.assertionResults ?? []).filter((a) => a.status === 'failed');
      if (file.status === 'failed' && failed.length === 0)
        lines.push(`  ${name}: ${firstLine(file.message) || 'the file failed before its tests'}`);
      for (const a of failed)
        lines.push(`  ${name} > ${a.fullName ?? a.title}: ${firstLine(a.failureMessages?.[0])}`);
    }
  return lines;
}

function firstLine(text) {
  return String(text ?? '')
    .trim()
    .split('\n')[0]
    .slice(0, 300);
}

async function test() {
  const started = Date.now();
  ensureDependencies();
  ensureTestPackages();
  rmSync(cache, { recursive: true, force: true });
  mkdirSync(cache, { recursive: true });
  const rows = [];
  const steps = [];
  /** Runs one step of the test command and remembers how long it took (steps that run side by
   *  side overlap). */
  const timedAsync = async (label, work) => {
    const t0 = Date.now();
    const result = await work();
    steps.push({ label, seconds: (Date.now() - t0) / 1000 });
    return result;
  };
  const check = (label, ok) => rows.push({ label, passed: ok ? 1 : 0, failed: ok ? 0 : 1 });

  // Lint (one core) runs beside typecheck and the two builds: none needs another's output, and
  // eslint and prettier read neither dist nor .cache. Its output is printed when it ends.
  const lintLog = join(cache, 'lint.log');
  const linting = timedAsync('lint (beside typecheck and the builds)', () =>
    runAsync(pnpm[0], [...pnpm.slice(1), 'lint'], { log: lintLog }),
  );
  check(
    'typecheck (tsc)',
    await timedAsync('typecheck', () =>
      runAsync(pnpm[0], [...pnpm.slice(1), 'exec', 'tsc', '-p', 'tsconfig.json', '--noEmit']),
    ),
  );
  mkdirSync(join(root, 'dist'), { recursive: true });
  const builtFront = await timedAsync('build (rollup, budgets)', () =>
    runAsync(process.execPath, ['scripts/build/build.mjs']),
  );
  check('build with size budgets (rollup)', builtFront);
  // The build's tests read a production build: this one; and both vitest processes below share
  // one development build (scripts/build/testing/shared-build.mjs).
  if (builtFront) env.HCM_TEST_PRODUCTION_BUILD = join(root, 'dist/public');
  env.HCM_TEST_RUN_ID = String(process.pid);
  const builtServer = await timedAsync('server bundle (esbuild)', () =>
    runAsync(process.execPath, ['packages/server/build.mjs']),
  );
  check('server bundle (esbuild)', builtServer);
  const linted = await linting;
  console.log(`\n--- lint output (${relative(root, lintLog)}) ---`);
  console.log(readFileSync(lintLog, 'utf8'));
  rows.unshift({ label: 'lint (eslint, prettier)', passed: linted ? 1 : 0, failed: linted ? 0 : 1 });

  // Two stages, each keeping both cores busy (docs/testing.md, "CI time"):
  //   1. vitest's e2e project (the built portal in Chromium) beside web-test-runner's browser
  //      component tests: each keeps about one core busy, and neither is the batch work that
  //      starved the PGlite portal's pages; when web-test-runner ends (minutes before the e2e
  //      suite), the front end's units and the build's tests take its core, one file at a time;
  //   2. the server's suites, three files at a time, once the e2e suite ends (they wait on
  //      PostgreSQL and sockets: two files at a time left a quarter of the cores idle, 484 s
  //      alone against 378 s with three). Two e2e shards side by side instead of one suite were
  //      tried and made the run longer (1,520 s against 1,458 s): web-test-runner beside them
  //      slowed from 604 s to 839 s, and the server's stage waited for it.
  // The e2e, browser and front-end output goes to .cache/e2e.log, browser.log and tail.log,
  // printed when they end. The root vitest.config.ts picks each vitest run's projects from HCM_VITEST_STREAM.
  // They share nothing but the PostgreSQL server (each suite makes its own database) and the
  // development build (scripts/build/testing/shared-build.mjs, which takes a lock).
  const vitestArgs = (name) => [
    ...pnpm.slice(1),
    'exec',
    'vitest',
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${relative(root, join(cache, `vitest-${name}-results.json`))}`,
    '--reporter=./scripts/vitest-file-times.mjs',
  ];
  const vitestEnv = (name) => ({
    ...env,
    HCM_VITEST_STREAM: name === 'e2e' ? 'side' : name,
    VITEST_FILE_TIMES: join(cache, `vitest-${name}-file-times.json`),
  });
  const e2eLog = join(cache, 'e2e.log');
  const browserLog = join(cache, 'browser.log');
  const tailLog = join(cache, 'tail.log');
  // web-test-runner ends minutes before the e2e suite: the core it frees runs the front end's
  // units and the build's tests (one file at a time), which had waited for the server's stage
  const wtrThenTail = timedAsync('web-test-runner: bundle and run (beside e2e)', async () => {
    const bundled = await runAsync(process.execPath, ['scripts/wtr/bundle-tests.mjs'], { log: browserLog });
    return bundled && runAsync(pnpm[0], [...pnpm.slice(1), 'exec', 'web-test-runner'], { log: browserLog });
  }).then(async (ok) => {
    await timedAsync('vitest: front-end units and the build (after web-test-runner, beside e2e)', () =>
      runAsync(pnpm[0], [...vitestArgs('tail'), '--maxWorkers=1'], { env: vitestEnv('tail'), log: tailLog }),
    );
    return ok;
  });
  await timedAsync('vitest: e2e (beside web-test-runner)', () =>
    runAsync(pnpm[0], vitestArgs('e2e'), { env: vitestEnv('e2e'), log: e2eLog }),
  );
  // vitest's default is one worker fewer than the cores: one on this machine, while these
  // suites wait on PostgreSQL and sockets half the time: one more than the cores.
  const serverStage = timedAsync('vitest: server', () =>
    runAsync(pnpm[0], [...vitestArgs('server'), `--maxWorkers=${availableParallelism() + 1}`], {
      env: vitestEnv('server'),
    }),
  );
  const [wtrOk] = await Promise.all([wtrThenTail, serverStage]);
  for (const log of [e2eLog, browserLog, tailLog]) {
    console.log(`\n--- ${relative(root, log)} ---`);
    console.log(readFileSync(log, 'utf8'));
  }

  for (const [name, label] of [
    ['tail', "vitest: the front end's units, the build's tests"],
    ['server', 'vitest: server (PostgreSQL; PGlite for the suites of docs/testing.md)'],
    ['e2e', 'vitest: e2e (built portal on PostgreSQL, the first-start story on PGlite, Chromium)'],
  ]) {
    const vitest = readJson(join(cache, `vitest-${name}-results.json`));
    if (!vitest) {
      rows.push({ label: `${label} (no results written)`, passed: 0, failed: 1 });
      continue;
    }
    const brokenFiles = (vitest.testResults ?? []).filter(
      (f) => f.status === 'failed' && (f.assertionResults ?? []).length === 0,
    ).length;
    rows.push({
      label,
      passed: vitest.numPassedTests,
      failed: vitest.numFailedTests + brokenFiles,
      skipped: vitest.numPendingTests + vitest.numTodoTests,
    });
  }

  const wtr = readJson(join(cache, 'wtr-results.json'));
  if (wtr)
    rows.push({
      label: 'web-test-runner: browser components (Chromium)',
      passed: wtr.passed,
      skipped: wtr.skipped,
      failed: wtr.failed + (wtrOk || wtr.failed ? 0 : 1),
    });
  else rows.push({ label: 'web-test-runner (no results written)', passed: 0, failed: 1 });

  const failures = [
    ...failedTests(
      readJson(join(cache, 'vitest-tail-results.json')),
      readJson(join(cache, 'vitest-server-results.json')),
      readJson(join(cache, 'vitest-e2e-results.json')),
    ),
    ...(wtr?.failures ?? []).map((f) => `  ${f}`),
  ];
  const total = rows.reduce(
    (t, r) => ({
      passed: t.passed + r.passed,
      failed: t.failed + r.failed,
      skipped: t.skipped + (r.skipped ?? 0),
    }),
    { passed: 0, failed: 0, skipped: 0 },
  );
  printTimes(steps, [
    ...(readJson(join(cache, 'vitest-tail-file-times.json')) ?? []),
    ...(readJson(join(cache, 'vitest-server-file-times.json')) ?? []),
    ...(readJson(join(cache, 'vitest-e2e-file-times.json')) ?? []),
  ]);
  if (failures.length > 0) console.log(`\nFailed tests\n${failures.join('\n')}`);
  console.log('\nSummary');
  for (const r of rows)
    console.log(
      `  ${r.label}: ${r.passed} passed, ${r.failed} failed${r.skipped ? `, ${r.skipped} skipped` : ''}`,
    );
  console.log(`  took ${Math.round((Date.now() - started) / 1000)} s`);
  console.log(
    `${total.passed} passed, ${total.failed} failed${total.skipped ? `, ${total.skipped} skipped` : ''}`,
  );
  process.exit(total.failed === 0 ? 0 : 1);
}

const command = process.argv[2];
if (command === 'start') start(process.argv.includes('--dev'));
else if (command === 'test') await test();
else {
  console.error('usage: node scripts/portal.mjs start|test');
  process.exit(2);
}
