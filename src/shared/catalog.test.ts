import { describe, expect, it } from 'vitest';
import {
  COUNTRIES,
  EDUCATION_LEVELS,
  categoriesOfExamType,
  EXAM_CATEGORIES,
  EXAM_TYPES,
  examSlug,
  PROFESSION_SYMBOLS,
  US_STATES,
} from './catalog';
import { isLivePage, livePages, paths } from './routes';

describe('catalog', () => {
  it('has the six categories of the spec with their exam types', () => {
    expect(EXAM_CATEGORIES.map((c) => c.id)).toEqual([
      'medical',
      'legal',
      'engineering',
      'trades',
      'business',
      'education',
    ]);
    expect(EXAM_CATEGORIES.find((c) => c.id === 'medical')?.examTypes).toContain('USMLE');
    expect(EXAM_CATEGORIES.flatMap((c) => c.examTypes)).toHaveLength(36);
  });

  it('lists 35 distinct exam types, each with its own content slug', () => {
    expect(EXAM_TYPES).toHaveLength(35);
    expect(categoriesOfExamType('Welding Certification')).toEqual(['engineering', 'trades']);
    expect(examSlug('Series 7 Exam')).toBe('series-7-exam');
    expect(examSlug('NCLEX')).toBe('nclex');
    expect(new Set(EXAM_TYPES.map(examSlug)).size).toBe(35);
  });

  it('lists about 75 countries, sorted and unique, including the United States', () => {
    expect(COUNTRIES.length).toBeGreaterThanOrEqual(70);
    expect(COUNTRIES.length).toBeLessThanOrEqual(80);
    expect([...COUNTRIES]).toEqual([...COUNTRIES].sort((a, b) => a.localeCompare(b)));
    expect(new Set(COUNTRIES).size).toBe(COUNTRIES.length);
    expect(COUNTRIES).toContain('United States');
  });

  it('lists the 50 US states once each', () => {
    expect(US_STATES).toHaveLength(50);
    expect(new Set(US_STATES).size).toBe(50);
  });

  it('has the six education levels and six profession symbols', () => {
    expect(EDUCATION_LEVELS).toHaveLength(6);
    expect(PROFESSION_SYMBOLS.map((s) => s.id)).toEqual([
      'scale',
      'stethoscope',
      'wrench',
      'graduation',
      'building',
      'briefcase',
    ]);
  });
});

describe('route table', () => {
  it('knows the live pages, with or without a trailing slash', () => {
    expect(livePages).toContain(paths.home);
    expect(isLivePage('/')).toBe(true);
    expect(isLivePage('/nope')).toBe(false);
    expect(isLivePage('/nope/')).toBe(false);
    expect(isLivePage('/login/')).toBe(true);
  });

  it('has the development mailbox only outside production', () => {
    expect(isLivePage('/dev/mailbox')).toBe(true);
    expect(isLivePage('/dev/mailbox', { production: true })).toBe(false);
    expect(isLivePage('/login', { production: true })).toBe(true);
  });

  it('knows pages with a parameter: the test checkout of one session', () => {
    expect(isLivePage('/checkout/test/cs_test_abc-123')).toBe(true);
    expect(isLivePage('/checkout/test/')).toBe(false);
    expect(isLivePage('/checkout/test/a/b')).toBe(false);
  });
});
