#!/usr/bin/env node
// pnpm build [--only NAME ...] [--dev] [--out DIR]
// Builds every import-map module (or only the named ones, changing only their import-map lines),
// prints the gzip and brotli size of each, and fails when a budget of the design is exceeded.
import { parseArgs } from 'node:util';
import { buildPortal } from './build-portal.mjs';
import { formatSizeReport } from './size-report.mjs';

const { values } = parseArgs({
  options: {
    only: { type: 'string', multiple: true },
    dev: { type: 'boolean', default: false },
    out: { type: 'string' },
  },
});
const started = Date.now();
const result = await buildPortal({
  only: values.only,
  mode: values.dev ? 'development' : 'production',
  outDir: values.out,
});
console.log(formatSizeReport(result.report));
console.log(
  `import map: ${Object.keys(result.importMap.imports).length} modules, written to ${result.outDir}/importmap.json`,
);
console.log(`build took ${((Date.now() - started) / 1000).toFixed(1)} s`);
if (!result.report.ok && !values.dev) {
  console.error('a size budget is exceeded (see above)');
  process.exit(1);
}
