import { describe, expect, it } from 'vitest';
import { readFileStoreConfig } from './config.ts';

const load = (env: Record<string, string>) => {
  const problems: string[] = [];
  const config = readFileStoreConfig((name) => env[name], problems, '/srv/hcm');
  return { config, problems };
};

describe('the file store configuration', () => {
  it('keeps files on disk under the data folder by default, and in a temporary folder for memory://', () => {
    expect(load({}).config).toEqual({ kind: 'local', dir: '/srv/hcm/data/files' });
    expect(load({ DATA_DIR: '/var/hcm' }).config).toEqual({ kind: 'local', dir: '/var/hcm/files' });
    expect(load({ DATA_DIR: 'memory://' }).config).toEqual({ kind: 'local', dir: undefined });
    expect(load({ FILE_STORE_DIR: 'uploads' }).config).toEqual({ kind: 'local', dir: '/srv/hcm/uploads' });
  });

  it('reads an S3 bucket, naming every missing or bad setting and never echoing the secret', () => {
    const ok = load({
      FILE_STORE: 's3',
      S3_ENDPOINT: 'http://minio:9000',
      S3_BUCKET: 'hcm-files',
      S3_ACCESS_KEY_ID: 'AKID',
      S3_SECRET_ACCESS_KEY: 'very-secret-value',
      S3_FORCE_PATH_STYLE: 'true',
    });
    expect(ok.problems).toEqual([]);
    expect(ok.config).toMatchObject({
      kind: 's3',
      region: 'us-east-1',
      forcePathStyle: true,
      bucket: 'hcm-files',
    });

    const bad = load({
      FILE_STORE: 's3',
      S3_ENDPOINT: 'ftp://x',
      S3_BUCKET: 'Bad_Bucket',
      S3_SECRET_ACCESS_KEY: 'very-secret-value',
    });
    expect(bad.problems).toEqual([
      'S3_ENDPOINT must be an http:// or https:// URL, got "ftp://x"',
      'S3_BUCKET must be a bucket name (3 to 63 lower-case letters, digits, . or -), got "Bad_Bucket"',
      'S3_ACCESS_KEY_ID is required when FILE_STORE=s3',
    ]);
    expect(bad.problems.join(' ')).not.toContain('very-secret-value');
    expect(load({ FILE_STORE: 'ftp' }).problems).toEqual(['FILE_STORE must be local or s3, got "ftp"']);
  });
});
