import { isAbsolute, resolve } from 'node:path';

/** Where uploaded files' bytes live (README "Files"). */
export type FileStoreConfig =
  /** dir undefined: a temporary folder removed when the server closes (DATA_DIR=memory://) */
  | { kind: 'local'; dir: string | undefined }
  | {
      kind: 's3';
      endpoint: string;
      bucket: string;
      region: string;
      accessKeyId: string;
      secretAccessKey: string;
      /** https://endpoint/bucket/key rather than https://bucket.endpoint/key */
      forcePathStyle: boolean;
    };

/**
 * FILE_STORE=local (default) keeps files under FILE_STORE_DIR, else under DATA_DIR/files
 * (./data/files); with DATA_DIR=memory:// in a temporary folder removed on close.
 * FILE_STORE=s3 wants S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY
 * (S3_REGION us-east-1, S3_FORCE_PATH_STYLE false by default). Secrets are never echoed.
 */
export function readFileStoreConfig(
  read: (name: string) => string | undefined,
  problems: string[],
  cwd: string,
): FileStoreConfig {
  const kind = (read('FILE_STORE') ?? 'local').toLowerCase();
  if (kind === 's3') {
    const required = (name: string): string => {
      const value = read(name);
      if (value === undefined) problems.push(`${name} is required when FILE_STORE=s3`);
      return value ?? '';
    };
    const endpoint = required('S3_ENDPOINT');
    if (endpoint !== '' && (!/^https?:\/\//.test(endpoint) || !URL.canParse(endpoint)))
      problems.push(`S3_ENDPOINT must be an http:// or https:// URL, got "${endpoint}"`);
    const bucket = required('S3_BUCKET');
    if (bucket !== '' && !/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket))
      problems.push(
        `S3_BUCKET must be a bucket name (3 to 63 lower-case letters, digits, . or -), got "${bucket}"`,
      );
    const pathStyle = (read('S3_FORCE_PATH_STYLE') ?? 'false').toLowerCase();
    if (pathStyle !== 'true' && pathStyle !== 'false')
      problems.push(`S3_FORCE_PATH_STYLE must be true or false, got "${pathStyle}"`);
    return {
      kind: 's3',
      endpoint,
      bucket,
      region: read('S3_REGION') ?? 'us-east-1',
      accessKeyId: required('S3_ACCESS_KEY_ID'),
      secretAccessKey: required('S3_SECRET_ACCESS_KEY'),
      forcePathStyle: pathStyle === 'true',
    };
  }
  if (kind !== 'local') problems.push(`FILE_STORE must be local or s3, got "${kind}"`);
  const explicit = read('FILE_STORE_DIR');
  if (explicit !== undefined)
    return { kind: 'local', dir: isAbsolute(explicit) ? explicit : resolve(cwd, explicit) };
  const dataDir = read('DATA_DIR') ?? './data';
  return { kind: 'local', dir: dataDir === 'memory://' ? undefined : resolve(cwd, dataDir, 'files') };
}
