// Sizes per module and for what the sign-in page loads, as the browser receives them, checked
// against the budgets of the design (KiB): root runtime about 20, each micro-app entry 60, each
// widget 10, everything the sign-in page loads 350.
//
// "As the browser receives them" means the precompressed files the server sends
// (precompress.mjs, static-front-end.ts): `br` is what a browser accepting brotli (every current
// one) receives: the .br when there is one, else the .gz, else the file itself; budgets are
// checked against it. `gzip` (the .gz, else the file) is what a client without brotli receives.
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { kinds } from './import-map-modules.mjs';

export const budgetsKiB = { rootRuntime: 20, signInPage: 350 };
const KiB = 1024;

const sizeIfExists = (path) => (existsSync(path) ? statSync(path).size : null);

const sizeOf = (outDir, fileName) => {
  const path = join(outDir, fileName);
  const raw = statSync(path).size;
  const gzip = sizeIfExists(`${path}.gz`) ?? raw;
  return { raw, gzip, br: sizeIfExists(`${path}.br`) ?? gzip };
};
const sum = (sizes, key) => sizes.reduce((s, x) => s + x[key], 0);

/** The files a module loads before its code runs: its entry and the chunks it imports statically. */
function ownFiles(entry) {
  const byName = new Map(entry.files.map((f) => [f.fileName, f]));
  const seen = new Set();
  const visit = (file) => {
    if (seen.has(file.fileName)) return;
    seen.add(file.fileName);
    for (const i of file.imports) if (byName.has(i)) visit(byName.get(i));
  };
  entry.files.filter((f) => f.isEntry).forEach(visit);
  return [...seen];
}

/** Import-map names a module's own files import. */
function dependencies(entry, importMap) {
  const names = new Set();
  for (const f of entry.files) for (const i of f.imports) if (importMap.imports[i]) names.add(i);
  return names;
}

/**
 * @param {{ outDir: string, importMap: object, manifest: object, standalone?: string | null }} input
 *   standalone: the widgets' standalone bundle, reported (it has no budget: it carries React and
 *   Fluent for pages that have neither).
 */
export function sizeReport({ outDir, importMap, manifest, standalone = null }) {
  const modules = Object.entries(manifest).map(([name, entry]) => {
    const files = ownFiles(entry);
    const sizes = files.map((f) => sizeOf(outDir, f));
    const br = sum(sizes, 'br');
    const budgetKiB = kinds[entry.kind]?.budgetKiB ?? null;
    return {
      name,
      kind: entry.kind,
      files,
      raw: sum(sizes, 'raw'),
      gzip: sum(sizes, 'gzip'),
      br,
      budgetKiB,
      ok: budgetKiB === null || br <= budgetKiB * KiB,
    };
  });
  const byName = new Map(modules.map((m) => [m.name, m]));

  const closure = (roots) => {
    const seen = new Set();
    const visit = (name) => {
      if (seen.has(name) || !manifest[name]) return;
      seen.add(name);
      dependencies(manifest[name], importMap).forEach(visit);
    };
    roots.forEach(visit);
    return [...seen];
  };
  const pageFiles = ['index.html', 'importmap.json'].filter((f) => existsSync(join(outDir, f)));

  const rootRuntime = ['systemjs', 'single-spa', '@hcm/root-config'];
  // The sign-in page is the root config mounting the shell, in Vietnamese (the default language).
  const signInModules = ['systemjs', ...closure(['@hcm/root-config', '@hcm/shell'])];
  const signInTranslations = signInModules.flatMap((n) =>
    (manifest[n]?.translations ?? []).filter((t) => t.endsWith('/vi.json')),
  );

  const group = (label, names, budgetKiB, extraFiles = []) => {
    const parts = [
      ...names.map((n) => byName.get(n) ?? { gzip: 0, br: 0 }),
      ...extraFiles.map((f) => sizeOf(outDir, f)),
    ];
    const br = sum(parts, 'br');
    return {
      label,
      modules: names,
      extraFiles,
      gzip: sum(parts, 'gzip'),
      br,
      budgetKiB,
      ok: br <= budgetKiB * KiB,
    };
  };
  const groups = [
    group('root runtime (SystemJS, single-spa, root config)', rootRuntime, budgetsKiB.rootRuntime),
    group('everything the sign-in page loads', signInModules, budgetsKiB.signInPage, [
      ...pageFiles,
      ...signInTranslations,
    ]),
  ];
  const standaloneSize = standalone ? { file: standalone, ...sizeOf(outDir, standalone) } : null;
  return {
    modules,
    groups,
    standalone: standaloneSize,
    ok: modules.every((m) => m.ok) && groups.every((g) => g.ok),
  };
}

const kib = (bytes) => `${(bytes / KiB).toFixed(1)} KiB`;

export function formatSizeReport(report) {
  const lines = [
    'module                          kind         raw          gzip         br           budget (br)',
  ];
  for (const m of report.modules) {
    lines.push(
      [
        m.name.padEnd(31),
        m.kind.padEnd(12),
        kib(m.raw).padEnd(12),
        kib(m.gzip).padEnd(12),
        kib(m.br).padEnd(12),
        m.budgetKiB === null ? '-' : `${m.budgetKiB} KiB ${m.ok ? 'ok' : 'EXCEEDED'}`,
      ].join(' '),
    );
  }
  for (const g of report.groups) {
    lines.push(
      `${g.label}: ${kib(g.br)} br (gzip ${kib(g.gzip)}) of ${g.budgetKiB} KiB ${g.ok ? 'ok' : 'EXCEEDED'}`,
    );
  }
  if (report.standalone) {
    const s = report.standalone;
    lines.push(
      `widgets standalone bundle (${s.file}): ${kib(s.br)} br (gzip ${kib(s.gzip)}, raw ${kib(s.raw)})`,
    );
  }
  return lines.join('\n');
}
