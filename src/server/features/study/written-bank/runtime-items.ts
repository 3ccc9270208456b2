import { categoriesOfExamType } from '#shared/catalog';
import { ANSWER_LETTERS } from '#shared/contracts/study-items';
import type { BankFlashcard, BankQuestion } from '../question-bank-schema';
import type { WrittenBank } from './read';

/**
 * The written bank's items in the shapes today's sessions use (spec section 3): a multiple-choice
 * item becomes a question with "A) "-prefixed options and its short explanation; a flash card and
 * a typed prompt become cards (a typed prompt's back is its model answer). Grouped by the catalogue
 * category of each exam type an item was written for.
 */
export function writtenItemsByCategory(written: WrittenBank) {
  const byCategory = new Map<string, { questions: BankQuestion[]; flashcards: BankFlashcard[] }>();
  const groupOf = (category: string) => {
    let group = byCategory.get(category);
    if (!group) byCategory.set(category, (group = { questions: [], flashcards: [] }));
    return group;
  };
  for (const item of [...written.items.values()].flat()) {
    const categories = new Set(item.examTypes.flatMap(categoriesOfExamType));
    const base = { id: item.id, difficulty: item.difficulty, examTypes: item.examTypes };
    for (const category of categories) {
      const group = groupOf(category);
      if (item.kind === 'mc') {
        group.questions.push({
          ...base,
          question: item.stem,
          options: item.options.map((option, index) => `${ANSWER_LETTERS[index]}) ${option}`),
          correctAnswer: item.key,
          explanation: item.explanation,
        });
      } else if (item.kind === 'card') {
        group.flashcards.push({ ...base, question: item.front, answer: item.back });
      } else {
        group.flashcards.push({ ...base, question: item.prompt, answer: item.modelAnswer });
      }
    }
  }
  return byCategory;
}
