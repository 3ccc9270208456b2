import { createHash } from 'node:crypto';
import { ANSWER_LETTERS, foldText } from '#shared/contracts/study-items';
import type { StudyCard, StudyQuestion } from '#shared/contracts/study';
import type { Difficulty } from '#shared/enums';

/**
 * Study items made from a student's own text, with no AI: a pure function over the text.
 *
 * It finds the material's terms: glossary lines ("Term: definition", "Term - definition") and
 * defining sentences ("X is a Y", "X means Y", "X refers to Y", "Y is called X"). From them:
 * - flashcards: "What is X?" with the definition, and cloze deletions of other sentences that use
 *   a term or state a number;
 * - multiple-choice questions whose distractors are the material's other terms or definitions
 *   (so they come from the same subject), needing at least five terms.
 * Every item keeps the sentence it came from, shown with the answer.
 */

export type MaterialItemsOptions = {
  category: string;
  examType: string;
  /** Random numbers in [0, 1) for option order and distractors; tests pass a seeded one. */
  random?: () => number;
};

export type MaterialItems = {
  questions: (StudyQuestion & { difficulty: Difficulty })[];
  cards: (StudyCard & { difficulty: Difficulty })[];
};

type Definition = {
  term: string;
  /** "a", "an" or "the" when the material wrote one before the term. */
  article: string;
  verb: string;
  definition: string;
  sentence: string;
};

const MAX_TERM_WORDS = 6;
const MAX_ITEMS = 400;
const BLANK = '_____';
// Sentence openers that are not terms ("It is...", "This means...").
const NOT_TERMS = new Set(
  'it this that these those they he she there here we you i what which who one each such some many most all both either neither another other its their his her our your when where why how if because although'.split(
    ' ',
  ),
);

export function itemsFromText(text: string, options: MaterialItemsOptions): MaterialItems {
  const random = options.random ?? Math.random;
  const sentences = sentencesOf(text);
  const definitions = uniqueBy(
    sentences.map(definitionIn).filter((found): found is Definition => found !== undefined),
    (found) => foldText(found.term),
  ).map((found) => ({ ...found, term: naturalCase(found.term, text) }));
  const definingSentences = new Set(definitions.map((found) => found.sentence));
  const cards: MaterialItems['cards'] = [];
  const questions: MaterialItems['questions'] = [];

  for (const found of definitions) {
    cards.push({
      id: itemId('card-def', found.term),
      question: definitionQuestion(found),
      answer: capitalize(found.definition) + '.',
      sourceSentence: found.sentence,
      difficulty: 'easy',
    });
  }
  const terms = definitions.map((found) => found.term);
  for (const sentence of sentences) {
    if (definingSentences.has(sentence) || cards.length >= MAX_ITEMS) continue;
    const cloze = clozeOf(sentence, terms);
    if (!cloze) continue;
    cards.push({
      id: itemId('card-cloze', sentence),
      question: `Fill in the blank: ${cloze.text}`,
      answer: cloze.answer,
      sourceSentence: sentence,
      difficulty: 'hard',
    });
    const term = definitions.find((found) => found.term === cloze.answer);
    if (term && definitions.length >= ANSWER_LETTERS.length) {
      questions.push(
        choiceQuestion(options, random, {
          id: itemId('mc-cloze', sentence),
          question: `Which term completes this statement from your material? ${cloze.text}`,
          correct: term.term,
          distractors: pick(
            terms.filter((other) => other !== term.term),
            ANSWER_LETTERS.length - 1,
            random,
          ),
          explanation: `The statement reads: ${sentence}`,
          sentence,
          difficulty: 'hard',
        }),
      );
    }
  }

  if (definitions.length >= ANSWER_LETTERS.length) {
    for (const found of definitions) {
      const others = definitions.filter((other) => other !== found);
      const explanation = `${capitalize(found.term)} ${found.verb} ${found.definition}.`;
      questions.push(
        choiceQuestion(options, random, {
          id: itemId('mc-term', found.term),
          question: definitionQuestion(found),
          correct: capitalize(found.definition),
          distractors: pick(others, ANSWER_LETTERS.length - 1, random).map((other) =>
            capitalize(other.definition),
          ),
          explanation,
          sentence: found.sentence,
          difficulty: 'easy',
        }),
        choiceQuestion(options, random, {
          id: itemId('mc-definition', found.term),
          question: `Which term matches this description: ${capitalize(found.definition)}?`,
          correct: found.term,
          distractors: pick(others, ANSWER_LETTERS.length - 1, random).map((other) => other.term),
          explanation,
          sentence: found.sentence,
          difficulty: 'medium',
        }),
      );
    }
  }
  return { questions: questions.slice(0, MAX_ITEMS), cards: cards.slice(0, MAX_ITEMS) };
}

/** The text's sentences, glossary lines counted as sentences of their own. */
function sentencesOf(text: string): string[] {
  const segmenter = new Intl.Segmenter('en', { granularity: 'sentence' });
  const found: string[] = [];
  for (const line of text.split(/\r?\n/)) {
    const clean = line.replace(/\s+/g, ' ').trim();
    if (!clean) continue;
    if (GLOSSARY_LINE.test(clean)) {
      found.push(clean);
      continue;
    }
    for (const { segment } of segmenter.segment(clean)) {
      const sentence = segment.trim();
      if (sentence.length >= 20 && sentence.length <= 400 && /\p{L}/u.test(sentence)) {
        found.push(sentence);
      }
    }
  }
  return uniqueBy(found, foldText);
}

// Lazy, so "The mailbox rule means that an acceptance is..." finds the first verb, not the last.
const TERM = String.raw`[\p{L}\p{N}][\p{L}\p{N}'’()/-]*(?: [\p{L}\p{N}'’()/-]+){0,${MAX_TERM_WORDS - 1}}?`;
const GLOSSARY_LINE = new RegExp(String.raw`^(${TERM})\s*(?::| - | – | — )\s*(.{8,400})$`, 'u');
const DEFINING = new RegExp(
  String.raw`^(?:(An?|The) )?(${TERM}) (is defined as|is|are|means|refers to|describes) (.{8,})$`,
  'u',
);
const CALLED = new RegExp(
  String.raw`^(.{8,}?) (?:is|are) (?:called|known as) (?:(?:an?|the) )?(${TERM})$`,
  'u',
);

function definitionIn(sentence: string): Definition | undefined {
  const plain = sentence.replace(/[.!;]+$/, '').trim();
  const glossary = GLOSSARY_LINE.exec(plain);
  if (glossary) return accept('', glossary[1]!, 'is', glossary[2]!, sentence);
  const called = CALLED.exec(plain);
  if (called) return accept('', called[2]!, 'is', called[1]!, sentence);
  const defining = DEFINING.exec(plain);
  if (!defining) return undefined;
  const [, article = '', term, verb, definition] = defining;
  // "X is required for..." states a fact about X; "X is a/an/the ..." defines it.
  if ((verb === 'is' || verb === 'are') && !/^(?:an?|the|one|any) /i.test(definition!)) {
    return undefined;
  }
  const plainVerb = verb === 'is defined as' || verb === 'describes' ? 'is' : verb!;
  return accept(article, term!, plainVerb, definition!, sentence);
}

function accept(
  article: string,
  rawTerm: string,
  verb: string,
  rawDefinition: string,
  sentence: string,
): Definition | undefined {
  const term = rawTerm.trim();
  const definition = rawDefinition
    .trim()
    .replace(/[.!;]+$/, '')
    .replace(/^(?:an?|the) /i, (article) => article.toLowerCase());
  const firstWord = term.split(' ')[0]!.toLowerCase();
  if (NOT_TERMS.has(firstWord) || term.length < 2 || term.length > 80) return undefined;
  if (definition.length < 8 || definition.length > 300) return undefined;
  // "The results are shown below" is not a definition: a definition says more than its term.
  if (definition.split(' ').length < 3) return undefined;
  return { term, article: article.toLowerCase(), verb, definition, sentence };
}

/**
 * "Voltage" opened its sentence; if the material also writes "voltage", that is the term's own
 * spelling, so questions read "What is voltage?". Names and acronyms keep their capitals.
 */
function naturalCase(term: string, text: string): string {
  if (!/^\p{Lu}[\p{Ll}'’-]*(?: [\p{Ll}'’-]+)*$/u.test(term)) return term;
  const lower = term.charAt(0).toLowerCase() + term.slice(1);
  return new RegExp(`(^|[^\\p{L}])${escapeRegExp(lower)}(?=$|[^\\p{L}])`, 'u').test(text)
    ? lower
    : term;
}

function definitionQuestion(found: Definition): string {
  const subject = found.article ? `${found.article} ${found.term}` : found.term;
  if (found.verb === 'means') return `What does ${subject} mean?`;
  if (found.verb === 'refers to') return `What does ${subject} refer to?`;
  return `What ${found.verb === 'are' ? 'are' : 'is'} ${subject}?`;
}

const NUMBER =
  /\b\d[\d,]*(?:\.\d+)?(?: ?(?:%|percent|years?|months?|weeks?|days?|hours?|minutes?|seconds?|feet|foot|inches|miles|meters|mm|cm|kg|mg|g|lbs?|pounds|volts?|amps?|watts?|psi|degrees))?/i;

/** The sentence with one known term (or else one number) blanked out. */
function clozeOf(sentence: string, terms: string[]): { text: string; answer: string } | undefined {
  for (const term of terms) {
    // Whole words only: "current" is not blanked inside "current-carrying".
    const pattern = new RegExp(
      `(^|[^\\p{L}\\p{N}-])(${escapeRegExp(term)})(?=$|[^\\p{L}\\p{N}-])`,
      'iu',
    );
    const match = pattern.exec(sentence);
    if (match) {
      const start = match.index + match[1]!.length;
      return {
        text: sentence.slice(0, start) + BLANK + sentence.slice(start + match[2]!.length),
        answer: term,
      };
    }
  }
  const number = NUMBER.exec(sentence);
  if (number && !/^(?:19|20)\d\d$/.test(number[0])) {
    return {
      text:
        sentence.slice(0, number.index) + BLANK + sentence.slice(number.index + number[0].length),
      answer: number[0],
    };
  }
  return undefined;
}

function choiceQuestion(
  options: MaterialItemsOptions,
  random: () => number,
  item: {
    id: string;
    question: string;
    correct: string;
    distractors: string[];
    explanation: string;
    sentence: string;
    difficulty: Difficulty;
  },
): MaterialItems['questions'][number] {
  const choices = shuffle([item.correct, ...item.distractors], random);
  const key = choices.indexOf(item.correct);
  return {
    id: item.id,
    question: item.question,
    options: choices.map((choice, index) => `${ANSWER_LETTERS[index]}) ${clip(choice, 300)}`),
    correctAnswer: ANSWER_LETTERS[key]!,
    explanation: clip(item.explanation, 1_500),
    difficulty: item.difficulty,
    category: options.category,
    examType: options.examType,
    sourceSentence: item.sentence,
  };
}

function itemId(kind: string, text: string): string {
  return `material-${kind}-${createHash('sha256').update(foldText(text)).digest('hex').slice(0, 16)}`;
}

function pick<T>(items: T[], count: number, random: () => number): T[] {
  return shuffle(items, random).slice(0, count);
}

/** Fisher-Yates on a copy. */
export function shuffle<T>(items: readonly T[], random: () => number): T[] {
  const copy = [...items];
  for (let index = copy.length - 1; index > 0; index -= 1) {
    const other = Math.floor(random() * (index + 1));
    [copy[index], copy[other]] = [copy[other]!, copy[index]!];
  }
  return copy;
}

function uniqueBy<T>(items: T[], key: (item: T) => string): T[] {
  const seen = new Set<string>();
  return items.filter((item) => {
    const value = key(item);
    if (seen.has(value)) return false;
    seen.add(value);
    return true;
  });
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function clip(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
