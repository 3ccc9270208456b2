import { queryOptions, useMutation } from '@tanstack/react-query';
import {
  BILLING_MESSAGES,
  type CheckoutStatusResponse,
  type TestCardInput,
  type TestCheckoutView,
} from '#shared/contracts/billing';
import { api } from '../../lib/api';
import { toApiRequestError } from '../../lib/api-error';

/**
 * Opens the hosted checkout (Stripe's page, or the built-in test checkout) for the student's
 * registration awaiting payment. The browser leaves for the checkout's own address.
 */
export function useStartCheckout() {
  return useMutation({
    mutationFn: async (registrationId?: string) => {
      const response = await api.api.billing.checkout.$post({
        json: registrationId ? { registrationId } : {},
      });
      if (!response.ok) throw await toApiRequestError(response, BILLING_MESSAGES.checkoutFailed);
      return (await response.json()) as { url: string };
    },
    onSuccess: ({ url }) => window.location.assign(url),
  });
}

/** How many times /payment-success asks again about a payment that is still pending. */
export const STATUS_POLLS = 30;

export const checkoutStatusQuery = (sessionId: string) =>
  queryOptions({
    queryKey: ['billing', 'checkout-status', sessionId],
    queryFn: async (): Promise<CheckoutStatusResponse> => {
      const response = await api.api.billing['checkout-status'].$get({
        query: { session_id: sessionId },
      });
      if (!response.ok) {
        throw await toApiRequestError(response, 'Could not check the payment. Please try again.');
      }
      return (await response.json()) as CheckoutStatusResponse;
    },
    // A delayed payment may still settle: look again every 2 s for a minute, then stop.
    refetchInterval: (query) =>
      query.state.data?.status === 'pending' && query.state.dataUpdateCount < STATUS_POLLS
        ? 2_000
        : false,
  });

export const testCheckoutQuery = (sessionId: string) =>
  queryOptions({
    queryKey: ['billing', 'test-checkout', sessionId],
    queryFn: async (): Promise<TestCheckoutView> => {
      const response = await api.api.billing['test-checkout'][':id'].$get({
        param: { id: sessionId },
      });
      if (!response.ok) throw await toApiRequestError(response, BILLING_MESSAGES.sessionUnknown);
      return (await response.json()) as TestCheckoutView;
    },
    retry: false,
  });

export function usePayTestCheckout(sessionId: string) {
  return useMutation({
    mutationFn: async (card: TestCardInput) => {
      const response = await api.api.billing['test-checkout'][':id'].pay.$post({
        param: { id: sessionId },
        json: card,
      });
      if (!response.ok) throw await toApiRequestError(response, BILLING_MESSAGES.checkoutFailed);
      return (await response.json()) as { redirectTo: string; declined: boolean };
    },
  });
}
