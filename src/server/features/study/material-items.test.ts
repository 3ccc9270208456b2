import { describe, expect, it } from 'vitest';
import { materialFixture, seededRandom } from '../../../../tests/support/study-fixtures';
import { studyQuestionSchema } from '#shared/contracts/study-items';
import { itemsFromText } from './material-items';

/** Study items from a student's own text: a pure function, on sample texts of three subjects. */

const options = { category: 'Medical & Healthcare', examType: 'NAPLEX', random: seededRandom(7) };

describe.each(['pharmacology.txt', 'contracts.txt', 'electrical.txt'])('%s', (name) => {
  const text = materialFixture(name);
  const items = itemsFromText(text, options);

  it('makes definition flashcards and cloze deletions, each with its source sentence', () => {
    expect(items.cards.length).toBeGreaterThanOrEqual(8);
    for (const card of items.cards) {
      expect(text.replace(/\s+/g, ' ')).toContain(card.sourceSentence);
    }
    expect(items.cards.some((card) => card.question.startsWith('What '))).toBe(true);
    const clozes = items.cards.filter((card) => card.question.startsWith('Fill in the blank: '));
    expect(clozes.length).toBeGreaterThanOrEqual(3);
    for (const cloze of clozes) {
      expect(cloze.question).toContain('_____');
      // The blanked word is the answer, and it came out of the source sentence.
      expect(cloze.sourceSentence!.toLowerCase()).toContain(cloze.answer.toLowerCase());
    }
  });

  it('makes valid multiple-choice questions whose distractors are the material’s other terms', () => {
    expect(items.questions.length).toBeGreaterThanOrEqual(10);
    const flat = text.replace(/\s+/g, ' ').toLowerCase();
    for (const question of items.questions) {
      studyQuestionSchema.parse(question);
      expect(question).toMatchObject({ category: 'Medical & Healthcare', examType: 'NAPLEX' });
      expect(flat).toContain(question.sourceSentence!.toLowerCase());
      // Every option, right or wrong, is a term of this material.
      if (question.question.startsWith('Which term')) {
        for (const option of question.options) {
          expect(flat).toContain(option.slice(3).toLowerCase());
        }
      }
    }
  });

  it('has no two items alike', () => {
    const ids = [...items.questions, ...items.cards].map((item) => item.id);
    expect(new Set(ids).size).toBe(ids.length);
  });
});

describe('itemsFromText', () => {
  it('reads definitions in their common forms, keeping the article', () => {
    const { cards } = itemsFromText(
      [
        'An easement is a nonpossessory right to use the land of another person.',
        'Adverse possession: a way to gain title by open, continuous and hostile possession.',
        'The rule against perpetuities means that an interest must vest within a life in being plus 21 years.',
        'A right to cross a neighbor’s land to reach a road is called an easement by necessity.',
        'Escheat refers to the passing of property to the state when an owner dies without heirs.',
      ].join('\n'),
      options,
    );
    const questions = cards.map((card) => card.question);
    expect(questions).toEqual(
      expect.arrayContaining([
        'What is an easement?',
        'What is Adverse possession?',
        'What does the rule against perpetuities mean?',
        'What is easement by necessity?',
        'What does Escheat refer to?',
      ]),
    );
    const easement = cards.find((card) => card.question === 'What is an easement?');
    expect(easement?.answer).toBe('A nonpossessory right to use the land of another person.');
  });

  it('does not take statements for definitions', () => {
    const { cards } = itemsFromText(
      [
        'It is important to read every question twice before answering.',
        'This is why the exam rewards careful reading of each fact pattern.',
        'GFCI protection is required for receptacles in bathrooms.',
        'The results are shown below.',
      ].join('\n'),
      options,
    );
    expect(cards.filter((card) => card.question.startsWith('What '))).toEqual([]);
  });

  it('asks no multiple-choice question with fewer than five terms to draw options from', () => {
    const items = itemsFromText(
      'A tort is a civil wrong that causes harm to another person.',
      options,
    );
    expect(items.questions).toEqual([]);
    expect(items.cards).toHaveLength(1);
  });

  it('returns nothing, quickly, for text with no sentences', () => {
    expect(itemsFromText('', options)).toEqual({ questions: [], cards: [] });
    expect(itemsFromText('%%%% \u0000 12 34 ;;;', options)).toEqual({ questions: [], cards: [] });
    const noise = 'lorem '.repeat(10_000);
    expect(itemsFromText(noise, options).questions).toEqual([]);
  });

  it('makes 100 questions from 50,000 characters of material', () => {
    const base = [
      materialFixture('pharmacology.txt'),
      materialFixture('contracts.txt'),
      materialFixture('electrical.txt'),
    ];
    let text = '';
    for (let copy = 0; text.length < 50_000; copy += 1) {
      // Numbered copies are different sentences, as in a long real text.
      text += base.join('\n').replace(/\.(\s|$)/g, ` (part ${copy}).$1`) + '\n';
    }
    const items = itemsFromText(text.slice(0, 50_000), options);
    expect(items.questions.length).toBeGreaterThanOrEqual(100);
  });
});
