import { describe, expect, it, beforeEach } from 'vitest';
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { formatSizeReport, sizeReport } from './size-report.mjs';

// Random bytes do not compress: the build writes no .br or .gz for them (precompress.mjs), so a
// file of n random bytes is sent as n bytes.
const writeRandom = (dir, name, bytes) => {
  mkdirSync(join(dir, name, '..'), { recursive: true });
  writeFileSync(join(dir, name), randomBytes(bytes));
};

describe('size report', () => {
  let outDir;
  const importMap = { imports: { '@hcm/shell': '/apps/hcm-shell.1.js', react: '/vendor/react.1.js' } };
  const manifest = (shellEntryImports = ['react', 'apps/hcm-shell-chunk.1.js']) => ({
    react: { kind: 'vendor', files: [{ fileName: 'vendor/react.1.js', isEntry: true, imports: [] }] },
    '@hcm/shell': {
      kind: 'micro-app',
      files: [
        { fileName: 'apps/hcm-shell.1.js', isEntry: true, imports: shellEntryImports },
        { fileName: 'apps/hcm-shell-chunk.1.js', isEntry: false, imports: [] },
        { fileName: 'apps/hcm-shell-lazy.1.js', isEntry: false, imports: [] },
      ],
    },
  });

  beforeEach(() => {
    outDir = mkdtempSync(join(tmpdir(), 'size-report-'));
    writeRandom(outDir, 'vendor/react.1.js', 10 * 1024);
    writeRandom(outDir, 'apps/hcm-shell-lazy.1.js', 200 * 1024);
  });

  it('counts a micro-app entry and its static chunks, not its lazy chunks, against 60 KiB', () => {
    writeRandom(outDir, 'apps/hcm-shell.1.js', 30 * 1024);
    writeRandom(outDir, 'apps/hcm-shell-chunk.1.js', 20 * 1024);
    const report = sizeReport({ outDir, importMap, manifest: manifest() });
    const shell = report.modules.find((m) => m.name === '@hcm/shell');
    expect(shell.files).toEqual(['apps/hcm-shell.1.js', 'apps/hcm-shell-chunk.1.js']);
    expect(shell.ok).toBe(true);
    expect(report.ok).toBe(true);
  });

  it('fails when a micro-app entry exceeds its budget and says which', () => {
    writeRandom(outDir, 'apps/hcm-shell.1.js', 50 * 1024);
    writeRandom(outDir, 'apps/hcm-shell-chunk.1.js', 20 * 1024);
    const report = sizeReport({ outDir, importMap, manifest: manifest() });
    expect(report.ok).toBe(false);
    expect(formatSizeReport(report)).toMatch(/@hcm\/shell\s+micro-app.*60 KiB EXCEEDED/);
  });

  it('adds the shared modules the shell imports to what the sign-in page loads', () => {
    writeRandom(outDir, 'apps/hcm-shell.1.js', 1024);
    writeRandom(outDir, 'apps/hcm-shell-chunk.1.js', 1024);
    const report = sizeReport({ outDir, importMap, manifest: manifest() });
    const signIn = report.groups.find((g) => g.label.includes('sign-in'));
    expect(signIn.modules).toContain('react');
    expect(signIn.br).toBe(12 * 1024);
    expect(signIn.gzip).toBe(12 * 1024);
  });

  it('counts what the server sends: the .br when there is one, else the .gz, else the file', () => {
    writeRandom(outDir, 'apps/hcm-shell.1.js', 90 * 1024);
    writeRandom(outDir, 'apps/hcm-shell.1.js.gz', 50 * 1024);
    writeRandom(outDir, 'apps/hcm-shell.1.js.br', 40 * 1024);
    writeRandom(outDir, 'apps/hcm-shell-chunk.1.js', 30 * 1024);
    writeRandom(outDir, 'apps/hcm-shell-chunk.1.js.gz', 10 * 1024);
    const report = sizeReport({ outDir, importMap, manifest: manifest() });
    const shell = report.modules.find((m) => m.name === '@hcm/shell');
    expect(shell).toMatchObject({ raw: 120 * 1024, gzip: 60 * 1024, br: 50 * 1024, ok: true });
    const signIn = report.groups.find((g) => g.label.includes('sign-in'));
    expect(signIn).toMatchObject({ gzip: 70 * 1024, br: 60 * 1024 });
    expect(formatSizeReport(report)).toMatch(
      /@hcm\/shell\s+micro-app\s+120\.0 KiB\s+60\.0 KiB\s+50\.0 KiB\s+60 KiB ok/,
    );
    expect(formatSizeReport(report)).toContain('sign-in page loads: 60.0 KiB br (gzip 70.0 KiB)');
  });
});
