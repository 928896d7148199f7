// The rollup options for one import-map module: SystemJS format, hashed names, every other
// import-map name left external so that nothing is bundled twice.
import nodeResolve from '@rollup/plugin-node-resolve';
import commonjs from '@rollup/plugin-commonjs';
import replace from '@rollup/plugin-replace';
import esbuild, { minify } from 'rollup-plugin-esbuild';
import { join } from 'node:path';
import { fileSafe, vendorModules, vendorResolveDir } from './import-map-modules.mjs';
import { vendorEntrySource } from './vendor-entry.mjs';

const VENDOR_ENTRY_DIR = join(vendorResolveDir, '__vendor_entry__');

/** Deep imports that are fine to bundle: they are plugins of a shared instance, not copies of it. */
const ALLOWED_DEEP_IMPORTS = [/^dayjs\/(locale|plugin)\//];

/**
 * Fails the build when a module imports a path inside a shared vendor package that the import map
 * does not list (e.g. rxjs/operators, react-dom/server): that would bundle a second copy.
 */
function guardDeepVendorImports(mapNames) {
  const packages = new Set(vendorModules.map((m) => m.name.split('/')[0]));
  return {
    name: 'hcm-guard-deep-vendor-imports',
    resolveId(source, importer) {
      if (mapNames.includes(source) || !importer || importer.includes('/node_modules/')) return null;
      const pkg = source.split('/')[0];
      if (packages.has(pkg) && source !== pkg && !ALLOWED_DEEP_IMPORTS.some((r) => r.test(source))) {
        this.error(
          `${importer} imports "${source}", which the import map does not list; import from "${pkg}" instead`,
        );
      }
      return null;
    },
  };
}

function virtualVendorEntry(mod) {
  const id = join(VENDOR_ENTRY_DIR, `${fileSafe(mod.name)}.js`);
  return {
    id,
    plugin: {
      name: 'hcm-vendor-entry',
      resolveId: (source) => (source === id ? id : null),
      load: (loadId) => (loadId === id ? vendorEntrySource(mod) : null),
    },
  };
}

/**
 * @param {{ name: string, dir: string, input?: string, vendor?: object, externals: string[],
 *           mode: 'production'|'development', banner?: string, mapNames: string[] }} spec
 */
export function rollupOptionsFor(spec) {
  const production = spec.mode === 'production';
  const plugins = [];
  let input = spec.input;
  if (spec.vendor) {
    const entry = virtualVendorEntry(spec.vendor);
    plugins.push(entry.plugin);
    input = entry.id;
  } else if (spec.mapNames.length > 0) {
    // (a build without an import map, the standalone widgets, bundles everything once anyway)
    plugins.push(guardDeepVendorImports(spec.mapNames));
  }
  const external = new Set(spec.externals);
  plugins.push(
    replace({ preventAssignment: true, values: { 'process.env.NODE_ENV': JSON.stringify(spec.mode) } }),
    nodeResolve({
      browser: true,
      exportConditions: ['browser', spec.mode],
      extensions: ['.mjs', '.js', '.ts', '.tsx', '.json'],
    }),
    commonjs({ transformMixedEsModules: true }),
    esbuild({ target: 'es2022', jsx: 'automatic', tsconfig: false, loaders: { '.json': 'json' } }),
  );
  if (production) plugins.push(minify({ target: 'es2022', legalComments: 'inline' }));
  const safe = fileSafe(spec.name);
  return {
    input,
    // Let the entry chunk hold shared code too: otherwise a module with lazy chunks becomes a
    // tiny facade plus a chunk, one more request on every page for nothing.
    preserveEntrySignatures: 'allow-extension',
    external: (id) => external.has(id),
    plugins,
    onwarn(warning, warn) {
      // Fluent and friends carry "use client" directives that mean nothing to a SystemJS build.
      if (warning.code === 'MODULE_LEVEL_DIRECTIVE') return;
      if (warning.code === 'THIS_IS_UNDEFINED') return;
      if (warning.code === 'CIRCULAR_DEPENDENCY' && warning.ids?.every((i) => i.includes('/node_modules/')))
        return;
      warn(warning);
    },
    output: {
      format: 'system',
      dir: spec.outDir,
      entryFileNames: `${spec.dir}/${safe}.[hash:12].js`,
      chunkFileNames: `${spec.dir}/${safe}-[name].[hash:12].js`,
      banner: spec.banner,
      hashCharacters: 'hex',
      generatedCode: 'es2015',
      exports: 'named',
      sourcemap: !production,
    },
  };
}
