import {
  fewerItemsNotice,
  STUDY_MESSAGES,
  type StudyCard,
  type StudyQuestion,
} from '#shared/contracts/study';
import { foldText, studyCardSchema, studyQuestionSchema } from '#shared/contracts/study-items';
import type { z } from 'zod';
import { describeForLog } from '../../lib/errors';
import type { Logger } from '../../lib/logger';
import type { Generated, GenerationRequest, StudyGenerator } from './generator';

export type GenerationDeps = {
  logger: Logger;
  /** The configured generator (OpenAI-compatible or offline). */
  generator: StudyGenerator;
  /** The offline generator: the fallback when the AI fails or falls short. */
  offline: StudyGenerator;
};

export function generateQuestions(deps: GenerationDeps, request: GenerationRequest) {
  return generate(deps, request, 'questions', studyQuestionSchema);
}

export function generateFlashcards(deps: GenerationDeps, request: GenerationRequest) {
  return generate(deps, request, 'flashcards', studyCardSchema);
}

/**
 * Asks the configured generator, keeps only items that pass the schema (one invalid item is
 * dropped and replaced, never shown), and fills any gap from the offline generator. When the AI
 * fails the whole set is offline, with a notice saying so (decisions.md, AI fallback).
 */
async function generate<Item extends StudyQuestion | StudyCard>(
  deps: GenerationDeps,
  request: GenerationRequest,
  kind: 'questions' | 'flashcards',
  schema: z.ZodType<Item>,
): Promise<Generated<Item>> {
  const run = (generator: StudyGenerator) =>
    (kind === 'questions'
      ? generator.questions(request)
      : generator.flashcards(request)) as Promise<Generated<Item>>;

  let result: Generated<Item>;
  let aiError: string | undefined;
  try {
    result = await run(deps.generator);
  } catch (error) {
    if (deps.generator === deps.offline) throw error;
    aiError = error instanceof Error ? error.message : STUDY_MESSAGES.generationFailed;
    deps.logger.warn({ err: describeForLog(error), message: aiError }, 'AI generation failed');
    result = { ...(await run(deps.offline)), notices: [STUDY_MESSAGES.offlineFallback] };
  }

  const items = validItems(deps, result.items, schema);
  const notices = [...result.notices];
  let source = result.source;
  if (items.length < request.count && result.source === 'ai') {
    const fromAi = items.length;
    const topUp = validItems(deps, (await run(deps.offline)).items, schema);
    const added = appendUnique(items, topUp, request.count);
    if (fromAi === 0) {
      // Not one AI item was usable: the whole set is the offline one, and says so.
      source = 'offline';
      notices.push(STUDY_MESSAGES.offlineFallback);
    } else if (added > 0) {
      notices.push(`${added} of these come from the StarPrep question bank and your materials.`);
    }
  }
  if (items.length < request.count) notices.push(fewerItemsNotice(items.length, request.count));
  return {
    items: items.slice(0, request.count),
    source,
    notices,
    ...(aiError && { aiError }),
  };
}

/** Items that pass the schema, without two alike; each dropped one is logged by its index. */
function validItems<Item extends StudyQuestion | StudyCard>(
  deps: GenerationDeps,
  raw: unknown[],
  schema: z.ZodType<Item>,
): Item[] {
  const kept: Item[] = [];
  raw.forEach((candidate, index) => {
    const parsed = schema.safeParse(candidate);
    if (!parsed.success) {
      deps.logger.warn(
        { issue: parsed.error.issues[0]?.message },
        STUDY_MESSAGES.aiInvalidItem(index),
      );
      return;
    }
    appendUnique(kept, [parsed.data], Number.POSITIVE_INFINITY);
  });
  return kept;
}

/** Adds items whose question is new to `items`, up to `limit`; returns how many it added. */
function appendUnique<Item extends { question: string }>(
  items: Item[],
  more: Item[],
  limit: number,
): number {
  const questions = new Set(items.map((item) => foldText(item.question)));
  let added = 0;
  for (const item of more) {
    if (items.length >= limit) break;
    const key = foldText(item.question);
    if (questions.has(key)) continue;
    questions.add(key);
    items.push(item);
    added += 1;
  }
  return added;
}
