import { describe, expect, it } from 'vitest';
import { UPLOAD } from '../limits';
import {
  extensionOf,
  FILE_NAME_MAX,
  fileProblem,
  kindOfName,
  MATERIALS_MESSAGES,
  pastedTextSchema,
  sanitizeFileName,
} from './materials';

describe('sanitizeFileName', () => {
  it('removes the spec’s characters < > " \' & and keeps the rest', () => {
    expect(sanitizeFileName('A<b>"c"\'d\'&e.pdf')).toBe('Abcde.pdf');
    expect(sanitizeFileName('Übersicht – Vertragsrecht (2).docx')).toBe(
      'Übersicht – Vertragsrecht (2).docx',
    );
  });

  it('keeps the last path segment only, and no leading dots', () => {
    expect(sanitizeFileName('../../etc/passwd.txt')).toBe('passwd.txt');
    expect(sanitizeFileName('C:\\Users\\me\\notes.txt')).toBe('notes.txt');
    expect(sanitizeFileName('...hidden.txt')).toBe('hidden.txt');
    expect(sanitizeFileName('folder/')).toBe('file');
    expect(sanitizeFileName('<>&')).toBe('file');
  });

  it('removes invisible characters and limits the length, keeping the ending', () => {
    expect(sanitizeFileName('evil\u202Etxt.pdf')).toBe('eviltxt.pdf');
    expect(sanitizeFileName('a\u0000b\tc.txt')).toBe('ab c.txt');
    const long = sanitizeFileName(`${'x'.repeat(500)}.docx`);
    expect(long).toHaveLength(FILE_NAME_MAX);
    expect(long.endsWith('.docx')).toBe(true);
  });
});

describe('kinds and the checks before sending', () => {
  it('knows the allowed endings, in any case', () => {
    expect(kindOfName('a.PDF')).toBe('pdf');
    expect(kindOfName('a.docx')).toBe('docx');
    expect(kindOfName('a.doc')).toBe('doc');
    expect(kindOfName('a.pages')).toBe('pages');
    expect(kindOfName('a.txt')).toBe('text');
    expect(kindOfName('a.png')).toBeUndefined();
    expect(kindOfName('pdf')).toBeUndefined();
    expect(extensionOf('.txt')).toBe('');
  });

  it('says the spec’s messages', () => {
    expect(fileProblem('photo.png', 10)).toBe('photo.png is not a supported file type');
    expect(fileProblem('big.pdf', UPLOAD.maxFileBytes + 1)).toBe(
      'big.pdf is too large. Maximum size is 10MB',
    );
    expect(fileProblem('ok.pdf', UPLOAD.maxFileBytes)).toBeUndefined();
    expect(fileProblem('a<b>.pdf', 0)).toBe(MATERIALS_MESSAGES.empty('ab.pdf'));
  });

  it('pasted text: at most 50,000 characters and not blank', () => {
    expect(pastedTextSchema.safeParse({ text: 'a'.repeat(50_000) }).success).toBe(true);
    expect(pastedTextSchema.safeParse({ text: 'a'.repeat(50_001) }).error?.issues[0]?.message).toBe(
      MATERIALS_MESSAGES.pastedTooLong,
    );
    expect(pastedTextSchema.safeParse({ text: ' \n ' }).error?.issues[0]?.message).toBe(
      MATERIALS_MESSAGES.nothingToUpload,
    );
  });
});
