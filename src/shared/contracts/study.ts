import { z } from 'zod';
import { DIFFICULTIES, STUDY_MODES, type Difficulty, type StudyMode } from '../enums';
import { AI_LIMITS, FLASHCARDS, MULTIPLE_CHOICE, TYPING } from '../limits';
import type { Flashcard, MultipleChoiceQuestion } from './study-items';

/** The exam page and the generation API (spec sections 2, 4, 5 and 8). */

export const STUDY_MESSAGES = {
  tooManyStarts: 'Too many requests. Please wait before starting a new session.',
  generationFailed: 'Failed to generate questions. Please try again.',
  missingParameters: 'Missing required parameters.',
  tooManyQuestions: `Maximum ${AI_LIMITS.maxQuestions} questions allowed per request.`,
  tooManyFlashcards: `Maximum ${AI_LIMITS.maxFlashcards} flashcards allowed per request.`,
  aiQuestionsRateLimited: 'Too many AI requests. Please wait before generating more questions.',
  aiFlashcardsRateLimited: 'Too many AI requests. Please wait before generating more flashcards.',
  aiTimeout: 'Request timeout - AI service took too long to respond.',
  aiConfiguration: 'AI service configuration error. Please check your API settings.',
  aiUnparseable: 'Failed to parse JSON response from AI.',
  aiEmpty: 'No content generated.',
  aiInvalidItem: (index: number) => `Invalid question at index ${index}.`,
  /** decisions.md (AI fallback): the student is told which source the questions came from. */
  offlineFallback:
    'The AI service could not answer, so these questions come from the StarPrep question bank and your study materials.',
  registrationNotFound: 'This exam registration was not found.',
  studyToolsInactive:
    'Study tools are inactive after your exam date. Submit your exam result on the dashboard to reactivate them.',
  sessionNotFound: 'This study session was not found.',
  saveFailed: 'Your session could not be saved. Please try again.',
} as const;

/**
 * The spec's input sanitizing for generation (section 5): angle brackets, quotes and ampersands
 * are removed, then the text is trimmed.
 */
export function sanitizeGenerationInput(value: string): string {
  return value.replace(/[<>"'&]/g, '').trim();
}

const required = z
  .string({ error: STUDY_MESSAGES.missingParameters })
  .max(200, { error: STUDY_MESSAGES.missingParameters })
  .transform(sanitizeGenerationInput)
  .refine((value) => value.length > 0, { error: STUDY_MESSAGES.missingParameters });

const difficulty = z.enum(DIFFICULTIES, { error: STUDY_MESSAGES.missingParameters });

/** POST /api/study/questions and /api/study/flashcards: the spec's AI generation call. */
export function generationRequestSchema(kind: 'questions' | 'flashcards') {
  const max = kind === 'questions' ? AI_LIMITS.maxQuestions : AI_LIMITS.maxFlashcards;
  const fallback = kind === 'questions' ? AI_LIMITS.defaultQuestions : AI_LIMITS.defaultFlashcards;
  const tooMany =
    kind === 'questions' ? STUDY_MESSAGES.tooManyQuestions : STUDY_MESSAGES.tooManyFlashcards;
  return z.object({
    difficulty,
    category: required,
    examType: required,
    count: z
      .number({ error: tooMany })
      .int({ error: tooMany })
      .min(1, { error: tooMany })
      .max(max, { error: tooMany })
      .default(fallback),
  });
}

/** POST /api/study/sessions: Start Session on the exam page. */
export const startSessionSchema = z.object({
  registrationId: z.uuid({ error: STUDY_MESSAGES.registrationNotFound }),
  mode: z.enum(STUDY_MODES, { error: STUDY_MESSAGES.missingParameters }),
  difficulty,
});
export type StartSessionRequest = z.input<typeof startSessionSchema>;

/** POST /api/study/sessions/:id/complete: the session's result, saved once. */
export const completeSessionSchema = z.object({
  score: z.number().int().min(0).max(1_000),
  answered: z.number().int().min(0).max(1_000),
});
export type CompleteSessionRequest = z.input<typeof completeSessionSchema>;

/** Where the items came from: the AI endpoint, or the question bank and the student's materials. */
export type ItemSource = 'ai' | 'offline';

/** A study item as the exam page shows it; `source` is the material sentence it was made from. */
export type StudyQuestion = MultipleChoiceQuestion & { sourceSentence?: string };
export type StudyCard = Flashcard & { id: string; sourceSentence?: string };

export type StartedSession = {
  id: string;
  mode: StudyMode;
  difficulty: Difficulty;
  /** How many items the mode asks for (spec section 9). */
  requested: number;
  source: ItemSource;
  /** Shown above the first card: a fallback to offline, or fewer items than requested. */
  notices: string[];
} & (
  | { mode: 'multiple_choice'; questions: StudyQuestion[] }
  | { mode: 'flashcards' | 'typing'; cards: StudyCard[] }
);

/** GET /api/study/registrations/:id: what the exam page needs before Start Session. */
export type StudyRegistration = {
  id: string;
  examCategory: string;
  examType: string;
  examDate: string;
  studyToolsActive: boolean;
};

export type CompletedSession = {
  id: string;
  score: number;
  totalQuestions: number;
  timeSpent: number;
};

/** How many items and how much time a mode gives at a difficulty (spec section 9). */
export type SessionPlan = {
  items: number;
  /** Flash cards and multiple choice: a timer per item. */
  secondsPerItem?: number;
  /** Typing: one timer for the whole session. */
  totalSeconds?: number;
};

export function sessionPlan(mode: StudyMode, level: Difficulty): SessionPlan {
  switch (mode) {
    case 'flashcards':
      return { items: FLASHCARDS.cards, secondsPerItem: FLASHCARDS.secondsPerCard };
    case 'multiple_choice':
      return {
        items: MULTIPLE_CHOICE[level].questions,
        secondsPerItem: MULTIPLE_CHOICE[level].secondsPerQuestion,
      };
    case 'typing':
      return { items: TYPING[level].questions, totalSeconds: TYPING[level].seconds };
  }
}

export function fewerItemsNotice(available: number, requested: number): string {
  return `Only ${available} of ${requested} questions were available for this exam without repeats, so this session is shorter.`;
}
