import { readFile } from 'node:fs/promises';
import yauzl from 'yauzl';
import type { MaterialKind } from '#shared/contracts/materials';
import type { Spooled } from './upload-spool';

/**
 * Whether a spooled upload's bytes are what its name claims. Each kind by its own structure:
 * - PDF: the %PDF- signature in the first kilobyte (where readers look for it);
 * - .docx and .pages: a ZIP whose central directory is read first, refusing more than
 *   ZIP_LIMITS.entries entries or more than ZIP_LIMITS.uncompressedBytes declared uncompressed
 *   bytes before anything is inflated, then the package's expected entries;
 * - .doc: the compound-file (OLE2) signature and a WordDocument stream in its directory;
 * - text: valid UTF-8 with no NUL or other binary control characters.
 */

export const ZIP_LIMITS = {
  entries: 5_000,
  /** A 10 MB .docx of text inflates to well under this; a ZIP bomb declares far more. */
  uncompressedBytes: 100 * 1024 * 1024,
} as const;

const PDF_SIGNATURE = Buffer.from('%PDF-', 'latin1');
const ZIP_SIGNATURE = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const OLE_SIGNATURE = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const WORD_STREAM_NAME = Buffer.from('WordDocument\0', 'utf16le');
// Tab, line feed, form feed and carriage return are text; other C0 controls and DEL are not.
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const BINARY_CONTROLS = /[\u0000-\u0008\u000b\u000e-\u001f\u007f]/;

export async function bytesMatchKind(kind: MaterialKind, spooled: Spooled): Promise<boolean> {
  switch (kind) {
    case 'pdf':
      return spooled.head.includes(PDF_SIGNATURE);
    case 'text':
      return Boolean(spooled.text?.valid) && !BINARY_CONTROLS.test(spooled.text!.value);
    case 'doc':
      return (
        spooled.head.subarray(0, 8).equals(OLE_SIGNATURE) && (await hasWordStream(spooled.path))
      );
    case 'docx':
    case 'pages': {
      if (!spooled.head.subarray(0, 4).equals(ZIP_SIGNATURE)) return false;
      const names = await zipEntryNames(spooled.path);
      return names !== undefined && (kind === 'docx' ? isDocx(names) : isPages(names));
    }
  }
}

function isDocx(names: Set<string>): boolean {
  return names.has('[Content_Types].xml') && names.has('word/document.xml');
}

/**
 * Pages 5 and later keep the document in Index/Document.iwa; Pages '09 in index.xml(.gz). A
 * package zipped by a browser may sit in one folder named after the document.
 */
function isPages(names: Set<string>): boolean {
  const expected = /^(?:[^/]+\/)?(?:Index\/Document\.iwa|index\.xml(?:\.gz)?)$/;
  return [...names].some((name) => expected.test(name));
}

/**
 * The entry names of a ZIP, read from its central directory only; undefined when the archive
 * is malformed or goes past ZIP_LIMITS (checked on the directory's declared numbers, so
 * nothing is inflated).
 */
export function zipEntryNames(path: string): Promise<Set<string> | undefined> {
  return new Promise((resolve) => {
    yauzl.open(
      path,
      { lazyEntries: true, autoClose: true, decodeStrings: true, strictFileNames: false },
      (openError, zip) => {
        if (openError || !zip) return resolve(undefined);
        if (zip.entryCount > ZIP_LIMITS.entries) {
          zip.close();
          return resolve(undefined);
        }
        const names = new Set<string>();
        let declared = 0;
        let settled = false;
        const finish = (value: Set<string> | undefined) => {
          if (settled) return;
          settled = true;
          if (zip.isOpen) zip.close();
          resolve(value);
        };
        zip.on('error', () => finish(undefined));
        zip.on('end', () => finish(names));
        zip.on('entry', (entry: yauzl.Entry) => {
          declared += entry.uncompressedSize;
          if (declared > ZIP_LIMITS.uncompressedBytes) return finish(undefined);
          names.add(entry.fileName);
          zip.readEntry();
        });
        zip.readEntry();
      },
    );
  });
}

/**
 * A Word 97-2003 file keeps its text in a stream named WordDocument. Directory entries are
 * 128-byte records at 128-byte boundaries: the UTF-16 name, its length in bytes at +64 and
 * the entry type (2, a stream) at +66.
 */
async function hasWordStream(path: string): Promise<boolean> {
  const bytes = await readFile(path);
  for (let at = bytes.indexOf(WORD_STREAM_NAME); at !== -1;) {
    if (
      at % 128 === 0 &&
      bytes.length >= at + 67 &&
      bytes.readUInt16LE(at + 64) === WORD_STREAM_NAME.length &&
      bytes[at + 66] === 2
    ) {
      return true;
    }
    at = bytes.indexOf(WORD_STREAM_NAME, at + 1);
  }
  return false;
}
