/** "2.4 MB", "512 KB", "87 bytes". */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} ${bytes === 1 ? 'byte' : 'bytes'}`;
}

/** What the student is told about .doc and .pages files: kept, but not read. */
export const NOT_READABLE_NOTE =
  'Stored, but StarPrep cannot read the text of .doc or .pages files yet, so no questions come from it. Save it as PDF or .docx to use it for questions.';
