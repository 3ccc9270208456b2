import { describe, expect, it } from 'vitest';
import {
  docxDocument,
  docxEntries,
  pdfDocument,
  zipArchive,
} from '../../../../tests/support/documents';
import { readFixture } from '../../../../tests/support/materials';
import { extractText, MAX_EXTRACTED_CHARS, reflowLines, tidyText } from './extract-text';
import { storageKey } from './materials.service';

describe('reflowLines', () => {
  it('joins lines a page wrapped, and keeps headings and sentences apart', () => {
    const wrapped = [
      'Contracts outline',
      'An offer is a manifestation of willingness to enter into a bargain that justifies',
      'another person in understanding that assent is invited.',
      'Consideration is a bargained-for exchange.',
      'Notes for the exam',
      'Under the UCC, a contract for the sale of goods for 500 dollars or more falls within the',
      'Statute of Frauds.',
    ].join('\n');
    expect(reflowLines(wrapped).split('\n')).toEqual([
      'Contracts outline',
      'An offer is a manifestation of willingness to enter into a bargain that justifies another person in understanding that assent is invited.',
      'Consideration is a bargained-for exchange.',
      'Notes for the exam',
      'Under the UCC, a contract for the sale of goods for 500 dollars or more falls within the Statute of Frauds.',
    ]);
  });
});

describe('tidyText', () => {
  it('normalizes newlines and spaces and caps the length', () => {
    expect(tidyText('\ufeffa\r\nb  \t c\n\n\n\nd ')).toBe('a\nb c\n\nd');
    expect(tidyText('x'.repeat(MAX_EXTRACTED_CHARS + 10))).toHaveLength(MAX_EXTRACTED_CHARS);
  });

  it('strips what PostgreSQL cannot store, keeping whole emoji', () => {
    expect(tidyText('Tor\u0000ts \ud800are 📚 civil\udfff wrongs')).toBe(
      'Torts are 📚 civil wrongs',
    );
    // The cap falls inside an emoji: its lone first half is dropped, not stored.
    const cut = tidyText(`${'x'.repeat(MAX_EXTRACTED_CHARS - 1)}📚`);
    expect(cut).toBe('x'.repeat(MAX_EXTRACTED_CHARS - 1));
  });
});

describe('extractText (as the worker runs it)', () => {
  it('reads the PDF fixture page by page, with wrapped lines joined', async () => {
    const text = await extractText('pdf', new Uint8Array(readFixture('contracts.pdf')));
    expect(text).toContain(
      'The mailbox rule means that an acceptance is effective when it is dispatched, not when it is received.',
    );
    expect(text).toContain(
      'Under the mailbox rule, a rejection is effective only when it is received.',
    );
  });

  it('reads the .docx fixture', async () => {
    const text = await extractText('docx', new Uint8Array(readFixture('pharmacology.docx')));
    expect(text).toContain('Pharmacology');
    expect(text.split('\n').filter(Boolean).length).toBeGreaterThan(5);
  });

  it('stops reading a long PDF once it has enough text', async () => {
    const lines = Array.from({ length: 12_000 }, (_, index) => `Line ${index} of a long text.`);
    const text = await extractText('pdf', new Uint8Array(pdfDocument(lines)));
    expect(text.length).toBe(MAX_EXTRACTED_CHARS);
  }, 60_000);

  it('refuses a .docx whose entries inflate past their declared sizes', async () => {
    const honest = docxDocument(['Fine.']);
    expect(await extractText('docx', new Uint8Array(honest))).toBe('Fine.');
    const liar = zipArchive([
      ...docxEntries(['Fine.']),
      { name: 'word/media/zeros.bin', data: Buffer.alloc(1024 * 1024), declaredSize: 1024 },
    ]);
    await expect(extractText('docx', new Uint8Array(liar))).rejects.toThrow(/too many bytes/);
  });
});

describe('storageKey', () => {
  it('is <user id>/<timestamp>_<name> with a safe name', () => {
    expect(storageKey('u1', 'Contracts outline (v2).pdf', 1_700_000_000_000)).toBe(
      'u1/1700000000000_Contracts_outline_v2_.pdf',
    );
    expect(storageKey('u1', 'Übersicht.txt', 1)).toBe('u1/1_Übersicht.txt');
    expect(storageKey('u1', '.txt', 1)).toBe('u1/1_txt');
  });
});

describe('removeStaleSpoolFiles', () => {
  it('removes old .part files only', async () => {
    const { mkdtempSync, writeFileSync, utimesSync, readdirSync, rmSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const { removeStaleSpoolFiles } = await import('./upload-spool');
    const folder = mkdtempSync(join(tmpdir(), 'starprep-spool-test-'));
    try {
      for (const name of ['old.part', 'new.part', 'old.keep'])
        writeFileSync(join(folder, name), 'x');
      const anHourAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
      utimesSync(join(folder, 'old.part'), anHourAgo, anHourAgo);
      utimesSync(join(folder, 'old.keep'), anHourAgo, anHourAgo);
      expect(await removeStaleSpoolFiles(folder, 60 * 60 * 1000)).toBe(1);
      expect(readdirSync(folder).sort()).toEqual(['new.part', 'old.keep']);
      expect(await removeStaleSpoolFiles(join(folder, 'missing'), 0)).toBe(0);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
