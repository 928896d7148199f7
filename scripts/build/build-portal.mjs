// Builds the browser side: each import-map module on its own (rollup, SystemJS, hashed names),
// then writes the import map from what was built, index.html, the translations, the service worker,
// a brotli and a gzip copy of each file (precompress.mjs), and the size report.
import { rollup } from 'rollup';
import { createHash } from 'node:crypto';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import {
  importMapNames,
  kinds,
  packageFile,
  repoRoot,
  vendorModules,
  workspaceModules,
} from './import-map-modules.mjs';
import { rollupOptionsFor } from './rollup-options.mjs';
import { sizeReport } from './size-report.mjs';
import { renderIndexHtml } from './index-html.mjs';
import { copyThemes, publishedThemeFiles } from './themes.mjs';
import { SERVICE_WORKER_FILE, writeServiceWorker } from './service-worker.mjs';
import { precompress } from './precompress.mjs';
import { STANDALONE_WIDGETS_FILE, buildStandaloneWidgets } from './standalone-widgets.mjs';

export const defaultOutDir = join(repoRoot, 'dist/public');

/** Builds one module; returns its import-map URL and what its output chunks import. */
async function buildModule(spec) {
  const bundle = await rollup(rollupOptionsFor(spec));
  try {
    const { output } = await bundle.write(rollupOptionsFor(spec).output);
    const chunks = output.filter((o) => o.type === 'chunk');
    const entry = chunks.find((c) => c.isEntry);
    return {
      name: spec.name,
      url: `/${entry.fileName}`,
      files: chunks.map((c) => ({
        fileName: c.fileName,
        isEntry: c.isEntry,
        imports: c.imports,
        dynamicImports: c.dynamicImports,
      })),
    };
  } finally {
    await bundle.close();
  }
}

function hashedCopy(source, outDir, dir, stem) {
  const content = readFileSync(source);
  const hash = createHash('sha256').update(content).digest('hex').slice(0, 12);
  const fileName = `${dir}/${stem}.${hash}.js`;
  mkdirSync(join(outDir, dir), { recursive: true });
  writeFileSync(join(outDir, fileName), content);
  return fileName;
}

function copyTranslations(mod, outDir) {
  const src = join(mod.dir, 'i18n');
  if (!existsSync(src)) return [];
  const dest = join(outDir, 'i18n', mod.shortName);
  mkdirSync(dest, { recursive: true });
  return readdirSync(src)
    .filter((f) => f.endsWith('.json'))
    .map((f) => {
      JSON.parse(readFileSync(join(src, f), 'utf8')); // a broken dictionary fails the build, not the page
      copyFileSync(join(src, f), join(dest, f));
      return `i18n/${mod.shortName}/${f}`;
    });
}

/**
 * @param {{ outDir?: string, only?: string[], mode?: 'production'|'development',
 *           banners?: Record<string,string>, log?: (line: string) => void,
 *           precompress?: boolean }} [options]
 *   only: rebuild just these modules and change only their lines of an existing import map.
 *   precompress: false writes no brotli and gzip copies (the tests' shared development build,
 *   served to one local browser and read for its page: the copies were half of its time).
 *   banners: an extra legal comment (slash-star-bang) per module name (e.g. a release note), kept by the minifier, so part of its content and hash.
 */
export async function buildPortal(options = {}) {
  const target = options.outDir ?? defaultOutDir;
  if (options.only) return buildInto(target, options);
  // A full build writes a fresh folder beside the served one and swaps it in at the end: a
  // portal serving `target` (a deployment, someone's e2e run) never finds it empty or half written.
  const staging = `${target}.building-${process.pid}`;
  rmSync(staging, { recursive: true, force: true });
  try {
    const result = await buildInto(staging, options);
    const previous = `${target}.previous-${process.pid}`;
    if (existsSync(target)) renameSync(target, previous);
    renameSync(staging, target);
    rmSync(previous, { recursive: true, force: true });
    return { ...result, outDir: target };
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

/** Builds into `outDir`: everything (into an empty folder), or with `only`, in place. */
async function buildInto(outDir, options) {
  const mode = options.mode ?? 'production';
  const log = options.log ?? ((line) => console.log(line));
  const mapNames = importMapNames();
  const workspace = workspaceModules();
  const known = new Set(mapNames);
  for (const name of options.only ?? []) {
    if (!known.has(name))
      throw new Error(`--only ${name}: not an import-map module (${mapNames.join(', ')})`);
  }
  const selected = (name) => !options.only || options.only.includes(name);
  const mapFile = join(outDir, 'importmap.json');
  const manifestFile = join(outDir, 'build-manifest.json');
  const previous =
    options.only && existsSync(mapFile) ? JSON.parse(readFileSync(mapFile, 'utf8')) : { imports: {} };
  const previousManifest =
    options.only && existsSync(manifestFile) ? JSON.parse(readFileSync(manifestFile, 'utf8')) : {};
  if (options.only && !existsSync(mapFile))
    throw new Error(`--only needs a full build first (${mapFile} missing)`);
  mkdirSync(outDir, { recursive: true });

  const imports = { ...previous.imports };
  const manifest = { ...previousManifest };
  const banner = (name, version) =>
    [`/*! ${name}${version ? ` ${version}` : ''} */`, options.banners?.[name]].filter(Boolean).join('\n');

  for (const vendor of vendorModules) {
    if (!selected(vendor.name)) continue;
    const version = JSON.parse(
      readFileSync(packageFile(vendor.name.split('/')[0], 'package.json'), 'utf8'),
    ).version;
    const built = await buildModule({
      name: vendor.name,
      dir: 'vendor',
      vendor,
      externals: vendor.externals,
      mode,
      outDir,
      mapNames,
      banner: banner(vendor.name, version),
    });
    imports[vendor.name] = built.url;
    manifest[vendor.name] = { kind: 'vendor', version, files: built.files };
    log(`built ${vendor.name}`);
  }
  for (const mod of workspace) {
    if (!selected(mod.name)) continue;
    const built = await buildModule({
      name: mod.name,
      dir: kinds[mod.kind].dir,
      input: mod.entry,
      externals: mapNames.filter((n) => n !== mod.name),
      mode,
      outDir,
      mapNames,
      banner: banner(mod.name, mod.version),
    });
    imports[mod.name] = built.url;
    manifest[mod.name] = {
      kind: mod.kind,
      version: mod.version,
      files: built.files,
      translations: copyTranslations(mod, outDir),
    };
    log(`built ${mod.name}`);
  }

  // Pages outside the portal load the widgets as one script (standalone-widgets.mjs).
  const standalone = selected('@hcm/widgets')
    ? await buildStandaloneWidgets({
        outDir,
        mode,
        banner: banner('@hcm/widgets standalone', manifest['@hcm/widgets']?.version),
      })
    : null;
  if (standalone) log('built @hcm/widgets standalone');

  // The page itself changes only when SystemJS or the dev tools do, never when a module is rebuilt.
  if (!options.only) {
    const systemjs = hashedCopy(packageFile('systemjs', 'dist/system.min.js'), outDir, 'root', 'system');
    const overrides =
      mode === 'development'
        ? hashedCopy(
            packageFile('import-map-overrides', 'dist/import-map-overrides.js'),
            outDir,
            'root',
            'import-map-overrides',
          )
        : null;
    manifest['systemjs'] = { kind: 'loader', files: [{ fileName: systemjs, isEntry: true, imports: [] }] };
    if (overrides)
      manifest['import-map-overrides'] = {
        kind: 'dev-tool',
        files: [{ fileName: overrides, isEntry: true, imports: [] }],
      };
    writeFileSync(
      join(outDir, 'index.html'),
      renderIndexHtml({ systemjs: `/${systemjs}`, overrides: overrides && `/${overrides}` }),
    );
    copyThemes(outDir);
  }

  const importMap = {
    imports: Object.fromEntries(
      Object.keys(imports)
        .sort()
        .map((k) => [k, imports[k]]),
    ),
  };
  writeFileSync(mapFile, `${JSON.stringify(importMap, null, 2)}\n`);
  writeFileSync(manifestFile, `${JSON.stringify(manifest, null, 2)}\n`);
  // Production only (a development page must always load fresh files); an --only rebuild
  // refreshes the worker of a production build so that it precaches the new files.
  const serviceWorkerFile = join(outDir, SERVICE_WORKER_FILE);
  const writesServiceWorker = mode === 'production' && (!options.only || existsSync(serviceWorkerFile));
  if (writesServiceWorker) writeServiceWorker({ outDir, manifest, themeFiles: publishedThemeFiles(outDir) });
  // A full build compresses the whole (fresh) folder; an --only rebuild exactly the files it
  // wrote, so no other file changes and the map's .br/.gz never describe the previous map.
  const compress = options.precompress ?? true;
  if (compress)
    await precompress(
      outDir,
      options.only && [
        ...options.only.flatMap((name) => [
          ...manifest[name].files.map((f) => f.fileName),
          ...(manifest[name].translations ?? []),
        ]),
        'importmap.json',
        'build-manifest.json',
        ...(standalone ? [standalone] : []),
        ...(writesServiceWorker ? [SERVICE_WORKER_FILE] : []),
      ],
    );
  const report = sizeReport({
    outDir,
    importMap,
    manifest,
    standalone: existsSync(join(outDir, STANDALONE_WIDGETS_FILE)) ? STANDALONE_WIDGETS_FILE : null,
  });
  writeFileSync(join(outDir, 'size-report.json'), `${JSON.stringify(report, null, 2)}\n`);
  if (compress) await precompress(outDir, ['size-report.json']);
  return { outDir, importMap, manifest, report };
}
