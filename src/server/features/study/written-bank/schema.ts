import { z } from 'zod';
import { EXAM_TYPES } from '#shared/catalog';
import { ANSWER_LETTERS, optionKey } from '#shared/contracts/study-items';
import { DIFFICULTIES } from '#shared/enums';

/**
 * The written bank's files (content/FORMAT.md, ../shared/design/items.md): exam outlines, the
 * items written for each exam, and the blind reviews of its multiple-choice items. The runtime
 * (question-bank.ts) and `npm run bank:check` read them through these schemas.
 */

const text = (max: number) => z.string().trim().min(1).max(max);
/** No markup: every text is shown as plain text, and "<" in a stem is almost always a typo. */
const plain = (max: number) => text(max).refine((value) => !/[<>]/.test(value), 'No markup.');

export const outlineSchema = z
  .object({
    examType: z.enum(EXAM_TYPES as [string, ...string[]]),
    slug: text(60),
    outline: text(300),
    note: text(600).optional(),
    topics: z.array(z.object({ name: text(120), weight: z.number().gt(0).lte(1) }).strict()).min(2),
  })
  .strict()
  .refine(
    (outline) => Math.abs(outline.topics.reduce((sum, topic) => sum + topic.weight, 0) - 1) < 1e-6,
    'The topic weights sum to 1.',
  )
  .refine(
    (outline) => new Set(outline.topics.map((topic) => topic.name)).size === outline.topics.length,
    'Each topic is named once.',
  );
export type ExamOutline = z.infer<typeof outlineSchema>;

const common = {
  id: z.string().regex(/^[a-z0-9-]+-(mc|card|typed)-\d{4}$/, 'An id is <slug>-<kind>-NNNN.'),
  examTypes: z.array(z.enum(EXAM_TYPES as [string, ...string[]])).min(1),
  topic: text(120),
  difficulty: z.enum(DIFFICULTIES),
  reference: plain(300),
};

const explanationsSchema = z
  .object(Object.fromEntries(ANSWER_LETTERS.map((letter) => [letter, plain(1_200)])))
  .strict();

export const writtenMcSchema = z
  .object({
    ...common,
    kind: z.literal('mc'),
    stem: plain(1_000),
    // 396: the option is shown as "A) " + text, and the runtime allows 400 characters in all.
    options: z
      .array(plain(396))
      .length(5)
      .refine(
        (options) => new Set(options.map(optionKey)).size === options.length,
        'No two options are alike.',
      ),
    key: z.enum(ANSWER_LETTERS),
    explanations: explanationsSchema,
    explanation: plain(600),
  })
  .strict();

export const writtenCardSchema = z
  .object({ ...common, kind: z.literal('card'), front: plain(1_000), back: plain(2_000) })
  .strict();

export const writtenTypedSchema = z
  .object({
    ...common,
    kind: z.literal('typed'),
    prompt: plain(1_000),
    modelAnswer: plain(2_000),
    keyPoints: z
      .array(z.object({ point: plain(300), accept: z.array(plain(200)).min(1) }).strict())
      .min(2)
      .max(5),
  })
  .strict();

export const writtenItemSchema = z.discriminatedUnion('kind', [
  writtenMcSchema,
  writtenCardSchema,
  writtenTypedSchema,
]);
export type WrittenItem = z.infer<typeof writtenItemSchema>;
export type WrittenMc = z.infer<typeof writtenMcSchema>;
export type ItemKind = WrittenItem['kind'];

export const REVIEW_VERDICTS = ['agrees', 'disagrees', 'two-defensible', 'stem-error'] as const;
export type ReviewVerdict = (typeof REVIEW_VERDICTS)[number];

export const reviewsFileSchema = z
  .object({
    examType: z.enum(EXAM_TYPES as [string, ...string[]]),
    reviews: z.array(
      z
        .object({
          id: common.id,
          /** The item's content hash when it was reviewed (item-hash.ts): an edit needs a new review. */
          hash: z.string().regex(/^[0-9a-f]{16}$/),
          reviewer: text(100),
          /** The letter the reviewer chose without seeing the key. */
          letter: z.enum(ANSWER_LETTERS),
          verdict: z.enum(REVIEW_VERDICTS),
          note: text(1_000).optional(),
          date: z.iso.date(),
        })
        .strict(),
    ),
  })
  .strict();
export type ReviewsFile = z.infer<typeof reviewsFileSchema>;
export type ItemReview = ReviewsFile['reviews'][number];
