import type { Readable } from 'node:stream';

/**
 * Where the bytes of uploaded files live: one small interface, two backends (local disk,
 * S3-compatible bucket). Keys are made by the service (`<tenant or system>/<file id>`), never
 * from a client's input.
 */
export interface FileStore {
  readonly kind: 'local' | 's3';
  /** stores the file at `path` (a finished temporary file) under `key`; sha256 is its hex digest */
  put(key: string, path: string, info: { size: number; sha256: string; contentType: string }): Promise<void>;
  /**
   * whether an object is stored under `key` (a put is all or nothing, so one there is whole): for
   * content-addressed keys, whose bytes never change, a write that can be skipped
   */
  exists(key: string): Promise<boolean>;
  /** the stored bytes, streamed; undefined when there is no such object */
  get(key: string): Promise<Readable | undefined>;
  /** removes the object (nothing when it is already gone) */
  delete(key: string): Promise<void>;
  /** releases what the store holds (a temporary folder) */
  close(): Promise<void>;
}
