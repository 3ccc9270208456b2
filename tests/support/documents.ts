import { crc32, deflateRawSync, deflateSync } from 'node:zlib';

/**
 * Small writers of real document files, for fixtures, tests and the upload benchmark:
 * a PDF 1.4 with Helvetica text pages, a .docx (an Office Open XML package), a ZIP with any
 * entries (including lying sizes, for ZIP-bomb tests), a Pages-like package and a Word 97 (.doc)
 * compound-file header. They use only node:zlib, so no fixture depends on a tool being installed.
 */

export type ZipEntry = {
  name: string;
  data: Buffer | string;
  /** Stored instead of deflated. */
  store?: boolean;
  /** Written as the entry's uncompressed size instead of the true one (a lying archive). */
  declaredSize?: number;
};

/** A ZIP archive (no ZIP64) with the entries in order. */
export function zipArchive(entries: ZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const data = Buffer.isBuffer(entry.data) ? entry.data : Buffer.from(entry.data, 'utf8');
    const compressed = entry.store ? data : deflateRawSync(data);
    const name = Buffer.from(entry.name, 'utf8');
    const method = entry.store ? 0 : 8;
    const crc = crc32(data) >>> 0;
    const size = entry.declaredSize ?? data.length;

    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4); // version needed
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt16LE(method, 8);
    local.writeUInt16LE(0, 10); // time
    local.writeUInt16LE(0x21, 12); // date: 1980-01-01
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(compressed.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    local.writeUInt16LE(0, 28);
    locals.push(local, name, compressed);

    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4); // version made by
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(method, 10);
    central.writeUInt16LE(0, 12);
    central.writeUInt16LE(0x21, 14);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(compressed.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    centrals.push(central, name);
    offset += local.length + name.length + compressed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const xmlEscape = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The files every .docx has, around `word/document.xml`. */
export function docxEntries(paragraphs: string[]): ZipEntry[] {
  const body = paragraphs
    .map((text) => `<w:p><w:r><w:t xml:space="preserve">${xmlEscape(text)}</w:t></w:r></w:p>`)
    .join('');
  return [
    {
      name: '[Content_Types].xml',
      data:
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
        '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
        '<Default Extension="xml" ContentType="application/xml"/>' +
        '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/>' +
        '</Types>',
    },
    {
      name: '_rels/.rels',
      data:
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
        '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
        '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/>' +
        '</Relationships>',
    },
    {
      name: 'word/document.xml',
      data:
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
        '<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main">' +
        `<w:body>${body}<w:sectPr/></w:body></w:document>`,
    },
  ];
}

/** A Word document (.docx) with one paragraph per string. */
export function docxDocument(paragraphs: string[]): Buffer {
  return zipArchive(docxEntries(paragraphs));
}

/**
 * A Pages document as a ZIP of its package: Index/Document.iwa (Apple's compressed protobuf,
 * stood in for by bytes here), its metadata and a preview.
 */
export function pagesDocument(): Buffer {
  return zipArchive([
    { name: 'Index/Document.iwa', data: Buffer.from([0x00, 0x11, 0x00, 0x00, 0x08, 0x01]) },
    { name: 'Metadata/Properties.plist', data: '<?xml version="1.0"?><plist/>' },
    { name: 'Metadata/DocumentIdentifier', data: 'B0B2E1C4-0000-4000-8000-000000000000' },
    { name: 'preview.jpg', data: Buffer.alloc(64, 0xff), store: true },
  ]);
}

/**
 * The start of a Word 97-2003 file: the compound-file (OLE2) header and a directory sector with
 * the Root Entry and the WordDocument stream, padded to `size` bytes.
 */
export function wordDocument(size = 4096): Buffer {
  const file = Buffer.alloc(Math.max(size, 1536));
  Buffer.from('d0cf11e0a1b11ae1', 'hex').copy(file, 0);
  file.writeUInt16LE(0x3e, 24); // minor version
  file.writeUInt16LE(3, 26); // major version 3: 512-byte sectors
  file.writeUInt16LE(0xfffe, 28); // little-endian
  file.writeUInt16LE(9, 30); // sector shift: 2^9 = 512
  file.writeUInt16LE(6, 32); // mini sector shift
  file.writeUInt32LE(1, 44); // one FAT sector
  file.writeUInt32LE(1, 48); // first directory sector: sector 1 (file offset 1024)
  file.writeUInt32LE(0x1000, 56); // mini stream cutoff
  file.writeUInt32LE(0xfffffffe, 60);
  file.writeUInt32LE(0xfffffffe, 68);
  file.writeUInt32LE(0, 76); // FAT at sector 0
  const entry = (index: number, name: string, type: number) => {
    const at = 1024 + index * 128;
    const encoded = Buffer.from(`${name}\0`, 'utf16le');
    encoded.copy(file, at);
    file.writeUInt16LE(encoded.length, at + 64);
    file.writeUInt8(type, at + 66);
  };
  entry(0, 'Root Entry', 5);
  entry(1, 'WordDocument', 2);
  entry(2, '\u0001CompObj', 2);
  return file;
}

/** Latin-1 text safe inside a PDF string literal (other characters become '?'). */
function pdfString(text: string): string {
  const latin = [...text].map((ch) => (ch.charCodeAt(0) < 256 ? ch : '?')).join('');
  return latin.replace(/\\/g, '\\\\').replace(/\(/g, '\\(').replace(/\)/g, '\\)');
}

export type PdfOptions = {
  linesPerPage?: number;
  /** Lines longer than this are wrapped at a space, as a word processor would (default 88). */
  wrapAt?: number;
  /** FlateDecode the page contents (as most producers do); off gives a larger file. */
  compress?: boolean;
  title?: string;
};

/**
 * A PDF with the lines as Helvetica text, `linesPerPage` to a page. Objects: catalog, pages,
 * font, info, then a page and its content stream per page; a correct cross-reference table.
 */
export function pdfDocument(lines: string[], options: PdfOptions = {}): Buffer {
  const perPage = options.linesPerPage ?? 45;
  const wrapped = lines.flatMap((line) => wrapLine(line, options.wrapAt ?? 88));
  const pages: string[][] = [];
  for (let start = 0; start < wrapped.length; start += perPage) {
    pages.push(wrapped.slice(start, start + perPage));
  }
  if (pages.length === 0) pages.push([]);

  const objects: Buffer[] = [];
  const add = (body: Buffer | string) => {
    objects.push(Buffer.isBuffer(body) ? body : Buffer.from(body, 'latin1'));
    return objects.length;
  };
  const catalog = add(''); // filled in below, once the pages object's number is known
  const pagesObject = add('');
  const font = add(
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
  );
  const info = add(
    `<< /Title (${pdfString(options.title ?? 'Study notes')}) /Producer (StarPrep tests) >>`,
  );
  const kids: number[] = [];
  for (const pageLines of pages) {
    const text = pageLines
      .map((line, index) => `${index === 0 ? '' : '0 -16 Td '}(${pdfString(line)}) Tj`)
      .join('\n');
    const content = Buffer.from(`BT /F1 11 Tf 50 800 Td\n${text}\nET`, 'latin1');
    const stream = options.compress === false ? content : deflateSync(content);
    const filter = options.compress === false ? '' : ' /Filter /FlateDecode';
    const contents = add(
      Buffer.concat([
        Buffer.from(`<< /Length ${stream.length}${filter} >>\nstream\n`, 'latin1'),
        stream,
        Buffer.from('\nendstream', 'latin1'),
      ]),
    );
    kids.push(
      add(
        `<< /Type /Page /Parent ${pagesObject} 0 R /MediaBox [0 0 595 842] ` +
          `/Resources << /Font << /F1 ${font} 0 R >> >> /Contents ${contents} 0 R >>`,
      ),
    );
  }
  objects[catalog - 1] = Buffer.from(`<< /Type /Catalog /Pages ${pagesObject} 0 R >>`, 'latin1');
  objects[pagesObject - 1] = Buffer.from(
    `<< /Type /Pages /Kids [${kids.map((kid) => `${kid} 0 R`).join(' ')}] /Count ${kids.length} >>`,
    'latin1',
  );

  const parts: Buffer[] = [Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  let length = parts[0]!.length;
  const offsets: number[] = [];
  objects.forEach((body, index) => {
    offsets.push(length);
    const part = Buffer.concat([
      Buffer.from(`${index + 1} 0 obj\n`, 'latin1'),
      body,
      Buffer.from('\nendobj\n', 'latin1'),
    ]);
    parts.push(part);
    length += part.length;
  });
  const xref =
    `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n` +
    offsets.map((at) => `${String(at).padStart(10, '0')} 00000 n \n`).join('') +
    `trailer\n<< /Size ${objects.length + 1} /Root ${catalog} 0 R /Info ${info} 0 R >>\n` +
    `startxref\n${length}\n%%EOF\n`;
  parts.push(Buffer.from(xref, 'latin1'));
  return Buffer.concat(parts);
}

function wrapLine(line: string, width: number): string[] {
  const out: string[] = [];
  let current = '';
  for (const word of line.split(' ')) {
    if (current && current.length + 1 + word.length > width) {
      out.push(current);
      current = word;
    } else {
      current = current ? `${current} ${word}` : word;
    }
  }
  out.push(current);
  return out;
}

/** The non-empty lines of a text, for pdfDocument and docxDocument. */
export function linesOf(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
}
