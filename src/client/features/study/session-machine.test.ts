import { describe, expect, it } from 'vitest';
import type { StartedSession, StudyCard, StudyQuestion } from '#shared/contracts/study';
import {
  initialState,
  itemCount,
  type SessionEvent,
  sessionReducer,
  sessionResult,
  type SessionState,
  timeLeftMs,
} from './session-machine';

/** The timers and states of each mode, driven by a fake clock (milliseconds from 0). */

const cards: StudyCard[] = Array.from({ length: 3 }, (_, index) => ({
  id: `card-${index}`,
  question: `Question ${index}?`,
  answer: `Answer ${index}.`,
}));

const questions: StudyQuestion[] = Array.from({ length: 3 }, (_, index) => ({
  id: `q-${index}`,
  question: `Question ${index}?`,
  options: ['A) one', 'B) two', 'C) three', 'D) four', 'E) five'],
  correctAnswer: 'B',
  explanation: 'Because two.',
  difficulty: 'medium',
  category: 'Legal',
  examType: 'Bar Exam',
}));

const common = { id: 's1', requested: 3, source: 'offline' as const, notices: [] };

function start(session: StartedSession): SessionState {
  return initialState(session, 0);
}

function run(state: SessionState, ...events: SessionEvent[]): SessionState {
  return events.reduce(sessionReducer, state);
}

const tick = (now: number): SessionEvent => ({ type: 'tick', now });

describe('flash cards', () => {
  const session: StartedSession = { ...common, mode: 'flashcards', difficulty: 'medium', cards };

  it('gives each card 10 s; the timer at zero moves on without counting the card', () => {
    const state = run(start(session), tick(9_999));
    expect(state.index).toBe(0);
    expect(timeLeftMs(state, 9_999)).toBe(1);
    const moved = run(state, tick(10_000));
    expect(moved.index).toBe(1);
    expect(sessionResult(moved).score).toBe(0);
  });

  it('after Show Answer, the next card comes when 5 s remain', () => {
    const revealed = run(start(session), tick(2_000), { type: 'reveal', now: 2_000 });
    expect(run(revealed, tick(4_999)).index).toBe(0);
    const moved = run(revealed, tick(5_000));
    expect(moved.index).toBe(1);
    expect(sessionResult(moved).score).toBe(1);
    // The new card has its own 10 s.
    expect(timeLeftMs(moved, 5_000)).toBe(10_000);
  });

  it('an answer shown with less than 5 s left stays until the timer runs out', () => {
    const late = run(start(session), { type: 'reveal', now: 7_000 }, tick(7_500));
    expect(late.index).toBe(0);
    expect(run(late, tick(10_000)).index).toBe(1);
  });

  it('Next Card moves on at once; the last card completes the session', () => {
    const state = run(
      start(session),
      { type: 'reveal', now: 100 },
      { type: 'next', now: 200 },
      { type: 'next', now: 300 },
      { type: 'reveal', now: 400 },
      { type: 'next', now: 500 },
    );
    expect(state.done).toBe(true);
    expect(sessionResult(state)).toEqual({ score: 2, answered: 2 });
    // A finished session ignores further events.
    expect(run(state, { type: 'reveal', now: 600 }, tick(99_000))).toBe(state);
  });
});

describe('multiple choice', () => {
  const session: StartedSession = {
    ...common,
    mode: 'multiple_choice',
    difficulty: 'medium',
    questions,
  };

  it('one pick locks the options, adds 1 when correct, and advances after 2 s', () => {
    const picked = run(start(session), { type: 'pick', letter: 'B', now: 1_000 });
    expect(picked).toMatchObject({ picked: 'B', score: 1, feedbackUntil: 3_000 });
    const second = run(picked, { type: 'pick', letter: 'C', now: 1_500 });
    expect(second).toBe(picked);
    expect(run(picked, tick(2_999)).index).toBe(0);
    expect(run(picked, tick(3_000)).index).toBe(1);
  });

  it('a wrong pick scores nothing', () => {
    const state = run(start(session), { type: 'pick', letter: 'A', now: 10 });
    expect(sessionResult(state)).toEqual({ score: 0, answered: 1 });
  });

  it('medium gives 30 s; at zero the question locks unanswered, then moves on after 2 s', () => {
    const state = run(start(session), tick(29_999));
    expect(state).toMatchObject({ index: 0, timedOut: false });
    const timedOut = run(state, tick(30_000));
    expect(timedOut).toMatchObject({ timedOut: true, feedbackUntil: 32_000 });
    expect(run(timedOut, { type: 'pick', letter: 'B', now: 30_500 })).toBe(timedOut);
    expect(run(timedOut, tick(32_000)).index).toBe(1);
  });

  it('easy gives 45 s and hard 20 s per question', () => {
    const easy = start({ ...session, difficulty: 'easy' });
    expect(timeLeftMs(easy, 0)).toBe(45_000);
    const hard = start({ ...session, difficulty: 'hard' });
    expect(timeLeftMs(hard, 0)).toBe(20_000);
  });

  it('Space during the feedback moves on at once; the last answer completes the session', () => {
    let state = start(session);
    for (let index = 0; index < 3; index += 1) {
      state = run(state, { type: 'pick', letter: 'B', now: index }, { type: 'next', now: index });
    }
    expect(state.done).toBe(true);
    expect(sessionResult(state)).toEqual({ score: 3, answered: 3 });
    expect(itemCount(state)).toBe(3);
  });
});

describe('typing', () => {
  const session: StartedSession = { ...common, mode: 'typing', difficulty: 'medium', cards };

  it('submit shows the model answer; Next Question moves on; the last one finishes', () => {
    let state = run(
      start(session),
      { type: 'draft', text: ' my answer ' },
      { type: 'submit', now: 1 },
    );
    expect(state).toMatchObject({ reviewing: true, answers: ['my answer'] });
    // The answer cannot change while the model answer is shown.
    expect(run(state, { type: 'draft', text: 'changed' })).toBe(state);
    state = run(state, { type: 'next', now: 2 });
    expect(state).toMatchObject({ index: 1, draft: '', reviewing: false });
    state = run(state, { type: 'submit', now: 3 }, { type: 'next', now: 4 });
    state = run(state, { type: 'draft', text: 'last' }, { type: 'submit', now: 5 });
    state = run(state, { type: 'next', now: 6 });
    expect(state.done).toBe(true);
    // Typed answers are not graded: the score stays 0 (spec section 4).
    expect(sessionResult(state)).toEqual({ score: 0, answered: 2 });
  });

  it('medium gives 150 s for the session; at zero it ends, keeping what was typed', () => {
    const state = run(start(session), { type: 'draft', text: 'half an answer' });
    expect(timeLeftMs(state, 0)).toBe(150_000);
    expect(run(state, tick(149_999)).done).toBe(false);
    const ended = run(state, tick(150_000));
    expect(ended.done).toBe(true);
    expect(sessionResult(ended)).toEqual({ score: 0, answered: 1 });
  });

  it('easy gives 240 s, hard 60 s and asks for a detailed answer', () => {
    expect(timeLeftMs(start({ ...session, difficulty: 'easy' }), 0)).toBe(240_000);
    const hard = start({ ...session, difficulty: 'hard' });
    expect(timeLeftMs(hard, 0)).toBe(60_000);
    expect(hard).toMatchObject({ detailed: true });
  });
});
