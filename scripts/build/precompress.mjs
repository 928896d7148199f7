// Precompression of the built front end: beside each file the browser may load, `file.br`
// (brotli, quality 11) and `file.gz` (gzip, level 9), written once at build time so the server
// only picks one by Accept-Encoding (packages/server/src/http/static-front-end.ts) and never
// compresses per request.
//
// The rule (docs/performance.md "Browser bundle sizes"): a file is tried when its extension is a
// text format (COMPRESSIBLE) and it has at least MIN_BYTES; a variant is kept only when it is at
// most KEEP_RATIO of the file. Images and fonts are already compressed and never tried; below
// MIN_BYTES the response's headers outweigh any saving. A variant that is not kept is removed,
// so a rebuilt file never sits beside a stale .br or .gz of its previous content.
import { brotliCompress, constants, gzip } from 'node:zlib';
import { promisify } from 'node:util';
import { readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { extname, join } from 'node:path';

export const COMPRESSIBLE = new Set([
  '.js',
  '.mjs',
  '.css',
  '.json',
  '.html',
  '.svg',
  '.map',
  '.txt',
  '.xml',
  '.webmanifest',
]);
export const MIN_BYTES = 256;
export const KEEP_RATIO = 0.9;
/** The variants, in the server's order of preference. */
export const ENCODINGS = [
  { encoding: 'br', extension: '.br' },
  { encoding: 'gzip', extension: '.gz' },
];

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

const compressors = {
  br: (content) =>
    brotli(content, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
      },
    }),
  gzip: (content) => gzipAsync(content, { level: constants.Z_BEST_COMPRESSION }),
};

/** True for a variant this module writes (never itself compressed again). */
export const isVariant = (fileName) => ENCODINGS.some((e) => fileName.endsWith(e.extension));

export const isCompressible = (fileName) => COMPRESSIBLE.has(extname(fileName).toLowerCase());

/**
 * Writes (or removes) `path.br` and `path.gz` for one file; returns the sizes it kept
 * ({ raw, br?, gzip? }).
 */
export async function precompressFile(path) {
  const content = await readFile(path);
  const sizes = { raw: content.length };
  const tried = isCompressible(path) && content.length >= MIN_BYTES;
  for (const { encoding, extension } of ENCODINGS) {
    const compressed = tried ? await compressors[encoding](content) : null;
    if (compressed && compressed.length <= content.length * KEEP_RATIO) {
      await writeFile(`${path}${extension}`, compressed);
      sizes[encoding] = compressed.length;
    } else {
      await rm(`${path}${extension}`, { force: true });
    }
  }
  return sizes;
}

/** Every file under `dir` (relative, with '/'), variants excluded. */
export async function listBuiltFiles(dir) {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile() && !isVariant(e.name))
    .map((e) =>
      join(e.parentPath ?? e.path, e.name)
        .slice(dir.length + 1)
        .split('\\')
        .join('/'),
    )
    .sort();
}

/**
 * Precompresses `files` (relative to `outDir`; all of its files when omitted). Two at a time:
 * brotli 11 is CPU-bound and this machine has two cores.
 */
export async function precompress(outDir, files) {
  const queue = [...(files ?? (await listBuiltFiles(outDir)))];
  const worker = async () => {
    for (let file = queue.shift(); file !== undefined; file = queue.shift())
      await precompressFile(join(outDir, file));
  };
  await Promise.all([worker(), worker()]);
}
