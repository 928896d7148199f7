// `pnpm new:module` makes a micro-app that passes its own tests unchanged, and refuses what it
// must, writing nothing. Never run against the checkout itself (other tests read packages/* and
// micro-apps.ts meanwhile): everything happens in a temporary copy of the repository's files
// (git's tracked and untracked-but-not-ignored files, so that uncommitted work is in it too).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sharedBuild } from '../build/testing/shared-build.mjs';
import { MICRO_APPS_FILE, readDeclarations } from './workspace.mjs';

const repo = new URL('../../', import.meta.url).pathname;
const generator = join(repo, 'scripts/new-module/new-module.mjs');
const NAME = 'sample';
let copy = '';
let freeRoutes = [];

/** The copy's processes see no trace of the vitest run this test is in. */
const childEnv = () =>
  Object.fromEntries(
    Object.entries(process.env).filter(([key]) => !/^(__)?VITEST|^TEST$|^NODE_ENV$/.test(key)),
  );

function run(command, args, extraEnv = {}) {
  const result = spawnSync(command, args, {
    cwd: copy,
    env: { ...childEnv(), NO_COLOR: '1', ...extraEnv },
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  // eslint-disable-next-line no-control-regex -- the colours some tools print anyway
  const output = `${result.stdout}\n${result.stderr}`.replace(/\x1b\[[0-9;]*m/g, '');
  return { status: result.status, output };
}
/** As `run`, without blocking: the generated app's independent checks run side by side. */
function runAside(command, args, extraEnv = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: copy,
      env: { ...childEnv(), NO_COLOR: '1', ...extraEnv },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('close', (status) =>
      // eslint-disable-next-line no-control-regex -- the colours some tools print anyway
      resolve({ status, output: `${stdout}\n${stderr}`.replace(/\x1b\[[0-9;]*m/g, '') }),
    );
  });
}
const bin = (name) => join(copy, 'node_modules/.bin', name);
const generate = (...args) => run(process.execPath, [generator, '--root', copy, ...args]);
const expectOk = ({ status, output }) => expect(status, output.slice(-4000)).toBe(0);

beforeAll(async () => {
  copy = mkdtempSync(join(tmpdir(), 'hcm-new-module-'));
  const listed = spawnSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: repo,
    encoding: 'utf8',
  });
  if (listed.status !== 0) throw new Error(`git ls-files failed: ${listed.stderr}`);
  for (const file of listed.stdout.split('\0').filter(Boolean)) {
    // (a tracked file deleted in the working tree is not part of the copy)
    if (existsSync(join(repo, file))) cpSync(join(repo, file), join(copy, file));
  }
  // menu entries no app serves yet (the generated app takes two)
  const { entries, owners } = await readDeclarations(repo);
  const served = new Set(owners.flatMap((owner) => owner.routes));
  freeRoutes = entries.map((entry) => entry.path).filter((path) => !served.has(path));
});

afterAll(() => {
  if (copy) rmSync(copy, { recursive: true, force: true });
});

describe('pnpm new:module', () => {
  it('refuses a bad name, a taken name, an unknown route and a route served already, writing nothing', () => {
    const before = readFileSync(join(copy, MICRO_APPS_FILE), 'utf8');
    const packages = readdirSync(join(copy, 'packages'));
    const titles = ['--title-vi', 'Mẫu', '--title-en', 'Sample', '--skip-install'];
    const refusals = [
      [['Sample', '--routes', freeRoutes[0]], /not a lowercase word/],
      [['time-keeping', '--routes', freeRoutes[0]], /not a lowercase word/],
      [['admin', '--routes', freeRoutes[0]], /"admin" exists already/],
      [['ui', '--routes', freeRoutes[0]], /"ui" exists already/],
      [
        [NAME, '--routes', `${freeRoutes[0]},/tm/no-such-page`],
        /\/tm\/no-such-page is not a menu entry's path/,
      ],
      [
        [NAME, '--routes', `${freeRoutes[0]},/setting/religion`],
        /\/setting\/religion is served by @hcm\/admin/,
      ],
      [[NAME, '--routes', '/dashboard'], /\/dashboard is served by @hcm\/shell/],
      [[NAME], /give the routes/],
    ];
    for (const [args, message] of refusals) {
      const { status, output } = generate(...args, ...titles);
      expect(status, args.join(' ')).toBe(1);
      expect(output).toMatch(message);
    }
    expect(readFileSync(join(copy, MICRO_APPS_FILE), 'utf8')).toBe(before);
    expect(readdirSync(join(copy, 'packages'))).toEqual(packages);
  });

  it('makes a micro-app that passes its own tests, lint, types and the build’s budget unchanged', async () => {
    const routes = freeRoutes.slice(0, 2);
    expect(routes).toHaveLength(2);
    // writes the app, declares it, and links it with an offline install
    expectOk(generate(NAME, '--routes', routes.join(','), '--title-vi', 'Mẫu', '--title-en', 'Sample'));
    const declarations = await readDeclarations(copy);
    expect(declarations.apps.find((app) => app.name === `@hcm/${NAME}`)?.routes).toEqual(routes);

    // Four checks that read the generated files and write nothing the others read, side by side
    // (each waits on one core, or on Chromium, for a while): its unit test in its own vitest
    // project; its types (the root's options over the new package); the repository's lint
    // rules; its browser test in Chromium (each route headed by its menu label, axe clean, and
    // not found), bundled first.
    writeFileSync(
      join(copy, 'tsconfig.new-module.json'),
      JSON.stringify({ extends: './tsconfig.json', include: [`packages/${NAME}/src`, '*.d.ts'] }),
    );
    const wtr = { WTR_ONLY: `packages/${NAME}`, WTR_OUT: '.cache/wtr-new-module' };
    const [unit, types, lint, browser] = await Promise.all([
      runAside(bin('vitest'), ['run', '--project', NAME]),
      runAside(bin('tsc'), ['-p', 'tsconfig.new-module.json', '--noEmit']),
      runAside(bin('eslint'), ['--max-warnings=0', `packages/${NAME}`, MICRO_APPS_FILE]),
      runAside(process.execPath, ['scripts/wtr/bundle-tests.mjs'], wtr).then((bundled) =>
        bundled.status === 0 ? runAside(bin('web-test-runner'), [], wtr) : bundled,
      ),
    ]);
    expectOk(unit);
    expect(unit.output).toMatch(/Tests\s+\S*2 passed/);
    expectOk(types);
    expectOk(lint);
    expectOk(browser);
    const results = JSON.parse(readFileSync(join(copy, '.cache/wtr-new-module-results.json'), 'utf8'));
    expect(results).toMatchObject({ passed: routes.length + 1, failed: 0 });

    // its release: on top of the run's production build, the contracts (MICRO_APPS) and the app
    const built = await sharedBuild('production');
    const out = join(copy, 'dist/public');
    cpSync(built.outDir, out, { recursive: true });
    expectOk(
      run(process.execPath, [
        'scripts/build/build.mjs',
        '--only',
        '@hcm/contracts',
        '--only',
        `@hcm/${NAME}`,
      ]),
    );
    const map = JSON.parse(readFileSync(join(out, 'importmap.json'), 'utf8')).imports;
    expect(map[`@hcm/${NAME}`]).toMatch(new RegExp(`^/apps/hcm-${NAME}\\.[0-9a-f]{12}\\.js$`));
    const changed = Object.keys(map).filter((name) => map[name] !== built.importMap.imports[name]);
    expect(changed.sort()).toEqual(['@hcm/contracts', `@hcm/${NAME}`]);
    const report = JSON.parse(readFileSync(join(out, 'size-report.json'), 'utf8'));
    expect(report.modules.find((module) => module.name === `@hcm/${NAME}`)).toMatchObject({
      budgetKiB: 60,
      ok: true,
    });
    expect(existsSync(join(out, `i18n/${NAME}/vi.json`))).toBe(true);
  });
});
