import { EXAM_TYPES, examSlug } from '#shared/catalog';
import { ANSWER_LETTERS } from '#shared/contracts/study-items';
import { DIFFICULTIES } from '#shared/enums';
import { reviewHash } from './item-hash';
import { nearDuplicatePairs } from './near-duplicates';
import type { WrittenBank } from './read';
import type { ItemKind, WrittenItem } from './schema';

/**
 * The question-bank issue's rules, checked per exam type. An exam type whose folder
 * (content/bank/<slug>) does not exist yet is reported as not yet written; once it exists, every
 * rule holds for it. Items written for several exam types count for each.
 */
export const BANK_RULES = {
  minimum: { mc: 100, card: 50, typed: 25 } satisfies Record<ItemKind, number>,
  /** Each key letter's share of an exam's multiple-choice items. */
  letterShare: { min: 0.14, max: 0.26 },
  /** Each difficulty's share of an exam's items ("about one third each"). */
  difficultyShare: { min: 0.25, max: 0.42 },
  /** A topic of weight w has at least this share of w × the exam's item count. */
  topicFloor: 0.5,
  nearDuplicate: 0.6,
} as const;

export type ExamReport = {
  examType: string;
  slug: string;
  written: boolean;
  counts: Record<ItemKind, number>;
  difficulty: Record<string, number>;
  letters: Record<string, number>;
  topics: { name: string; weight: number; count: number; minimum: number }[];
  /** Multiple-choice items with a current, agreeing blind review. */
  reviewed: number;
  problems: string[];
};

const mainText = (item: WrittenItem) =>
  item.kind === 'mc' ? item.stem : item.kind === 'card' ? item.front : item.prompt;

export function checkExam(bank: WrittenBank, examType: string): ExamReport {
  const slug = examSlug(examType);
  const outline = bank.outlines.get(slug);
  const items = [...bank.items.values()].flat().filter((item) => item.examTypes.includes(examType));
  const problems: string[] = [];
  const count = <T extends string>(values: T[]) =>
    values.reduce<Record<string, number>>((totals, value) => {
      totals[value] = (totals[value] ?? 0) + 1;
      return totals;
    }, {});
  const mc = items.filter((item) => item.kind === 'mc');
  const report: ExamReport = {
    examType,
    slug,
    written: bank.items.has(slug),
    counts: { mc: mc.length, card: 0, typed: 0, ...count(items.map((item) => item.kind)) },
    difficulty: count(items.map((item) => item.difficulty)),
    letters: count(mc.map((item) => item.key)),
    topics: (outline?.topics ?? []).map((topic) => {
      const topicCount = items.filter((item) => item.topic === topic.name).length;
      const minimum = Math.max(1, Math.ceil(BANK_RULES.topicFloor * topic.weight * items.length));
      return { name: topic.name, weight: topic.weight, count: topicCount, minimum };
    }),
    reviewed: 0,
    problems,
  };

  const topicNames = new Set(outline?.topics.map((topic) => topic.name));
  for (const item of items) {
    if (outline && !topicNames.has(item.topic)) {
      problems.push(`${item.id}: topic "${item.topic}" is not in the ${examType} outline`);
    }
    if (item.kind !== 'mc') continue;
    const review = bank.reviews.get(item.id);
    if (!review) problems.push(`${item.id}: not reviewed`);
    else if (review.hash !== reviewHash(item))
      problems.push(`${item.id}: changed since its review`);
    else if (review.verdict !== 'agrees' || review.letter !== item.key) {
      problems.push(`${item.id}: disputed (${review.verdict}, reviewer chose ${review.letter})`);
    } else report.reviewed += 1;
  }
  if (!report.written) return report;

  if (!outline) problems.push(`no outline: content/outlines/${slug}.json`);
  for (const kind of Object.keys(BANK_RULES.minimum) as ItemKind[]) {
    if (report.counts[kind] < BANK_RULES.minimum[kind]) {
      problems.push(`${report.counts[kind]} ${kind} items, at least ${BANK_RULES.minimum[kind]}`);
    }
  }
  for (const letter of ANSWER_LETTERS) {
    const share = (report.letters[letter] ?? 0) / Math.max(1, mc.length);
    if (share < BANK_RULES.letterShare.min || share > BANK_RULES.letterShare.max) {
      problems.push(`key ${letter} on ${percent(share)} of items (14-26 %)`);
    }
  }
  for (const level of DIFFICULTIES) {
    const share = (report.difficulty[level] ?? 0) / Math.max(1, items.length);
    if (share < BANK_RULES.difficultyShare.min || share > BANK_RULES.difficultyShare.max) {
      problems.push(`${level} items are ${percent(share)} (about a third each)`);
    }
  }
  for (const topic of report.topics) {
    if (topic.count < topic.minimum) {
      problems.push(`topic "${topic.name}" has ${topic.count} items, at least ${topic.minimum}`);
    }
  }
  for (const kind of Object.keys(BANK_RULES.minimum) as ItemKind[]) {
    const texts = items
      .filter((item) => item.kind === kind)
      .map((item) => ({ id: item.id, text: mainText(item) }));
    for (const pair of nearDuplicatePairs(texts, BANK_RULES.nearDuplicate)) {
      problems.push(`near-duplicates ${pair.a} and ${pair.b} (${pair.similarity.toFixed(2)})`);
    }
  }
  return report;
}

/** Problems that belong to no single exam: duplicate ids, reviews of items that do not exist. */
export function checkBank(bank: WrittenBank): string[] {
  const problems = [...bank.problems];
  const ids = new Set<string>();
  for (const item of [...bank.items.values()].flat()) {
    if (ids.has(item.id)) problems.push(`duplicate id ${item.id}`);
    ids.add(item.id);
  }
  for (const id of bank.reviews.keys()) {
    if (!ids.has(id)) problems.push(`a review of ${id}, which is not in the bank`);
  }
  for (const slug of bank.items.keys()) {
    if (!EXAM_TYPES.some((examType) => examSlug(examType) === slug)) {
      problems.push(`content/bank/${slug} is not an exam type of the catalogue`);
    }
  }
  return problems;
}

const percent = (share: number) => `${Math.round(share * 100)} %`;
