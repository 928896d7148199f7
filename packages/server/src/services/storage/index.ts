import multipart from '@fastify/multipart';
import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '../../db/database.ts';
import type { OutboundRecorder } from '../../http/outbound/outbound-log.ts';
import type { FileHolder } from '../../resources/files/readable-files.ts';
import type { FileStoreConfig } from './config.ts';
import { registerStorageRoutes } from './routes.ts';
import { createLocalStore } from './stores/local-store.ts';
import { createS3Store } from './stores/s3-store.ts';
import type { FileStore } from './stores/store.ts';

/** The store the configuration names; calls to a bucket go to the outbound log. */
export const openFileStore = async (
  config: FileStoreConfig,
  outbound?: OutboundRecorder,
): Promise<FileStore> =>
  config.kind === 's3' ? createS3Store(config, outbound) : createLocalStore(config.dir);

/**
 * The storage service: /api/storage/... (README "Files"). The store is opened once by the app
 * and shared with the services that read stored files (the documents printed from templates).
 */
export const storageService: FastifyPluginAsync<{
  deps: { db: Db; store: FileStore; fileHolders: readonly FileHolder[] };
}> = async (app, { deps }) => {
  await app.register(multipart);
  await registerStorageRoutes(app, deps);
};
