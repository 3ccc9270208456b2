import { createHash } from 'node:crypto';
import type { WrittenMc } from './schema';

/**
 * What a blind review vouches for: the stem, the options and the key. A change to any of them
 * changes the hash, so the item needs a new review; a reworded explanation does not.
 */
export function reviewHash(item: Pick<WrittenMc, 'stem' | 'options' | 'key'>): string {
  return createHash('sha256')
    .update(JSON.stringify([item.stem, item.options, item.key]))
    .digest('hex')
    .slice(0, 16);
}
