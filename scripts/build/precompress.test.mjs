// The precompression rule (precompress.mjs): text files of MIN_BYTES or more get a .br and a .gz
// that decompress to them; images, tiny files and incompressible content get none, and a stale
// copy of a file's previous content never survives a rebuild.
import { beforeEach, describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { listBuiltFiles, MIN_BYTES, precompress, precompressFile } from './precompress.mjs';

const script = 'System.register([], function () { return { execute: function () {} } });\n'.repeat(40);

describe('precompress', () => {
  let dir;
  const write = (name, content) => {
    mkdirSync(join(dir, name, '..'), { recursive: true });
    writeFileSync(join(dir, name), content);
  };
  const variants = (name) => ({
    br: existsSync(join(dir, `${name}.br`)),
    gz: existsSync(join(dir, `${name}.gz`)),
  });

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'precompress-'));
  });

  it('writes a brotli and a gzip copy of a text file that decompress to it', async () => {
    write('apps/shell.0123456789ab.js', script);
    const sizes = await precompressFile(join(dir, 'apps/shell.0123456789ab.js'));
    const br = readFileSync(join(dir, 'apps/shell.0123456789ab.js.br'));
    const gz = readFileSync(join(dir, 'apps/shell.0123456789ab.js.gz'));
    expect(brotliDecompressSync(br).toString()).toBe(script);
    expect(gunzipSync(gz).toString()).toBe(script);
    expect(sizes).toEqual({ raw: script.length, br: br.length, gzip: gz.length });
    expect(br.length).toBeLessThan(gz.length);
  });

  it('leaves images, files under MIN_BYTES and incompressible text alone', async () => {
    write('themes/logo.png', Buffer.alloc(4096));
    write('themes/icon.svg', '<svg xmlns="http://www.w3.org/2000/svg"/>'.padEnd(MIN_BYTES - 1, ' '));
    write('data.json', randomBytes(4096).toString('base64').slice(0, 4096));
    write('index.html', `<!doctype html>${'<p>portal</p>'.repeat(50)}`);
    await precompress(dir);
    expect(variants('themes/logo.png')).toEqual({ br: false, gz: false });
    expect(variants('themes/icon.svg')).toEqual({ br: false, gz: false });
    expect(variants('index.html')).toEqual({ br: true, gz: true });
    // base64 of random bytes: brotli and gzip save about a quarter, so both are kept; raw random
    // bytes in a .json would save nothing and get none.
    expect(variants('data.json')).toEqual({ br: true, gz: true });
    write('data.json', randomBytes(4096));
    await precompress(dir, ['data.json']);
    expect(variants('data.json')).toEqual({ br: false, gz: false });
  });

  it('lists the built files without their copies, and compresses only those it is given', async () => {
    write(
      'importmap.json',
      JSON.stringify({ imports: { react: '/vendor/react.0123456789ab.js' } }, null, 8).repeat(8),
    );
    write('sw.js', script);
    await precompress(dir, ['importmap.json']);
    expect(variants('importmap.json')).toEqual({ br: true, gz: true });
    expect(variants('sw.js')).toEqual({ br: false, gz: false });
    expect(await listBuiltFiles(dir)).toEqual(['importmap.json', 'sw.js']);
  });
});
