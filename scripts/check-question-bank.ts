// Checks every file of content/question-bank against the bank schema and prints a summary:
// counts per difficulty and how the answer keys spread over A-E.
// Usage: npx tsx scripts/check-question-bank.ts [file ...]
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { questionBankFileSchema } from '../src/server/features/study/question-bank-schema';

const folder = 'content/question-bank';
const files = process.argv.slice(2).length
  ? process.argv.slice(2)
  : readdirSync(folder)
      .filter((name) => name.endsWith('.json'))
      .map((name) => join(folder, name));

let failed = false;
for (const file of files) {
  const parsed = questionBankFileSchema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
  if (!parsed.success) {
    failed = true;
    console.log(`${file}: INVALID`);
    for (const issue of parsed.error.issues.slice(0, 20)) {
      console.log(`  ${issue.path.join('.')}: ${issue.message}`);
    }
    continue;
  }
  const bank = parsed.data;
  const count = <T>(items: T[], key: (item: T) => string) =>
    items.reduce<Record<string, number>>((totals, item) => {
      totals[key(item)] = (totals[key(item)] ?? 0) + 1;
      return totals;
    }, {});
  console.log(
    `${file}: ${bank.questions.length} questions ${JSON.stringify(count(bank.questions, (q) => q.difficulty))}, keys ${JSON.stringify(count(bank.questions, (q) => q.correctAnswer))}; ${bank.flashcards.length} flashcards ${JSON.stringify(count(bank.flashcards, (f) => f.difficulty))}`,
  );
}
process.exit(failed ? 1 : 0);
