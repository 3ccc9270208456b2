import { examCategoryLabel } from '#shared/contracts/registration';
import { type StudyCard, type StudyQuestion } from '#shared/contracts/study';
import { foldText } from '#shared/contracts/study-items';
import { DIFFICULTIES, type Difficulty } from '#shared/enums';
import type { GenerationRequest, StudyGenerator } from './generator';
import { itemsFromText, shuffle } from './material-items';
import { type BankTier, bankTiersFor, type QuestionBank, questionBank } from './question-bank';

type Ranked = { id: string; difficulty: Difficulty; question: string };

/**
 * The default generator: the written question bank plus items made from the student's own
 * materials. Up to half a session comes from the materials when they offer enough; the bank fills
 * the rest, best-suited items first (see bankTiersFor). Never repeats an item within a session.
 */
export function createOfflineGenerator(
  options: { bank?: () => QuestionBank; random?: () => number } = {},
): StudyGenerator {
  const bank = options.bank ?? (() => questionBank());
  const random = options.random ?? Math.random;

  function draw<Item extends Ranked>(
    request: GenerationRequest,
    fromMaterials: Item[],
    fromBank: Item[][],
  ): Item[] {
    const ordered = (items: Item[]) => byDifficulty(items, request.difficulty, random);
    const materials = ordered(fromMaterials);
    const half = Math.ceil(request.count / 2);
    const tiers = [materials.slice(0, half), ...fromBank.map(ordered), materials.slice(half)];
    const avoid = request.avoidIds ?? new Set<string>();
    const fresh = tiers.flatMap((tier) => tier.filter((item) => !avoid.has(item.id)));
    const seenBefore = tiers.flatMap((tier) => tier.filter((item) => avoid.has(item.id)));
    const chosen: Item[] = [];
    const questions = new Set<string>();
    for (const item of [...fresh, ...seenBefore]) {
      if (chosen.length >= request.count) break;
      const key = foldText(item.question);
      if (questions.has(key)) continue;
      questions.add(key);
      chosen.push(item);
    }
    // The session's order mixes the sources; difficulty decided what was drawn, not the order.
    return shuffle(chosen, random);
  }

  const context = (request: GenerationRequest) => ({
    category: examCategoryLabel(request.category),
    examType: request.examType,
    random,
  });

  return {
    kind: 'offline',
    async questions(request) {
      const own = request.materials ? itemsFromText(request.materials, context(request)) : null;
      const tiers = bankTiersFor(bank(), request.category, request.examType);
      const items = draw<StudyQuestion>(
        request,
        own?.questions ?? [],
        tiers.map((tier) => bankQuestions(tier, request)),
      );
      return { items, source: 'offline', notices: [] };
    },
    async flashcards(request) {
      const own = request.materials ? itemsFromText(request.materials, context(request)) : null;
      const tiers = bankTiersFor(bank(), request.category, request.examType);
      const items = draw<StudyCard & Ranked>(
        request,
        own?.cards ?? [],
        tiers.map((tier) => bankCards(tier)),
      );
      return {
        items: items.map(({ id, question, answer, sourceSentence }) => ({
          id,
          question,
          answer,
          ...(sourceSentence && { sourceSentence }),
        })),
        source: 'offline',
        notices: [],
      };
    },
  };
}

function bankQuestions(tier: BankTier, request: GenerationRequest): StudyQuestion[] {
  return tier.questions.map(({ examTypes, ...question }) => ({
    ...question,
    category: examCategoryLabel(request.category),
    examType:
      examTypes.length === 0 || examTypes.includes(request.examType)
        ? request.examType
        : examTypes[0]!,
  }));
}

function bankCards(tier: BankTier): (StudyCard & Ranked)[] {
  return tier.flashcards.map(({ id, question, answer, difficulty }) => ({
    id,
    question,
    answer,
    difficulty,
  }));
}

/** The requested difficulty first, then the nearest ones; random order within each. */
function byDifficulty<Item extends Ranked>(
  items: Item[],
  wanted: Difficulty,
  random: () => number,
): Item[] {
  const rank = (level: Difficulty) =>
    Math.abs(DIFFICULTIES.indexOf(level) - DIFFICULTIES.indexOf(wanted));
  return shuffle(items, random).sort((a, b) => rank(a.difficulty) - rank(b.difficulty));
}
