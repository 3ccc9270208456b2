import { readFile } from 'node:fs/promises';
import { AwsClient } from 'aws4fetch';
import {
  assertSafeKey,
  type FileStorage,
  KeyTakenError,
  ObjectNotFoundError,
} from './file-storage';

export type S3StorageOptions = {
  /** The service's address, e.g. https://s3.us-east-1.amazonaws.com or http://localhost:9000. */
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
};

/** The spec's cache control for uploads (section 7: cache control 3600). */
const CACHE_CONTROL = 'max-age=3600';

/**
 * S3-compatible object storage (AWS S3, MinIO, Cloudflare R2, Backblaze B2...) through signed
 * HTTP requests (AWS Signature V4 by aws4fetch), path-style: <endpoint>/<bucket>/<key>. A put
 * carries If-None-Match: * so an existing key is never overwritten (answered 412).
 * Uploads are at most 10 MB, so a file is sent whole with its SHA-256 in the signature.
 */
export function createS3Storage(options: S3StorageOptions, spoolDir: string): FileStorage {
  const client = new AwsClient({
    accessKeyId: options.accessKeyId,
    secretAccessKey: options.secretAccessKey,
    service: 's3',
    region: options.region,
    retries: 2,
  });
  const endpoint = options.endpoint.replace(/\/+$/, '');
  const urlOf = (key: string) => {
    assertSafeKey(key);
    const path = key.split('/').map(encodeURIComponent).join('/');
    return `${endpoint}/${encodeURIComponent(options.bucket)}/${path}`;
  };
  const failure = (action: string, status: number) =>
    // The status only: a response body may echo request details.
    new Error(`S3 ${action} failed with HTTP ${status}`);

  return {
    kind: 's3',
    spoolDir,
    async putFile(key, sourcePath, contentType) {
      const body = await readFile(sourcePath);
      const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', body));
      const response = await client.fetch(urlOf(key), {
        method: 'PUT',
        body,
        headers: {
          'Content-Type': contentType,
          'Cache-Control': CACHE_CONTROL,
          'If-None-Match': '*',
          'X-Amz-Content-Sha256': Buffer.from(digest).toString('hex'),
        },
      });
      await response.body?.cancel();
      if (response.status === 412) throw new KeyTakenError(key);
      if (!response.ok) throw failure('PUT', response.status);
    },
    async read(key) {
      const response = await client.fetch(urlOf(key), { method: 'GET' });
      if (response.status === 404) {
        await response.body?.cancel();
        throw new ObjectNotFoundError(key);
      }
      if (!response.ok) {
        await response.body?.cancel();
        throw failure('GET', response.status);
      }
      return Buffer.from(await response.arrayBuffer());
    },
    async remove(key) {
      const response = await client.fetch(urlOf(key), { method: 'DELETE' });
      await response.body?.cancel();
      if (!response.ok && response.status !== 404) throw failure('DELETE', response.status);
    },
    async close() {},
  };
}
