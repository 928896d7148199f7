// What the import map lists: every shared vendor library once, and every workspace package that
// declares itself an in-browser module ("hcm": { "kind": ... } in its package.json).
import { readFileSync, readdirSync, existsSync } from 'node:fs';
import { join } from 'node:path';

export const repoRoot = new URL('../../', import.meta.url).pathname;

/**
 * Third-party libraries shared through the import map. `cjs: true` marks CommonJS packages whose
 * names are read at build time and re-exported (React ships CommonJS only). `externals` are the
 * other import-map names the library itself imports, so that it shares them instead of bundling.
 * They resolve from root-config, which owns the import map and depends on them.
 */
export const vendorModules = [
  { name: 'react', cjs: true, externals: [] },
  { name: 'react/jsx-runtime', cjs: true, externals: ['react'] },
  { name: 'react-dom', cjs: true, externals: ['react'] },
  { name: 'react-dom/client', cjs: true, externals: ['react', 'react-dom'] },
  { name: 'rxjs', externals: [] },
  { name: 'i18next', esmDefault: true, externals: [] },
  { name: 'dayjs', cjs: true, defaultOnly: true, externals: [] },
  // axios's browser build: its package entry pulls in the Node adapter unless the bundler honours
  // the "browser" field map, which does not hold through pnpm's symlinked layout.
  { name: 'axios', esmDefault: true, entryFile: 'dist/esm/axios.js', externals: [] },
  { name: 'single-spa', externals: [] },
];

export const vendorResolveDir = join(repoRoot, 'root-config');

/** A file inside one of root-config's dependencies, whether or not its "exports" list it. */
export const packageFile = (pkgName, file) => join(vendorResolveDir, 'node_modules', pkgName, file);

/** Kinds of workspace module, each with its gzip budget for its own files (KiB, design.md). */
export const kinds = {
  'root-config': { dir: 'root', budgetKiB: null },
  library: { dir: 'lib', budgetKiB: null },
  'micro-app': { dir: 'apps', budgetKiB: 60 },
  widget: { dir: 'widgets', budgetKiB: 10 },
};

/** Workspace packages that are in-browser modules, in dependency-free order (libraries first). */
export function workspaceModules() {
  const found = [];
  for (const group of ['shared', 'packages', '.']) {
    const base = join(repoRoot, group);
    const dirs = group === '.' ? ['root-config'] : readdirSync(base);
    for (const d of dirs) {
      const pkgFile = join(base, d, 'package.json');
      if (!existsSync(pkgFile)) continue;
      const pkg = JSON.parse(readFileSync(pkgFile, 'utf8'));
      if (!pkg.hcm?.kind) continue;
      if (!kinds[pkg.hcm.kind]) throw new Error(`${pkg.name}: unknown hcm.kind "${pkg.hcm.kind}"`);
      found.push({
        name: pkg.name,
        version: pkg.version,
        kind: pkg.hcm.kind,
        dir: join(base, d),
        entry: join(base, d, pkg.hcm.entry ?? 'src/index.ts'),
        shortName: pkg.name.replace(/^@hcm\//, ''),
      });
    }
  }
  const order = { library: 0, widget: 1, 'micro-app': 2, 'root-config': 3 };
  return found.sort((a, b) => order[a.kind] - order[b.kind] || a.name.localeCompare(b.name));
}

/** Every name the import map will list: what a module must leave external. */
export function importMapNames() {
  return [...vendorModules.map((m) => m.name), ...workspaceModules().map((m) => m.name)];
}

/** File-name-safe form of a module name: react-dom/client -> react-dom-client, @hcm/ui -> hcm-ui. */
export function fileSafe(name) {
  return name.replace(/^@/, '').replace(/[/]/g, '-');
}
