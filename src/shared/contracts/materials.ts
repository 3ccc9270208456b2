import { z } from 'zod';
import { UPLOAD, UPLOAD_QUOTA } from '../limits';

/**
 * The upload page (spec sections 2, 3, 5 and 8): which files are accepted, the messages, and the
 * shapes of the materials API. The browser checks names and sizes with these before sending;
 * the server checks them again and decides the type from the file's bytes.
 */

export const MATERIALS_MESSAGES = {
  notSupported: (file: string) => `${file} is not a supported file type`,
  tooLarge: (file: string) => `${file} is too large. Maximum size is 10MB`,
  empty: (file: string) => `${file} is empty.`,
  nothingToUpload: 'Please add study materials before continuing.',
  uploadFailed: 'Failed to upload study materials. Please try again.',
  uploaded: 'Study materials uploaded successfully!',
  pastedTooLong: `Pasted text can be at most ${UPLOAD.maxPastedChars.toLocaleString('en-US')} characters.`,
  missingFileName: 'The file name is missing.',
  interrupted: 'The upload was interrupted. Please try again.',
  notFound: 'This study material was not found.',
  /** The page's hint and the 429's first sentence. */
  quota: `You can upload up to ${UPLOAD_QUOTA.files} files and ${UPLOAD_QUOTA.bytes / 1024 / 1024}MB in 24 hours.`,
  overQuota: (retryAfterSeconds: number) =>
    `You can upload up to ${UPLOAD_QUOTA.files} files and ${UPLOAD_QUOTA.bytes / 1024 / 1024}MB in 24 hours. Please try again in ${waitText(retryAfterSeconds)}.`,
  selectionOverQuota: (left: UploadQuotaLeft) =>
    left.files === 0 || left.bytes === 0
      ? `You have used today's uploads (${UPLOAD_QUOTA.files} files and ${UPLOAD_QUOTA.bytes / 1024 / 1024}MB in 24 hours). Please try again later.`
      : `Right now you can upload ${left.files} more ${left.files === 1 ? 'file' : 'files'} and ${megabytes(left.bytes)}MB. Please choose fewer or smaller files.`,
} as const;

/** GET /api/materials/quota: what the student may still upload now (UPLOAD_QUOTA). */
export type UploadQuotaLeft = { files: number; bytes: number };

/** Megabytes with at most one decimal, rounded down (never more than is left). */
function megabytes(bytes: number): string {
  return String(Math.floor((bytes / 1024 / 1024) * 10) / 10);
}

/** "1 minute", "45 minutes", "3 hours": a wait as a person reads it, rounded up. */
function waitText(seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  if (minutes < 90) return minutes === 1 ? '1 minute' : `${minutes} minutes`;
  return `${Math.ceil(minutes / 60)} hours`;
}

/** The kinds of file the upload accepts, by what their bytes are. */
export const MATERIAL_KINDS = ['pdf', 'docx', 'doc', 'pages', 'text'] as const;
export type MaterialKind = (typeof MATERIAL_KINDS)[number];

/** The file name endings of each kind; the bytes must then agree with the ending. */
export const KIND_BY_EXTENSION: Readonly<Record<string, MaterialKind>> = {
  '.pdf': 'pdf',
  '.docx': 'docx',
  '.doc': 'doc',
  '.pages': 'pages',
  '.txt': 'text',
  '.text': 'text',
};

/** The content type stored with each kind (spec section 7 stored application/octet-stream). */
export const CONTENT_TYPE_BY_KIND: Readonly<Record<MaterialKind, string>> = {
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  doc: 'application/msword',
  pages: 'application/vnd.apple.pages',
  text: 'text/plain; charset=utf-8',
};

/** For the file picker's `accept`: the endings, and the types browsers report for them. */
export const ACCEPTED_FILES = [
  ...Object.keys(KIND_BY_EXTENSION),
  'application/pdf',
  'application/msword',
  CONTENT_TYPE_BY_KIND.docx,
  'application/vnd.apple.pages',
  'text/plain',
].join(',');

/** Text can be read from these kinds; .doc and .pages are kept but not read (yet). */
export const EXTRACTABLE_KINDS: readonly MaterialKind[] = ['pdf', 'docx', 'text'];

/**
 * Where a material's text stands: being read, read (it feeds the questions), read but nothing
 * found (a scanned document), a format StarPrep cannot read, or a file that could not be read.
 */
export const EXTRACTION_STATUSES = [
  'pending',
  'done',
  'empty',
  'not_extractable',
  'failed',
] as const;
export type ExtractionStatus = (typeof EXTRACTION_STATUSES)[number];

/** The name pasted text is stored under (spec section 3). */
export const PASTED_FILE_NAME = 'pasted_content.txt';

/** The longest file name kept (with its ending). */
export const FILE_NAME_MAX = 200;

// Control and invisible characters (see text.ts).
const INVISIBLE =
  // eslint-disable-next-line no-control-regex -- finding control characters is the point
  /[\u0000-\u001f\u007f-\u009f\u00ad\u061c\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u206f\ufeff\ufff9-\ufffb]/gu;

/**
 * A file name as shown and stored: the last path segment only (no folders, no ".."), the spec's
 * sanitizing (< > " ' & removed), no invisible characters, at most FILE_NAME_MAX characters with
 * the ending kept. Empty results become "file".
 */
export function sanitizeFileName(raw: string): string {
  const base = raw.normalize('NFC').split(/[/\\]/).pop() ?? '';
  let name = base
    .replace(/[\t\n\r\f\v]+/g, ' ')
    .replace(INVISIBLE, '')
    .replace(/[<>"'&]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^\.+/, '');
  if (name.length > FILE_NAME_MAX) {
    const ending = extensionOf(name);
    name = name.slice(0, FILE_NAME_MAX - ending.length).trimEnd() + ending;
  }
  return name || 'file';
}

/** ".pdf" for "Notes.PDF"; "" without an ending. */
export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot).toLowerCase() : '';
}

/** The kind a file name claims, or undefined when its ending is not accepted. */
export function kindOfName(name: string): MaterialKind | undefined {
  return KIND_BY_EXTENSION[extensionOf(name)];
}

/**
 * The checks made before any byte is sent: an accepted ending and at most 10 MB. Returns the
 * spec's message, or undefined when the file may be sent.
 */
export function fileProblem(name: string, size: number): string | undefined {
  const shown = sanitizeFileName(name);
  if (!kindOfName(shown)) return MATERIALS_MESSAGES.notSupported(shown);
  if (size > UPLOAD.maxFileBytes) return MATERIALS_MESSAGES.tooLarge(shown);
  if (size === 0) return MATERIALS_MESSAGES.empty(shown);
  return undefined;
}

/** POST /api/materials/text: the paste-text area. */
export const pastedTextSchema = z.object({
  text: z
    .string({ error: MATERIALS_MESSAGES.nothingToUpload })
    .max(UPLOAD.maxPastedChars, { error: MATERIALS_MESSAGES.pastedTooLong })
    .refine((text) => text.trim().length > 0, { error: MATERIALS_MESSAGES.nothingToUpload }),
});
export type PastedTextRequest = z.input<typeof pastedTextSchema>;

/** One stored material as the API shows it to its owner. */
export type StudyMaterial = {
  id: string;
  fileName: string;
  contentType: string;
  kind: MaterialKind;
  sizeBytes: number;
  extractionStatus: ExtractionStatus;
  createdAt: string;
};

export type StudyMaterialList = { materials: StudyMaterial[] };

/** The request header that carries the file's name (percent-encoded) on a file upload. */
export const FILE_NAME_HEADER = 'X-File-Name';
