import yauzl from 'yauzl';
import { stripUnstorable } from '#shared/contracts/text';
import { ZIP_LIMITS } from './file-kind';

/**
 * Reads the text of a PDF (unpdf, Mozilla's pdf.js) or a .docx (mammoth). This runs in the
 * extraction worker (extract-worker.ts), never on the server's main thread: a long PDF keeps a
 * core busy for seconds.
 */

/**
 * The most text kept of one material. The offline generator reads at most 200,000 characters
 * of all a student's materials together (study-sessions.service.ts), so more is never used.
 */
export const MAX_EXTRACTED_CHARS = 200_000;

export type ExtractableKind = 'pdf' | 'docx';

export async function extractText(kind: ExtractableKind, bytes: Uint8Array): Promise<string> {
  const raw = kind === 'pdf' ? await pdfText(bytes) : await docxText(bytes);
  return tidyText(raw);
}

/** Page by page, in order, stopping once MAX_EXTRACTED_CHARS are read. */
async function pdfText(bytes: Uint8Array): Promise<string> {
  const { getDocumentProxy } = await import('unpdf');
  // verbosity 0: pdf.js reports errors only, not its warnings about damaged files.
  const pdf = await getDocumentProxy(bytes, { verbosity: 0 });
  try {
    const pages: string[] = [];
    let length = 0;
    for (let number = 1; number <= pdf.numPages && length < MAX_EXTRACTED_CHARS; number += 1) {
      const page = await pdf.getPage(number);
      const content = await page.getTextContent();
      let text = '';
      for (const item of content.items) {
        if (!('str' in item)) continue;
        text += item.str + (item.hasEOL ? '\n' : '');
      }
      page.cleanup();
      const reflowed = reflowLines(text);
      pages.push(reflowed);
      length += reflowed.length;
    }
    return pages.join('\n');
  } finally {
    await pdf.destroy();
  }
}

async function docxText(bytes: Uint8Array): Promise<string> {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  // mammoth inflates entries whole: first make sure no entry inflates past what it declared
  // (the upload already checked the declared sizes against ZIP_LIMITS).
  await checkInflatedSizes(buffer);
  const mammoth = (await import('mammoth')).default;
  const result = await mammoth.extractRawText({ buffer });
  return result.value;
}

/**
 * Inflates every entry once, discarding the data, with yauzl checking each entry's real size
 * against the size its directory record declared: a ZIP bomb that lies about its sizes fails
 * here, at the first byte past the declared size, instead of inside mammoth.
 */
export function checkInflatedSizes(buffer: Buffer): Promise<void> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(
      buffer,
      { lazyEntries: true, validateEntrySizes: true, decodeStrings: true },
      (openError, zip) => {
        if (openError || !zip) return reject(openError ?? new Error('unreadable ZIP'));
        if (zip.entryCount > ZIP_LIMITS.entries) return reject(new Error('too many ZIP entries'));
        let total = 0;
        zip.on('error', reject);
        zip.on('end', () => resolve());
        zip.on('entry', (entry: yauzl.Entry) => {
          total += entry.uncompressedSize;
          if (total > ZIP_LIMITS.uncompressedBytes) return reject(new Error('ZIP too large'));
          if (entry.fileName.endsWith('/')) return zip.readEntry();
          zip.openReadStream(entry, (streamError, stream) => {
            if (streamError || !stream) return reject(streamError ?? new Error('unreadable entry'));
            stream.on('error', reject);
            stream.on('end', () => zip.readEntry());
            stream.resume();
          });
        });
        zip.readEntry();
      },
    );
  });
}

/**
 * A PDF breaks a paragraph into lines where the page ran out. Lines are joined back when the
 * line does not end a sentence and the next one continues it (starts in lower case, or the line
 * is long, as wrapped lines are); headings and list lines stay on their own.
 */
export function reflowLines(text: string): string {
  const lines = text.split('\n').map((line) => line.replace(/\s+/g, ' ').trim());
  const out: string[] = [];
  for (const line of lines) {
    const previous = out.at(-1);
    if (!line) {
      if (previous) out.push('');
      continue;
    }
    const continues =
      previous !== undefined &&
      previous !== '' &&
      !/[.!?:;]["'”’)]*$/.test(previous) &&
      (/^[\p{Ll}\p{N}(]/u.test(line) || previous.length >= 60);
    if (continues) out[out.length - 1] = `${previous} ${line}`;
    else out.push(line);
  }
  return out.join('\n');
}

/**
 * Newlines normalized, runs of blank lines and spaces collapsed, capped at MAX_EXTRACTED_CHARS.
 * A document may hold NUL or broken surrogates (PDFs often do), which PostgreSQL cannot store:
 * they are stripped here, nobody typed them (contracts/text.ts), and once more after the cap,
 * which can cut an emoji's surrogate pair in half.
 */
export function tidyText(text: string): string {
  const tidy = stripUnstorable(text)
    .replace(/^\ufeff/, '')
    .replace(/\r\n?/g, '\n')
    .replace(/[ \t\f\v\u00a0]+/g, ' ')
    .replace(/ *\n */g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim()
    .slice(0, MAX_EXTRACTED_CHARS);
  return stripUnstorable(tidy);
}
