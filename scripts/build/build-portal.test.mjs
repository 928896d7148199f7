// The import map's promises, checked on a real production build: every shared library is built
// once and listed once, and rebuilding one micro-app changes only that micro-app's line.
// The full production and development builds it reads are the test run's shared ones
// (testing/shared-build.mjs); what it rebuilds, it rebuilds in a copy.
import { STANDALONE_WIDGETS_FILE } from './standalone-widgets.mjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cpSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { buildPortal } from './build-portal.mjs';
import { isCompressible, isVariant, MIN_BYTES } from './precompress.mjs';
import { sharedBuild, swapRecord } from './testing/shared-build.mjs';

const quiet = () => {};
const madeDirs = [];
/** A fresh output folder, removed after the suite (each build writes about 2.5 MB). */
const outputDir = (prefix) => {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  madeDirs.push(dir);
  return dir;
};
const readMap = (dir) => JSON.parse(readFileSync(join(dir, 'importmap.json'), 'utf8')).imports;
const changedKeys = (a, b) => Object.keys({ ...a, ...b }).filter((k) => a[k] !== b[k]);
const listFiles = (dir, prefix = '') =>
  readdirSync(join(dir, prefix)).flatMap((f) =>
    statSync(join(dir, prefix, f)).isDirectory() ? listFiles(dir, join(prefix, f)) : [join(prefix, f)],
  );
const snapshot = (dir) => new Map(listFiles(dir).map((f) => [f, readFileSync(join(dir, f)).toString('hex')]));

/** The compressed copies of `file` decompress to it exactly ({ br, gz }: whether each is there). */
function expectVariantsMatch(dir, file) {
  const original = readFileSync(join(dir, file));
  const br = readFileSync(join(dir, `${file}.br`));
  const gz = readFileSync(join(dir, `${file}.gz`));
  expect(brotliDecompressSync(br).equals(original), `${file}.br`).toBe(true);
  expect(gunzipSync(gz).equals(original), `${file}.gz`).toBe(true);
  expect(br.length).toBeLessThan(original.length);
  expect(gz.length).toBeLessThan(original.length);
}

describe('portal build', () => {
  let first;
  let firstDir;

  afterAll(() => {
    for (const dir of madeDirs) rmSync(dir, { recursive: true, force: true });
  });

  beforeAll(async () => {
    first = await sharedBuild('production');
    firstDir = first.outDir;
  });

  it('lists each shared library and React once, and no module bundles its own React', () => {
    const names = Object.keys(first.importMap.imports);
    expect(names).toEqual(
      expect.arrayContaining([
        'react',
        'react/jsx-runtime',
        'react-dom',
        'react-dom/client',
        'rxjs',
        'i18next',
        'dayjs',
        'axios',
        'single-spa',
        '@hcm/ui',
        '@hcm/session',
        '@hcm/i18n',
        '@hcm/contracts',
        '@hcm/shell',
        '@hcm/widgets',
        '@hcm/admin',
        '@hcm/root-config',
      ]),
    );
    expect(new Set(Object.values(first.importMap.imports)).size).toBe(names.length);
    // React's hooks dispatcher lives in the react module; a bundled copy would carry its own.
    const withOwnReact = listFiles(firstDir)
      .filter((f) => f.endsWith('.js'))
      .filter((f) => readFileSync(join(firstDir, f), 'utf8').includes('react.transitional.element'))
      .filter((f) => !f.startsWith('vendor/'));
    // ...except the widgets' standalone bundle, for pages that have no React of their own
    expect(withOwnReact).toEqual([STANDALONE_WIDGETS_FILE]);
    expect(first.report.standalone).toMatchObject({ file: STANDALONE_WIDGETS_FILE });
    expect(first.report.standalone.br).toBeGreaterThan(0);
    const shellFile = first.importMap.imports['@hcm/shell'].slice(1);
    const shellDeps = readFileSync(join(firstDir, shellFile), 'utf8').match(
      /System\.register\((\[[^\]]*\])/,
    )[1];
    expect(JSON.parse(shellDeps)).toEqual(expect.arrayContaining(['react', '@hcm/ui', '@hcm/session']));
  });

  it('writes a brotli and a gzip copy beside every text file of 256 bytes or more', () => {
    const files = listFiles(firstDir).filter((f) => !isVariant(f));
    const worthIt = files.filter((f) => isCompressible(f) && statSync(join(firstDir, f)).size >= MIN_BYTES);
    // What the sign-in page loads first is among them.
    expect(worthIt).toEqual(expect.arrayContaining(['index.html', 'importmap.json', 'sw.js']));
    expect(worthIt.filter((f) => f.endsWith('.js')).length).toBeGreaterThan(15);
    for (const file of worthIt) expectVariantsMatch(firstDir, file);
    // Below MIN_BYTES (the theme icons) nothing is written: the headers weigh more than the saving.
    const tiny = files.filter((f) => statSync(join(firstDir, f)).size < MIN_BYTES);
    for (const file of tiny) {
      expect(listFiles(firstDir)).not.toContain(`${file}.br`);
      expect(listFiles(firstDir)).not.toContain(`${file}.gz`);
    }
  });

  it('rebuilding one micro-app with --only changes only its line, and leaves the page alone', async () => {
    const dir = outputDir('hcm-build-only-');
    cpSync(firstDir, dir, { recursive: true });
    const html = readFileSync(join(dir, 'index.html'), 'utf8');
    const before = snapshot(dir);
    await buildPortal({
      outDir: dir,
      only: ['@hcm/shell'],
      banners: { '@hcm/shell': '/*! release 2 */' },
      log: quiet,
    });
    expect(changedKeys(readMap(firstDir), readMap(dir))).toEqual(['@hcm/shell']);
    expect(readFileSync(join(dir, 'index.html'), 'utf8')).toBe(html);

    // The new shell files come with their compressed copies, and the map's copies are the new
    // map's: the server prefers importmap.json.br, so a stale one would keep the old shell.
    const shellEntry = readMap(dir)['@hcm/shell'].slice(1);
    expectVariantsMatch(dir, shellEntry);
    expectVariantsMatch(dir, 'importmap.json');
    expectVariantsMatch(dir, 'sw.js');

    // Nothing else changed: only the shell's new files, and the map, manifest, worker and
    // report (each with its copies) were rewritten.
    const after = snapshot(dir);
    const changed = [...after.keys()].filter((f) => before.get(f) !== after.get(f));
    const rewritten = ['importmap.json', 'build-manifest.json', 'sw.js', 'size-report.json'];
    expect(
      changed.filter((f) => !f.startsWith('apps/hcm-shell') && !rewritten.some((r) => f.startsWith(r))),
    ).toEqual([]);
    expect([...before.keys()].filter((f) => !after.has(f))).toEqual([]);
    expect(changed).toEqual(expect.arrayContaining(['importmap.json.br', 'importmap.json.gz']));
  });

  it('releases the administration app alone: --only @hcm/admin changes its line and its own files only', async () => {
    const dir = outputDir('hcm-build-admin-');
    cpSync(firstDir, dir, { recursive: true });
    const before = snapshot(dir);
    await buildPortal({
      outDir: dir,
      only: ['@hcm/admin'],
      banners: { '@hcm/admin': '/*! admin release 2 */' },
      log: quiet,
    });
    expect(changedKeys(readMap(firstDir), readMap(dir))).toEqual(['@hcm/admin']);
    const after = snapshot(dir);
    const changed = [...after.keys()].filter((f) => before.get(f) !== after.get(f));
    const rewritten = ['importmap.json', 'build-manifest.json', 'sw.js', 'size-report.json'];
    expect(
      changed.filter((f) => !f.startsWith('apps/hcm-admin') && !rewritten.some((r) => f.startsWith(r))),
    ).toEqual([]);
    // its pages are lazy chunks of its own, beside an entry within the micro-app budget
    const chunks = [...after.keys()].filter((f) => /^apps\/hcm-admin-.*\.js$/.test(f));
    expect(chunks.length).toBeGreaterThanOrEqual(6);
    expect(existsSync(join(dir, 'i18n/admin/vi.json'))).toBe(true);
    expect(existsSync(join(dir, 'i18n/admin/en.json'))).toBe(true);
  });

  // What a full rebuild after changing one micro-app would show (only its line changes), proved
  // without a second full production build (26 s of both cores alone): a module's files change
  // only with its own sources or its own build's output, and the map's line is its entry's name.
  it('names no file of another module in any built file but the map, manifest, worker and report', () => {
    const owner = new Map();
    for (const [name, entry] of Object.entries(first.manifest))
      for (const { fileName } of entry.files) owner.set(fileName, name);
    const escaped = [...owner.keys()].map((f) => basename(f).replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
    const names = new RegExp(escaped.join('|'), 'g');
    const byBase = new Map([...owner.keys()].map((f) => [basename(f), f]));
    const lists = ['importmap.json', 'build-manifest.json', 'sw.js', 'size-report.json'];
    const crossings = [];
    const files = listFiles(firstDir).filter((f) => isCompressible(f) && !isVariant(f) && !lists.includes(f));
    for (const file of files)
      for (const [named] of readFileSync(join(firstDir, file), 'utf8').matchAll(names)) {
        const target = byBase.get(named);
        // the page loads the module loader; a module's chunks load each other
        const allowed =
          file === 'index.html'
            ? first.manifest[owner.get(target)]?.kind === 'loader'
            : owner.get(file) === owner.get(target);
        if (!allowed) crossings.push(`${file} names ${target}`);
      }
    expect(files.length).toBeGreaterThan(50);
    expect(crossings).toEqual([]);
    // ...and the lists do name them: the check above would find them
    expect(readFileSync(join(firstDir, 'sw.js'), 'utf8').match(names)?.length).toBeGreaterThan(50);
  });

  it('builds the same bytes again from the same sources: a vendor module and a micro-app rebuilt change no file', async () => {
    const dir = outputDir('hcm-build-again-');
    cpSync(firstDir, dir, { recursive: true });
    const before = snapshot(dir);
    await buildPortal({ outDir: dir, only: ['react-dom', '@hcm/organization'], log: quiet });
    const after = snapshot(dir);
    expect([...after.keys()].filter((f) => before.get(f) !== after.get(f))).toEqual([]);
    expect([...after.keys()].length).toBe(before.size);
  });

  it('swaps a full build in at once over a folder being served, leaving nothing beside it', async () => {
    // The development build is the run's full build over a served folder (testing/shared-build.mjs:
    // a previous build's page and map watched while it was made).
    expect(await swapRecord()).toEqual({ missing: [], replaced: true, leftovers: [] });
  });

  it('meets every size budget of the design', () => {
    const failing = [...first.report.modules, ...first.report.groups].filter((m) => !m.ok);
    expect(failing).toEqual([]);
  });

  it('gives the page its icon inline, so the browser asks for no icon file on any navigation', () => {
    const page = readFileSync(join(firstDir, 'index.html'), 'utf8');
    expect(page).toMatch(
      /<link rel="icon" type="image\/svg\+xml" href="data:image\/svg\+xml,%3Csvg[^"]+" \/>/,
    );
    expect(page).not.toContain('/themes/default-icon.svg');
  });

  it('puts import-map-overrides on the development page only', async () => {
    const production = readFileSync(join(firstDir, 'index.html'), 'utf8');
    expect(production).not.toContain('import-map-overrides');
    expect(listFiles(firstDir).filter((f) => f.includes('import-map-overrides'))).toEqual([]);
    const { outDir: dir } = await sharedBuild('development');
    const development = readFileSync(join(dir, 'index.html'), 'utf8');
    expect(development).toMatch(/<script src="\/root\/import-map-overrides\.[0-9a-f]{12}\.js"><\/script>/);
    expect(development).toContain('<import-map-overrides-full');
  });
});
