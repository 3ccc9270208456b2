import type { ItemSource, StudyCard, StudyQuestion } from '#shared/contracts/study';
import type { Difficulty } from '#shared/enums';

/** What to generate: for one exam, at one difficulty, optionally from the student's own text. */
export type GenerationRequest = {
  /** The registration's category: a catalog id ("legal") or the student's own text. */
  category: string;
  examType: string;
  difficulty: Difficulty;
  count: number;
  /** The student's study materials as text ('' when there are none). */
  materials: string;
  /** Items of the student's recent sessions: a Retest draws others first. */
  avoidIds?: ReadonlySet<string>;
};

export type Generated<Item> = {
  items: Item[];
  source: ItemSource;
  /** Messages for the student (a fallback to offline, a shorter session). */
  notices: string[];
  /** The AI service's failure, in the spec's words, when the offline set replaced it. */
  aiError?: string;
};

/**
 * Makes study items (decisions.md section 3): an OpenAI-compatible endpoint when configured, the
 * built-in offline generator otherwise. Whatever a generator returns is validated again by
 * generation.service before a student sees it.
 */
export interface StudyGenerator {
  readonly kind: 'openai' | 'offline';
  questions(request: GenerationRequest): Promise<Generated<StudyQuestion>>;
  flashcards(request: GenerationRequest): Promise<Generated<StudyCard>>;
  /** A remote generator's start-up check (logged, never fatal). */
  checkConnection?(): Promise<void>;
}
