import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FileStorage } from './file-storage';
import { createLocalStorage } from './local-storage';
import { createS3Storage, type S3StorageOptions } from './s3-storage';

export type { FileStorage } from './file-storage';
export type { S3StorageOptions } from './s3-storage';

/**
 * S3-compatible storage when configured; otherwise local disk under `<dataDir>/uploads`. With
 * neither (tests, tools) a temporary folder of its own, made on first use and removed on close.
 */
export function createFileStorage(options: {
  dataDir?: string;
  s3?: S3StorageOptions;
}): FileStorage {
  if (options.s3) {
    const spool = options.dataDir
      ? join(options.dataDir, 'uploads-incoming')
      : join(tmpdir(), `starprep-spool-${randomUUID()}`);
    return createS3Storage(options.s3, spool);
  }
  if (options.dataDir) return createLocalStorage(join(options.dataDir, 'uploads'));
  return createLocalStorage(join(tmpdir(), `starprep-uploads-${randomUUID()}`), { ownsRoot: true });
}
