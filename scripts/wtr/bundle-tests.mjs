// Bundles each *.browser.test.tsx of the workspace into .cache/wtr/ for web-test-runner.
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
    sourcemap: 'inline',
    define: { 'process.env.NODE_ENV': '"development"' },
    logLevel: 'warning',
  });
  console.log(`bundled ${entries.length} browser test file(s)`);
}
