import { createReadStream } from 'node:fs';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { startOutboundCall, type OutboundRecorder } from '../../../http/outbound/outbound-log.ts';
import type { FileStoreConfig } from '../config.ts';
import { EMPTY_SHA256, signRequest, uriEncode } from './sigv4.ts';
import type { FileStore } from './store.ts';

type S3Config = Extract<FileStoreConfig, { kind: 's3' }>;

/** How long one call to the bucket may go without a byte before it is given up. */
const IDLE_MS = 30_000;

/** The file store's name in the outbound log. */
export const FILE_STORE_TARGET = 'file-store';

/**
 * An S3-compatible bucket, spoken to with a small Signature V4 client of our own (node:http,
 * streaming both ways): PUT, HEAD, GET and DELETE of one object. The payload of a PUT is signed with
 * its real sha256 (computed while the upload arrived), so the store refuses altered bytes.
 * Each call is recorded in the outbound log (`outbound`) when its answer arrives or it fails:
 * its URL never holds a secret (the signature travels in the Authorization header, not logged).
 */
export function createS3Store(config: S3Config, outbound?: OutboundRecorder): FileStore {
  const endpoint = new URL(config.endpoint);
  const basePath = endpoint.pathname.replace(/\/+$/, '');
  const host = config.forcePathStyle ? endpoint.host : `${config.bucket}.${endpoint.host}`;
  const credentials = {
    accessKeyId: config.accessKeyId,
    secretAccessKey: config.secretAccessKey,
    region: config.region,
  };
  const pathOf = (key: string) =>
    uriEncode(config.forcePathStyle ? `${basePath}/${config.bucket}/${key}` : `${basePath}/${key}`, true);

  const call = (
    method: 'PUT' | 'HEAD' | 'GET' | 'DELETE',
    key: string,
    options: { headers?: Record<string, string>; sha256?: string; body?: Readable } = {},
  ): Promise<IncomingMessage> => {
    const encodedPath = pathOf(key);
    const headers = signRequest({
      method,
      encodedPath,
      headers: { host, ...options.headers },
      payloadSha256: options.sha256 ?? EMPTY_SHA256,
      credentials,
    });
    const send = endpoint.protocol === 'https:' ? httpsRequest : httpRequest;
    const logged = startOutboundCall(outbound, {
      target: FILE_STORE_TARGET,
      method,
      url: `${endpoint.protocol}//${host}${encodedPath}`,
      bytesSent: options.body ? Number(options.headers?.['content-length'] ?? NaN) || null : 0,
    });
    return new Promise<IncomingMessage>((resolvePromise, reject) => {
      const req = send(
        {
          protocol: endpoint.protocol,
          hostname: endpoint.hostname,
          port: endpoint.port || undefined,
          method,
          path: encodedPath,
          headers,
          timeout: IDLE_MS,
        },
        (response) => {
          // Time to the answer; the bytes its content-length announces (the body is the caller's).
          const length = response.headers['content-length'];
          logged.end({ status: response.statusCode ?? null, bytesReceived: length ? Number(length) : null });
          resolvePromise(response);
        },
      );
      req.on('timeout', () => req.destroy(new Error(`the file store did not answer ${method} in time`)));
      req.on('error', (error) => {
        logged.end({ error });
        reject(error);
      });
      if (options.body) pipeline(options.body, req).catch(reject);
      else req.end();
    });
  };

  const failure = async (response: IncomingMessage, what: string) => {
    const chunks: Buffer[] = [];
    for await (const chunk of response) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8').slice(0, 300);
    return new Error(`the file store refused ${what}: HTTP ${response.statusCode} ${text}`);
  };

  return {
    kind: 's3',
    async put(key, path, info) {
      const response = await call('PUT', key, {
        headers: { 'content-length': String(info.size), 'content-type': info.contentType },
        sha256: info.sha256,
        body: createReadStream(path),
      });
      if (response.statusCode !== 200) throw await failure(response, `PUT ${key}`);
      response.resume();
    },
    async exists(key) {
      const response = await call('HEAD', key);
      response.resume();
      if (response.statusCode === 200) return true;
      // S3 answers a missing key 403 to a caller without s3:ListBucket: a write follows either way,
      // and a real refusal is then reported by that PUT
      if (response.statusCode === 404 || response.statusCode === 403) return false;
      throw new Error(`the file store refused HEAD ${key}: HTTP ${response.statusCode}`);
    },
    async get(key) {
      const response = await call('GET', key);
      if (response.statusCode === 404) {
        response.resume();
        return undefined;
      }
      if (response.statusCode !== 200) throw await failure(response, `GET ${key}`);
      return response;
    },
    async delete(key) {
      const response = await call('DELETE', key);
      if (response.statusCode !== 204 && response.statusCode !== 200 && response.statusCode !== 404)
        throw await failure(response, `DELETE ${key}`);
      response.resume();
    },
    async close() {},
  };
}
