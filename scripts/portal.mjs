#!/usr/bin/env node
// The two commands of the README, doing their own set-up on a fresh machine (Node 20 and npm):
//   npm start   install dependencies if needed, build what is stale, start the portal
//               (npm start -- --dev: the development build, with import-map-overrides)
//   npm test    install, make sure Chromium is there, then lint, typecheck, build (with size
//               budgets) and every test suite; ends with the line "N passed, N failed"
import { spawnSync, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';

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

function ensureChromium() {
  const chromium =
    process.env.CHROME_PATH ??
    JSON.parse(readFileSync(join(root, 'scripts/chromium.json'), 'utf8')).executablePath;
  if (existsSync(chromium)) return;
  const asRoot = process.getuid?.() === 0;
  const sudo = asRoot ? [] : ['sudo'];
  console.log(`Chromium is missing at ${chromium}: installing Debian's package`);
  const apt = (args) =>
    run(sudo[0] ?? 'apt-get', [...(asRoot ? [] : ['apt-get']), ...args], {
      env: { ...env, DEBIAN_FRONTEND: 'noninteractive' },
    });
  must(apt(['update']) && apt(['install', '-y', 'chromium']), 'installing chromium');
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
    env,
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

/** Each step's time, then each vitest file's, slowest first: where CI's minutes go. */
function printTimes(steps, fileTimes) {
  const seconds = (s) => `${s.toFixed(1).padStart(7)} s`;
  console.log('\nTimes');
  for (const step of steps) console.log(`  ${seconds(step.seconds)}  ${step.label}`);
  const files = (fileTimes ?? [])
    .map((f) => ({ name: relative(root, f.file), seconds: f.seconds }))
    .sort((a, b) => b.seconds - a.seconds);
  if (files.length === 0) return;
  console.log(
    `\nTimes of the ${files.length} vitest files (imports, set-up and tests; projects run side by side)`,
  );
  for (const file of files) console.log(`  ${seconds(file.seconds)}  ${file.name}`);
}

function test() {
  const started = Date.now();
  ensureDependencies();
  ensureChromium();
  rmSync(cache, { recursive: true, force: true });
  mkdirSync(cache, { recursive: true });
  const rows = [];
  const steps = [];
  /** Runs one step of the test command and remembers how long it took. */
  const timed = (label, work) => {
    const t0 = Date.now();
    const result = work();
    steps.push({ label, seconds: (Date.now() - t0) / 1000 });
    return result;
  };
  const check = (label, ok) => rows.push({ label, passed: ok ? 1 : 0, failed: ok ? 0 : 1 });

  check(
    'lint (eslint, prettier)',
    timed('lint', () => run(pnpm[0], [...pnpm.slice(1), 'lint'])),
  );
  check(
    'typecheck (tsc)',
    timed('typecheck', () =>
      run(pnpm[0], [...pnpm.slice(1), 'exec', 'tsc', '-p', 'tsconfig.json', '--noEmit']),
    ),
  );
  mkdirSync(join(root, 'dist'), { recursive: true });
  const builtFront = timed('build (rollup, budgets)', () => buildFrontEnd());
  check('build with size budgets (rollup)', builtFront);
  const builtServer = timed('server bundle (esbuild)', () => buildServer());
  check('server bundle (esbuild)', builtServer);

  // Unit, server integration (PGlite and PostgreSQL), build and end-to-end suites: one vitest run.
  const vitestJson = join(cache, 'vitest-results.json');
  timed('vitest (all projects)', () =>
    run(pnpm[0], [
      ...pnpm.slice(1),
      'exec',
      'vitest',
      'run',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${relative(root, vitestJson)}`,
      '--reporter=./scripts/vitest-file-times.mjs',
    ]),
  );
  const vitest = readJson(vitestJson);
  if (vitest) {
    const brokenFiles = (vitest.testResults ?? []).filter(
      (f) => f.status === 'failed' && (f.assertionResults ?? []).length === 0,
    ).length;
    rows.push({
      label: 'vitest: unit, server (PostgreSQL; PGlite for the suites of docs/testing.md), build, e2e',
      passed: vitest.numPassedTests,
      failed: vitest.numFailedTests + brokenFiles,
      skipped: vitest.numPendingTests + vitest.numTodoTests,
    });
  } else rows.push({ label: 'vitest (no results written)', passed: 0, failed: 1 });

  // Browser component tests in Chromium.
  const wtrOk = timed('web-test-runner (bundle and run)', () => {
    const bundled = run(process.execPath, ['scripts/wtr/bundle-tests.mjs']);
    return bundled && run(pnpm[0], [...pnpm.slice(1), 'exec', 'web-test-runner']);
  });
  const wtr = readJson(join(cache, 'wtr-results.json'));
  if (wtr)
    rows.push({
      label: 'web-test-runner: browser components (Chromium)',
      ...wtr,
      failed: wtr.failed + (wtrOk || wtr.failed ? 0 : 1),
    });
  else rows.push({ label: 'web-test-runner (no results written)', passed: 0, failed: 1 });

  const total = rows.reduce(
    (t, r) => ({
      passed: t.passed + r.passed,
      failed: t.failed + r.failed,
      skipped: t.skipped + (r.skipped ?? 0),
    }),
    { passed: 0, failed: 0, skipped: 0 },
  );
  printTimes(steps, readJson(join(cache, 'vitest-file-times.json')));
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
else if (command === 'test') test();
else {
  console.error('usage: node scripts/portal.mjs start|test');
  process.exit(2);
}
