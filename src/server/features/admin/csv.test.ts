import { describe, expect, it } from 'vitest';
import { csvCell, csvRecord } from './csv';

describe('csvCell', () => {
  it('leaves plain text and numbers as they are', () => {
    expect(csvCell('Ada Lovelace')).toBe('Ada Lovelace');
    expect(csvCell(150)).toBe('150');
    expect(csvCell('')).toBe('');
    expect(csvCell(null)).toBe('');
  });

  it('quotes commas, quotes and line breaks, doubling the quotes (RFC 4180)', () => {
    expect(csvCell('Austin, TX')).toBe('"Austin, TX"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('a\r\nb')).toBe('"a\r\nb"');
  });

  it('turns every formula-looking cell into text with a leading single quote', () => {
    for (const start of ['=', '+', '-', '@', '\t', '\r']) {
      expect(csvCell(`${start}1+1`).replace(/^"/, '')).toMatch(/^'/);
    }
    expect(csvCell('=HYPERLINK("http://x","y")')).toBe(`"'=HYPERLINK(""http://x"",""y"")"`);
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\rX')).toBe(`"'\rX"`);
  });

  it('leaves a formula character that is not first alone', () => {
    expect(csvCell('a=b')).toBe('a=b');
    expect(csvCell('ada@example.com')).toBe('ada@example.com');
  });
});

describe('csvRecord', () => {
  it('joins cells with commas and ends the record with CRLF', () => {
    expect(csvRecord(['a', 'b,c', null, 3])).toBe('a,"b,c",,3\r\n');
  });
});
