import { and, asc, eq, gt, lte, sql } from 'drizzle-orm';
import { MATERIALS_MESSAGES, type UploadQuotaLeft } from '#shared/contracts/materials';
import { UPLOAD_QUOTA } from '#shared/limits';
import type { Database, Db } from '../../db/client';
import { materialUploads } from '../../db/schema';
import { AppError } from '../../lib/app-error';

/**
 * The daily upload quota (UPLOAD_QUOTA in limits.ts): at most so many files and bytes per student
 * in any 24 hours (a rolling window over material_uploads). Over it, the upload is a 429 whose
 * Retry-After is when enough of the student's earlier uploads have left the window.
 */

type Use = { sizeBytes: number; createdAt: Date };

/**
 * Seconds until an upload of `sizeBytes` fits beside `uses` (oldest first, all inside the window
 * at `now`), or 0 when it fits now: the oldest uses leave the window one by one until it does.
 */
export function secondsUntilRoom(uses: readonly Use[], sizeBytes: number, now: Date): number {
  let files = uses.length;
  let bytes = uses.reduce((total, use) => total + use.sizeBytes, 0);
  let roomAt = now.getTime();
  for (const use of uses) {
    if (files + 1 <= UPLOAD_QUOTA.files && bytes + sizeBytes <= UPLOAD_QUOTA.bytes) break;
    files -= 1;
    bytes -= use.sizeBytes;
    roomAt = use.createdAt.getTime() + UPLOAD_QUOTA.windowMs;
  }
  return Math.max(0, Math.ceil((roomAt - now.getTime()) / 1000));
}

/** The student's uploads inside the window at `now`, oldest first. */
function usesInWindow(db: Db, userId: string, now: Date): Promise<Use[]> {
  return db
    .select({ sizeBytes: materialUploads.sizeBytes, createdAt: materialUploads.createdAt })
    .from(materialUploads)
    .where(and(eq(materialUploads.userId, userId), gt(materialUploads.createdAt, windowStart(now))))
    .orderBy(asc(materialUploads.createdAt));
}

/** Throws the 429 when an upload of `sizeBytes` would go over the quota. */
export async function checkUploadQuota(db: Db, userId: string, sizeBytes: number): Promise<void> {
  const now = new Date();
  const wait = secondsUntilRoom(await usesInWindow(db, userId, now), sizeBytes, now);
  if (wait > 0) throw AppError.rateLimited(MATERIALS_MESSAGES.overQuota(wait), wait);
}

/**
 * What the student may still upload now. The page asks before sending a selection, because it
 * removes what one attempt stored when a later file fails, and removed uploads still count.
 */
export async function uploadQuotaLeft(db: Db, userId: string): Promise<UploadQuotaLeft> {
  const uses = await usesInWindow(db, userId, new Date());
  const bytes = uses.reduce((total, use) => total + use.sizeBytes, 0);
  return {
    files: Math.max(0, UPLOAD_QUOTA.files - uses.length),
    bytes: Math.max(0, UPLOAD_QUOTA.bytes - bytes),
  };
}

/**
 * Counts one upload against the quota and stores it with `store`, in one transaction that holds
 * the student's lock: two uploads at once cannot both take the last place. When the quota is
 * used up nothing is stored; when `store` fails the upload is not counted.
 */
export function withinUploadQuota<T>(
  database: Database,
  userId: string,
  sizeBytes: number,
  store: (tx: Db) => Promise<T>,
): Promise<T> {
  return database.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`upload-quota:${userId}`}))`);
    await checkUploadQuota(tx, userId, sizeBytes);
    await tx
      .delete(materialUploads)
      .where(
        and(
          eq(materialUploads.userId, userId),
          lte(materialUploads.createdAt, windowStart(new Date())),
        ),
      );
    await tx.insert(materialUploads).values({ userId, sizeBytes });
    return store(tx);
  });
}

const windowStart = (now: Date) => new Date(now.getTime() - UPLOAD_QUOTA.windowMs);
