import { randomUUID } from 'node:crypto';
import { rm, writeFile, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { and, desc, eq } from 'drizzle-orm';
import {
  CONTENT_TYPE_BY_KIND,
  EXTRACTABLE_KINDS,
  type ExtractionStatus,
  kindOfName,
  MATERIAL_KINDS,
  type MaterialKind,
  MATERIALS_MESSAGES,
  PASTED_FILE_NAME,
  sanitizeFileName,
  type StudyMaterial,
} from '#shared/contracts/materials';
import { UPLOAD } from '#shared/limits';
import type { Database } from '../../db/client';
import { studyMaterials } from '../../db/schema';
import { type FileStorage, KeyTakenError } from '../../integrations/storage/file-storage';
import { AppError } from '../../lib/app-error';
import { describeForLog } from '../../lib/errors';
import type { Logger } from '../../lib/logger';
import { MAX_EXTRACTED_CHARS, tidyText } from './extract-text';
import type { ExtractionQueue } from './extraction-queue';
import { bytesMatchKind } from './file-kind';
import { InterruptedError, spoolBody, TooLargeError } from './upload-spool';
import { checkUploadQuota, withinUploadQuota } from './upload-quota';
import { isUuid } from '../../lib/uuid';

export type MaterialsDeps = {
  database: Database;
  logger: Logger;
  storage: FileStorage;
  extraction: ExtractionQueue;
};

/** The most materials listed on the page. */
const LIST_LIMIT = 100;

/**
 * One uploaded file: the name's ending must be accepted and the bytes must be that kind (their
 * signature and structure, file-kind.ts); at most 10 MB, counted while the body streams in.
 * Stored under `<user id>/<timestamp>_<name>`, then one study_materials row; if the row cannot
 * be written the stored file is removed, so nothing is left half-stored. The daily upload quota
 * is checked before the body is read (with its declared size) and again, exactly, as it is stored. PDF and .docx text is
 * read afterwards by the extraction queue; a text file's text is the file itself.
 */
export async function uploadFile(
  deps: MaterialsDeps,
  userId: string,
  upload: {
    rawName: string | undefined;
    body: ReadableStream<Uint8Array> | null;
    contentLength: string | undefined;
  },
): Promise<StudyMaterial> {
  const fileName = decodeFileName(upload.rawName);
  const kind = kindOfName(fileName);
  if (!kind) throw new AppError('invalid_input', MATERIALS_MESSAGES.notSupported(fileName));
  const declared = upload.contentLength === undefined ? NaN : Number(upload.contentLength);
  if (declared > UPLOAD.maxFileBytes) {
    throw new AppError('payload_too_large', MATERIALS_MESSAGES.tooLarge(fileName));
  }
  // A student over the quota is told before ten megabytes are sent for nothing.
  await checkUploadQuota(deps.database.db, userId, Number.isFinite(declared) ? declared : 0);

  let spooled;
  try {
    spooled = await spoolBody(upload.body, deps.storage.spoolDir, {
      maxBytes: UPLOAD.maxFileBytes,
      decodeText: kind === 'text',
      maxTextChars: MAX_EXTRACTED_CHARS * 2,
    });
  } catch (error) {
    if (error instanceof TooLargeError) {
      throw new AppError('payload_too_large', MATERIALS_MESSAGES.tooLarge(fileName));
    }
    if (error instanceof InterruptedError) {
      throw new AppError('invalid_input', MATERIALS_MESSAGES.interrupted);
    }
    throw error;
  }
  try {
    if (spooled.size === 0) throw new AppError('invalid_input', MATERIALS_MESSAGES.empty(fileName));
    if (!(await bytesMatchKind(kind, spooled))) {
      throw new AppError('invalid_input', MATERIALS_MESSAGES.notSupported(fileName));
    }
    const text = kind === 'text' ? tidyText(spooled.text!.value) : null;
    return await store(deps, userId, {
      fileName,
      kind,
      sourcePath: spooled.path,
      sizeBytes: spooled.size,
      extractedText: text || null,
      extractionStatus: initialStatus(kind, text),
    });
  } finally {
    await rm(spooled.path, { force: true });
  }
}

/** The paste-text area: stored as pasted_content.txt (spec section 3), its text already known. */
export async function savePastedText(
  deps: MaterialsDeps,
  userId: string,
  text: string,
): Promise<StudyMaterial> {
  const bytes = Buffer.from(text, 'utf8');
  await mkdir(deps.storage.spoolDir, { recursive: true });
  const sourcePath = join(deps.storage.spoolDir, `${randomUUID()}.part`);
  await writeFile(sourcePath, bytes, { mode: 0o600, flag: 'wx' });
  try {
    const tidy = tidyText(text);
    return await store(deps, userId, {
      fileName: PASTED_FILE_NAME,
      kind: 'text',
      sourcePath,
      sizeBytes: bytes.length,
      extractedText: tidy || null,
      extractionStatus: tidy ? 'done' : 'empty',
    });
  } finally {
    await rm(sourcePath, { force: true });
  }
}

export async function listMaterials(database: Database, userId: string): Promise<StudyMaterial[]> {
  const rows = await database.db
    .select(materialColumns)
    .from(studyMaterials)
    .where(eq(studyMaterials.userId, userId))
    .orderBy(desc(studyMaterials.createdAt))
    .limit(LIST_LIMIT);
  return rows.map(toMaterial);
}

/** One of the student's materials; another student's id (or a made-up one) is 404. */
export async function getMaterial(
  database: Database,
  userId: string,
  id: string,
): Promise<StudyMaterial> {
  if (!isUuid(id)) throw new AppError('not_found', MATERIALS_MESSAGES.notFound);
  const [row] = await database.db
    .select(materialColumns)
    .from(studyMaterials)
    .where(and(eq(studyMaterials.id, id), eq(studyMaterials.userId, userId)));
  if (!row) throw new AppError('not_found', MATERIALS_MESSAGES.notFound);
  return toMaterial(row);
}

/**
 * Removes a material: its row first (so its text stops feeding questions at once), then the
 * file. A file that cannot be removed is logged; the row is gone either way.
 */
export async function deleteMaterial(deps: MaterialsDeps, userId: string, id: string) {
  if (!isUuid(id)) throw new AppError('not_found', MATERIALS_MESSAGES.notFound);
  const [row] = await deps.database.db
    .delete(studyMaterials)
    .where(and(eq(studyMaterials.id, id), eq(studyMaterials.userId, userId)))
    .returning({ fileUrl: studyMaterials.fileUrl });
  if (!row) throw new AppError('not_found', MATERIALS_MESSAGES.notFound);
  try {
    await deps.storage.remove(row.fileUrl);
  } catch (error) {
    deps.logger.warn(
      { materialId: id, err: describeForLog(error) },
      'stored file of a removed material could not be removed',
    );
  }
}

export function kindOfContentType(contentType: string): MaterialKind | undefined {
  return MATERIAL_KINDS.find((kind) => CONTENT_TYPE_BY_KIND[kind] === contentType);
}

/**
 * The name header is percent-encoded (any Unicode name fits an HTTP header that way); it is
 * then sanitized like every stored name (contracts/materials.ts).
 */
function decodeFileName(raw: string | undefined): string {
  if (!raw) throw new AppError('invalid_input', MATERIALS_MESSAGES.missingFileName);
  let decoded: string;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    decoded = raw;
  }
  return sanitizeFileName(decoded);
}

function initialStatus(kind: MaterialKind, text: string | null): ExtractionStatus {
  if (!EXTRACTABLE_KINDS.includes(kind)) return 'not_extractable';
  if (kind === 'text') return text ? 'done' : 'empty';
  return 'pending';
}

/**
 * The storage key of spec section 3, `<user id>/<timestamp>_<name>`, with the name reduced to
 * letters, digits, dots, dashes and underscores (the shown name keeps its spaces and accents).
 */
export function storageKey(userId: string, fileName: string, timestamp: number): string {
  const safe =
    fileName
      .normalize('NFC')
      .replace(/[^\p{L}\p{N}._-]+/gu, '_')
      .replace(/_+/g, '_')
      .replace(/^[._]+/, '')
      .slice(-120) || 'file';
  return `${userId}/${timestamp}_${safe}`;
}

async function store(
  deps: MaterialsDeps,
  userId: string,
  file: {
    fileName: string;
    kind: MaterialKind;
    sourcePath: string;
    sizeBytes: number;
    extractedText: string | null;
    extractionStatus: ExtractionStatus;
  },
): Promise<StudyMaterial> {
  const contentType = CONTENT_TYPE_BY_KIND[file.kind];
  const key = await putUnderNewKey(
    deps.storage,
    userId,
    file.fileName,
    file.sourcePath,
    contentType,
  );
  let row;
  try {
    [row] = await withinUploadQuota(deps.database, userId, file.sizeBytes, (tx) =>
      tx
        .insert(studyMaterials)
        .values({
          userId,
          fileUrl: key,
          fileName: file.fileName,
          contentType,
          sizeBytes: file.sizeBytes,
          extractedText: file.extractedText,
          extractionStatus: file.extractionStatus,
        })
        .returning(materialColumns),
    );
  } catch (error) {
    await deps.storage
      .remove(key)
      .catch((removeError: unknown) =>
        deps.logger.error(
          { err: describeForLog(removeError) },
          'stored file left behind after a failed insert',
        ),
      );
    throw error;
  }
  if (file.extractionStatus === 'pending') deps.extraction.enqueue(row!.id, userId);
  return toMaterial(row!);
}

/** Two uploads of one name in one millisecond: the next millisecond's key (never overwrite). */
async function putUnderNewKey(
  storage: FileStorage,
  userId: string,
  fileName: string,
  sourcePath: string,
  contentType: string,
): Promise<string> {
  for (let attempt = 0, time = Date.now(); ; attempt += 1, time += 1) {
    const key = storageKey(userId, fileName, time);
    try {
      await storage.putFile(key, sourcePath, contentType);
      return key;
    } catch (error) {
      if (!(error instanceof KeyTakenError) || attempt >= 5) throw error;
    }
  }
}

const materialColumns = {
  id: studyMaterials.id,
  fileName: studyMaterials.fileName,
  contentType: studyMaterials.contentType,
  sizeBytes: studyMaterials.sizeBytes,
  extractionStatus: studyMaterials.extractionStatus,
  createdAt: studyMaterials.createdAt,
};

function toMaterial(row: {
  id: string;
  fileName: string;
  contentType: string;
  sizeBytes: number;
  extractionStatus: ExtractionStatus;
  createdAt: Date;
}): StudyMaterial {
  return {
    ...row,
    kind: kindOfContentType(row.contentType) ?? 'text',
    createdAt: row.createdAt.toISOString(),
  };
}
