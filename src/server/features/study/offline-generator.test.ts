import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { materialFixture, seededRandom } from '../../../../tests/support/study-fixtures';
import { EXAM_CATEGORIES } from '#shared/catalog';
import { fewerItemsNotice } from '#shared/contracts/study';
import { foldText, studyCardSchema, studyQuestionSchema } from '#shared/contracts/study-items';
import { createLogger } from '../../lib/logger';
import { generateQuestions } from './generation.service';
import type { GenerationRequest } from './generator';
import { createOfflineGenerator } from './offline-generator';
import { bankTiersFor, questionBank } from './question-bank';
import type { QuestionBankFile } from './question-bank-schema';

/** The offline generator as a student meets it: the bank, their own materials, and no repeats. */

/** A logger that keeps its lines, so nothing reaches the console. */
function quietLogger() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  });
  return { logger: createLogger('info', stream), lines };
}

const request = (overrides: Partial<GenerationRequest> = {}): GenerationRequest => ({
  category: 'medical',
  examType: 'NAPLEX',
  difficulty: 'medium',
  count: 25,
  materials: '',
  ...overrides,
});

function expectNoRepeats(items: { id: string; question: string }[]) {
  expect(new Set(items.map((item) => item.id)).size).toBe(items.length);
  expect(new Set(items.map((item) => foldText(item.question))).size).toBe(items.length);
}

const fromMaterial = (item: { id: string }) => item.id.startsWith('material-');

describe('offline questions', () => {
  describe.each(EXAM_CATEGORIES.map((category) => [category.id, category.examTypes[0]!]))(
    '%s / %s',
    (category, examType) => {
      it('fills a 25-question session with valid questions, none repeated', async () => {
        const { items, source } = await createOfflineGenerator().questions(
          request({ category, examType, count: 25 }),
        );
        expect(source).toBe('offline');
        expect(items).toHaveLength(25);
        for (const item of items) studyQuestionSchema.parse(item);
        expectNoRepeats(items);
        // Labelled for this exam, or for the other exam type of its category it was written for.
        const examTypes = EXAM_CATEGORIES.find((known) => known.id === category)!.examTypes;
        for (const item of items) expect(examTypes).toContain(item.examType);
        expect(items.some((item) => item.examType === examType)).toBe(true);
      });

      it('draws every hard question written for the exam before any easier one', async () => {
        const { items } = await createOfflineGenerator().questions(
          request({ category, examType, difficulty: 'hard', count: 10 }),
        );
        expect(items).toHaveLength(10);
        // The exam's own questions come first; of those, the hard ones.
        const ownHard = bankTiersFor(questionBank(), category, examType)[0]!.questions.filter(
          (item) => item.difficulty === 'hard',
        );
        const hard = items.filter((item) => item.difficulty === 'hard');
        expect(hard.length).toBeGreaterThanOrEqual(Math.min(10, ownHard.length));
      });
    },
  );

  describe.each(['pharmacology.txt', 'contracts.txt', 'electrical.txt'])(
    'with materials (%s)',
    (name) => {
      const materials = materialFixture(name);

      it('draws about half the session from the material, the bank the rest', async () => {
        const { items } = await createOfflineGenerator().questions(
          request({ count: 20, materials }),
        );
        expect(items).toHaveLength(20);
        for (const item of items) studyQuestionSchema.parse(item);
        expectNoRepeats(items);
        const own = items.filter(fromMaterial);
        expect(own.length).toBeGreaterThanOrEqual(5);
        expect(own.length).toBeLessThanOrEqual(10);
        // Every material question shows the sentence it came from.
        const flat = materials.replace(/\s+/g, ' ');
        for (const item of own) expect(flat).toContain(item.sourceSentence);
      });
    },
  );

  it('draws other questions than the recent sessions’ while there are others', async () => {
    const generator = createOfflineGenerator();
    const first = await generator.questions(request({ count: 25 }));
    const avoidIds = new Set(first.items.map((item) => item.id));
    const retest = await generator.questions(request({ count: 25, avoidIds }));
    expect(retest.items).toHaveLength(25);
    expect(retest.items.filter((item) => avoidIds.has(item.id))).toEqual([]);
  });

  it('repeats questions of earlier sessions when every one was seen, never within a session', async () => {
    const everything = new Set(
      bankTiersFor(questionBank(), 'medical', 'NAPLEX').flatMap((tier) =>
        tier.questions.map((item) => item.id),
      ),
    );
    const { items } = await createOfflineGenerator().questions(
      request({ count: 25, avoidIds: everything }),
    );
    expect(items).toHaveLength(25);
    expectNoRepeats(items);
  });

  it('draws an exam of the student’s own from the general professional set', async () => {
    const general = new Set(
      questionBank()
        .get('other')!
        .questions.map((item) => item.id),
    );
    const { items } = await createOfflineGenerator().questions(
      request({ category: 'Aviation', examType: 'Private Pilot', count: 25 }),
    );
    expect(items).toHaveLength(25);
    for (const item of items) {
      studyQuestionSchema.parse(item);
      expect(general.has(item.id), item.id).toBe(true);
      expect(item).toMatchObject({ category: 'Aviation', examType: 'Private Pilot' });
    }
  });

  it('gives a hard session only hard questions when its set holds enough of them', async () => {
    // The general set (15 hard questions) is the only set an exam of the student's own draws on.
    const { items } = await createOfflineGenerator().questions(
      request({ category: 'Aviation', examType: 'Private Pilot', difficulty: 'hard', count: 10 }),
    );
    expect(items.map((item) => item.difficulty)).toEqual(Array(10).fill('hard'));
  });

  it('gives the same session twice from the same random seed', async () => {
    const materials = materialFixture('pharmacology.txt');
    const run = () =>
      createOfflineGenerator({ random: seededRandom(42) }).questions(
        request({ count: 20, materials }),
      );
    const [first, second] = [await run(), await run()];
    expect(second.items).toEqual(first.items);
    // A different seed is a different session.
    const other = await createOfflineGenerator({ random: seededRandom(43) }).questions(
      request({ count: 20, materials }),
    );
    expect(other.items).not.toEqual(first.items);
  });
});

describe('a bank too small for the session', () => {
  const options = ['A) One', 'B) Two', 'C) Three', 'D) Four', 'E) Five'];
  const tiny: QuestionBankFile = {
    category: 'medical',
    questions: [1, 2, 3].map((number) => ({
      id: `tiny-${number}`,
      question: `Which option is number ${number}?`,
      options,
      correctAnswer: 'A',
      explanation: `Option ${number} is the answer.`,
      difficulty: 'medium',
      examTypes: [],
    })),
    flashcards: [],
  };
  const offline = createOfflineGenerator({ bank: () => new Map([['medical', tiny]]) });

  it('returns what it has, without repeating any', async () => {
    const { items } = await offline.questions(request({ count: 10 }));
    expect(items.map((item) => item.id).sort()).toEqual(['tiny-1', 'tiny-2', 'tiny-3']);
  });

  it('tells the student the session is shorter', async () => {
    const { logger } = quietLogger();
    const result = await generateQuestions(
      { logger, generator: offline, offline },
      request({ count: 10 }),
    );
    expect(result.items).toHaveLength(3);
    expect(result.source).toBe('offline');
    expect(result.notices).toContain(fewerItemsNotice(3, 10));
  });
});

describe('offline flashcards', () => {
  it('fills a 20-card session with valid cards, none repeated', async () => {
    const { items, source } = await createOfflineGenerator().flashcards(request({ count: 20 }));
    expect(source).toBe('offline');
    expect(items).toHaveLength(20);
    for (const card of items) {
      expect(studyCardSchema.parse(card)).toEqual(card);
      expect(card).toEqual({
        id: expect.any(String),
        question: expect.any(String),
        answer: expect.any(String),
      });
    }
    expectNoRepeats(items);
  });

  it('mixes in cards from the material, each with its source sentence', async () => {
    const materials = materialFixture('contracts.txt');
    const { items } = await createOfflineGenerator().flashcards(request({ count: 20, materials }));
    expect(items).toHaveLength(20);
    for (const card of items) studyCardSchema.parse(card);
    expectNoRepeats(items);
    const own = items.filter(fromMaterial);
    expect(own.length).toBeGreaterThanOrEqual(5);
    expect(own.length).toBeLessThanOrEqual(10);
    for (const card of own) expect(card.sourceSentence).toBeTruthy();
  });
});
