import { createReadStream } from 'node:fs';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FileStoreConfig } from '../config.ts';
import { EMPTY_SHA256, signRequest, uriEncode } from './sigv4.ts';
import type { FileStore } from './store.ts';

type S3Config = Extract<FileStoreConfig, { kind: 's3' }>;

/** How long one call to the bucket may go without a byte before it is given up. */
const IDLE_MS = 30_000;

/**
 * An S3-compatible bucket, spoken to with a small Signature V4 client of our own (node:http,
 * streaming both ways): PUT, GET and DELETE of one object. The payload of a PUT is signed with
 * its real sha256 (computed while the upload arrived), so the store refuses altered bytes.
 */
export function createS3Store(config: S3Config): FileStore {
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
    method: 'PUT' | 'GET' | 'DELETE',
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
        resolvePromise,
      );
      req.on('timeout', () => req.destroy(new Error(`the file store did not answer ${method} in time`)));
      req.on('error', reject);
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
