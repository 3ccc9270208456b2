import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProviderUnavailableError } from './payment-provider';
import { createStripePaymentProvider } from './stripe-payment-provider';
import { fakeStripeKey } from '../../../../tests/support/fake-secrets';

/**
 * The Stripe adapter against a local server speaking Stripe's Checkout Sessions endpoints, so the
 * real SDK builds and sends the real requests.
 */
type Seen = { method: string; path: string; body: URLSearchParams; idempotencyKey?: string };
const seen: Seen[] = [];
let server: Server;
let port: number;

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let text = '';
    request.on('data', (chunk: Buffer) => (text += chunk.toString()));
    request.on('end', () => resolve(text));
  });
}

beforeAll(async () => {
  server = createServer(async (request, response) => {
    const body = new URLSearchParams(await readBody(request));
    seen.push({
      method: request.method ?? '',
      path: request.url ?? '',
      body,
      idempotencyKey: request.headers['idempotency-key'] as string | undefined,
    });
    response.setHeader('Content-Type', 'application/json');
    if (request.method === 'POST' && request.url === '/v1/checkout/sessions') {
      response.end(
        JSON.stringify({
          id: 'cs_test_local_1',
          object: 'checkout.session',
          url: 'https://checkout.stripe.test/c/pay/cs_test_local_1',
          client_reference_id: body.get('client_reference_id'),
          metadata: { userId: body.get('metadata[userId]') },
          payment_status: 'unpaid',
          status: 'open',
          amount_total: 15000,
        }),
      );
      return;
    }
    if (request.method === 'GET' && request.url === '/v1/checkout/sessions/cs_test_local_1') {
      response.end(
        JSON.stringify({
          id: 'cs_test_local_1',
          object: 'checkout.session',
          client_reference_id: '0b8c1a5e-9f4f-4a57-9a36-1d7b1d6b9c10',
          metadata: { userId: 'user_1' },
          payment_status: 'paid',
          status: 'complete',
          amount_total: 15000,
        }),
      );
      return;
    }
    response.statusCode = 404;
    response.end(
      JSON.stringify({
        error: {
          type: 'invalid_request_error',
          code: 'resource_missing',
          message: 'No such session',
        },
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const provider = (priceId?: string) =>
  createStripePaymentProvider({
    secretKey: fakeStripeKey(),
    priceId,
    automaticTax: true,
    api: { host: '127.0.0.1', port, protocol: 'http' },
  });

const request = {
  registrationId: '0b8c1a5e-9f4f-4a57-9a36-1d7b1d6b9c10',
  userId: 'user_1',
  email: 'ada@example.com',
  description: 'StarPrep yearly access: Bar Exam (Legal)',
  idempotencyKey: 'checkout:0b8c1a5e:pending:1',
  successUrl: 'https://starprep.example/payment-success?session_id={CHECKOUT_SESSION_ID}',
  cancelUrl: 'https://starprep.example/payment-verification',
};

describe('Stripe payment provider', () => {
  it('creates a yearly subscription checkout tied to the registration, with an idempotency key', async () => {
    seen.length = 0;
    const checkout = await provider().createCheckout(request);
    expect(checkout).toEqual({
      sessionId: 'cs_test_local_1',
      url: 'https://checkout.stripe.test/c/pay/cs_test_local_1',
    });
    const [call] = seen;
    expect(call?.idempotencyKey).toBe('checkout:0b8c1a5e:pending:1');
    const body = call!.body;
    expect(body.get('mode')).toBe('subscription');
    expect(body.get('client_reference_id')).toBe(request.registrationId);
    expect(body.get('metadata[userId]')).toBe('user_1');
    expect(body.get('subscription_data[metadata][registrationId]')).toBe(request.registrationId);
    expect(body.get('customer_email')).toBe('ada@example.com');
    expect(body.get('line_items[0][price_data][unit_amount]')).toBe('15000');
    expect(body.get('line_items[0][price_data][currency]')).toBe('usd');
    expect(body.get('line_items[0][price_data][recurring][interval]')).toBe('year');
    expect(body.get('automatic_tax[enabled]')).toBe('true');
    expect(body.get('success_url')).toBe(request.successUrl);
    expect(body.get('cancel_url')).toBe(request.cancelUrl);
  });

  it('uses a configured price instead of inline price data', async () => {
    seen.length = 0;
    await provider('price_yearly_123').createCheckout(request);
    expect(seen[0]!.body.get('line_items[0][price]')).toBe('price_yearly_123');
    expect(seen[0]!.body.get('line_items[0][price_data][unit_amount]')).toBeNull();
  });

  it('reads a session, and answers null for one Stripe does not know', async () => {
    expect(await provider().findSession('cs_test_local_1')).toMatchObject({
      id: 'cs_test_local_1',
      payment_status: 'paid',
      metadata: { userId: 'user_1' },
    });
    expect(await provider().findSession('cs_test_unknown')).toBeNull();
    // Ids that are not session ids never reach Stripe.
    seen.length = 0;
    for (const odd of ['..', 'cs_test_a/../../v1/customers', '', 'x'.repeat(500)]) {
      expect(await provider().findSession(odd)).toBeNull();
    }
    expect(seen).toEqual([]);
  });

  it('a Stripe that does not answer is "unavailable", not a crash', async () => {
    const down = createStripePaymentProvider({
      secretKey: fakeStripeKey(),
      automaticTax: false,
      api: { host: '127.0.0.1', port: 1, protocol: 'http' },
    });
    await expect(down.findSession('cs_test_anything')).rejects.toThrow(ProviderUnavailableError);
    await expect(down.createCheckout(request)).rejects.toThrow(ProviderUnavailableError);
  });
});
