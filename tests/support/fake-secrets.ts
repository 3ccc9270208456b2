import { randomBytes } from 'node:crypto';

/**
 * Throwaway credentials for tests, made fresh in each run: the repository holds no key-shaped
 * strings, and nothing here could ever be a real account's secret.
 */
const random = () => randomBytes(16).toString('hex');

export const fakeStripeKey = (mode: 'test' | 'live' = 'test') => `sk_${mode}_${random()}`;
export const fakeWebhookSecret = () => `whsec_${random()}`;
export const fakeSigningSecret = () => random() + random();
