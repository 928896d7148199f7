import { createReadStream } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { copyFile, mkdir, mkdtemp, rename, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve, sep } from 'node:path';
import type { Readable } from 'node:stream';
import type { FileStore } from './store.ts';

/**
 * Files on the local disk under `dir` (DATA_DIR/files by default); `dir` undefined: a
 * temporary folder removed on close (DATA_DIR=memory://, tests).
 */
export async function createLocalStore(
  dir: string | undefined,
): Promise<FileStore & { readonly root: string }> {
  const temporary = dir === undefined;
  const root = temporary ? await mkdtemp(join(tmpdir(), 'hcm-files-')) : resolve(dir);
  await mkdir(root, { recursive: true });
  const pathOf = (key: string): string => {
    const path = resolve(root, key);
    // Keys are made by the service; this only guards against a mistake there.
    if (!path.startsWith(root + sep)) throw new Error(`file key outside the store: ${key}`);
    return path;
  };
  return {
    kind: 'local',
    root,
    async put(key, from) {
      const to = pathOf(key);
      await mkdir(dirname(to), { recursive: true });
      try {
        await rename(from, to);
      } catch (error) {
        // Another file system (the temporary folder on another disk): copy beside the key, then
        // rename, so that a file under its key is never a half-copied one (exists() trusts it).
        if ((error as { code?: string }).code !== 'EXDEV') throw error;
        const copying = `${to}.${randomUUID()}.partial`;
        try {
          await copyFile(from, copying);
          await rename(copying, to);
        } finally {
          await rm(copying, { force: true });
        }
        await rm(from, { force: true });
      }
    },
    async exists(key) {
      try {
        return (await stat(pathOf(key))).isFile();
      } catch {
        return false;
      }
    },
    async get(key) {
      const path = pathOf(key);
      try {
        await stat(path);
      } catch {
        return undefined;
      }
      return createReadStream(path) as Readable;
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
    async close() {
      if (temporary) await rm(root, { recursive: true, force: true });
    },
  };
}
