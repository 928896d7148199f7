#!/usr/bin/env node
// pnpm dev:module @hcm/shell [--port 9700]
// Rebuilds one micro-app on every change (development mode, SystemJS) and serves it with CORS,
// so a team can point the running portal at it with import-map-overrides (see README).
import { watch } from 'rollup';
import { createServer } from 'node:http';
import { existsSync, readFileSync } from 'node:fs';
import { join, normalize } from 'node:path';
import { parseArgs } from 'node:util';
import { fileSafe, importMapNames, kinds, repoRoot, workspaceModules } from './import-map-modules.mjs';
import { rollupOptionsFor } from './rollup-options.mjs';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { port: { type: 'string', default: '9700' } },
});
const mod = workspaceModules().find((m) => m.name === positionals[0]);
if (!mod) {
  console.error(
    `usage: pnpm dev:module <name>, one of: ${workspaceModules()
      .map((m) => m.name)
      .join(', ')}`,
  );
  process.exit(2);
}
const outDir = join(repoRoot, '.cache/dev', fileSafe(mod.name));
const options = rollupOptionsFor({
  name: mod.name,
  dir: kinds[mod.kind].dir,
  input: mod.entry,
  externals: importMapNames().filter((n) => n !== mod.name),
  mode: 'development',
  outDir,
  mapNames: importMapNames(),
});
options.output.entryFileNames = `${fileSafe(mod.name)}.js`;
options.output.chunkFileNames = `${fileSafe(mod.name)}-[name].js`;

const watcher = watch({ ...options, watch: { clearScreen: false } });
watcher.on('event', (event) => {
  if (event.code === 'BUNDLE_END') console.log(`rebuilt ${mod.name} in ${event.duration} ms`);
  if (event.code === 'ERROR') console.error(event.error.message);
  if ('result' in event && event.result) event.result.close();
});

const port = Number(values.port);
createServer((req, res) => {
  const path = normalize(decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname)).replace(
    /^(\.\.[/\\])+/,
    '',
  );
  const file = join(outDir, path);
  res.setHeader('Access-Control-Allow-Origin', '*');
  if (!file.startsWith(outDir) || !existsSync(file)) {
    res.writeHead(404).end();
    return;
  }
  res
    .writeHead(200, { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'no-store' })
    .end(readFileSync(file));
}).listen(port, () => {
  console.log(`serving ${mod.name} at http://localhost:${port}/${fileSafe(mod.name)}.js`);
  console.log(
    `in the portal (built with pnpm build --dev): localStorage.setItem('devtools', true), reload, and override ${mod.name} with that URL`,
  );
});
