import { copyFile, link, mkdir, readFile, rm, unlink } from 'node:fs/promises';
import { constants } from 'node:fs';
import { dirname, join, resolve, sep } from 'node:path';
import {
  assertSafeKey,
  type FileStorage,
  KeyTakenError,
  ObjectNotFoundError,
} from './file-storage';

/**
 * Files under one folder (DATA_DIR/uploads by default), a key's segments as sub-folders. An
 * upload's spool lives beside them in `.incoming`, so storing is a hard link on the same disk.
 */
export function createLocalStorage(root: string, options: { ownsRoot?: boolean } = {}) {
  const base = resolve(root);
  const spoolDir = join(base, '.incoming');
  const pathOf = (key: string) => {
    assertSafeKey(key);
    const path = resolve(base, ...key.split('/'));
    if (!path.startsWith(base + sep)) throw new Error('unsafe storage key');
    return path;
  };

  const storage: FileStorage = {
    kind: 'local',
    spoolDir,
    async putFile(key, sourcePath) {
      const target = pathOf(key);
      await mkdir(dirname(target), { recursive: true });
      try {
        // A hard link never replaces an existing file: EEXIST means the key is taken.
        await link(sourcePath, target);
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        if (code === 'EEXIST') throw new KeyTakenError(key);
        if (code !== 'EXDEV' && code !== 'EPERM' && code !== 'ENOTSUP') throw error;
        // Another disk (or no hard links): copy, still refusing to overwrite.
        try {
          await copyFile(sourcePath, target, constants.COPYFILE_EXCL);
        } catch (copyError) {
          if ((copyError as NodeJS.ErrnoException).code === 'EEXIST') throw new KeyTakenError(key);
          throw copyError;
        }
      }
    },
    async read(key) {
      try {
        return await readFile(pathOf(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new ObjectNotFoundError(key);
        throw error;
      }
    },
    async remove(key) {
      try {
        await unlink(pathOf(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      }
    },
    async close() {
      if (options.ownsRoot) await rm(base, { recursive: true, force: true });
    },
  };
  return storage;
}
