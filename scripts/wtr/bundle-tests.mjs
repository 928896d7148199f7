// Bundles each *.browser.test.tsx of the workspace into .cache/wtr/ for web-test-runner.
import { build } from 'esbuild';
import { globSync } from 'tinyglobby';
import { rmSync } from 'node:fs';

const root = new URL('../../', import.meta.url).pathname;
const entries = globSync(
  ['shared/*/src/**/*.browser.test.{ts,tsx}', 'packages/*/src/**/*.browser.test.{ts,tsx}'],
  {
    cwd: root,
  },
);
rmSync(`${root}.cache/wtr`, { recursive: true, force: true });
if (entries.length === 0) {
  console.log('no browser tests found');
} else {
  await build({
    absWorkingDir: root,
    entryPoints: entries,
    outdir: '.cache/wtr',
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
