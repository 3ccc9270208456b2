import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EnvError, parseEnv } from '../../env';
import { createFileStorage } from '.';

const s3 = {
  S3_ENDPOINT: 'http://127.0.0.1:9000',
  S3_BUCKET: 'study-materials',
  S3_ACCESS_KEY_ID: 'minio',
  S3_SECRET_ACCESS_KEY: 'minio-secret',
};

describe('storage configuration', () => {
  it('reads the S3 variables', () => {
    expect(parseEnv({ ...s3, S3_REGION: 'auto' })).toMatchObject({ ...s3, S3_REGION: 'auto' });
    expect(parseEnv({}).S3_ENDPOINT).toBeUndefined();
  });

  it('names every missing S3 variable, never echoing the secret', () => {
    const error = (() => {
      try {
        parseEnv({ S3_BUCKET: 'study-materials', S3_SECRET_ACCESS_KEY: 'do-not-print' });
      } catch (caught) {
        return caught as EnvError;
      }
    })();
    expect(error).toBeInstanceOf(EnvError);
    expect(error!.problems.map((problem) => problem.split(' ')[0])).toEqual([
      'S3_ENDPOINT',
      'S3_ACCESS_KEY_ID',
    ]);
    expect(error!.message).not.toContain('do-not-print');
    expect(() => parseEnv({ ...s3, S3_BUCKET: 'Not A Bucket' })).toThrow(/S3_BUCKET/);
  });

  it('stores on local disk under DATA_DIR/uploads by default, S3 when configured', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'starprep-storage-config-'));
    try {
      const local = createFileStorage({ dataDir });
      expect(local.kind).toBe('local');
      expect(local.spoolDir).toBe(join(dataDir, 'uploads', '.incoming'));
      const remote = createFileStorage({
        dataDir,
        s3: {
          endpoint: s3.S3_ENDPOINT,
          bucket: s3.S3_BUCKET,
          accessKeyId: 'a',
          secretAccessKey: 'b',
          region: 'us-east-1',
        },
      });
      expect(remote.kind).toBe('s3');
      // Without a data folder (tests, tools): a temporary one, made on first use, removed on close.
      const temporary = createFileStorage({});
      const root = join(temporary.spoolDir, '..');
      expect(existsSync(root)).toBe(false);
      const file = join(dataDir, 'note.txt');
      writeFileSync(file, 'note');
      await temporary.putFile('user-1/1_note.txt', file, 'text/plain');
      expect((await temporary.read('user-1/1_note.txt')).toString()).toBe('note');
      await temporary.close();
      expect(existsSync(root)).toBe(false);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
