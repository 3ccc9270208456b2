import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';
import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AvatarUploadResponse,
  PROFILE_MESSAGES,
  type ProfileResponse,
} from '#shared/contracts/profile';
import { notAllowedMessage, tooLongMessage } from '#shared/contracts/text';
import { AVATAR } from '#shared/limits';
import { PAYMENT_REQUIRED_MESSAGE, SIGN_IN_REQUIRED_MESSAGE } from '../../lib/auth-guards';
import { confirmedStudent } from '../../../../tests/support/accounts';
import { paidStudent } from '../../../../tests/support/paid-student';
import { createTestApp, TEST_ORIGIN } from '../../../../tests/support/test-app';
import { createTestDatabase } from '../../../../tests/support/test-database';
import type { Database } from '../../db/client';
import { userProfiles } from '../../db/schema';

/** The profile API: prefill, save, every rule and message, avatars checked by their bytes. */
let database: Database;
let app: ReturnType<typeof createTestApp>['app'];
let avatarFolder: string;

beforeAll(async () => {
  database = await createTestDatabase();
  avatarFolder = mkdtempSync(join(tmpdir(), 'starprep-avatars-'));
  ({ app } = createTestApp(database, { avatarFolder }));
});
afterAll(async () => {
  await database.close();
  rmSync(avatarFolder, { recursive: true, force: true });
});

const getProfile = (cookie?: string, target = app) =>
  target.request('/api/profile', { headers: cookie ? { Cookie: cookie } : {} });

const putProfile = (cookie: string | undefined, body: unknown, target = app) =>
  target.request('/api/profile', {
    method: 'PUT',
    headers: {
      'Content-Type': 'application/json',
      Origin: TEST_ORIGIN,
      ...(cookie && { Cookie: cookie }),
    },
    body: JSON.stringify(body),
  });

function upload(
  cookie: string | undefined,
  bytes: Uint8Array,
  { name = 'me.png', type = 'image/png', target = app } = {},
) {
  const form = new FormData();
  form.append('avatar', new Blob([new Uint8Array(bytes)], { type }), name);
  return target.request('/api/profile/avatar', {
    method: 'POST',
    headers: { Origin: TEST_ORIGIN, ...(cookie && { Cookie: cookie }) },
    body: form,
  });
}

const getAvatar = (cookie: string | undefined, url: string) =>
  app.request(url, { headers: cookie ? { Cookie: cookie } : {} });

async function uploaded(cookie: string, bytes: Uint8Array, options = {}) {
  const response = await upload(cookie, bytes, options);
  expect(response.status, await response.clone().text()).toBe(201);
  return (await response.json()) as AvatarUploadResponse;
}

const errorOf = async (response: Response) =>
  ((await response.json()) as { error: { code: string; message: string; fields?: object } }).error;

const validProfile = {
  firstName: 'Grace',
  lastName: 'Hopper',
  email: 'grace@example.com',
  phone: '+1 (555) 010-1906',
  professionCategory: 'Software Engineer',
  professionSymbol: 'wrench',
  bio: 'Rear admiral.\nCompiler pioneer.',
};

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 120, g: 40, b: 200 } } })
    .png()
    .toBuffer();

describe('reading and saving the profile', () => {
  it('prefills a never-saved profile from the account e-mail and the registration name', async () => {
    const { cookie, form } = await paidStudent(app, database, {
      firstName: 'Ada',
      lastName: 'King Lovelace',
    });
    const response = await getProfile(cookie);
    expect(response.status).toBe(200);
    expect(response.headers.get('Cache-Control')).toBe('no-store');
    expect(await response.json()).toEqual({
      saved: false,
      profile: {
        firstName: 'Ada',
        lastName: 'King Lovelace',
        email: form.email,
        phone: '',
        professionCategory: '',
        professionSymbol: 'briefcase',
        bio: '',
        avatarUrl: null,
      },
    } satisfies ProfileResponse);
  });

  it('saves, reads back, and saves again over the same row (upsert on user_id)', async () => {
    const { cookie, userId } = await paidStudent(app, database);
    const saved = await putProfile(cookie, validProfile);
    expect(saved.status).toBe(200);
    const expected = { saved: true, profile: { ...validProfile, avatarUrl: null } };
    expect(await saved.json()).toEqual(expected);
    expect(await (await getProfile(cookie)).json()).toEqual(expected);

    const again = await putProfile(cookie, { ...validProfile, bio: '', professionSymbol: 'scale' });
    expect(((await again.json()) as ProfileResponse).profile).toMatchObject({
      bio: '',
      professionSymbol: 'scale',
    });
    // One row per student: the second save updated the first.
    const mine = await database.db
      .select({ symbol: userProfiles.professionSymbol })
      .from(userProfiles)
      .where(eq(userProfiles.userId, userId));
    expect(mine).toEqual([{ symbol: 'scale' }]);
  });

  it('keeps each student to their own profile', async () => {
    const first = await paidStudent(app, database);
    const second = await paidStudent(app, database, { firstName: 'Other', lastName: 'Person' });
    await putProfile(first.cookie, validProfile);
    const other = (await (await getProfile(second.cookie)).json()) as ProfileResponse;
    expect(other).toMatchObject({ saved: false, profile: { firstName: 'Other' } });
  });

  it('sanitizes text: angle brackets removed, trimmed; a bio keeps its line breaks', async () => {
    const { cookie } = await paidStudent(app, database);
    const response = await putProfile(cookie, {
      ...validProfile,
      firstName: '  Grace ',
      professionCategory: '<b>Nurse</b>',
      bio: ' line one\r\nline <two> ',
    });
    expect(((await response.json()) as ProfileResponse).profile).toMatchObject({
      firstName: 'Grace',
      professionCategory: 'bNurse/b',
      bio: 'line one\nline two',
    });
  });

  it('defaults the symbol to the briefcase and optional fields to empty', async () => {
    const { cookie } = await paidStudent(app, database);
    const response = await putProfile(cookie, { firstName: 'Grace', lastName: 'Hopper' });
    expect(response.status).toBe(200);
    expect(((await response.json()) as ProfileResponse).profile).toEqual({
      firstName: 'Grace',
      lastName: 'Hopper',
      email: '',
      phone: '',
      professionCategory: '',
      professionSymbol: 'briefcase',
      bio: '',
      avatarUrl: null,
    });
  });
});

describe('profile validation (spec section 5)', () => {
  let cookie: string;
  beforeAll(async () => {
    ({ cookie } = await paidStudent(app, database));
  });

  const required = PROFILE_MESSAGES.namesRequired;
  const cases: [string, Record<string, unknown>, string, string][] = [
    ['empty first name', { firstName: '' }, 'firstName', required],
    ['blank last name', { lastName: '   ' }, 'lastName', required],
    ['missing first name', { firstName: undefined }, 'firstName', required],
    ['a number for a name', { lastName: 42 }, 'lastName', required],
    ['a name of only brackets', { firstName: '<>' }, 'firstName', required],
    ['a digit in a name', { firstName: 'Gr4ce' }, 'firstName', PROFILE_MESSAGES.nameLetters],
    [
      '51-letter first name',
      { firstName: 'a'.repeat(51) },
      'firstName',
      tooLongMessage('First name', 50),
    ],
    [
      '51-letter last name',
      { lastName: 'b'.repeat(51) },
      'lastName',
      tooLongMessage('Last name', 50),
    ],
    [
      '101-character e-mail',
      { email: `${'e'.repeat(89)}@example.com` },
      'email',
      tooLongMessage('Email', 100),
    ],
    ['bad e-mail', { email: 'grace-at-example' }, 'email', PROFILE_MESSAGES.email],
    ['21-character phone', { phone: '1'.repeat(21) }, 'phone', tooLongMessage('Phone', 20)],
    ['bad phone', { phone: 'call me' }, 'phone', PROFILE_MESSAGES.phone],
    [
      '101-character profession',
      { professionCategory: 'p'.repeat(101) },
      'professionCategory',
      tooLongMessage('Profession category', 100),
    ],
    ['501-character bio', { bio: 'x'.repeat(501) }, 'bio', tooLongMessage('Bio', 500)],
    ['a huge bio', { bio: 'x'.repeat(200_000) }, 'bio', tooLongMessage('Bio', 500)],
    ['unknown symbol', { professionSymbol: 'rocket' }, 'professionSymbol', PROFILE_MESSAGES.symbol],
    ['NUL in a name', { firstName: 'Gra\u0000ce' }, 'firstName', notAllowedMessage('First name')],
    [
      'right-to-left override',
      { lastName: 'Hop\u202eper' },
      'lastName',
      notAllowedMessage('Last name'),
    ],
    [
      'zero-width space in the e-mail',
      { email: 'grace\u200b@example.com' },
      'email',
      notAllowedMessage('Email'),
    ],
    ['a tab in the phone', { phone: '555\t0101' }, 'phone', notAllowedMessage('Phone')],
    [
      'a BOM in the profession',
      { professionCategory: '\ufeffNurse' },
      'professionCategory',
      notAllowedMessage('Profession category'),
    ],
    ['an escape in the bio', { bio: 'hi \u001b[31m' }, 'bio', notAllowedMessage('Bio')],
    ['a number for the bio', { bio: 12 }, 'bio', 'Bio must be text.'],
  ];

  it.each(cases)('refuses %s with its message', async (_case, change, field, message) => {
    const response = await putProfile(cookie, { ...validProfile, ...change });
    expect(response.status).toBe(400);
    const error = await errorOf(response);
    expect(error).toMatchObject({ code: 'invalid_input', message, fields: { [field]: message } });
  });

  it('answers any JSON object with 200 or 400, never a 500', async () => {
    const fields = ['firstName', 'lastName', 'email', 'phone', 'professionCategory', 'bio'];
    const value = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 80 }),
      fc.string({ maxLength: 600 }),
      fc.integer(),
      fc.boolean(),
      fc.constant(null),
      fc.array(fc.string(), { maxLength: 3 }),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.dictionary(fc.constantFrom(...fields, 'professionSymbol', 'avatarUrl', 'id'), value),
        async (change) => {
          const response = await putProfile(cookie, { ...validProfile, ...change });
          expect([200, 400]).toContain(response.status);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('accepts exactly the maximum lengths', async () => {
    const response = await putProfile(cookie, {
      firstName: 'a'.repeat(50),
      lastName: 'b'.repeat(50),
      email: `${'e'.repeat(88)}@example.com`,
      phone: '+1 555 010 1906 7777',
      professionCategory: 'p'.repeat(100),
      professionSymbol: 'graduation',
      bio: 'x'.repeat(500),
    });
    expect(response.status).toBe(200);
  });

  it('refuses a body that is not JSON, or not an object', async () => {
    for (const body of ['not json', '[]', 'null']) {
      const response = await app.request('/api/profile', {
        method: 'PUT',
        headers: { 'Content-Type': 'application/json', Origin: TEST_ORIGIN, Cookie: cookie },
        body,
      });
      expect(response.status, body).toBe(400);
    }
  });

  it('answers a missing table with the spec’s "not ready" message', async () => {
    const broken = await createTestDatabase();
    try {
      const { app: brokenApp } = createTestApp(broken, { avatarFolder });
      const student = await paidStudent(brokenApp, broken);
      await broken.db.execute(sql`alter table user_profiles rename to user_profiles_gone`);
      const response = await putProfile(student.cookie, validProfile, brokenApp);
      expect(response.status).toBe(503);
      expect(await errorOf(response)).toMatchObject({
        message: PROFILE_MESSAGES.databaseNotReady,
      });
    } finally {
      await broken.close();
    }
  });
});

describe('access (spec section 4)', () => {
  it('refuses anonymous callers with 401 on every profile call', async () => {
    const calls = [
      getProfile(),
      putProfile(undefined, validProfile),
      upload(undefined, await png(10, 10)),
      getAvatar(undefined, '/api/profile/avatar/avatar_1700000000000.webp'),
    ];
    for (const response of await Promise.all(calls)) {
      expect(response.status).toBe(401);
      expect(await errorOf(response)).toMatchObject({ message: SIGN_IN_REQUIRED_MESSAGE });
    }
  });

  it('refuses a signed-in student without a completed payment with 402', async () => {
    const { cookie } = await confirmedStudent(app, database);
    const calls = [
      getProfile(cookie),
      putProfile(cookie, validProfile),
      upload(cookie, await png(10, 10)),
      getAvatar(cookie, '/api/profile/avatar/avatar_1700000000000.webp'),
    ];
    for (const response of await Promise.all(calls)) {
      expect(response.status).toBe(402);
      expect(await errorOf(response)).toMatchObject({ message: PAYMENT_REQUIRED_MESSAGE });
    }
  });

  it('refuses a save from another site', async () => {
    const { cookie } = await paidStudent(app, database);
    const response = await app.request('/api/profile', {
      method: 'PUT',
      headers: {
        'Content-Type': 'application/json',
        Origin: 'https://evil.example',
        Cookie: cookie,
      },
      body: JSON.stringify(validProfile),
    });
    expect(response.status).toBe(403);
  });
});

describe('avatar upload', () => {
  let cookie: string;
  let userId: string;
  beforeAll(async () => {
    ({ cookie, userId } = await paidStudent(app, database));
  });

  it('stores a PNG as a WebP under <user id>/avatar_<timestamp>, served to its owner', async () => {
    const { avatarUrl, message } = await uploaded(cookie, await png(300, 200));
    expect(message).toBe(PROFILE_MESSAGES.avatarUploaded);
    expect(avatarUrl).toMatch(/^\/api\/profile\/avatar\/avatar_\d{13}\.webp$/);
    expect(readdirSync(join(avatarFolder, userId))).toEqual([avatarUrl.split('/').pop()]);

    const profile = (await (await getProfile(cookie)).json()) as ProfileResponse;
    expect(profile.profile.avatarUrl).toBe(avatarUrl);

    const served = await getAvatar(cookie, avatarUrl);
    expect(served.status).toBe(200);
    expect(served.headers.get('Content-Type')).toBe('image/webp');
    expect(served.headers.get('Cache-Control')).toBe('private, max-age=3600');
    expect(served.headers.get('X-Content-Type-Options')).toBe('nosniff');
    const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 300, height: 200 });
  });

  it('accepts JPEG and WebP by their bytes, whatever the name and declared type', async () => {
    const jpeg = await sharp(await png(64, 64))
      .jpeg()
      .toBuffer();
    const webp = await sharp(await png(64, 64))
      .webp()
      .toBuffer();
    await uploaded(cookie, jpeg, { name: 'photo.txt', type: 'text/plain' });
    await uploaded(cookie, webp, { name: 'no-extension', type: 'application/octet-stream' });
  });

  it('replaces the previous file on a new upload', async () => {
    const student = await paidStudent(app, database);
    const first = await uploaded(student.cookie, await png(40, 40));
    await new Promise((resolve) => setTimeout(resolve, 5));
    const second = await uploaded(student.cookie, await png(50, 50));
    expect(readdirSync(join(avatarFolder, student.userId))).toEqual([
      second.avatarUrl.split('/').pop(),
    ]);
    expect((await getAvatar(student.cookie, first.avatarUrl)).status).toBe(404);
    expect((await getAvatar(student.cookie, second.avatarUrl)).status).toBe(200);
  });

  it('ends two uploads at once with one file, the one on record', async () => {
    const student = await paidStudent(app, database);
    const [a, b] = await Promise.all([
      upload(student.cookie, await png(60, 60)),
      upload(student.cookie, await png(70, 70)),
    ]);
    expect([a.status, b.status]).toEqual([201, 201]);
    const { profile } = (await (await getProfile(student.cookie)).json()) as ProfileResponse;
    expect(readdirSync(join(avatarFolder, student.userId))).toEqual([
      profile.avatarUrl!.split('/').pop(),
    ]);
  });

  it('creates a never-saved profile from the prefill, and a later save keeps the avatar', async () => {
    const student = await paidStudent(app, database, {
      firstName: 'Katherine',
      lastName: 'Johnson',
    });
    const { avatarUrl } = await uploaded(student.cookie, await png(20, 20));
    const before = (await (await getProfile(student.cookie)).json()) as ProfileResponse;
    expect(before).toMatchObject({
      saved: true,
      profile: {
        firstName: 'Katherine',
        lastName: 'Johnson',
        email: student.form.email,
        avatarUrl,
      },
    });
    const saved = await putProfile(student.cookie, { ...validProfile, avatarUrl: null });
    expect(((await saved.json()) as ProfileResponse).profile.avatarUrl).toBe(avatarUrl);
  });

  it('refuses other bytes under a .png name (type message)', async () => {
    const text = new TextEncoder().encode('this is not an image, just text pretending to be one');
    const response = await upload(cookie, text, { name: 'avatar.png', type: 'image/png' });
    expect(response.status).toBe(400);
    expect(await errorOf(response)).toMatchObject({
      message: PROFILE_MESSAGES.avatarType,
      fields: { avatar: PROFILE_MESSAGES.avatarType },
    });
  });

  it('refuses a GIF declared as image/png', async () => {
    const gif = await sharp(await png(16, 16))
      .gif()
      .toBuffer();
    expect(gif.subarray(0, 6).toString('latin1')).toBe('GIF89a');
    const response = await upload(cookie, gif, { name: 'avatar.png', type: 'image/png' });
    expect(response.status).toBe(400);
    expect(await errorOf(response)).toMatchObject({ message: PROFILE_MESSAGES.avatarType });
  });

  it('refuses an SVG, an empty file and a PNG signature followed by garbage', async () => {
    const svg = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"><script/></svg>');
    const signatureOnly = new Uint8Array([
      0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4,
    ]);
    for (const bytes of [svg, new Uint8Array(0), signatureOnly]) {
      const response = await upload(cookie, bytes);
      expect(response.status).toBe(400);
      expect(await errorOf(response)).toMatchObject({ message: PROFILE_MESSAGES.avatarType });
    }
  });

  it('refuses a request without a file, or not multipart at all', async () => {
    const form = new FormData();
    form.append('avatar', 'just a string');
    const noFile = await app.request('/api/profile/avatar', {
      method: 'POST',
      headers: { Origin: TEST_ORIGIN, Cookie: cookie },
      body: form,
    });
    expect(noFile.status).toBe(400);
    expect(await errorOf(noFile)).toMatchObject({ message: PROFILE_MESSAGES.avatarMissing });
    const json = await app.request('/api/profile/avatar', {
      method: 'POST',
      headers: { Origin: TEST_ORIGIN, Cookie: cookie, 'Content-Type': 'application/json' },
      body: '{}',
    });
    expect(json.status).toBe(400);
  });

  it('accepts exactly 2 MB and refuses 1 byte over (size message, 413)', async () => {
    // A real PNG padded with a trailing chunk-free tail: the size rule, not the decoder, decides.
    const base = await png(32, 32);
    const padded = (size: number) => {
      const bytes = new Uint8Array(size);
      bytes.set(base);
      return bytes;
    };
    const atLimit = await upload(cookie, padded(AVATAR.maxBytes));
    expect(atLimit.status, await atLimit.clone().text()).toBe(201);
    const over = await upload(cookie, padded(AVATAR.maxBytes + 1));
    expect(over.status).toBe(413);
    expect(await errorOf(over)).toMatchObject({
      message: PROFILE_MESSAGES.avatarSize,
      fields: { avatar: PROFILE_MESSAGES.avatarSize },
    });
  });

  it('refuses a larger body before reading it, by Content-Length or while it streams', async () => {
    const declared = await app.request('/api/profile/avatar', {
      method: 'POST',
      headers: {
        Origin: TEST_ORIGIN,
        Cookie: cookie,
        'Content-Type': 'multipart/form-data; boundary=x',
        'Content-Length': String(50 * 1024 * 1024),
      },
      body: 'x',
    });
    expect(declared.status).toBe(413);
    expect(await errorOf(declared)).toMatchObject({ message: PROFILE_MESSAGES.avatarSize });

    // 20 MB offered in 64 KiB chunks without a length: reading stops just past the limit.
    let pulled = 0;
    const chunk = new Uint8Array(64 * 1024);
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (pulled >= 20 * 1024 * 1024) return controller.close();
        pulled += chunk.length;
        controller.enqueue(chunk);
      },
    });
    const streamed = await app.request('/api/profile/avatar', {
      method: 'POST',
      headers: {
        Origin: TEST_ORIGIN,
        Cookie: cookie,
        'Content-Type': 'multipart/form-data; boundary=x',
        'Transfer-Encoding': 'chunked',
      },
      body: stream,
      duplex: 'half',
    } as RequestInit);
    expect(streamed.status).toBe(413);
    expect(await errorOf(streamed)).toMatchObject({ message: PROFILE_MESSAGES.avatarSize });
    expect(pulled).toBeLessThan(AVATAR.maxBytes + 1024 * 1024);
  });

  it('answers any bytes, with or without an image signature, with 201 or 4xx, never a 500', async () => {
    const signatures = [
      [],
      [0xff, 0xd8, 0xff],
      [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
      [0x52, 0x49, 0x46, 0x46, 1, 0, 0, 0, 0x57, 0x45, 0x42, 0x50],
    ];
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...signatures),
        fc.uint8Array({ maxLength: 2_000 }),
        async (signature, rest) => {
          const response = await upload(cookie, new Uint8Array([...signature, ...rest]));
          expect(response.status).toBeGreaterThanOrEqual(201);
          expect(response.status).toBeLessThan(500);
        },
      ),
      { numRuns: 40 },
    );
  });

  it('downscales a 10000 × 10000 PNG to at most 512 × 512', async () => {
    const huge = await png(10_000, 10_000);
    expect(huge.length).toBeLessThan(AVATAR.maxBytes);
    const started = performance.now();
    const { avatarUrl } = await uploaded(cookie, huge);
    const elapsed = performance.now() - started;
    const served = Buffer.from(await (await getAvatar(cookie, avatarUrl)).arrayBuffer());
    expect(await sharp(served).metadata()).toMatchObject({ width: 512, height: 512 });
    expect(served.length).toBeLessThan(50_000);
    expect(elapsed).toBeLessThan(5_000);
  });

  it('refuses an image that declares more pixels than can be decoded', async () => {
    // A real 16 × 16 PNG whose header is rewritten to claim 20000 × 20000 (CRC fixed): refused
    // from the header, never decoded.
    const bomb = Buffer.from(await png(16, 16));
    bomb.writeUInt32BE(20_000, 16);
    bomb.writeUInt32BE(20_000, 20);
    bomb.writeUInt32BE(crc32(bomb.subarray(12, 29)), 29);
    expect(bomb.length).toBeLessThan(AVATAR.maxBytes);
    const response = await upload(cookie, bomb);
    expect(response.status).toBe(400);
    expect(await errorOf(response)).toMatchObject({ message: PROFILE_MESSAGES.avatarDimensions });
  });

  it('removes EXIF metadata (camera, GPS, comments) and applies the orientation', async () => {
    const photo = await sharp({
      create: { width: 200, height: 100, channels: 3, background: { r: 10, g: 200, b: 30 } },
    })
      .jpeg()
      .withExif({
        IFD0: { Make: 'SecretCam', Copyright: 'Home at 12 Secret Lane' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1' },
      })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const meta = await sharp(photo).metadata();
    expect(meta.exif).toBeDefined();
    expect(photo.includes('Secret')).toBe(true);
    expect(meta.orientation).toBe(6);

    const { avatarUrl } = await uploaded(cookie, photo, { name: 'photo.jpg', type: 'image/jpeg' });
    const served = Buffer.from(await (await getAvatar(cookie, avatarUrl)).arrayBuffer());
    const stored = await sharp(served).metadata();
    expect(stored.exif).toBeUndefined();
    expect(stored.xmp).toBeUndefined();
    expect(stored.orientation).toBeUndefined();
    // Orientation 6 turns the 200 × 100 picture upright: 100 wide, 200 tall.
    expect(stored).toMatchObject({ format: 'webp', width: 100, height: 200 });
    expect(served.includes('Secret')).toBe(false);
  });

  it('keeps another student’s avatar out of reach, and refuses made-up file names', async () => {
    const owner = await paidStudent(app, database);
    const { avatarUrl } = await uploaded(owner.cookie, await png(30, 30));
    const stranger = await paidStudent(app, database);
    const response = await getAvatar(stranger.cookie, avatarUrl);
    expect(response.status).toBe(404);
    expect(response.headers.get('Content-Type')).toContain('application/json');

    for (const path of [
      `/api/profile/avatar/..%2F${owner.userId}%2F${avatarUrl.split('/').pop()}`,
      '/api/profile/avatar/..%2F..%2Fpackage.json',
      '/api/profile/avatar/avatar_1.webp',
      '/api/profile/avatar/avatar_1700000000000.svg',
    ]) {
      expect((await getAvatar(stranger.cookie, path)).status, path).toBe(404);
    }
  });

  it('says the storage is not configured when no avatar folder is set', async () => {
    const { app: bare } = createTestApp(database);
    const response = await upload(cookie, await png(10, 10), { target: bare });
    expect(response.status).toBe(503);
    expect(await errorOf(response)).toMatchObject({
      message: PROFILE_MESSAGES.storageNotConfigured,
    });
  });
});
