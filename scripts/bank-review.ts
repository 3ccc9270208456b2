// The blind review of the written bank's multiple-choice items (content/FORMAT.md).
//   npm run bank:review -- packet <slug> [--all]      items without their keys, as JSON, for a
//                                                     reviewer (only those not yet reviewed)
//   npm run bank:review -- record <slug> <file> --reviewer NAME
//                                                     records a reviewer's answers: a JSON array of
//                                                     { id, letter, verdict?, note? }; verdict is
//                                                     given only for two-defensible or stem-error
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { EXAM_TYPES, examSlug } from '../src/shared/catalog';
import { ANSWER_LETTERS } from '../src/shared/contracts/study-items';
import { contentFolder } from '../src/server/lib/paths';
import { reviewHash } from '../src/server/features/study/written-bank/item-hash';
import { readWrittenBank } from '../src/server/features/study/written-bank/read';
import {
  type ItemReview,
  REVIEW_VERDICTS,
  reviewsFileSchema,
  type WrittenMc,
} from '../src/server/features/study/written-bank/schema';

const [command, slug, file] = process.argv.slice(2);
const examType = EXAM_TYPES.find((each) => examSlug(each) === slug);
if (!examType || !['packet', 'record'].includes(command ?? '')) {
  console.error(
    'Usage: bank:review -- packet <slug> [--all] | record <slug> <file> --reviewer NAME',
  );
  process.exit(2);
}

const bank = readWrittenBank(contentFolder);
const items = (bank.items.get(slug!) ?? []).filter((item): item is WrittenMc => item.kind === 'mc');

if (command === 'packet') {
  const all = process.argv.includes('--all');
  const pending = items.filter((item) => {
    const review = bank.reviews.get(item.id);
    return all || !review || review.hash !== reviewHash(item) || review.verdict !== 'agrees';
  });
  const packet = pending.map((item) => ({
    id: item.id,
    stem: item.stem,
    options: item.options.map((option, index) => `${ANSWER_LETTERS[index]}) ${option}`),
  }));
  console.log(JSON.stringify(packet, null, 2));
  process.exit(0);
}

const reviewerIndex = process.argv.indexOf('--reviewer');
const reviewer = reviewerIndex > 0 ? process.argv[reviewerIndex + 1] : undefined;
if (!file || !reviewer) {
  console.error('record needs a file and --reviewer NAME');
  process.exit(2);
}
const answers = JSON.parse(readFileSync(file, 'utf8')) as {
  id: string;
  letter: string;
  verdict?: string;
  note?: string;
}[];
const reviewsPath = join(contentFolder, 'reviews', `${slug}.json`);
const existing = existsSync(reviewsPath)
  ? reviewsFileSchema.parse(JSON.parse(readFileSync(reviewsPath, 'utf8'))).reviews
  : [];
const byId = new Map(existing.map((review) => [review.id, review]));
const today = new Date().toISOString().slice(0, 10);
let disagreements = 0;
for (const answer of answers) {
  const item = items.find((each) => each.id === answer.id);
  if (!item) throw new Error(`${answer.id} is not a multiple-choice item of ${slug}`);
  const flagged = REVIEW_VERDICTS.find((verdict) => verdict === answer.verdict);
  const verdict =
    flagged === 'two-defensible' || flagged === 'stem-error'
      ? flagged
      : answer.letter === item.key
        ? 'agrees'
        : 'disagrees';
  const review: ItemReview = {
    id: item.id,
    hash: reviewHash(item),
    reviewer,
    letter: answer.letter as ItemReview['letter'],
    verdict,
    ...(answer.note && { note: answer.note }),
    date: today,
  };
  byId.set(item.id, review);
  if (verdict !== 'agrees') {
    disagreements += 1;
    console.log(
      `${item.id}: key ${item.key}, reviewer ${answer.letter} (${verdict}) ${answer.note ?? ''}`,
    );
  }
}
const reviews = [...byId.values()].sort((a, b) => a.id.localeCompare(b.id));
mkdirSync(dirname(reviewsPath), { recursive: true });
writeFileSync(
  reviewsPath,
  JSON.stringify(reviewsFileSchema.parse({ examType, reviews }), null, 2) + '\n',
);
console.log(`${answers.length} reviews recorded for ${examType}; ${disagreements} to resolve.`);
