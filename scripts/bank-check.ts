// npm run bank:check: validates the whole question bank (content/FORMAT.md) and prints a table per
// exam type: counts by kind, difficulty, key letter and topic, and the share reviewed blind.
// Exits 1 on any problem. An exam type with no folder in content/bank is listed as not yet
// written; `--complete` also fails on those (and on missing outlines) once the bank is finished.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { EXAM_TYPES, examSlug } from '../src/shared/catalog';
import { contentFolder, questionBankFolder } from '../src/server/lib/paths';
import { questionBankFileSchema } from '../src/server/features/study/question-bank-schema';
import {
  checkBank,
  checkExam,
  type ExamReport,
} from '../src/server/features/study/written-bank/checks';
import { readWrittenBank } from '../src/server/features/study/written-bank/read';

const complete = process.argv.includes('--complete');
const problems: string[] = [];

// The first bank's files (one per category; "other" is the general set for custom exams).
for (const name of readdirSync(questionBankFolder).filter((file) => file.endsWith('.json'))) {
  const parsed = questionBankFileSchema.safeParse(
    JSON.parse(readFileSync(join(questionBankFolder, name), 'utf8')),
  );
  if (!parsed.success) {
    for (const issue of parsed.error.issues.slice(0, 10)) {
      problems.push(`question-bank/${name}: ${issue.path.join('.')}: ${issue.message}`);
    }
  }
}

const bank = readWrittenBank(contentFolder);
problems.push(...checkBank(bank));
const reports = EXAM_TYPES.map((examType) => checkExam(bank, examType));

const pad = (value: string | number, width: number) => String(value).padEnd(width);
const share = (part: number, whole: number) =>
  whole === 0 ? '-' : `${Math.round((part / whole) * 100)} %`;

console.log(
  [
    pad('exam type', 26),
    pad('mc', 5),
    pad('card', 5),
    pad('typed', 6),
    pad('easy/med/hard', 14),
    pad('keys A/B/C/D/E', 20),
    pad('reviewed', 9),
    'status',
  ].join(' '),
);
for (const report of reports) {
  const status = report.written
    ? report.problems.length === 0
      ? 'ok'
      : `${report.problems.length} problem(s)`
    : bank.outlines.has(report.slug)
      ? 'not yet written (outline ready)'
      : 'not yet written, no outline';
  const levels = ['easy', 'medium', 'hard'].map((level) => report.difficulty[level] ?? 0);
  const letters = ['A', 'B', 'C', 'D', 'E'].map((letter) => report.letters[letter] ?? 0);
  console.log(
    [
      pad(report.examType, 26),
      pad(report.counts.mc, 5),
      pad(report.counts.card, 5),
      pad(report.counts.typed, 6),
      pad(levels.join('/'), 14),
      pad(letters.join('/'), 20),
      pad(share(report.reviewed, report.counts.mc), 9),
      status,
    ].join(' '),
  );
}

for (const report of reports.filter((each) => each.written)) {
  console.log(`\n${report.examType}: topics (items, at least)`);
  for (const topic of report.topics) {
    console.log(
      `  ${pad(topic.name, 50)} w ${pad(topic.weight.toFixed(2), 5)} ${topic.count} (${topic.minimum})`,
    );
  }
}

const examProblems = (report: ExamReport) =>
  report.problems.map((text) => `${report.examType}: ${text}`);
problems.push(...reports.flatMap(examProblems));
if (complete) {
  for (const report of reports.filter((each) => !each.written)) {
    problems.push(
      `${report.examType}: not yet written (content/bank/${examSlug(report.examType)})`,
    );
  }
  for (const report of reports.filter((each) => !bank.outlines.has(each.slug))) {
    problems.push(`${report.examType}: no outline (content/outlines/${report.slug}.json)`);
  }
}

const written = reports.filter((report) => report.written).length;
console.log(
  `\n${written} of ${reports.length} exam types written; ${bank.outlines.size} outlines.`,
);
if (problems.length > 0) {
  console.log(`\n${problems.length} problem(s):`);
  for (const problem of problems) console.log(`  ${problem}`);
  process.exit(1);
}
console.log('bank:check passed');
