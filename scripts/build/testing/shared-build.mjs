// One full portal build per mode for all the test files of a test run that only read a build
// (build-portal, service-worker, the dev-module e2e), instead of one each: a full build is about
// 20 s of both cores. The run's build lands in .cache/test-builds/<mode>-<run>, the run being
// HCM_TEST_RUN_ID (set by `npm test` for its two vitest processes) or else the vitest process
// that started the worker; the first file to ask builds it, under a lock, and the others wait.
// `npm test` also passes its own production build of dist/public (HCM_TEST_PRODUCTION_BUILD),
// made by the same buildPortal moments before, so the production one is not built twice either.
// A test that changes a build copies it first (cpSync) and changes the copy.
// The development build has no brotli and gzip copies (buildPortal's `precompress: false`): its
// readers check its page and serve it to one local browser, and the copies were half its time
// (58.6 s → 26.1 s alone). The production build keeps them: its tests check them.
// The development build is also the test run's one full build over a folder already served
// (swapIn below): build-portal.test.mjs reads what was watched, instead of a full production
// rebuild of its own (26 s of both cores alone, about 50 s beside the e2e suite).
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { buildPortal } from '../build-portal.mjs';
import { repoRoot } from '../import-map-modules.mjs';

const isBuilt = (dir) => existsSync(join(dir, 'importmap.json')) && existsSync(join(dir, 'size-report.json'));
/** Built, and for the development build the record of its swap written too (swapIn). */
const isDone = (dir, mode) => isBuilt(dir) && (mode !== 'development' || existsSync(swapFile(dir)));
const readJson = (dir, file) => JSON.parse(readFileSync(join(dir, file), 'utf8'));
const alive = (pid) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
};

/** Takes the build's lock (a folder: made atomically) or says who holds it. */
function tryLock(lock) {
  try {
    mkdirSync(lock);
    writeFileSync(join(lock, 'pid'), String(process.pid));
    return true;
  } catch (error) {
    if (error.code !== 'EEXIST') throw error;
    const holder = Number(existsSync(join(lock, 'pid')) ? readFileSync(join(lock, 'pid'), 'utf8') : NaN);
    if (Number.isInteger(holder) && !alive(holder)) rmSync(lock, { recursive: true, force: true });
    return false;
  }
}

/**
 * A finished full build of `mode` that this test run shares: { outDir, importMap, manifest,
 * report } as buildPortal returns them. Read-only: copy it before building into it.
 */
export async function sharedBuild(mode = 'production') {
  const given = process.env.HCM_TEST_PRODUCTION_BUILD;
  let outDir = mode === 'production' && given && isBuilt(given) ? given : undefined;
  if (!outDir) {
    const cache = join(repoRoot, '.cache/test-builds');
    mkdirSync(cache, { recursive: true });
    const run = process.env.HCM_TEST_RUN_ID ?? String(process.ppid);
    outDir = join(cache, `${mode}-${run}`);
    const lock = `${outDir}.lock`;
    while (!isDone(outDir, mode)) {
      if (!tryLock(lock)) {
        await new Promise((resolve) => setTimeout(resolve, 500)); // another file is building it
        continue;
      }
      try {
        if (isDone(outDir, mode)) break;
        // the builds of earlier runs go (a run's id is its process id: gone when it ended)
        for (const old of readdirSync(cache)) {
          const pid = Number(/^[a-z]+-(\d+)(\.swap\.json)?$/.exec(old)?.[1]);
          if (Number.isInteger(pid) && !alive(pid))
            rmSync(join(cache, old), { recursive: true, force: true });
        }
        const options = { outDir, mode, log: () => {}, precompress: mode !== 'development' };
        if (mode === 'development') await swapIn(options);
        else await buildPortal(options);
      } finally {
        rmSync(lock, { recursive: true, force: true });
      }
    }
  }
  return {
    outDir,
    importMap: readJson(outDir, 'importmap.json'),
    manifest: readJson(outDir, 'build-manifest.json'),
    report: readJson(outDir, 'size-report.json'),
  };
}

/** The files of a served build whose absence a browser would meet (the server prefers the .br). */
const SERVED = ['index.html', 'importmap.json', 'importmap.json.br'];

/** Where swapIn writes what it saw for `outDir` (read by swapRecord). */
const swapFile = (outDir) => `${outDir}.swap.json`;

/**
 * A full build into a folder that a portal is serving: a previous build's page and map are put
 * there first, and are watched while buildPortal runs. Written beside the build (swapRecord):
 * which of them went missing at some moment (none may: the new build is made aside and swapped
 * in at once), whether the new build's map replaced the previous one, and which staging or
 * previous folders were left beside it.
 */
async function swapIn(options) {
  const { outDir } = options;
  rmSync(swapFile(outDir), { force: true });
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  const previousMap = `${JSON.stringify({ imports: { '@hcm/previous': '/apps/previous.js' } })}\n`;
  for (const file of SERVED)
    writeFileSync(join(outDir, file), file === 'importmap.json' ? previousMap : `previous ${file}`);
  const missing = new Set();
  const watcher = setInterval(() => {
    for (const file of SERVED) if (!existsSync(join(outDir, file))) missing.add(file);
  }, 5);
  try {
    await buildPortal(options);
  } finally {
    clearInterval(watcher);
  }
  const map = readFileSync(join(outDir, 'importmap.json'), 'utf8');
  writeFileSync(
    swapFile(outDir),
    JSON.stringify({
      missing: [...missing],
      replaced: map !== previousMap && '@hcm/shell' in JSON.parse(map).imports,
      leftovers: readdirSync(dirname(outDir)).filter(
        (name) =>
          name.startsWith(`${basename(outDir)}.`) &&
          /^\.(building|previous)-/.test(name.slice(basename(outDir).length)),
      ),
    }),
  );
}

/**
 * What was seen while the shared development build was swapped into a served folder:
 * { missing, replaced, leftovers } (swapIn).
 */
export async function swapRecord() {
  const { outDir } = await sharedBuild('development');
  return JSON.parse(readFileSync(swapFile(outDir), 'utf8'));
}
