import { desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import {
  DEFAULT_PROFESSION_SYMBOL,
  PROFESSION_SYMBOLS,
  type ProfessionSymbolId,
} from '#shared/catalog';
import {
  type Profile,
  PROFILE_MESSAGES,
  type profileRequestSchema,
  type ProfileResponse,
} from '#shared/contracts/profile';
import { FIELD_MAX } from '#shared/limits';
import type { Database } from '../../db/client';
import { examRegistrations, userProfiles, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { describeForLog } from '../../lib/errors';
import type { Logger } from '../../lib/logger';
import { reencodeAvatar } from './avatar-image';
import { AVATAR_FILE_NAME, type AvatarStore } from './avatar-store';

export type ProfileDeps = {
  database: Database;
  logger: Logger;
  /** Undefined when no avatar folder is configured: uploads then say so (spec section 8). */
  avatars?: AvatarStore;
};

type SavedProfile = z.output<typeof profileRequestSchema>;
type ProfileRow = typeof userProfiles.$inferSelect;
type Transaction = Parameters<Parameters<Database['db']['transaction']>[0]>[0];
/** The database, or a transaction on it. */
type Executor = Database['db'] | Transaction;

/** The URL an avatar file is served at (GET /api/profile/avatar/:file, owner only). */
export const avatarUrlOf = (fileName: string) => `/api/profile/avatar/${fileName}`;

function fileNameOf(avatarUrl: string | null): string | undefined {
  const name = avatarUrl?.split('/').pop();
  return name && AVATAR_FILE_NAME.test(name) ? name : undefined;
}

function isSymbol(value: string): value is ProfessionSymbolId {
  return PROFESSION_SYMBOLS.some((symbol) => symbol.id === value);
}

function toProfile(row: ProfileRow): Profile {
  return {
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email ?? '',
    phone: row.phone ?? '',
    professionCategory: row.professionCategory ?? '',
    professionSymbol: isSymbol(row.professionSymbol)
      ? row.professionSymbol
      : DEFAULT_PROFESSION_SYMBOL,
    bio: row.bio ?? '',
    avatarUrl: row.avatarUrl,
  };
}

/** PostgreSQL's "relation does not exist", possibly wrapped by the driver or Drizzle. */
function isMissingTable(error: unknown): boolean {
  for (let current = error; current instanceof Error; current = current.cause) {
    if ((current as { code?: unknown }).code === '42P01') return true;
  }
  return false;
}

/** Spec section 8: a missing table asks to try again; anything else stays a generic failure. */
async function saving<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isMissingTable(error)) {
      throw new AppError('unavailable', PROFILE_MESSAGES.databaseNotReady);
    }
    throw error;
  }
}

const clip = (value: string | undefined, max: number) => (value ?? '').trim().slice(0, max);

/**
 * What a student who never saved sees (spec section 4): the account's e-mail, and the first and
 * last name given at registration (the latest registration's student_info; the account's name,
 * split at its first space, when there is none).
 */
async function prefilled(db: Executor, userId: string): Promise<Profile> {
  const [[account], [latest]] = await Promise.all([
    db.select({ email: users.email, name: users.name }).from(users).where(eq(users.id, userId)),
    db
      .select({ studentInfo: examRegistrations.studentInfo })
      .from(examRegistrations)
      .where(eq(examRegistrations.userId, userId))
      .orderBy(desc(examRegistrations.createdAt))
      .limit(1),
  ]);
  const [first = '', ...rest] = (account?.name ?? '').trim().split(/\s+/);
  const firstName = latest?.studentInfo.firstName || first;
  const lastName = latest?.studentInfo.lastName || rest.join(' ');
  return {
    firstName: clip(firstName, FIELD_MAX.name),
    lastName: clip(lastName, FIELD_MAX.name),
    email: clip(account?.email, FIELD_MAX.email),
    phone: '',
    professionCategory: '',
    professionSymbol: DEFAULT_PROFESSION_SYMBOL,
    bio: '',
    avatarUrl: null,
  };
}

async function storedProfile(database: Database, userId: string) {
  const [row] = await database.db
    .select()
    .from(userProfiles)
    .where(eq(userProfiles.userId, userId));
  return row;
}

export async function profileOf(database: Database, userId: string): Promise<ProfileResponse> {
  const row = await storedProfile(database, userId);
  if (row) return { profile: toProfile(row), saved: true };
  return { profile: await prefilled(database.db, userId), saved: false };
}

/** Save (spec section 7: upsert on user_id). The avatar is kept; it changes only by upload. */
export async function saveProfile(
  database: Database,
  userId: string,
  input: SavedProfile,
): Promise<ProfileResponse> {
  const values = {
    firstName: input.firstName,
    lastName: input.lastName,
    email: input.email || null,
    phone: input.phone || null,
    professionCategory: input.professionCategory || null,
    professionSymbol: input.professionSymbol,
    bio: input.bio || null,
  };
  const [row] = await saving(() =>
    database.db
      .insert(userProfiles)
      .values({ userId, ...values })
      .onConflictDoUpdate({
        target: userProfiles.userId,
        set: { ...values, updatedAt: new Date() },
      })
      .returning(),
  );
  return { profile: toProfile(row!), saved: true };
}

/**
 * Avatar upload: checked and re-encoded (avatar-image.ts), stored as
 * `<user id>/avatar_<timestamp>.webp`, then recorded on the profile (created from the prefilled
 * values if the student never saved). The row is locked while the file is written and recorded, so
 * of two uploads at once each replaces the one before it; the replaced file is then removed.
 */
export async function uploadAvatar(
  deps: ProfileDeps,
  userId: string,
  upload: Uint8Array,
): Promise<{ avatarUrl: string }> {
  const store = deps.avatars;
  if (!store) throw new AppError('unavailable', PROFILE_MESSAGES.storageNotConfigured);
  const image = await reencodeAvatar(upload);
  const fileName = `avatar_${Date.now()}.${image.extension}`;
  const avatarUrl = avatarUrlOf(fileName);

  const lockRow = (tx: Executor) =>
    tx
      .select({ avatarUrl: userProfiles.avatarUrl })
      .from(userProfiles)
      .where(eq(userProfiles.userId, userId))
      .for('update');

  let previous: string | null;
  try {
    previous = await saving(() =>
      deps.database.db.transaction(async (tx) => {
        let [row] = await lockRow(tx);
        if (!row) {
          const start = await prefilled(tx, userId);
          await tx
            .insert(userProfiles)
            .values({
              userId,
              firstName: start.firstName,
              lastName: start.lastName,
              email: start.email || null,
            })
            // A save (or another upload) that created the row meanwhile keeps its fields.
            .onConflictDoNothing({ target: userProfiles.userId });
          [row] = await lockRow(tx);
        }
        await store.save(userId, fileName, image.bytes);
        await tx
          .update(userProfiles)
          .set({ avatarUrl, updatedAt: new Date() })
          .where(eq(userProfiles.userId, userId));
        return row?.avatarUrl ?? null;
      }),
    );
  } catch (error) {
    await store.remove(userId, fileName).catch(() => {});
    throw error;
  }

  const old = fileNameOf(previous);
  if (old && old !== fileName) {
    await store.remove(userId, old).catch((error: unknown) => {
      deps.logger.warn({ err: describeForLog(error) }, 'the replaced avatar could not be removed');
    });
  }
  return { avatarUrl };
}

/** The signed-in student's own avatar file; any other name, or another student's, is not found. */
export async function avatarFile(deps: ProfileDeps, userId: string, fileName: string) {
  if (!deps.avatars || !AVATAR_FILE_NAME.test(fileName)) return undefined;
  const bytes = await deps.avatars.read(userId, fileName);
  if (!bytes) return undefined;
  return { bytes, contentType: fileName.endsWith('.webp') ? 'image/webp' : 'image/jpeg' };
}
