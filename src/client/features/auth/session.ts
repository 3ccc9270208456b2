import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
// Types only: the contract module carries zod, which must stay out of the first page's bundle.
import type { SessionResponse, SignedInResponse } from '#shared/contracts/auth';
import { paths } from '#shared/routes';
import { api } from '../../lib/api';
import { toApiRequestError } from '../../lib/api-error';

export const sessionQueryKey = ['session'] as const;

/** Who is signed in, and where they belong; the cookie itself is HttpOnly and never read here. */
export const sessionQuery = queryOptions({
  queryKey: sessionQueryKey,
  queryFn: async (): Promise<SessionResponse> => {
    const response = await api.api.auth.session.$get();
    if (!response.ok) throw await toApiRequestError(response, 'Could not check your session.');
    return (await response.json()) as SessionResponse;
  },
  staleTime: 30_000,
  refetchOnWindowFocus: true,
});

export const useSession = () => useQuery(sessionQuery);

/** After a sign-in: the session is known without asking the server again. */
export function useRememberSignIn() {
  const queryClient = useQueryClient();
  return (signedIn: SignedInResponse) =>
    queryClient.setQueryData<SessionResponse>(sessionQueryKey, {
      user: signedIn.user,
      hasCompletedPayment: signedIn.redirectTo === paths.dashboard,
      redirectTo: signedIn.redirectTo,
    } as SessionResponse);
}

/** Sign Out ends the session on the server, forgets every cached answer and goes home. */
export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: async () => {
      const response = await api.api.auth.logout.$post();
      if (!response.ok)
        throw await toApiRequestError(response, 'Could not sign out. Please try again.');
    },
    onSuccess: () => {
      queryClient.removeQueries();
      queryClient.setQueryData<SessionResponse>(sessionQueryKey, { user: null });
      void navigate(paths.home);
    },
  });
}
