import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { z } from 'zod';
import {
  type ExamOutline,
  type ItemReview,
  outlineSchema,
  reviewsFileSchema,
  type WrittenItem,
  writtenItemSchema,
} from './schema';

/**
 * Reads content/outlines, content/bank/<slug>/ and content/reviews. Every problem is collected
 * with its file and place instead of stopping at the first, so `bank:check` can list them all;
 * the runtime refuses a bank with any problem (the bank is ours: a broken file is a bug).
 */
export type WrittenBank = {
  outlines: Map<string, ExamOutline>;
  /** Items by the folder (exam slug) they were written in. */
  items: Map<string, WrittenItem[]>;
  /** Reviews by item id (the latest one recorded). */
  reviews: Map<string, ItemReview>;
  problems: string[];
};

const jsonFiles = (folder: string) =>
  existsSync(folder)
    ? readdirSync(folder)
        .filter((name) => name.endsWith('.json'))
        .sort()
    : [];

function parseFile<T>(path: string, schema: z.ZodType<T>, problems: string[]): T | undefined {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    problems.push(`${path}: not JSON (${(error as Error).message})`);
    return undefined;
  }
  const parsed = schema.safeParse(raw);
  if (parsed.success) return parsed.data;
  for (const issue of parsed.error.issues.slice(0, 10)) {
    problems.push(`${path}: ${issue.path.join('.')}: ${issue.message}`);
  }
  return undefined;
}

export function readWrittenBank(contentFolder: string): WrittenBank {
  const problems: string[] = [];
  const outlines = new Map<string, ExamOutline>();
  const outlineFolder = join(contentFolder, 'outlines');
  for (const name of jsonFiles(outlineFolder)) {
    const outline = parseFile(join(outlineFolder, name), outlineSchema, problems);
    if (!outline) continue;
    if (`${outline.slug}.json` !== name) problems.push(`${name}: slug ${outline.slug} ≠ file name`);
    outlines.set(outline.slug, outline);
  }

  const items = new Map<string, WrittenItem[]>();
  const bankFolder = join(contentFolder, 'bank');
  const slugs = existsSync(bankFolder)
    ? readdirSync(bankFolder, { withFileTypes: true })
        .filter((entry) => entry.isDirectory())
        .map((entry) => entry.name)
        .sort()
    : [];
  for (const slug of slugs) {
    const folder = join(bankFolder, slug);
    const written: WrittenItem[] = [];
    for (const name of jsonFiles(folder)) {
      const path = join(folder, name);
      const kind = /^(mc|card|typed)-\d+\.json$/.exec(name)?.[1];
      if (!kind) problems.push(`${path}: a bank file is named mc-NN, card-NN or typed-NN.json`);
      const fileItems = parseFile(path, writtenItemSchema.array().max(25), problems) ?? [];
      for (const item of fileItems) {
        if (item.kind !== kind) problems.push(`${path}: ${item.id} is a ${item.kind} item`);
        if (!item.id.startsWith(`${slug}-${item.kind}-`)) {
          problems.push(`${path}: ${item.id} does not start with ${slug}-${item.kind}-`);
        }
      }
      written.push(...fileItems);
    }
    items.set(slug, written);
  }

  const reviews = new Map<string, ItemReview>();
  const reviewFolder = join(contentFolder, 'reviews');
  for (const name of jsonFiles(reviewFolder)) {
    const file = parseFile(join(reviewFolder, name), reviewsFileSchema, problems);
    for (const review of file?.reviews ?? []) reviews.set(review.id, review);
  }
  return { outlines, items, reviews, problems };
}
