import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { EXAM_CATEGORIES } from '#shared/catalog';
import { contentFolder, questionBankFolder } from '../../lib/paths';
import {
  type BankFlashcard,
  type BankQuestion,
  type QuestionBankFile,
  questionBankFileSchema,
} from './question-bank-schema';
import { readWrittenBank } from './written-bank/read';
import { writtenItemsByCategory } from './written-bank/runtime-items';

/**
 * The written question bank: the first bank's category files (content/question-bank) and the
 * items written per exam type (content/bank, content/FORMAT.md), read and checked on first use
 * rather than at start, so an idle server does not hold it. A file that fails its schema stops the
 * server's first generation with a clear error: the bank is ours, and a broken file is a bug to
 * fix, not to skip.
 */
export type QuestionBank = ReadonlyMap<string, QuestionBankFile>;

let loaded: QuestionBank | undefined;

export function questionBank(folder = questionBankFolder, written = contentFolder): QuestionBank {
  if (loaded && folder === questionBankFolder) return loaded;
  const files = readdirSync(folder).filter((name) => name.endsWith('.json'));
  const bank = new Map<string, QuestionBankFile>();
  for (const name of files) {
    const parsed = questionBankFileSchema.safeParse(
      JSON.parse(readFileSync(join(folder, name), 'utf8')),
    );
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new Error(`question bank ${name}: ${issue?.path.join('.')} ${issue?.message}`);
    }
    bank.set(parsed.data.category, parsed.data);
  }
  if (folder !== questionBankFolder) return bank;
  addWrittenItems(bank, written);
  loaded = bank;
  return bank;
}

function addWrittenItems(bank: Map<string, QuestionBankFile>, folder: string) {
  const written = readWrittenBank(folder);
  if (written.problems.length > 0) throw new Error(`question bank: ${written.problems[0]}`);
  for (const [category, items] of writtenItemsByCategory(written)) {
    const file = bank.get(category) ?? { category, questions: [], flashcards: [] };
    bank.set(category, {
      ...file,
      questions: [...file.questions, ...items.questions],
      flashcards: [...file.flashcards, ...items.flashcards],
    } as QuestionBankFile);
  }
}

/** The bank file for a registration's category: a known category's own, else the general set. */
export function bankCategoryOf(examCategory: string): string {
  return EXAM_CATEGORIES.some((category) => category.id === examCategory) ? examCategory : 'other';
}

export type BankTier = { questions: BankQuestion[]; flashcards: BankFlashcard[] };

/**
 * The bank's items for one exam, best first: the exam type's own and its category's general
 * items; then the category's items for its other exam types (same profession, related content).
 * The general professional set serves only exams of the student's own ("Other"): a catalogued
 * exam never gets another profession's filler.
 */
export function bankTiersFor(bank: QuestionBank, examCategory: string, examType: string) {
  const own = bank.get(bankCategoryOf(examCategory));
  if (!own) return [];
  const suits = (item: { examTypes: string[] }) =>
    item.examTypes.length === 0 || item.examTypes.includes(examType);
  const tiers: BankTier[] = [
    { questions: own.questions.filter(suits), flashcards: own.flashcards.filter(suits) },
    {
      questions: own.questions.filter((item) => !suits(item)),
      flashcards: own.flashcards.filter((item) => !suits(item)),
    },
  ];
  return tiers;
}
