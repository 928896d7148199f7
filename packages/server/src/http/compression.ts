import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { API_PREFIX } from '@hcm/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** Below this many bytes an answer goes as it is: the saving would not pay for the work. */
export const COMPRESS_MIN_BYTES = 1024;

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/**
 * Brotli at quality 4, gzip at level 6: per answer, on two cores, speed matters more than the
 * last bytes (brotli 11 is for the build's files, written once: scripts/build/precompress.mjs).
 * Both run on libuv's thread pool, off the event loop.
 */
const BROTLI_OPTIONS = {
  params: { [constants.BROTLI_PARAM_QUALITY]: 4, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT },
};
const GZIP_OPTIONS = { level: 6 };

/** The coding the caller accepts that we prefer (br, then gzip), or none; q=0 refuses one. */
export function chosenEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | null {
  if (!acceptEncoding) return null;
  const accepted = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    accepted.set(name, q === undefined ? 1 : Number(q));
  }
  const weight = (name: string) => accepted.get(name) ?? accepted.get('*') ?? 0;
  if (weight('br') > 0) return 'br';
  if (weight('gzip') > 0) return 'gzip';
  return null;
}

const isJson = (reply: FastifyReply) => {
  const type = reply.getHeader('content-type');
  return typeof type === 'string' && /^application\/(?:[\w.+-]+\+)?json\b/i.test(type);
};

/**
 * Compresses every JSON answer of the API of COMPRESS_MIN_BYTES or more, with the coding the
 * caller accepts (issue 29: a page of 25 employees was 43.6 KB as sent). Streams (the event
 * stream, exports, files) are never touched: only a body already whole in memory is. `Vary:
 * Accept-Encoding` goes on every API answer, compressed or not, so that no cache between hands
 * one caller's coding to another.
 */
export function registerCompression(app: FastifyInstance): void {
  app.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    if (!request.url.startsWith(`${API_PREFIX}/`)) return payload;
    reply.header('vary', 'Accept-Encoding');
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    if (reply.statusCode === 204 || reply.statusCode === 304 || reply.hasHeader('content-encoding'))
      return payload;
    if (Buffer.byteLength(payload) < COMPRESS_MIN_BYTES || !isJson(reply)) return payload;
    const encoding = chosenEncoding(request.headers['accept-encoding']);
    if (!encoding) return payload;
    const body =
      encoding === 'br' ? await brotli(payload, BROTLI_OPTIONS) : await gzipped(payload, GZIP_OPTIONS);
    reply.header('content-encoding', encoding);
    reply.removeHeader('content-length');
    // other bytes than the tag was taken of: equal in meaning only (what nginx does too)
    const etag = reply.getHeader('etag');
    if (typeof etag === 'string' && etag.startsWith('"')) reply.header('etag', `W/${etag}`);
    return body;
  });
}
