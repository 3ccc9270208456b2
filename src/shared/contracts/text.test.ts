import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { findUnstorable, isStorableText, stripUnstorable } from './text';

/** Any string fast-check makes, including lone surrogates and NUL (its full Unicode range). */
const anyText = fc.string({ unit: 'binary' });

describe('the storable text rule', () => {
  it('refuses NUL and lone surrogates, and accepts whole surrogate pairs', () => {
    expect(isStorableText('Torts 📚 ⚖️ é')).toBe(true);
    for (const bad of ['\u0000', 'a\u0000', '\ud800', 'a\udfffb', '📚'[0]!, '\udc00\ud800']) {
      expect(isStorableText(bad), JSON.stringify(bad)).toBe(false);
    }
  });

  it('agrees with UTF-8: storable text is exactly text that survives UTF-8, minus NUL', () => {
    fc.assert(
      fc.property(anyText, (text) => {
        const roundTrips = Buffer.from(text, 'utf8').toString('utf8') === text;
        expect(isStorableText(text)).toBe(roundTrips && !text.includes('\u0000'));
      }),
    );
  });

  it('stripping leaves storable text and changes nothing storable', () => {
    fc.assert(
      fc.property(anyText, (text) => {
        const stripped = stripUnstorable(text);
        expect(isStorableText(stripped)).toBe(true);
        if (isStorableText(text)) expect(stripped).toBe(text);
      }),
    );
  });

  it('finds the first bad field, nested field or key of parsed JSON', () => {
    expect(findUnstorable({ a: 'ok', b: [1, 'ok', { c: 'x\u0000' }] })).toEqual(['b', 2, 'c']);
    expect(findUnstorable({ ['k\ud800']: 'ok' })).toEqual(['k\ud800']);
    expect(findUnstorable({ a: 'ok', n: 1, z: null, t: true })).toBeUndefined();
  });
});
