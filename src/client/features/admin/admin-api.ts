import {
  keepPreviousData,
  type QueryClient,
  queryOptions,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import type { ClientResponse } from 'hono/client';
import { useNavigate } from 'react-router';
import {
  ADMIN_LOGIN_MESSAGES,
  type AdminCards,
  type AdminRegistrationPage,
  type AdminSessionResponse,
  type ResultCounts,
  type RevenueBreakdown,
  type TopExamTypes,
} from '#shared/contracts/admin';
import { paths } from '#shared/routes';
import { api } from '../../lib/api';
import { ApiRequestError, toApiRequestError } from '../../lib/api-error';
import { sessionQueryKey } from '../auth/session';
import { filtersOf, registrationsParams, type TableState } from './table-query';

/**
 * The admin API (src/shared/contracts/admin.ts), through the typed client. Every figure and row is
 * computed and checked on the server for each call; the browser only asks and formats. The same
 * origin, so the session cookie goes along and the server's same-origin check passes.
 */

const admin = api.api.admin;

/** A network failure becomes an ApiRequestError too, so every caller handles one error type. */
async function send<R extends ClientResponse<unknown, number>>(
  request: () => Promise<R>,
  fallbackMessage: string,
): Promise<R> {
  let response: R;
  try {
    response = await request();
  } catch {
    throw new ApiRequestError(
      0,
      'network',
      'The server could not be reached. Check your connection and try again.',
    );
  }
  if (!response.ok) throw await toApiRequestError(response, fallbackMessage);
  return response;
}

/** True for the answers that mean "not signed in as an admin" (no session, or a student's). */
export const isSignedOut = (error: unknown) =>
  error instanceof ApiRequestError && (error.status === 401 || error.status === 403);

/** The admin's own queries never retry a refusal; a flaky network gets one more try. */
const retryUnlessRefused = (failures: number, error: Error) =>
  failures < 1 && !(error instanceof ApiRequestError && error.status >= 400 && error.status < 500);

export const adminKeys = {
  all: ['admin'] as const,
  session: ['admin', 'session'] as const,
  stats: (name: string) => ['admin', 'stats', name] as const,
  registrations: (state: TableState) => ['admin', 'registrations', state] as const,
};

export const SESSION_CHECK_FAILED = 'Could not check your admin session. Please try again.';

/** The signed-in admin, or null when the server says there is none (401, or 403 for a student). */
export const adminSessionQuery = queryOptions({
  queryKey: adminKeys.session,
  queryFn: async (): Promise<AdminSessionResponse | null> => {
    try {
      const response = await send(() => admin.session.$get(), SESSION_CHECK_FAILED);
      return await response.json();
    } catch (error) {
      if (isSignedOut(error)) return null;
      throw error;
    }
  },
  staleTime: 30_000,
  retry: retryUnlessRefused,
});

function statsQuery<T>(
  name: string,
  what: string,
  request: () => Promise<ClientResponse<T, number, 'json'>>,
) {
  return queryOptions({
    queryKey: adminKeys.stats(name),
    queryFn: async (): Promise<T> => {
      const response = await send(request, `Could not load the ${what}. Please try again.`);
      return response.json();
    },
    staleTime: 60_000,
    retry: retryUnlessRefused,
  });
}

/** Four small calls, loaded side by side: each panel shows its own loading and error state. */
export const cardsQuery = statsQuery<AdminCards>('cards', 'summary figures', () =>
  admin.stats.cards.$get(),
);
export const revenueQuery = statsQuery<RevenueBreakdown>('revenue', 'revenue breakdown', () =>
  admin.stats.revenue.$get(),
);
export const resultsQuery = statsQuery<ResultCounts>('results', 'pass / fail counts', () =>
  admin.stats.results.$get(),
);
export const examTypesQuery = statsQuery<TopExamTypes>('exam-types', 'top exam types', () =>
  admin.stats['exam-types'].$get(),
);

export const registrationsQuery = (state: TableState) =>
  queryOptions({
    queryKey: adminKeys.registrations(state),
    queryFn: async (): Promise<AdminRegistrationPage> => {
      const response = await send(
        () => admin.registrations.$get({ query: registrationsParams(state) }),
        'Could not load the users. Please try again.',
      );
      return response.json();
    },
    // The current rows stay on screen (dimmed) while the next page or filter loads.
    placeholderData: keepPreviousData,
    staleTime: 30_000,
    retry: retryUnlessRefused,
  });

/**
 * GET /api/admin/registrations.csv with the table's filters: a plain link (<a href download>),
 * so the browser streams the file to disk itself. A path, not $url(): the client's base is '/'.
 */
export const exportHref = (state: TableState): string =>
  admin['registrations.csv'].$path({ query: filtersOf(state) });

/**
 * Drops every cached figure and row. The session entry itself stays (and is overwritten by the
 * caller), so the pages watching it see the change at once.
 */
function forgetAdminData(queryClient: QueryClient) {
  queryClient.removeQueries({
    queryKey: adminKeys.all,
    predicate: (query) => query.queryKey[1] !== 'session',
  });
}

export function useAdminLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (credentials: {
      email: string;
      password: string;
    }): Promise<AdminSessionResponse> => {
      const response = await send(
        () => admin.login.$post({ json: credentials }),
        ADMIN_LOGIN_MESSAGES.failed,
      );
      return response.json();
    },
    onSuccess: (signedIn) => {
      // Whatever was cached belonged to another session (a student's, or another admin's).
      forgetAdminData(queryClient);
      queryClient.setQueryData(adminKeys.session, signedIn);
      void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
    },
  });
}

/** Logout ends the server session, forgets the admin's data and goes to /admin/login. */
export function useAdminLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: async () => {
      await send(() => admin.logout.$post(), 'Could not log out. Please try again.');
    },
    onSuccess: () => {
      forgetAdminData(queryClient);
      queryClient.setQueryData(adminKeys.session, null);
      void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
      void navigate(paths.adminLogin, { replace: true });
    },
  });
}
