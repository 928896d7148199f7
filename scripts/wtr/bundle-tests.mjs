// Bundles each *.browser.test.tsx of the workspace into .cache/wtr/ for web-test-runner, the code
// they share in chunks of .cache/wtr/chunks/.
// WTR_ONLY=<folder prefix, e.g. packages/shell> bundles that folder's tests alone and WTR_OUT
// names another output folder, so that several people (or agents) can run subsets at once.
import { build } from 'esbuild';
import { globSync } from 'tinyglobby';
import { rmSync } from 'node:fs';

const root = new URL('../../', import.meta.url).pathname;
const only = process.env.WTR_ONLY ?? '';
const outdir = process.env.WTR_OUT ?? '.cache/wtr';
const entries = globSync(
  ['shared/*/src/**/*.browser.test.{ts,tsx}', 'packages/*/src/**/*.browser.test.{ts,tsx}'],
  {
    cwd: root,
  },
).filter((file) => file.startsWith(only));
rmSync(`${root}${outdir}`, { recursive: true, force: true });
if (entries.length === 0) {
  console.log('no browser tests found');
} else {
  await build({
    absWorkingDir: root,
    entryPoints: entries,
    outdir,
    outbase: '.',
    bundle: true,
    format: 'esm',
    target: 'es2022',
    jsx: 'automatic',
    // Each file's map beside it, named by a comment: web-test-runner still reads it to give a
    // failure's stack in the .tsx sources, but Chromium no longer takes the maps in with every
    // script of every page (inline, the shared chunks were 31 MB, mostly maps): the shell's
    // 21 files ran in 70 s and 76 s instead of 101 s and 88 s, side by side, at load 13-15.
    sourcemap: 'linked',
    define: { 'process.env.NODE_ENV': '"development"' },
    logLevel: 'warning',
    // What the test files share (React, Fluent UI, the workspace's packages) goes into shared
    // chunks instead of a copy in each file: each file alone was about 40 MB with its source
    // map, written by esbuild, then read and parsed again by web-test-runner and Chromium for
    // every file. Each test file still runs in its own page, so nothing is shared at run time.
    splitting: true,
    chunkNames: 'chunks/[name]-[hash]',
  });
  console.log(`bundled ${entries.length} browser test file(s)`);
}
