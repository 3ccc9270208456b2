import { Hono } from 'hono';
import { examResultRequestSchema } from '#shared/contracts/dashboard';
import type { Database } from '../../db/client';
import { requireUser } from '../../lib/auth-guards';
import type { RateLimits } from '../../lib/rate-limit/rate-limiter';
import { jsonBody } from '../../lib/validate';
import type { Auth } from '../auth/auth-library';
import { dashboardFor } from './dashboard.service';
import { submitExamResult } from './exam-results.service';

/** GET /api/dashboard (paid students) and POST /api/dashboard/exam-results. */
export function dashboardRoutes(deps: { auth: Auth; database: Database; rateLimits: RateLimits }) {
  const signedIn = requireUser(deps.auth, deps.database);
  return (
    new Hono()
      // The payment check is part of the dashboard's one query (402 without a paid year).
      .get('/', signedIn, async (c) => {
        c.header('Cache-Control', 'no-store');
        const registration = c.req.query('registration');
        return c.json(await dashboardFor(deps.database, c.get('user').id, registration));
      })
      .post('/exam-results', signedIn, jsonBody(examResultRequestSchema), async (c) =>
        c.json(await submitExamResult(deps, c.get('user').id, c.req.valid('json')), 201),
      )
  );
}
