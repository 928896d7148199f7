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
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildPortal } from '../build-portal.mjs';
import { repoRoot } from '../import-map-modules.mjs';

const isBuilt = (dir) => existsSync(join(dir, 'importmap.json')) && existsSync(join(dir, 'size-report.json'));
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
    while (!isBuilt(outDir)) {
      if (!tryLock(lock)) {
        await new Promise((resolve) => setTimeout(resolve, 500)); // another file is building it
        continue;
      }
      try {
        if (isBuilt(outDir)) break;
        // the builds of earlier runs go (a run's id is its process id: gone when it ended)
        for (const old of readdirSync(cache)) {
          const pid = Number(/^[a-z]+-(\d+)$/.exec(old)?.[1]);
          if (Number.isInteger(pid) && !alive(pid))
            rmSync(join(cache, old), { recursive: true, force: true });
        }
        await buildPortal({ outDir, mode, log: () => {}, precompress: mode !== 'development' });
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
