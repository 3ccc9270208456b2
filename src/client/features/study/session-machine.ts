import type { StartedSession, StudyCard, StudyQuestion } from '#shared/contracts/study';
import type { AnswerLetter } from '#shared/contracts/study-items';
import { FLASHCARDS, MULTIPLE_CHOICE, TYPING } from '#shared/limits';

/**
 * The running part of a study session (spec section 4, "Exam session states"), as pure functions
 * of the state, an event and the time. The page feeds it clock ticks; tests feed it a fake clock.
 * Timers are deadlines, not counters, so a slow or background tab never drifts.
 *
 * - Flash cards: 10 s per card. Show Answer reveals it; once the answer is shown the next card
 *   comes when 5 s remain (or, if revealed later than that, when the time runs out). The timer
 *   at zero moves on. Next Card moves on at once.
 * - Multiple choice: one pick locks the options and shows correct or incorrect for 2 s, then the
 *   next question. The timer at zero locks the question unanswered, with the same 2 s feedback.
 * - Typing: one timer for the session. Submit shows the model answer; Next Question (Finish on
 *   the last) moves on. The timer at zero ends the session.
 */

type Common = { index: number; done: boolean };

export type FlashcardsState = Common & {
  mode: 'flashcards';
  cards: StudyCard[];
  cardStartedAt: number;
  /** When the current card's answer was shown, or null while hidden. */
  revealedAt: number | null;
  /** Cards whose answer the student looked at: the session's card count. */
  reviewed: number;
};

export type MultipleChoiceState = Common & {
  mode: 'multiple_choice';
  questions: StudyQuestion[];
  secondsPerQuestion: number;
  questionStartedAt: number;
  picked: AnswerLetter | null;
  timedOut: boolean;
  /** While set, the options are locked and the feedback shows until then. */
  feedbackUntil: number | null;
  score: number;
  answered: number;
};

export type TypingState = Common & {
  mode: 'typing';
  cards: StudyCard[];
  endsAt: number;
  draft: string;
  answers: string[];
  /** True while the model answer of the current question is shown. */
  reviewing: boolean;
  /** Hard sessions ask for a detailed answer in sentence format (spec section 9). */
  detailed: boolean;
};

export type SessionState = FlashcardsState | MultipleChoiceState | TypingState;

export type SessionEvent =
  | { type: 'tick'; now: number }
  | { type: 'reveal'; now: number }
  | { type: 'next'; now: number }
  | { type: 'pick'; letter: AnswerLetter; now: number }
  | { type: 'draft'; text: string }
  | { type: 'submit'; now: number };

export function initialState(session: StartedSession, now: number): SessionState {
  const common = { index: 0, done: false };
  switch (session.mode) {
    case 'flashcards':
      return {
        ...common,
        mode: 'flashcards',
        cards: session.cards,
        cardStartedAt: now,
        revealedAt: null,
        reviewed: 0,
      };
    case 'multiple_choice':
      return {
        ...common,
        mode: 'multiple_choice',
        questions: session.questions,
        secondsPerQuestion: MULTIPLE_CHOICE[session.difficulty].secondsPerQuestion,
        questionStartedAt: now,
        picked: null,
        timedOut: false,
        feedbackUntil: null,
        score: 0,
        answered: 0,
      };
    case 'typing':
      return {
        ...common,
        mode: 'typing',
        cards: session.cards,
        endsAt: now + TYPING[session.difficulty].seconds * 1000,
        draft: '',
        answers: [],
        reviewing: false,
        detailed: session.difficulty === 'hard',
      };
  }
}

export function sessionReducer(state: SessionState, event: SessionEvent): SessionState {
  if (state.done) return state;
  switch (state.mode) {
    case 'flashcards':
      return flashcards(state, event);
    case 'multiple_choice':
      return multipleChoice(state, event);
    case 'typing':
      return typing(state, event);
  }
}

const CARD_MS = FLASHCARDS.secondsPerCard * 1000;
const AUTO_ADVANCE_LEFT_MS = FLASHCARDS.autoAdvanceWhenSecondsLeft * 1000;

function flashcards(state: FlashcardsState, event: SessionEvent): FlashcardsState {
  const deadline = state.cardStartedAt + CARD_MS;
  const nextCard = (now: number): FlashcardsState =>
    state.index + 1 >= state.cards.length
      ? { ...state, done: true }
      : { ...state, index: state.index + 1, cardStartedAt: now, revealedAt: null };
  switch (event.type) {
    case 'reveal':
      if (state.revealedAt !== null) return state;
      return { ...state, revealedAt: event.now, reviewed: state.reviewed + 1 };
    case 'next':
      return nextCard(event.now);
    case 'tick': {
      if (event.now >= deadline) return nextCard(event.now);
      const revealedEarly =
        state.revealedAt !== null && state.revealedAt < deadline - AUTO_ADVANCE_LEFT_MS;
      if (revealedEarly && event.now >= deadline - AUTO_ADVANCE_LEFT_MS) {
        return nextCard(event.now);
      }
      return state;
    }
    default:
      return state;
  }
}

function multipleChoice(state: MultipleChoiceState, event: SessionEvent): MultipleChoiceState {
  const locked = state.feedbackUntil !== null;
  const nextQuestion = (now: number): MultipleChoiceState =>
    state.index + 1 >= state.questions.length
      ? { ...state, done: true }
      : {
          ...state,
          index: state.index + 1,
          questionStartedAt: now,
          picked: null,
          timedOut: false,
          feedbackUntil: null,
        };
  switch (event.type) {
    case 'pick': {
      if (locked) return state;
      const correct = state.questions[state.index]?.correctAnswer === event.letter;
      return {
        ...state,
        picked: event.letter,
        feedbackUntil: event.now + MULTIPLE_CHOICE.feedbackMs,
        score: state.score + (correct ? 1 : 0),
        answered: state.answered + 1,
      };
    }
    // Space during the feedback: the next question without waiting.
    case 'next':
      return locked ? nextQuestion(event.now) : state;
    case 'tick':
      if (locked) return event.now >= state.feedbackUntil! ? nextQuestion(event.now) : state;
      if (event.now >= state.questionStartedAt + state.secondsPerQuestion * 1000) {
        return { ...state, timedOut: true, feedbackUntil: event.now + MULTIPLE_CHOICE.feedbackMs };
      }
      return state;
    default:
      return state;
  }
}

function typing(state: TypingState, event: SessionEvent): TypingState {
  switch (event.type) {
    case 'draft':
      return state.reviewing ? state : { ...state, draft: event.text };
    case 'submit':
      if (state.reviewing) return state;
      return { ...state, reviewing: true, answers: withAnswer(state) };
    case 'next':
      if (!state.reviewing) return state;
      return state.index + 1 >= state.cards.length
        ? { ...state, done: true }
        : { ...state, index: state.index + 1, draft: '', reviewing: false };
    case 'tick':
      // Time is up: what was typed so far still counts as an answer.
      return event.now >= state.endsAt
        ? { ...state, done: true, answers: state.reviewing ? state.answers : withAnswer(state) }
        : state;
    default:
      return state;
  }
}

function withAnswer(state: TypingState): string[] {
  const answers = [...state.answers];
  answers[state.index] = state.draft.trim();
  return answers;
}

/** Milliseconds left on the visible timer. */
export function timeLeftMs(state: SessionState, now: number): number {
  switch (state.mode) {
    case 'flashcards':
      return Math.max(0, state.cardStartedAt + CARD_MS - now);
    case 'multiple_choice':
      return Math.max(0, state.questionStartedAt + state.secondsPerQuestion * 1000 - now);
    case 'typing':
      return Math.max(0, state.endsAt - now);
  }
}

export function itemCount(state: SessionState): number {
  return state.mode === 'multiple_choice' ? state.questions.length : state.cards.length;
}

/** What is saved: the score (correct picks; cards reviewed; 0 for typing) and items answered. */
export function sessionResult(state: SessionState): { score: number; answered: number } {
  switch (state.mode) {
    case 'flashcards':
      return { score: state.reviewed, answered: state.reviewed };
    case 'multiple_choice':
      return { score: state.score, answered: state.answered };
    case 'typing':
      return { score: 0, answered: state.answers.filter(Boolean).length };
  }
}
