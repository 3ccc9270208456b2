import { z } from 'zod';
import { EXAM_CATEGORIES } from '../../../shared/catalog';
import { DIFFICULTIES } from '../../../shared/enums';
import {
  ANSWER_LETTERS,
  foldText,
  multipleChoiceQuestionSchema,
} from '../../../shared/contracts/study-items';

/**
 * One file of content/question-bank: the written, checked questions and flashcards of one exam
 * category ("other" holds the general professional set). `examTypes` empty means the item suits
 * every exam of the category; otherwise it names exam types exactly as the catalog spells them.
 */

const BANK_CATEGORY_IDS = [...EXAM_CATEGORIES.map((category) => category.id), 'other'] as const;

const bankText = (max: number) => z.string().trim().min(1).max(max);

const bankQuestionSchema = multipleChoiceQuestionSchema
  .omit({ category: true, examType: true })
  .extend({ examTypes: z.array(z.string()) })
  .strict();

const bankFlashcardSchema = z
  .object({
    id: z.string().min(1).max(100),
    question: bankText(1_000),
    answer: bankText(2_000),
    difficulty: z.enum(DIFFICULTIES),
    examTypes: z.array(z.string()),
  })
  .strict();

export const questionBankFileSchema = z
  .object({
    category: z.enum(BANK_CATEGORY_IDS),
    questions: z.array(bankQuestionSchema),
    flashcards: z.array(bankFlashcardSchema),
  })
  .strict()
  .superRefine((file, context) => {
    const examTypes = new Set<string>(
      EXAM_CATEGORIES.find((category) => category.id === file.category)?.examTypes ?? [],
    );
    const ids = new Set<string>();
    const questionTexts = new Set<string>();
    const flashcardTexts = new Set<string>();
    const flag = (path: (string | number)[], message: string) =>
      context.addIssue({ code: 'custom', path, message });

    file.questions.forEach((item, index) => {
      if (ids.has(item.id)) flag(['questions', index, 'id'], `Duplicate id ${item.id}.`);
      ids.add(item.id);
      const text = foldText(item.question);
      if (questionTexts.has(text)) flag(['questions', index], 'Duplicate question.');
      questionTexts.add(text);
      for (const examType of item.examTypes) {
        if (!examTypes.has(examType)) flag(['questions', index], `Unknown exam type ${examType}.`);
      }
      if (!ANSWER_LETTERS.includes(item.correctAnswer)) flag(['questions', index], 'Bad key.');
    });
    file.flashcards.forEach((item, index) => {
      if (ids.has(item.id)) flag(['flashcards', index, 'id'], `Duplicate id ${item.id}.`);
      ids.add(item.id);
      const text = foldText(item.question);
      if (flashcardTexts.has(text)) flag(['flashcards', index], 'Duplicate flashcard.');
      flashcardTexts.add(text);
      for (const examType of item.examTypes) {
        if (!examTypes.has(examType)) flag(['flashcards', index], `Unknown exam type ${examType}.`);
      }
    });
  });
export type QuestionBankFile = z.infer<typeof questionBankFileSchema>;
export type BankQuestion = QuestionBankFile['questions'][number];
export type BankFlashcard = QuestionBankFile['flashcards'][number];
