import { useMutation } from '@tanstack/react-query';
import { LOGIN_MESSAGES, type LoginRequest, type SignedInResponse } from '#shared/contracts/auth';
import { api } from '../../lib/api';
import { toApiRequestError } from '../../lib/api-error';

export function useLogin() {
  return useMutation({
    mutationFn: async (credentials: LoginRequest): Promise<SignedInResponse> => {
      const response = await api.api.auth.login.$post({ json: credentials });
      if (!response.ok) throw await toApiRequestError(response, LOGIN_MESSAGES.unexpected);
      return (await response.json()) as SignedInResponse;
    },
  });
}
