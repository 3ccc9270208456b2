import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EXAM_CATEGORIES, EXAM_TYPES, examSlug } from '#shared/catalog';
import { ANSWER_LETTERS, optionKey } from '#shared/contracts/study-items';
import { contentFolder, questionBankFolder } from '../../lib/paths';
import { bankTiersFor, questionBank } from './question-bank';
import { questionBankFileSchema } from './question-bank-schema';
import { checkBank, checkExam } from './written-bank/checks';
import { readWrittenBank } from './written-bank/read';

/** The written bank: every item of every file, against the schema and the issue's numbers. */
const files = readdirSync(questionBankFolder).filter((name) => name.endsWith('.json'));

describe('question bank', () => {
  it('has a file for each of the six categories and the general set', () => {
    expect(files.sort()).toEqual(
      [...EXAM_CATEGORIES.map((category) => `${category.id}.json`), 'other.json'].sort(),
    );
  });

  describe.each(files)('%s', (name) => {
    const raw: unknown = JSON.parse(readFileSync(join(questionBankFolder, name), 'utf8'));

    it('passes the schema: 5 options A-E, a valid key, an explanation, no duplicates', () => {
      const parsed = questionBankFileSchema.safeParse(raw);
      expect(parsed.success ? [] : parsed.error.issues).toEqual([]);
    });

    const bank = questionBankFileSchema.parse(raw);

    it('holds at least 40 questions and 40 flashcards, at every difficulty', () => {
      expect(bank.questions.length).toBeGreaterThanOrEqual(40);
      expect(bank.flashcards.length).toBeGreaterThanOrEqual(40);
      for (const level of ['easy', 'medium', 'hard']) {
        expect(bank.questions.filter((item) => item.difficulty === level).length).toBeGreaterThan(
          5,
        );
        expect(bank.flashcards.filter((item) => item.difficulty === level).length).toBeGreaterThan(
          5,
        );
      }
    });

    it('spreads the keys over A-E, so guessing one letter does not pay', () => {
      for (const letter of ANSWER_LETTERS) {
        const share =
          bank.questions.filter((item) => item.correctAnswer === letter).length /
          bank.questions.length;
        expect(share, letter).toBeGreaterThan(0.1);
        expect(share, letter).toBeLessThan(0.3);
      }
    });

    it('has no option repeated within a question and no markup in any text', () => {
      for (const item of bank.questions) {
        expect(new Set(item.options.map(optionKey)).size, item.id).toBe(5);
        const text = [item.question, item.explanation, ...item.options].join(' ');
        expect(text, item.id).not.toMatch(/[<>]/);
      }
      for (const item of bank.flashcards) {
        expect(`${item.question} ${item.answer}`, item.id).not.toMatch(/[<>]/);
      }
    });

    it('tags every exam type of its category with its own items', () => {
      const category = EXAM_CATEGORIES.find((known) => known.id === bank.category);
      for (const examType of category?.examTypes ?? []) {
        const own = bank.questions.filter((item) => item.examTypes.includes(examType));
        expect(own.length, examType).toBeGreaterThanOrEqual(4);
      }
    });
  });

  it('ids are unique across the whole bank', () => {
    const ids = [...questionBank().values()].flatMap((file) => [
      ...file.questions.map((item) => item.id),
      ...file.flashcards.map((item) => item.id),
    ]);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('offers every exam enough items for the longest session, best-suited first', () => {
    for (const category of EXAM_CATEGORIES) {
      for (const examType of category.examTypes) {
        const tiers = bankTiersFor(questionBank(), category.id, examType);
        const questions = tiers.flatMap((tier) => tier.questions);
        expect(questions.length, examType).toBeGreaterThanOrEqual(25);
        expect(
          tiers[0]!.questions.every(
            (item) => item.examTypes.length === 0 || item.examTypes.includes(examType),
          ),
        ).toBe(true);
      }
    }
    // A catalogued exam never draws the general professional set; an exam of the student's own
    // (Other) draws on nothing else.
    const general = new Set(
      questionBank()
        .get('other')!
        .questions.map((item) => item.id),
    );
    for (const category of EXAM_CATEGORIES) {
      const tiers = bankTiersFor(questionBank(), category.id, category.examTypes[0]);
      expect(tiers.flatMap((tier) => tier.questions).some((item) => general.has(item.id))).toBe(
        false,
      );
    }
    const own = bankTiersFor(questionBank(), 'Aviation', 'Private Pilot');
    expect(own.flatMap((tier) => tier.questions).length).toBeGreaterThanOrEqual(40);
  });
});

describe('the bank written per exam type (content/bank)', () => {
  const written = readWrittenBank(contentFolder);

  it('passes every rule of bank:check for each exam type written so far', () => {
    expect(checkBank(written)).toEqual([]);
    for (const examType of EXAM_TYPES) {
      expect(checkExam(written, examType).problems, examType).toEqual([]);
    }
  });

  it('has an outline for every exam type of the catalogue', () => {
    expect([...written.outlines.keys()].sort()).toEqual(EXAM_TYPES.map(examSlug).sort());
  });

  it("serves an exam's own written items first, as questions and cards of the session's shape", () => {
    for (const [slug, items] of written.items) {
      const examType = EXAM_TYPES.find((each) => examSlug(each) === slug)!;
      const category = EXAM_CATEGORIES.find((each) =>
        (each.examTypes as readonly string[]).includes(examType),
      )!;
      const [first] = bankTiersFor(questionBank(), category.id, examType);
      const questionIds = new Set(first!.questions.map((item) => item.id));
      const cardIds = new Set(first!.flashcards.map((item) => item.id));
      for (const item of items) {
        expect(item.kind === 'mc' ? questionIds.has(item.id) : cardIds.has(item.id), item.id).toBe(
          true,
        );
      }
      const question = first!.questions.find((item) => item.id === `${slug}-mc-0001`);
      expect(question?.options[0]).toMatch(/^A\) /);
    }
  });
});
