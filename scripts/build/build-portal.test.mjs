// The import map's promises, checked on a real production build: every shared library is built
// once and listed once, and rebuilding one micro-app changes only that micro-app's line.
import { beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, readdirSync, statSync, cpSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildPortal } from './build-portal.mjs';

const quiet = () => {};
const readMap = (dir) => JSON.parse(readFileSync(join(dir, 'importmap.json'), 'utf8')).imports;
const changedKeys = (a, b) => Object.keys({ ...a, ...b }).filter((k) => a[k] !== b[k]);
const listFiles = (dir, prefix = '') =>
  readdirSync(join(dir, prefix)).flatMap((f) =>
    statSync(join(dir, prefix, f)).isDirectory() ? listFiles(dir, join(prefix, f)) : [join(prefix, f)],
  );

describe('portal build', () => {
  let first;
  let firstDir;

  beforeAll(async () => {
    firstDir = mkdtempSync(join(tmpdir(), 'hcm-build-a-'));
    first = await buildPortal({ outDir: firstDir, log: quiet });
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
        '@hcm/root-config',
      ]),
    );
    expect(new Set(Object.values(first.importMap.imports)).size).toBe(names.length);
    // React's hooks dispatcher lives in the react module; a bundled copy would carry its own.
    const withOwnReact = listFiles(firstDir)
      .filter((f) => f.endsWith('.js'))
      .filter((f) => readFileSync(join(firstDir, f), 'utf8').includes('react.transitional.element'))
      .filter((f) => !f.startsWith('vendor/'));
    expect(withOwnReact).toEqual([]);
    const shellFile = first.importMap.imports['@hcm/shell'].slice(1);
    const shellDeps = readFileSync(join(firstDir, shellFile), 'utf8').match(
      /System\.register\((\[[^\]]*\])/,
    )[1];
    expect(JSON.parse(shellDeps)).toEqual(expect.arrayContaining(['react', '@hcm/ui', '@hcm/session']));
  });

  it('rebuilding one micro-app with --only changes only its line, and leaves the page alone', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hcm-build-only-'));
    cpSync(firstDir, dir, { recursive: true });
    const html = readFileSync(join(dir, 'index.html'), 'utf8');
    await buildPortal({
      outDir: dir,
      only: ['@hcm/shell'],
      banners: { '@hcm/shell': '/*! release 2 */' },
      log: quiet,
    });
    expect(changedKeys(readMap(firstDir), readMap(dir))).toEqual(['@hcm/shell']);
    expect(readFileSync(join(dir, 'index.html'), 'utf8')).toBe(html);
  });

  it('a full rebuild after changing one micro-app changes only its line: no other hash depends on it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hcm-build-b-'));
    await buildPortal({ outDir: dir, banners: { '@hcm/shell': '/*! release 2 */' }, log: quiet });
    expect(changedKeys(readMap(firstDir), readMap(dir))).toEqual(['@hcm/shell']);
  });

  it('meets every size budget of the design', () => {
    const failing = [...first.report.modules, ...first.report.groups].filter((m) => !m.ok);
    expect(failing).toEqual([]);
  });

  it('puts import-map-overrides on the development page only', async () => {
    const production = readFileSync(join(firstDir, 'index.html'), 'utf8');
    expect(production).not.toContain('import-map-overrides');
    expect(listFiles(firstDir).filter((f) => f.includes('import-map-overrides'))).toEqual([]);
    const dir = mkdtempSync(join(tmpdir(), 'hcm-build-dev-'));
    await buildPortal({ outDir: dir, mode: 'development', log: quiet });
    const development = readFileSync(join(dir, 'index.html'), 'utf8');
    expect(development).toMatch(/<script src="\/root\/import-map-overrides\.[0-9a-f]{12}\.js"><\/script>/);
    expect(development).toContain('<import-map-overrides-full');
  });
});
