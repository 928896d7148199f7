// The widgets' standalone bundle: everything a page outside the portal needs (React, Fluent, the
// session, i18n, the widgets) in one classic script at a stable name, widgets/hcm-widgets.js, so
// that an intranet page embeds the bell or the picker with one script tag that never changes.
// Nothing is external: such a page has no import map. Its size is in the build's report.
import { rollup } from 'rollup';
import { join } from 'node:path';
import { packageFile, repoRoot, vendorModules } from './import-map-modules.mjs';
import { rollupOptionsFor } from './rollup-options.mjs';

/** Where the bundle goes, under the built front end (the server serves it: static-front-end.ts). */
export const STANDALONE_WIDGETS_FILE = 'widgets/hcm-widgets.js';
export const STANDALONE_ENTRY = join(repoRoot, 'packages/widgets/src/standalone.ts');

/**
 * The vendor libraries whose package entry is not their browser build (axios's pulls in its Node
 * adapter): the same file the import map publishes (import-map-modules.mjs `entryFile`).
 */
function browserEntries() {
  const entries = new Map(
    vendorModules.filter((m) => m.entryFile).map((m) => [m.name, packageFile(m.name, m.entryFile)]),
  );
  return { name: 'hcm-browser-entries', resolveId: (source) => entries.get(source) ?? null };
}

/** @param {{ outDir: string, mode: 'production'|'development', banner?: string }} options */
export async function buildStandaloneWidgets({ outDir, mode, banner }) {
  const base = rollupOptionsFor({
    name: '@hcm/widgets/standalone',
    dir: 'widgets',
    input: STANDALONE_ENTRY,
    externals: [],
    mode,
    outDir,
    mapNames: [],
    banner,
  });
  const bundle = await rollup({
    ...base,
    plugins: [browserEntries(), ...base.plugins],
    external: () => false,
  });
  try {
    await bundle.write({
      ...base.output,
      dir: undefined,
      entryFileNames: undefined,
      chunkFileNames: undefined,
      file: join(outDir, STANDALONE_WIDGETS_FILE),
      // a classic script: the page loads it with <script src>, no module loader
      format: 'iife',
      // the widgets' lazy pieces (the dialog kit) come in the same file: one request, one name
      inlineDynamicImports: true,
      exports: 'none',
    });
  } finally {
    await bundle.close();
  }
  return STANDALONE_WIDGETS_FILE;
}
