import { queryOptions, useMutation } from '@tanstack/react-query';
import {
  type CompletedSession,
  type CompleteSessionRequest,
  type StartedSession,
  type StartSessionRequest,
  STUDY_MESSAGES,
  type StudyRegistration,
} from '#shared/contracts/study';
import { api } from '../../lib/api';
import { toApiRequestError } from '../../lib/api-error';

/** The registration the exam page studies for: the student's own and paid, or an error. */
export const studyRegistrationQuery = (registrationId: string) =>
  queryOptions({
    queryKey: ['study', 'registration', registrationId],
    queryFn: async (): Promise<StudyRegistration> => {
      const response = await api.api.study.registrations[':id'].$get({
        param: { id: registrationId },
      });
      if (!response.ok) throw await toApiRequestError(response, 'Could not load your exam.');
      return (await response.json()) as StudyRegistration;
    },
    retry: false,
    staleTime: 0,
  });

/** Start Session (and Retest): the server checks, draws the items and starts the clock. */
export function useStartSession() {
  return useMutation({
    mutationFn: async (request: StartSessionRequest) => {
      const response = await api.api.study.sessions.$post({ json: request });
      if (!response.ok) throw await toApiRequestError(response, STUDY_MESSAGES.generationFailed);
      return (await response.json()) as StartedSession;
    },
  });
}

/**
 * Saves a finished session. The server saves a session once whatever the number of calls, so a
 * failed call is simply retried (three times, backing off), then reported with a retry button.
 */
export function useCompleteSession() {
  return useMutation({
    mutationFn: async ({ id, ...result }: CompleteSessionRequest & { id: string }) => {
      const response = await api.api.study.sessions[':id'].complete.$post({
        param: { id },
        json: result,
      });
      if (!response.ok) throw await toApiRequestError(response, STUDY_MESSAGES.saveFailed);
      return (await response.json()) as CompletedSession;
    },
    retry: (failures, error) =>
      failures < 3 && !('status' in error && (error.status === 400 || error.status === 404)),
    retryDelay: (attempt) => Math.min(1_000 * 2 ** attempt, 8_000),
  });
}
