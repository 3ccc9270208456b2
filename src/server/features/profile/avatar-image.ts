import sharp from 'sharp';
import {
  AVATAR_STORED_MAX_PIXELS,
  PROFILE_MESSAGES,
  sniffImageType,
} from '#shared/contracts/profile';
import { AVATAR } from '#shared/limits';
import { AppError } from '../../lib/app-error';

// Avatars are decoded once and never again: libvips' operation cache would only hold memory.
sharp.cache(false);

/**
 * The most pixels an upload may declare (sharp's own default, 16383 × 16383). A small PNG can
 * claim enormous dimensions; decoding streams and shrinks on the way, so even the largest allowed
 * stays within about 60 MB and a fraction of a second, and anything larger is refused unread.
 */
export const AVATAR_MAX_INPUT_PIXELS = 16_383 * 16_383;
/** Images decoded at once; more uploads wait their turn instead of adding memory. */
const CONCURRENT_DECODES = 2;

export type StoredAvatar = { bytes: Buffer; extension: 'webp'; width: number; height: number };

let running = 0;
const waiting: (() => void)[] = [];

async function withDecodeSlot<T>(work: () => Promise<T>): Promise<T> {
  if (running >= CONCURRENT_DECODES) await new Promise<void>((wake) => waiting.push(wake));
  running += 1;
  try {
    return await work();
  } finally {
    running -= 1;
    waiting.shift()?.();
  }
}

/**
 * Turns an upload into the image we keep: the bytes must really be JPEG, PNG or WebP (whatever the
 * file is called or claims to be) and under 2 MB; the picture is turned upright, reduced to at most
 * 512 × 512 and written again as WebP, so no metadata (EXIF, GPS, ICC, comments) and no oversized
 * pixels survive. Bad input is an AppError with the spec's message, never a 500.
 */
export async function reencodeAvatar(upload: Uint8Array): Promise<StoredAvatar> {
  if (upload.length === 0 || !sniffImageType(upload)) {
    throw new AppError('invalid_input', PROFILE_MESSAGES.avatarType, {
      avatar: PROFILE_MESSAGES.avatarType,
    });
  }
  if (upload.length > AVATAR.maxBytes) {
    throw new AppError('payload_too_large', PROFILE_MESSAGES.avatarSize, {
      avatar: PROFILE_MESSAGES.avatarSize,
    });
  }
  return withDecodeSlot(async () => {
    try {
      const { data, info } = await sharp(upload, {
        limitInputPixels: AVATAR_MAX_INPUT_PIXELS,
        // An animated WebP or PNG keeps its first frame only.
        pages: 1,
      })
        .autoOrient()
        .resize(AVATAR_STORED_MAX_PIXELS, AVATAR_STORED_MAX_PIXELS, {
          fit: 'inside',
          withoutEnlargement: true,
        })
        .webp({ quality: 82, effort: 4 })
        .toBuffer({ resolveWithObject: true });
      return { bytes: data, extension: 'webp', width: info.width, height: info.height };
    } catch (error) {
      const message = error instanceof Error ? error.message : '';
      if (/pixel limit/i.test(message)) {
        throw new AppError('invalid_input', PROFILE_MESSAGES.avatarDimensions, {
          avatar: PROFILE_MESSAGES.avatarDimensions,
        });
      }
      // Right signature, but not a picture libvips can read (truncated, corrupt).
      throw new AppError('invalid_input', PROFILE_MESSAGES.avatarType, {
        avatar: PROFILE_MESSAGES.avatarType,
      });
    }
  });
}
