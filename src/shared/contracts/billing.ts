import { z } from 'zod';

/** Checkout and payment status (spec sections 2 and 4, decisions.md section 1). */

export const TEST_CARDS = {
  pays: '4242424242424242',
  declined: '4000000000000002',
} as const;

export const BILLING_MESSAGES = {
  noRegistration: 'There is no exam registration waiting for payment.',
  noStudentDetails: 'Please register for your first exam before adding another.',
  alreadyPaid: 'This exam is already paid for: your year of access is still running.',
  checkoutFailed: 'The checkout could not be opened. Please try again.',
  statusUnavailable: 'The payment could not be checked right now. Please try again in a moment.',
  testCard: 'Use a test card: 4242 4242 4242 4242 pays, 4000 0000 0000 0002 is declined.',
  expiry: 'Enter a future expiry date as MM/YY.',
  cvc: 'Enter the 3 or 4 digits on the back of the card.',
  declined: 'Your card was declined.',
  sessionUnknown: 'This checkout session is not one of yours.',
  sessionClosed: 'This checkout is already finished.',
} as const;

const digits = (value: string) => value.replace(/[\s-]/g, '');

/** The built-in test checkout's card form; only the two test numbers are accepted. */
export const testCardSchema = z.object({
  cardNumber: z
    .string({ error: BILLING_MESSAGES.testCard })
    .max(30, { error: BILLING_MESSAGES.testCard })
    .transform(digits)
    .refine((number) => number === TEST_CARDS.pays || number === TEST_CARDS.declined, {
      error: BILLING_MESSAGES.testCard,
    }),
  expiry: z
    .string({ error: BILLING_MESSAGES.expiry })
    .max(10, { error: BILLING_MESSAGES.expiry })
    .regex(/^\s*(0[1-9]|1[0-2])\s*\/\s*(\d{2})\s*$/, { error: BILLING_MESSAGES.expiry }),
  cvc: z
    .string({ error: BILLING_MESSAGES.cvc })
    .regex(/^\d{3,4}$/, { error: BILLING_MESSAGES.cvc }),
});
export type TestCardInput = z.input<typeof testCardSchema>;

/** True when MM/YY is this month or later. */
export function expiryIsFuture(expiry: string, now = new Date()): boolean {
  const match = /^\s*(\d{2})\s*\/\s*(\d{2})\s*$/.exec(expiry);
  if (!match) return false;
  const month = Number(match[1]);
  const year = 2000 + Number(match[2]);
  return year * 12 + month >= now.getUTCFullYear() * 12 + now.getUTCMonth() + 1;
}

export const startCheckoutSchema = z.object({
  registrationId: z.uuid({ error: BILLING_MESSAGES.noRegistration }).optional(),
});

export type CheckoutStatusResponse = {
  /** unknown: not a session of this student (made-up, or someone else's). */
  status: 'completed' | 'pending' | 'failed' | 'unknown';
  /** True when the server holds an active subscription for this student. */
  accountActive: boolean;
};

export type TestCheckoutView = {
  id: string;
  description: string;
  amount: number;
  status: 'open' | 'complete' | 'failed';
};
