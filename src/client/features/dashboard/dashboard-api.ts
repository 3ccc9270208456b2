import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { BILLING_MESSAGES } from '#shared/contracts/billing';
import {
  type DashboardResponse,
  EXAM_RESULT_MESSAGES,
  type ExamResultRequest,
} from '#shared/contracts/dashboard';
import type { NewExamForm } from '#shared/contracts/new-exam';
import { api } from '../../lib/api';
import { toApiRequestError } from '../../lib/api-error';

export const dashboardQuery = (registrationId?: string) =>
  queryOptions({
    queryKey: ['dashboard', registrationId ?? 'latest'],
    queryFn: async (): Promise<DashboardResponse> => {
      const response = await api.api.dashboard.$get({
        query: registrationId ? { registration: registrationId } : {},
      });
      if (!response.ok) throw await toApiRequestError(response, 'Could not load your dashboard.');
      return (await response.json()) as DashboardResponse;
    },
    retry: false,
  });

export function useSubmitExamResult() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (request: ExamResultRequest) => {
      const response = await api.api.dashboard['exam-results'].$post({ json: request });
      if (!response.ok) throw await toApiRequestError(response, EXAM_RESULT_MESSAGES.failed);
      return (await response.json()) as { message: string };
    },
    // Spec section 4: the data reloads 2 s after a successful submit.
    onSuccess: () =>
      window.setTimeout(
        () => void queryClient.invalidateQueries({ queryKey: ['dashboard'] }),
        2_000,
      ),
  });
}

/** Pay for a new exam: a new registration and its checkout; the browser leaves for it. */
export function useStartNewExam() {
  return useMutation({
    mutationFn: async (form: NewExamForm) => {
      const response = await api.api.billing['new-exam'].$post({ json: form });
      if (!response.ok) throw await toApiRequestError(response, BILLING_MESSAGES.checkoutFailed);
      return (await response.json()) as { url: string };
    },
    onSuccess: ({ url }) => window.location.assign(url),
  });
}
