import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import {
  type AvatarUploadResponse,
  PROFILE_MESSAGES,
  profileRequestSchema,
} from '#shared/contracts/profile';
import { AVATAR } from '#shared/limits';
import type { Auth } from '../auth/auth-library';
import { AppError } from '../../lib/app-error';
import { requirePaid } from '../../lib/auth-guards';
import { jsonBody } from '../../lib/validate';
import {
  avatarFile,
  type ProfileDeps,
  profileOf,
  saveProfile,
  uploadAvatar,
} from './profile.service';

type ProfileRouteDeps = ProfileDeps & { auth: Auth };

/** The avatar upload's path: the app-wide 1 MB body limit leaves it to the route's own. */
export const AVATAR_UPLOAD_PATH = '/api/profile/avatar';

/** Room for the multipart boundaries and part headers around a file of the largest size. */
const MULTIPART_OVERHEAD_BYTES = 16 * 1024;

const avatarProblem = (message: string, code: 'invalid_input' | 'payload_too_large') =>
  new AppError(code, message, { avatar: message });

/**
 * The profile API (spec sections 2, 4 and 7), all for signed-in students with a completed payment
 * and all scoped to the signed-in student: read (prefilled when never saved), save, upload an
 * avatar, and read one's own avatar file back.
 */
export function profileRoutes(deps: ProfileRouteDeps) {
  const paid = requirePaid(deps.auth, deps.database);
  // Counted while the body arrives (or from Content-Length): a larger upload is refused unread.
  const uploadLimit = bodyLimit({
    maxSize: AVATAR.maxBytes + MULTIPART_OVERHEAD_BYTES,
    onError: () => {
      throw avatarProblem(PROFILE_MESSAGES.avatarSize, 'payload_too_large');
    },
  });

  return new Hono()
    .get('/', paid, async (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json(await profileOf(deps.database, c.get('user').id));
    })
    .put('/', paid, jsonBody(profileRequestSchema), async (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json(await saveProfile(deps.database, c.get('user').id, c.req.valid('json')));
    })
    .post('/avatar', paid, uploadLimit, async (c) => {
      let form: FormData;
      try {
        form = await c.req.raw.formData();
      } catch {
        throw avatarProblem(PROFILE_MESSAGES.avatarType, 'invalid_input');
      }
      const file = form.get('avatar');
      if (!(file instanceof File)) {
        throw avatarProblem(PROFILE_MESSAGES.avatarMissing, 'invalid_input');
      }
      // The name and declared type are ignored: avatar-image.ts reads the bytes themselves.
      const bytes = new Uint8Array(await file.arrayBuffer());
      const { avatarUrl } = await uploadAvatar(deps, c.get('user').id, bytes);
      const body: AvatarUploadResponse = { avatarUrl, message: PROFILE_MESSAGES.avatarUploaded };
      return c.json(body, 201);
    })
    .get('/avatar/:file', paid, async (c) => {
      const found = await avatarFile(deps, c.get('user').id, c.req.param('file'));
      if (!found) throw new AppError('not_found', 'This avatar was not found.');
      return c.body(new Uint8Array(found.bytes), 200, {
        'Content-Type': found.contentType,
        // Each upload gets a new name, so a cached copy never goes stale (spec: cache 3600 s).
        'Cache-Control': 'private, max-age=3600',
        'Content-Security-Policy': "default-src 'none'",
      });
    });
}
