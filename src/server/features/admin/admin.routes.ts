import { Hono } from 'hono';
import {
  adminExportFileName,
  adminFiltersSchema,
  type AdminSessionResponse,
  adminTableQuerySchema,
} from '#shared/contracts/admin';
import { loginRequestSchema } from '#shared/contracts/auth';
import { requireAdmin } from '../../lib/auth-guards';
import { clientIp } from '../../lib/rate-limit/client-ip';
import { jsonBody, queryParams } from '../../lib/validate';
import { forwardCookies } from '../auth/auth-errors';
import { type AuthDeps, signOut } from '../auth/auth.service';
import { adminSignIn } from './admin-auth.service';
import { exportCsvStream, gzipped } from './admin-export';
import { exportBatches, registrationPage } from './admin-registrations.service';
import { adminCards, resultCounts, revenueBreakdown, topExamTypes } from './admin-stats.service';

/**
 * /api/admin: sign-in and sign-out, then everything else behind requireAdmin (401 without a
 * session, 403 for a student), which reads the role from the session on every call.
 */
export function adminRoutes(deps: AuthDeps & { trustProxy: boolean }) {
  const { database } = deps;
  const admin = requireAdmin(deps.auth, database);
  return new Hono()
    .post('/login', jsonBody(loginRequestSchema), async (c) => {
      const { body, headers } = await adminSignIn(
        deps,
        c.req.valid('json'),
        clientIp(c, deps.trustProxy),
        c.req.raw.headers,
      );
      forwardCookies(headers, c);
      return c.json(body);
    })
    .post('/logout', async (c) => {
      forwardCookies(await signOut(deps, c.req.raw.headers), c);
      return c.body(null, 204);
    })
    .use('/*', admin, async (c, next) => {
      // Figures about every student: never kept by a browser or proxy cache.
      c.header('Cache-Control', 'no-store');
      await next();
    })
    .get('/session', (c) => {
      const { id, email, name } = c.get('user');
      const body: AdminSessionResponse = { admin: { id, email, name } };
      return c.json(body);
    })
    .get('/stats/cards', async (c) => c.json(await adminCards(database)))
    .get('/stats/revenue', async (c) => c.json(await revenueBreakdown(database)))
    .get('/stats/results', async (c) => c.json(await resultCounts(database)))
    .get('/stats/exam-types', async (c) => c.json(await topExamTypes(database)))
    .get('/registrations', queryParams(adminTableQuerySchema), async (c) =>
      c.json(await registrationPage(database, c.req.valid('query'))),
    )
    .get('/registrations.csv', queryParams(adminFiltersSchema), async (c) => {
      // Before any header: a failure reading the first rows is the normal JSON error.
      const batches = exportBatches(database, c.req.valid('query'));
      const csv = await exportCsvStream(batches, deps.logger);
      c.header('Content-Type', 'text/csv; charset=utf-8');
      c.header('Content-Disposition', `attachment; filename="${adminExportFileName(new Date())}"`);
      if (!/\bgzip\b/i.test(c.req.header('accept-encoding') ?? '')) return c.body(csv);
      c.header('Content-Encoding', 'gzip');
      c.header('Vary', 'Accept-Encoding');
      return c.body(gzipped(csv));
    });
}
