import { describe, expect, it } from 'vitest';
import { BANK_RULES, checkBank, checkExam } from './checks';
import { reviewHash } from './item-hash';
import type { WrittenBank } from './read';
import type { ExamOutline, ItemReview, WrittenItem, WrittenMc } from './schema';

/** A small bank for one exam, built to pass every rule; each test breaks one thing. */
const outline: ExamOutline = {
  examType: 'NCLEX',
  slug: 'nclex',
  outline: 'Test outline',
  topics: [
    { name: 'Safety', weight: 0.6 },
    { name: 'Pharmacology', weight: 0.4 },
  ],
};
const levels = ['easy', 'medium', 'hard'] as const;
const words =
  'airway breathing circulation potassium insulin heparin warfarin digoxin sodium fall'.split(' ');
/** A distinct sentence per number, so no two stems are near-duplicates. */
const sentence = (n: number) =>
  `Case ${n}: ${words[n % 10]} ${words[Math.floor(n / 10) % 10]} ${words[Math.floor(n / 100) % 10]} item ${n * 7919} about ${n} clients`;

function mc(n: number): WrittenMc {
  return {
    id: `nclex-mc-${String(n).padStart(4, '0')}`,
    kind: 'mc',
    examTypes: ['NCLEX'],
    topic: n % 5 < 3 ? 'Safety' : 'Pharmacology',
    difficulty: levels[n % 3]!,
    reference: 'A standard',
    stem: sentence(n),
    options: ['one', 'two', 'three', 'four', 'five'],
    key: (['A', 'B', 'C', 'D', 'E'] as const)[n % 5]!,
    explanations: { A: 'a', B: 'b', C: 'c', D: 'd', E: 'e' },
    explanation: 'Why.',
  };
}
const common = (n: number, kind: 'card' | 'typed') => ({
  id: `nclex-${kind}-${String(n).padStart(4, '0')}`,
  examTypes: ['NCLEX'],
  topic: n % 5 < 3 ? 'Safety' : 'Pharmacology',
  difficulty: levels[n % 3]!,
  reference: 'A standard',
});

function passingBank(): WrittenBank {
  const items: WrittenItem[] = [
    ...Array.from({ length: 100 }, (_, n) => mc(n)),
    ...Array.from({ length: 50 }, (_, n) => ({
      ...common(n, 'card'),
      kind: 'card' as const,
      front: sentence(1000 + n),
      back: 'Back.',
    })),
    ...Array.from({ length: 25 }, (_, n) => ({
      ...common(n, 'typed'),
      kind: 'typed' as const,
      prompt: sentence(2000 + n),
      modelAnswer: 'Answer.',
      keyPoints: [
        { point: 'one', accept: ['one'] },
        { point: 'two', accept: ['two'] },
      ],
    })),
  ];
  const reviews = new Map<string, ItemReview>();
  for (const item of items) {
    if (item.kind !== 'mc') continue;
    reviews.set(item.id, {
      id: item.id,
      hash: reviewHash(item),
      reviewer: 'blind',
      letter: item.key,
      verdict: 'agrees',
      date: '2026-11-24',
    });
  }
  return {
    outlines: new Map([['nclex', outline]]),
    items: new Map([['nclex', items]]),
    reviews,
    problems: [],
  };
}

describe('bank checks', () => {
  it('passes a bank that keeps every rule, and counts its items', () => {
    const report = checkExam(passingBank(), 'NCLEX');
    expect(report.problems).toEqual([]);
    expect(report.counts).toEqual({ mc: 100, card: 50, typed: 25 });
    expect(report.reviewed).toBe(100);
    expect(checkBank(passingBank())).toEqual([]);
  });

  it('reports an exam with no folder as not yet written, without failing its counts', () => {
    const report = checkExam(passingBank(), 'USMLE');
    expect(report.written).toBe(false);
    expect(report.problems).toEqual([]);
  });

  it('fails too few items, an unknown topic, and keys out of balance', () => {
    const bank = passingBank();
    const items = bank.items
      .get('nclex')!
      .filter((item) => item.kind !== 'typed' || item.id < 'nclex-typed-0020');
    const first = items[0] as WrittenMc;
    items[0] = { ...first, topic: 'Astrology' };
    for (let n = 1; n < 30; n += 1) {
      const item = items[n] as WrittenMc;
      items[n] = { ...item, key: 'A' };
    }
    bank.items.set('nclex', items);
    const problems = checkExam(bank, 'NCLEX').problems.join('\n');
    expect(problems).toContain('20 typed items, at least 25');
    expect(problems).toContain('topic "Astrology" is not in the NCLEX outline');
    expect(problems).toMatch(/key A on \d+ % of items/);
  });

  it('fails a topic below half its weighted share', () => {
    const bank = passingBank();
    bank.items.set(
      'nclex',
      bank.items
        .get('nclex')!
        .map((item, index) => (index < 150 ? { ...item, topic: 'Safety' } : item)),
    );
    expect(checkExam(bank, 'NCLEX').problems.join('\n')).toMatch(
      /topic "Pharmacology" has \d+ items, at least 35/,
    );
  });

  it('fails unreviewed, disputed and edited-since-review items', () => {
    const bank = passingBank();
    bank.reviews.delete('nclex-mc-0000');
    bank.reviews.set('nclex-mc-0001', {
      ...bank.reviews.get('nclex-mc-0001')!,
      letter: 'C',
      verdict: 'disagrees',
    });
    bank.reviews.set('nclex-mc-0002', {
      ...bank.reviews.get('nclex-mc-0002')!,
      verdict: 'two-defensible',
    });
    const items = bank.items.get('nclex')!;
    items[3] = { ...(items[3] as WrittenMc), stem: 'An edited stem about something else entirely' };
    const problems = checkExam(bank, 'NCLEX').problems;
    expect(problems).toContain('nclex-mc-0000: not reviewed');
    expect(problems).toContain('nclex-mc-0001: disputed (disagrees, reviewer chose C)');
    expect(problems).toContain('nclex-mc-0002: disputed (two-defensible, reviewer chose C)');
    expect(problems).toContain('nclex-mc-0003: changed since its review');
  });

  it('reports near-duplicate stems in pairs', () => {
    const bank = passingBank();
    const items = bank.items.get('nclex')!;
    items[10] = { ...(items[10] as WrittenMc), stem: `${(items[11] as WrittenMc).stem} now` };
    const problems = checkExam(bank, 'NCLEX').problems;
    expect(
      problems.some((text) => text.startsWith('near-duplicates nclex-mc-0010 and nclex-mc-0011')),
    ).toBe(true);
  });

  it('fails duplicate ids and reviews of items that are not in the bank', () => {
    const bank = passingBank();
    bank.items.get('nclex')!.push(mc(5));
    bank.reviews.set('nclex-mc-0999', {
      ...bank.reviews.get('nclex-mc-0001')!,
      id: 'nclex-mc-0999',
    });
    expect(checkBank(bank)).toEqual([
      'duplicate id nclex-mc-0005',
      'a review of nclex-mc-0999, which is not in the bank',
    ]);
  });

  it('states the rules of the issue', () => {
    expect(BANK_RULES.minimum).toEqual({ mc: 100, card: 50, typed: 25 });
    expect(BANK_RULES.letterShare).toEqual({ min: 0.14, max: 0.26 });
  });
});
