import { z } from 'zod';
import { DIFFICULTIES } from '../enums';
import { MULTIPLE_CHOICE } from '../limits';

/**
 * The shapes of spec section 3 ("Generated multiple choice question", "Flashcard"). Every item,
 * from the question bank, from a student's material or from an AI endpoint, passes these before a
 * student sees it.
 */

export const ANSWER_LETTERS = ['A', 'B', 'C', 'D', 'E'] as const;
export type AnswerLetter = (typeof ANSWER_LETTERS)[number];

/** The option text without its "A) " prefix, folded so "Paris" and "paris." count as alike. */
export function optionKey(option: string): string {
  return foldText(option.replace(/^[A-E]\)\s*/, ''));
}

export function foldText(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

const itemText = (max: number) => z.string().trim().min(1).max(max);

export const multipleChoiceQuestionSchema = z
  .object({
    id: z.string().min(1).max(100),
    question: itemText(1_000),
    options: z
      .array(itemText(400))
      .length(MULTIPLE_CHOICE.options)
      .refine(
        (options) =>
          options.every((option, index) => option.startsWith(`${ANSWER_LETTERS[index]}) `)),
        'Each option starts with its letter: "A) " to "E) ".',
      )
      .refine(
        (options) => options.every((option) => optionKey(option).length > 0),
        'An option has text after its letter.',
      )
      .refine(
        (options) => new Set(options.map(optionKey)).size === options.length,
        'No two options are alike.',
      ),
    correctAnswer: z.enum(ANSWER_LETTERS),
    explanation: itemText(2_000),
    difficulty: z.enum(DIFFICULTIES),
    category: itemText(100),
    examType: itemText(100),
  })
  .strict();
export type MultipleChoiceQuestion = z.infer<typeof multipleChoiceQuestionSchema>;

export const flashcardSchema = z
  .object({
    question: itemText(1_000),
    answer: itemText(2_000),
  })
  .strict();
export type Flashcard = z.infer<typeof flashcardSchema>;

/** As the exam page receives them: with an id, and the material sentence an item came from. */
export const studyQuestionSchema = multipleChoiceQuestionSchema.extend({
  sourceSentence: z.string().max(1_000).optional(),
});
export const studyCardSchema = flashcardSchema.extend({
  id: z.string().min(1).max(100),
  sourceSentence: z.string().max(1_000).optional(),
});
