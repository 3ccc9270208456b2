import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';

/**
 * Where avatars live: the spec's avatars bucket, path `<user id>/avatar_<timestamp>.<extension>`.
 * The default keeps them on disk under DATA_DIR/avatars; an object-storage adapter would implement
 * the same three calls.
 */
export type AvatarStore = {
  save(userId: string, fileName: string, bytes: Uint8Array): Promise<void>;
  /** The file's bytes, or undefined when the user has no file of that name. */
  read(userId: string, fileName: string): Promise<Uint8Array | undefined>;
  /** Removes the file; a file already gone is not an error. */
  remove(userId: string, fileName: string): Promise<void>;
};

/** File names the store writes and serves: avatar_<milliseconds>.<webp|jpg>. */
export const AVATAR_FILE_NAME = /^avatar_\d{13}\.(webp|jpg)$/;
// better-auth ids are letters and digits; anything else never becomes a folder name.
const USER_ID = /^[A-Za-z0-9_-]{1,100}$/;

function pathOf(folder: string, userId: string, fileName: string): string {
  if (!USER_ID.test(userId) || !AVATAR_FILE_NAME.test(fileName)) {
    throw new Error('invalid avatar path');
  }
  return join(folder, userId, fileName);
}

export function createDiskAvatarStore(folder: string): AvatarStore {
  const root = resolve(folder);
  return {
    async save(userId, fileName, bytes) {
      const target = pathOf(root, userId, fileName);
      await mkdir(join(root, userId), { recursive: true });
      // Written beside the target, then renamed: a reader never sees half a file.
      const partial = `${target}.${randomBytes(6).toString('hex')}.part`;
      try {
        await writeFile(partial, bytes, { mode: 0o600 });
        await rename(partial, target);
      } catch (error) {
        await rm(partial, { force: true });
        throw error;
      }
    },
    async read(userId, fileName) {
      if (!USER_ID.test(userId) || !AVATAR_FILE_NAME.test(fileName)) return undefined;
      try {
        return await readFile(pathOf(root, userId, fileName));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      }
    },
    async remove(userId, fileName) {
      await rm(pathOf(root, userId, fileName), { force: true });
    },
  };
}
