import { queryOptions, useMutation } from '@tanstack/react-query';
import {
  OTP_MESSAGES,
  RESEND_MESSAGES,
  type ResendOtpRequest,
  type SignedInResponse,
  type VerifyOtpRequest,
} from '#shared/contracts/auth';
import {
  REGISTRATION_MESSAGES,
  type RegistrationForm,
  type LatestRegistrationResponse,
  type RegistrationResponse,
} from '#shared/contracts/registration';
import { api } from '../../lib/api';
import { toApiRequestError } from '../../lib/api-error';

export function useRegister() {
  return useMutation({
    mutationFn: async (form: RegistrationForm) => {
      const response = await api.api.registration.$post({ json: form });
      if (!response.ok) throw await toApiRequestError(response, REGISTRATION_MESSAGES.failed);
      return (await response.json()) as RegistrationResponse;
    },
  });
}

export function useConfirmEmail() {
  return useMutation({
    mutationFn: async (request: VerifyOtpRequest): Promise<SignedInResponse> => {
      const response = await api.api.registration.confirm.$post({ json: request });
      if (!response.ok) throw await toApiRequestError(response, OTP_MESSAGES.unexpected);
      return (await response.json()) as SignedInResponse;
    },
  });
}

export function useResendCode() {
  return useMutation({
    mutationFn: async (request: ResendOtpRequest) => {
      const response = await api.api.registration['resend-code'].$post({ json: request });
      if (!response.ok) throw await toApiRequestError(response, RESEND_MESSAGES.failed);
      return (await response.json()) as { message: string };
    },
  });
}

export const latestRegistrationQuery = queryOptions({
  queryKey: ['registration', 'latest'],
  queryFn: async (): Promise<LatestRegistrationResponse> => {
    const response = await api.api.registration.latest.$get();
    if (!response.ok) throw await toApiRequestError(response, 'Could not load your registration.');
    return (await response.json()) as LatestRegistrationResponse;
  },
});
