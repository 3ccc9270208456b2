import { Hono } from 'hono';
import {
  completeSessionSchema,
  generationRequestSchema,
  startSessionSchema,
} from '#shared/contracts/study';
import type { Auth } from '../auth/auth-library';
import { requirePaid, requireUser } from '../../lib/auth-guards';
import { jsonBody } from '../../lib/validate';
import { generateFlashcards, generateQuestions } from './generation.service';
import {
  completeSession,
  startSession,
  studyableRegistration,
  type StudySessionDeps,
} from './study-sessions.service';

type StudyRouteDeps = StudySessionDeps & { auth: Auth };

/**
 * The study engine's API: the spec's generation calls (questions, flashcards) for paid students,
 * and the exam page's sessions (start with its items, then save once).
 */
export function studyRoutes(deps: StudyRouteDeps) {
  const paid = requirePaid(deps.auth, deps.database);
  const signedIn = requireUser(deps.auth, deps.database);
  const questionsRequest = generationRequestSchema('questions');
  const flashcardsRequest = generationRequestSchema('flashcards');

  return new Hono()
    .post('/questions', paid, jsonBody(questionsRequest), async (c) => {
      await deps.rateLimits.aiQuestionsPerUser.consume(c.get('user').id);
      return c.json(await generateQuestions(deps, { ...c.req.valid('json'), materials: '' }));
    })
    .post('/flashcards', paid, jsonBody(flashcardsRequest), async (c) => {
      await deps.rateLimits.aiFlashcardsPerUser.consume(c.get('user').id);
      return c.json(await generateFlashcards(deps, { ...c.req.valid('json'), materials: '' }));
    })
    .get('/registrations/:id', signedIn, async (c) => {
      c.header('Cache-Control', 'no-store');
      const id = c.req.param('id');
      return c.json(await studyableRegistration(deps.database, c.get('user').id, id));
    })
    .post('/sessions', signedIn, jsonBody(startSessionSchema), async (c) => {
      c.header('Cache-Control', 'no-store');
      return c.json(await startSession(deps, c.get('user').id, c.req.valid('json')), 201);
    })
    .post('/sessions/:id/complete', signedIn, jsonBody(completeSessionSchema), async (c) => {
      const id = c.req.param('id');
      return c.json(await completeSession(deps, c.get('user').id, id, c.req.valid('json')));
    });
}
