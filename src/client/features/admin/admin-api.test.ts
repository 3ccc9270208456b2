import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiRequestError } from '../../lib/api-error';
import {
  adminSessionQuery,
  cardsQuery,
  registrationsQuery,
  SESSION_CHECK_FAILED,
} from './admin-api';
import { DEFAULT_TABLE_STATE } from './table-query';

/** Runs a query's queryFn as TanStack Query would (the context is not used). */
const run = (options: { queryFn?: unknown }) => (options.queryFn as () => Promise<unknown>)();

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function answerWith(response: () => Response | Promise<Response>) {
  const fetchMock = vi.fn((..._args: [RequestInfo | URL, RequestInit?]) => response());
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => vi.unstubAllGlobals());

describe('the admin API calls', () => {
  it('ask the typed routes, with the table’s query spelled out', async () => {
    const fetchMock = answerWith(() => json(200, { rows: [], total: 0 }));
    await run(registrationsQuery({ ...DEFAULT_TABLE_STATE, search: 'ada', page: 2 }));
    await run(cardsQuery);
    expect(fetchMock.mock.calls.map(([url, init]) => [String(url), init?.method])).toEqual([
      ['/api/admin/registrations?search=ada&sort=registered&order=desc&page=2&pageSize=25', 'GET'],
      ['/api/admin/stats/cards', 'GET'],
    ]);
  });

  it('read "no admin" (401, or 403 for a student) as a null session', async () => {
    answerWith(() => json(401, { error: { code: 'unauthenticated', message: 'Sign in.' } }));
    await expect(run(adminSessionQuery)).resolves.toBeNull();
    answerWith(() => json(403, { error: { code: 'forbidden', message: 'Admins only.' } }));
    await expect(run(adminSessionQuery)).resolves.toBeNull();
    const admin = { admin: { id: 'a1', email: 'admin@example.com', name: 'Admin' } };
    answerWith(() => json(200, admin));
    await expect(run(adminSessionQuery)).resolves.toEqual(admin);
  });

  it('turn a network failure into an ApiRequestError', async () => {
    answerWith(() => Promise.reject(new TypeError('Failed to fetch')));
    const error = await run(cardsQuery).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiRequestError);
    expect(error).toMatchObject({
      status: 0,
      code: 'network',
      message: 'The server could not be reached. Check your connection and try again.',
    });
  });

  it('say their own message for a server failure', async () => {
    answerWith(() => new Response('<html>Bad gateway</html>', { status: 502 }));
    await expect(run(adminSessionQuery)).rejects.toMatchObject({
      status: 502,
      message: SESSION_CHECK_FAILED,
    });
    await expect(run(cardsQuery)).rejects.toMatchObject({
      status: 502,
      message: 'Could not load the summary figures. Please try again.',
    });
  });

  it('retry a network failure once and never a refusal', () => {
    const retry = cardsQuery.retry as (failures: number, error: Error) => boolean;
    const network = new ApiRequestError(0, 'network', 'offline');
    expect(retry(0, network)).toBe(true);
    expect(retry(1, network)).toBe(false);
    expect(retry(0, new ApiRequestError(403, 'forbidden', 'no'))).toBe(false);
    expect(retry(0, new ApiRequestError(500, 'unknown', 'oops'))).toBe(true);
  });
});
